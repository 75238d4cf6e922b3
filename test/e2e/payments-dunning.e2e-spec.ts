/**
 * Auto-charge and dunning driven by billing runs at chosen instants (FixedClock; runs scoped
 * to this file's companies; dates in 2033+ so parallel files are not billed here).
 */
import { BillingRunService } from '../../src/invoicing/billing-engine/billing-run.service';
import { runCli } from '../../src/cli/main';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { ok, usd } from '../support/fixtures';

const iso = (d: string) => (d.length === 10 ? `${d}T00:00:00.000Z` : new Date(d).toISOString());

describe('payments: auto-charge, retries and unpaid through billing runs', () => {
  let t: TestApp;
  let a: Tenant;
  let clock: FixedClock;
  let product: { id: string };
  let n = 0;

  beforeAll(async () => {
    clock = new FixedClock(new Date(iso('2033-01-01')));
    t = await createTestApp({ clock });
    a = await t.tenant('Dunning A');
    product = (await a.post('/products', { name: 'Dunning' }).expect(200)).body;
  });
  afterAll(() => t.close());

  const run = (when: string, tenant: Tenant = a) => {
    clock.set(new Date(iso(when)));
    return t.app.get(BillingRunService).run(new Date(iso(when)), { companyIds: [tenant.companyId] });
  };
  const setup = async (token: string, startDate: string, tenant: Tenant = a) => {
    clock.set(new Date(iso(startDate)));
    const p = await ok(
      await tenant.post('/pricing', {
        product_id: tenant === a ? product.id : (await ok(await tenant.post('/products', { name: `P ${++n}` }), 200)).id,
        currency: 'USD',
        name: `Seats ${++n}`,
        billing_frequency: { count: 1, frequency: 'MONTH' },
        pricing_type: 'FIXED',
        fixed_price: { price_per_unit: 2500 },
      }),
      200,
    );
    const c = await ok(
      await tenant.post('/customers', { name: `Dunning ${n}`, identifier: `dun-${n}-${Math.random().toString(36).slice(2, 8)}` }),
      201,
    );
    await ok(await tenant.post(`/customers/${c.id}/payment_methods`, { token }), 200);
    const sub = await ok(
      await tenant.post('/subscriptions', {
        customer_id: c.id,
        product_pricing_ids: [p.id],
        config_items: [{ product_metric_pricing_id: p.product_metric_pricings[0].id, num_licenses: 2 }],
        start_date: iso(startDate),
        auto_charges: true,
      }),
      200,
    );
    return { customer: c, sub };
  };
  const invoicesOf = async (subId: string, tenant: Tenant = a): Promise<any[]> => {
    const rows: { uuid: string }[] = await t.dataSource.query(
      'SELECT uuid FROM invoices WHERE company_id = $1 AND subscription_id = $2 ORDER BY invoice_date',
      [tenant.companyId, subId],
    );
    const out = [];
    for (const r of rows) out.push(await ok(await tenant.get(`/invoices/${r.uuid}`), 200));
    return out;
  };
  const payments = async (invoiceUuid: string, tenant: Tenant = a): Promise<any[]> =>
    (
      await ok(
        await tenant.post('/payments/transactions/find', {
          pagination: { limit: 100 },
          query: { invoice_uuid: invoiceUuid },
          sort_key: 'createdAtAsc',
        }),
        200,
      )
    ).results;
  const status = async (subId: string) => (await ok(await a.get(`/subscriptions/${subId}`), 200)).status;

  it('tok_visa: the run that writes the invoice charges it (SUCCEEDED, PAID) before it returns', async () => {
    const { sub } = await setup('tok_visa', '2033-01-01');
    await run('2033-01-01');
    const [inv] = await invoicesOf(sub.id);
    expect(inv).toMatchObject({ status: 'PAID', total: usd(5000), paid: usd(5000), due: usd(0), auto_charges: true });
    const txns = await payments(inv.uuid);
    expect(txns.map((x) => [x.transaction_type, x.status, x.total_amount.value_in_cents, x.provider_type])).toEqual([
      ['PAYMENT', 'SUCCEEDED', 5000, 'SANDBOX'],
    ]);
    // a repeated run charges nothing again
    await run('2033-01-01T06:00:00Z');
    expect(await payments(inv.uuid)).toHaveLength(1);
  });

  it('tok_chargeDeclined: fails, retries 1, 3 and 5 days after the first failure, then unpaid; a later success with tok_visa makes it active again', async () => {
    const { customer, sub } = await setup('tok_chargeDeclined', '2033-02-01');
    await run('2033-02-01T00:00:00Z');
    const [inv] = await invoicesOf(sub.id);
    expect(inv.status).toBe('PENDING');
    const failed = (count: number) =>
      payments(inv.uuid).then((list) => {
        expect(list).toHaveLength(count);
        for (const x of list)
          expect(x).toMatchObject({
            status: 'FAILED',
            status_message: 'Your card was declined.',
            transaction_type: 'PAYMENT',
            total_amount: usd(5000),
          });
        return list;
      });
    await failed(1);
    expect(await status(sub.id)).toBe('active');

    await run('2033-02-01T23:59:59Z'); // not yet
    await failed(1);
    await run('2033-02-02T00:00:00Z'); // +1 day
    await failed(2);
    await run('2033-02-03T12:00:00Z'); // nothing due (next at +3 days)
    await failed(2);
    expect(await status(sub.id)).toBe('active');
    await run('2033-02-04T00:00:00Z'); // +3 days
    await failed(3);
    expect(await status(sub.id)).toBe('active');
    await run('2033-02-06T00:00:00Z'); // +5 days: the last retry fails, the subscription is unpaid
    const list = await failed(4);
    expect(list.map((x) => x.created_at)).toEqual(['2033-02-01', '2033-02-02', '2033-02-04', '2033-02-06'].map(iso));
    expect(await status(sub.id)).toBe('unpaid');
    await run('2033-02-20T00:00:00Z'); // no more retries
    await failed(4);
    expect((await ok(await a.get(`/invoices/${inv.uuid}`), 200)).status).not.toBe('PAID');

    // a good card as the default; the next invoice is charged and the subscription is active again
    const visa = await ok(await a.post(`/customers/${customer.id}/payment_methods`, { token: 'tok_visa' }), 200);
    await ok(await a.patch(`/customers/${customer.id}/payment_methods/${visa.id}`, { default: true }), 200);
    await run('2033-03-01T00:00:00Z');
    const all = await invoicesOf(sub.id);
    expect(all).toHaveLength(2);
    expect(all[1]).toMatchObject({ status: 'PAID', paid: usd(5000) });
    const next = await payments(all[1].uuid);
    expect(next).toMatchObject([{ status: 'SUCCEEDED', payment_method: { brand: 'visa', last_4: '4242' } }]);
    expect(await status(sub.id)).toBe('active');
  });

  it('the company setting payment_retry_days changes the schedule ([2]: one retry two days after the first failure, then unpaid)', async () => {
    const other = await t.tenant('Dunning settings');
    await t.dataSource.query(`UPDATE companies SET settings = settings || '{"payment_retry_days": [2]}'::jsonb WHERE company_id = $1`, [
      other.companyId,
    ]);
    const { sub } = await setup('tok_insufficientFunds', '2033-05-01', other);
    await run('2033-05-01', other);
    const [inv] = await invoicesOf(sub.id, other);
    expect(await payments(inv.uuid, other)).toMatchObject([{ status: 'FAILED', status_message: 'Your card has insufficient funds.' }]);
    await run('2033-05-02', other);
    expect(await payments(inv.uuid, other)).toHaveLength(1);
    await run('2033-05-03', other);
    expect(await payments(inv.uuid, other)).toHaveLength(2);
    expect((await ok(await other.get(`/subscriptions/${sub.id}`), 200)).status).toBe('unpaid');
  });

  it('CLI: `billing run --now T` performs the charges due at T and exits once they are recorded', async () => {
    const cli = await t.tenant('Dunning CLI');
    const { sub } = await setup('tok_visa', '2033-07-01', cli);
    const out = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const err = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    let code: number;
    try {
      code = await runCli(['billing', 'run', '--now', '2033-07-01T00:00:00Z', '--company', cli.companyId, '--json']);
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
    expect(code).toBe(0);
    const [inv] = await invoicesOf(sub.id, cli);
    expect(inv.status).toBe('PAID');
    expect(await payments(inv.uuid, cli)).toMatchObject([{ status: 'SUCCEEDED', total_amount: usd(5000) }]);
  });
});
