/**
 * The billing engine end to end (FixedClock; runs scoped to this file's companies so parallel
 * test files are not billed at this file's instants; dates in 2031+ for the same reason).
 */
import { DataSource } from 'typeorm';
import { BillingRunService, BillingRunSummary } from '../../src/invoicing/billing-engine/billing-run.service';
import { InvoiceGenerator } from '../../src/invoicing/billing-engine/invoice-generator.service';
import { runCli } from '../../src/cli/main';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { expectBooksBalanced } from '../support/audit';
import { ok } from '../support/fixtures';

const iso = (d: string) => (d.length === 10 ? `${d}T00:00:00.000Z` : new Date(d).toISOString());

describe('billing engine', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let clock: FixedClock;
  let product: { id: string };
  const companies: string[] = [];

  beforeAll(async () => {
    clock = new FixedClock(new Date('2031-01-01T00:00:00.000Z'));
    t = await createTestApp({ clock });
    a = await t.tenant('Engine A');
    b = await t.tenant('Engine B');
    companies.push(a.companyId, b.companyId);
    product = (await a.post('/products', { name: 'Engine' }).expect(200)).body;
  });
  afterAll(() => t.close());
  afterEach(() => expectBooksBalanced(t));

  const setNow = (when: string) => clock.set(new Date(iso(when)));
  const run = (when: string, scope = companies): Promise<BillingRunSummary> => {
    setNow(when);
    return t.app.get(BillingRunService).run(new Date(iso(when)), { companyIds: scope });
  };
  const pricing = async (tenant: Tenant, body: Record<string, unknown>, productId = product.id) =>
    ok(
      await tenant.post('/pricing', {
        product_id: productId,
        currency: 'USD',
        billing_frequency: { count: 1, frequency: 'MONTH' },
        ...body,
      }),
      200,
    );
  const seats = (cents: number, over: Record<string, unknown> = {}) =>
    pricing(a, { name: `Seats ${cents}`, pricing_type: 'FIXED', fixed_price: { price_per_unit: cents }, ...over });
  let n = 0;
  const customer = async (tenant: Tenant = a) =>
    ok(await tenant.post('/customers', { name: `Customer ${++n}`, identifier: `eng-${n}-${Math.random().toString(36).slice(2, 8)}` }), 201);
  const subscribe = async (body: Record<string, unknown> & { start_date: string }, tenant: Tenant = a) => {
    setNow(body.start_date);
    return ok(await tenant.post('/subscriptions', { ...body, start_date: iso(body.start_date) }), 200);
  };
  const seatsOf = (p: any, num: number) => [{ product_metric_pricing_id: p.product_metric_pricings[0].id, num_licenses: num }];
  const invoices = async (subId: string, tenant: Tenant = a): Promise<any[]> => {
    const rows: any[] = await t.dataSource.query(
      `SELECT uuid FROM invoices WHERE company_id = $1 AND subscription_id = $2 ORDER BY invoice_date, number`,
      [tenant.companyId, subId],
    );
    const out = [];
    for (const r of rows) out.push(await ok(await tenant.get(`/invoices/${r.uuid}`), 200));
    return out;
  };
  const amounts = (inv: any) => inv.items.map((i: any) => i.amount.value_in_cents).sort((x: number, y: number) => x - y);
  let meterN = 0;
  const meter = async () => {
    const item = await ok(await a.post('/billable_items', { name: `Calls ${++meterN}`, type: 'CUSTOM_USAGE' }), 200);
    const metric = await ok(
      await a.post('/billable_metrics', {
        item_id: item.id,
        name: `Calls ${meterN}`,
        metering_rule: { aggregator: 'SUM', property: 'units', group_keys: [] },
      }),
      200,
    );
    return { itemId: item.id, metricId: metric.id };
  };
  let tx = 0;
  const ingest = async (customerId: string, m: { itemId: string }, events: [string, number][]) =>
    ok(
      await a.post('/events/ingest', {
        events: events.map(([ts, units]) => ({
          customer_id: customerId,
          item_id: m.itemId,
          transaction_id: `eng-${++tx}-${Math.random().toString(36).slice(2)}`,
          timestamp: iso(ts),
          properties: { units },
        })),
      }),
      200,
    );

  it('bills PRE_POST seats at the start, then every month on the anchor day clamped to month ends (Jan 31 → Feb 28 → Mar 31 → Apr 30)', async () => {
    const p = await seats(1000);
    const c = await customer();
    const sub = await subscribe({ customer_id: c.id, product_pricing_ids: [p.id], config_items: seatsOf(p, 2), start_date: '2031-01-31' });
    const first = await run('2031-01-31');
    expect(first.invoices_created).toBeGreaterThanOrEqual(1);
    let list = await invoices(sub.id);
    expect(list.map((i) => i.invoice_date)).toEqual([iso('2031-01-31')]);
    expect(list[0]).toMatchObject({
      status: 'PENDING',
      period_start: iso('2031-01-31'),
      period_end: iso('2031-02-28'),
      due_date: iso('2031-03-02'),
    });
    expect(list[0].total.value_in_cents).toBe(2000);
    expect(list[0].items[0]).toMatchObject({ kind: 'CHARGE', quantity: 2, unit_price: 1000, prorated: false });
    // the first billing date is invoiced: the subscription shows the next one
    expect((await ok(await a.get(`/subscriptions/${sub.id}`), 200)).next_invoice_date).toBe(iso('2031-02-28'));

    await run('2031-04-30');
    list = await invoices(sub.id);
    expect(list.map((i) => i.invoice_date)).toEqual(['2031-01-31', '2031-02-28', '2031-03-31', '2031-04-30'].map(iso));
    expect(list.map((i) => i.total.value_in_cents)).toEqual([2000, 2000, 2000, 2000]);
    const stored = await t.dataSource.query('SELECT next_invoice_date FROM subscriptions WHERE company_id = $1 AND id = $2', [
      a.companyId,
      sub.id,
    ]);
    expect(new Date(stored[0].next_invoice_date).toISOString()).toBe(iso('2031-05-31'));
  });

  it('usage in arrears: DRAFT during the grace period, a late event counts, finalized by the run after the grace; POST /finalize recomputes too', async () => {
    const m = await meter();
    const usage = await pricing(a, {
      name: 'Calls',
      item_id: m.itemId,
      metric_id: m.metricId,
      pricing_type: 'FIXED',
      fixed_price: { price_per_unit: 0.5 },
    });
    const c = await customer();
    const sub = await subscribe({ customer_id: c.id, product_pricing_ids: [usage.id], start_date: '2031-03-01' });
    await run('2031-03-01');
    // nothing billed in advance: no invoice at the start
    expect(await invoices(sub.id)).toEqual([]);
    await ingest(c.id, m, [['2031-03-10T00:00:00Z', 1000]]);
    await run('2031-04-01T00:10:00Z');
    let [april] = await invoices(sub.id);
    expect(april).toMatchObject({ status: 'DRAFT', invoice_date: iso('2031-04-01') });
    expect(april.total.value_in_cents).toBe(500);
    expect(april.items[0]).toMatchObject({
      quantity: 1000,
      unit_price: 0.5,
      period: { start_date: iso('2031-03-01'), end_date: iso('2031-04-01') },
    });
    await ingest(c.id, m, [['2031-03-31T23:59:00Z', 3]]);
    await run('2031-04-01T00:59:59Z');
    expect((await invoices(sub.id))[0].status).toBe('DRAFT');
    const summary = await run('2031-04-01T01:00:00Z');
    expect(summary.invoices_finalized).toBeGreaterThanOrEqual(1);
    [april] = await invoices(sub.id);
    // 1003 × 0.5 = 501.5 → 502 (rounded once)
    expect(april).toMatchObject({
      status: 'PENDING',
      total: { currency: 'USD', value_in_cents: 502 },
      due: { currency: 'USD', value_in_cents: 502 },
    });

    // the API's finalize (#13) recomputes a usage draft before finalizing it
    await ingest(c.id, m, [['2031-04-20T00:00:00Z', 10]]);
    await run('2031-05-01T00:05:00Z');
    const may = (await invoices(sub.id))[1];
    expect(may).toMatchObject({ status: 'DRAFT', total: { value_in_cents: 5 } });
    await ingest(c.id, m, [['2031-04-30T12:00:00Z', 20]]);
    const fin = await ok(await a.post(`/invoices/${may.uuid}/finalize`), 200);
    expect(fin).toMatchObject({ status: 'PENDING', total: { value_in_cents: 15 } });
  });

  it('a repeated run, and two runs at once, write every invoice exactly once; numbers are 1..N without gaps', async () => {
    const fresh = await t.tenant('Engine numbers');
    companies.push(fresh.companyId);
    const prod = await ok(await fresh.post('/products', { name: 'Numbers' }), 200);
    const p = await pricing(fresh, { name: 'Seats', pricing_type: 'FIXED', fixed_price: { price_per_unit: 700 } }, prod.id);
    const subs = [];
    for (const start of ['2031-05-01', '2031-05-10', '2031-05-20']) {
      const c = await customer(fresh);
      subs.push(await subscribe({ customer_id: c.id, product_pricing_ids: [p.id], start_date: start }, fresh));
    }
    setNow('2031-08-15');
    const runs = t.app.get(BillingRunService);
    const at = new Date(iso('2031-08-15'));
    const [r1, r2] = await Promise.all([runs.run(at, { companyIds: [fresh.companyId] }), runs.run(at, { companyIds: [fresh.companyId] })]);
    // May 1/10: May, Jun, Jul, Aug; May 20: May, Jun, Jul (Aug 20 is after the run)
    expect(r1.invoices_created + r2.invoices_created).toBe(11);
    expect(r1.errors + r2.errors).toBe(0);
    const again = await runs.run(at, { companyIds: [fresh.companyId] });
    expect(again.invoices_created).toBe(0);
    const rows: { number: string; subscription_id: string; invoice_date: Date }[] = await t.dataSource.query(
      'SELECT number, subscription_id, invoice_date FROM invoices WHERE company_id = $1 ORDER BY number',
      [fresh.companyId],
    );
    expect(rows.map((r) => Number(r.number))).toEqual(Array.from({ length: 11 }, (_, i) => i + 1));
    const keys = rows.map((r) => `${r.subscription_id}@${new Date(r.invoice_date).toISOString()}`);
    expect(new Set(keys).size).toBe(11);
    const counts = [];
    for (const s of subs) counts.push((await invoices(s.id, fresh)).map((i) => i.total.value_in_cents));
    expect(counts).toEqual([
      [700, 700, 700, 700],
      [700, 700, 700, 700],
      [700, 700, 700],
    ]);

    // two runs at different instants at once: what the later one alone would bill
    const later = await subscribe(
      { customer_id: (await customer(fresh)).id, product_pricing_ids: [p.id], start_date: '2031-05-01' },
      fresh,
    );
    setNow('2031-08-15');
    await Promise.all([
      runs.run(new Date(iso('2031-06-01')), { companyIds: [fresh.companyId] }),
      runs.run(at, { companyIds: [fresh.companyId] }),
    ]);
    expect((await invoices(later.id, fresh)).map((i) => i.invoice_date)).toEqual(
      ['2031-05-01', '2031-06-01', '2031-07-01', '2031-08-01'].map(iso),
    );
    const all: { number: string }[] = await t.dataSource.query('SELECT number FROM invoices WHERE company_id = $1 ORDER BY number', [
      fresh.companyId,
    ]);
    expect(all.map((r) => Number(r.number))).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
  });

  it('a run killed half-way (transaction rolled back) and restarted bills what a clean run bills', async () => {
    const p = await seats(900);
    const c = await customer();
    const sub = await subscribe({ customer_id: c.id, product_pricing_ids: [p.id], start_date: '2031-06-01' });
    const control = await subscribe({ customer_id: (await customer()).id, product_pricing_ids: [p.id], start_date: '2031-06-01' });
    setNow('2031-08-01');
    const generator = t.app.get(InvoiceGenerator);
    await expect(
      t.app.get(DataSource).transaction(async (m) => {
        const r = await generator.process(m, a.companyId, sub.id, new Date(iso('2031-08-01')), clock.now());
        expect(r.created).toHaveLength(3);
        throw new Error('killed');
      }),
    ).rejects.toThrow('killed');
    expect(await invoices(sub.id)).toEqual([]);
    await run('2031-08-01');
    const got = (await invoices(sub.id)).map((i) => [i.invoice_date, i.total.value_in_cents, amounts(i)]);
    const want = (await invoices(control.id)).map((i) => [i.invoice_date, i.total.value_in_cents, amounts(i)]);
    expect(got).toEqual(want);
    expect(got).toHaveLength(3);
  });

  it('changes: NEXT prorates on the next invoice, IMMEDIATE on an invoice of its own at the change instant', async () => {
    const p = await seats(3100);
    const c = await customer();
    const sub = await subscribe({ customer_id: c.id, product_pricing_ids: [p.id], config_items: seatsOf(p, 2), start_date: '2031-07-01' });
    await run('2031-07-01');
    // NEXT on Jul 11 (10 of 31 days used): 2 → 4 seats
    setNow('2031-07-11');
    await ok(await a.post(`/subscriptions/${sub.id}/change`, { config_items: seatsOf(p, 4), proration_type: 'NEXT' }), 200);
    await run('2031-07-20');
    expect((await invoices(sub.id)).map((i) => i.invoice_date)).toEqual([iso('2031-07-01')]);
    await run('2031-08-01');
    const aug = (await invoices(sub.id))[1];
    // credit −6200 × 21/31 = −4200; charge 12400 × 21/31 = 8400; August 4 × 3100 = 12400
    expect(amounts(aug)).toEqual([-4200, 8400, 12400]);
    expect(aug.items.filter((i: any) => i.prorated).map((i: any) => i.kind)).toEqual(['CHARGE', 'CHARGE']);
    expect(aug).toMatchObject({ total: { value_in_cents: 16600 }, prorated_amount: { value_in_cents: 4200 } });

    // IMMEDIATE with custom_change_date Aug 21 00:00 (20 of 31 days used), set on Aug 5: 4 → 1 seat
    setNow('2031-08-05');
    await ok(
      await a.post(`/subscriptions/${sub.id}/change`, {
        config_items: seatsOf(p, 1),
        proration_type: 'IMMEDIATE',
        custom_change_date: iso('2031-08-21'),
      }),
      200,
    );
    await run('2031-08-20');
    expect(await invoices(sub.id)).toHaveLength(2);
    await run('2031-08-21');
    const change = (await invoices(sub.id))[2];
    // credit −12400 × 11/31 = −4400; charge 3100 × 11/31 = 1100
    expect(change).toMatchObject({
      invoice_date: iso('2031-08-21'),
      total: { value_in_cents: -3300 },
      due: { value_in_cents: 0 },
      status: 'PAID',
    });
    expect(amounts(change)).toEqual([-4400, 1100]);
    await run('2031-09-01');
    expect((await invoices(sub.id))[3]).toMatchObject({ invoice_date: iso('2031-09-01'), total: { value_in_cents: 3100 } });
  });

  it('PRORATED cancellation credits the unused time on a final invoice at the end date', async () => {
    const p = await seats(3000);
    const c = await customer();
    const sub = await subscribe({ customer_id: c.id, product_pricing_ids: [p.id], start_date: '2031-09-01' });
    await run('2031-09-01');
    setNow('2031-09-21');
    await ok(await a.post(`/subscriptions/${sub.id}/cancel`, { timing: 'IMMEDIATE', refund_type: 'PRORATED' }), 200);
    await run('2031-12-01');
    const list = await invoices(sub.id);
    expect(list.map((i) => i.invoice_date)).toEqual([iso('2031-09-01'), iso('2031-09-21')]);
    // −3000 × 10/30 = −1000
    expect(amounts(list[1])).toEqual([-1000]);
    expect(list[1]).toMatchObject({ total: { value_in_cents: -1000 }, due: { value_in_cents: 0 } });
    expect(list[1].items[0]).toMatchObject({ prorated: true, period: { start_date: iso('2031-09-21'), end_date: iso('2031-10-01') } });
    expect((await ok(await a.get(`/subscriptions/${sub.id}`), 200)).next_invoice_date).toBeNull();
  });

  it('a NEXT one-time charge goes on the next invoice, once, and becomes INVOICED', async () => {
    const p = await seats(1000);
    const c = await customer();
    const sub = await subscribe({ customer_id: c.id, product_pricing_ids: [p.id], start_date: '2031-10-01' });
    await run('2031-10-01');
    setNow('2031-10-12');
    const created = await ok(
      await a.post('/one_times', {
        customer_id: c.id,
        type: 'NEXT',
        onetime_items: [{ custom_price: { amount: { currency: 'USD', value_in_cents: 250 }, description: 'Setup' }, aggregate: 3 }],
      }),
      201,
    );
    await run('2031-12-01');
    const list = await invoices(sub.id);
    expect(list.map((i) => i.total.value_in_cents)).toEqual([1000, 1750, 1000]);
    const line = list[1].items.find((i: any) => i.one_time_id);
    expect(line).toMatchObject({ one_time_id: created[0].id, quantity: 3, unit_price: 250, amount: { value_in_cents: 750 } });
    const [ot] = await t.dataSource.query('SELECT state, invoice_id FROM one_time_billables WHERE company_id = $1 AND id = $2', [
      a.companyId,
      created[0].id,
    ]);
    expect(ot.state).toBe('INVOICED');
    expect(ot.invoice_id).toBe(list[1].id);
  });

  it('#7 the preview writes nothing and equals the invoice the run generates later (plain, with a change, with a cancellation)', async () => {
    const m = await meter();
    const p = await seats(2500);
    const usage = await pricing(a, {
      name: 'Metered',
      item_id: m.itemId,
      metric_id: m.metricId,
      pricing_type: 'FIXED',
      fixed_price: { price_per_unit: 2 },
    });
    const c = await customer();
    const sub = await subscribe({
      customer_id: c.id,
      product_pricing_ids: [p.id, usage.id],
      config_items: seatsOf(p, 2),
      start_date: '2032-01-01',
    });
    // before any run: the first invoice (the start)
    let next = await ok(await a.post('/invoices/next', { currency: 'USD', customer_id: c.id, subscription_id: sub.id }), 200);
    expect(next).toMatchObject({
      invoice_date: iso('2032-01-01'),
      status: 'DRAFT',
      number: null,
      uuid: null,
      total: { value_in_cents: 5000 },
    });
    await run('2032-01-01');
    await ingest(c.id, m, [['2032-01-05T00:00:00Z', 40]]);
    setNow('2032-01-17');
    const before = await t.dataSource.query('SELECT count(*)::int AS n FROM invoices WHERE company_id = $1', [a.companyId]);
    next = await ok(await a.post('/invoices/next', { currency: 'USD', customer_id: c.identifier, subscription_id: null }), 200);
    expect(next.invoice_date).toBe(iso('2032-02-01'));
    // 2 × 2500 in advance + 40 × 2 of January's usage
    expect(next.total.value_in_cents).toBe(5080);
    expect(next.customer.id).toBe(c.id);
    const changed = await ok(
      await a.post('/invoices/next', {
        currency: 'USD',
        customer_id: c.id,
        subscription_id: sub.id,
        change_config: { config_items: seatsOf(p, 3), proration_type: 'NEXT' },
      }),
      200,
    );
    // Jan 17: 15/31 left; credit −5000 × 15/31 = −2419.35 → −2419; charge 7500 × 15/31 = 3629.03 → 3629; Feb 3 × 2500 + usage 80
    expect(
      changed.items
        .filter((i: any) => i.prorated)
        .map((i: any) => i.amount.value_in_cents)
        .sort(),
    ).toEqual([-2419, 3629]);
    expect(changed.total.value_in_cents).toBe(-2419 + 3629 + 7500 + 80);
    const cancelled = await ok(
      await a.post('/invoices/next', {
        currency: 'USD',
        customer_id: c.id,
        subscription_id: sub.id,
        cancel_config: { timing: 'IMMEDIATE', refund_type: 'PRORATED' },
      }),
      200,
    );
    // the final invoice on Jan 17: −2419 credit + usage of Jan 1–17 (40 × 2)
    expect(cancelled).toMatchObject({ invoice_date: iso('2032-01-17'), total: { value_in_cents: -2419 + 80 } });
    const after = await t.dataSource.query('SELECT count(*)::int AS n FROM invoices WHERE company_id = $1', [a.companyId]);
    expect(after[0].n).toBe(before[0].n);

    await ok(await a.post(`/subscriptions/${sub.id}/change`, { config_items: seatsOf(p, 3), proration_type: 'NEXT' }), 200);
    await run('2032-02-01T03:00:00Z');
    const feb = (await invoices(sub.id))[1];
    expect(feb.invoice_date).toBe(iso('2032-02-01'));
    expect(amounts(feb)).toEqual(amounts(changed));
    expect(feb.total).toEqual(changed.total);
    expect(feb.sub_total).toEqual(changed.sub_total);
    expect(feb.prorated_amount).toEqual(changed.prorated_amount);
    expect(feb.items.map((i: any) => [i.kind, i.name, i.quantity, i.unit_price, i.prorated, i.period])).toEqual(
      changed.items.map((i: any) => [i.kind, i.name, i.quantity, i.unit_price, i.prorated, i.period]),
    );
  });

  it('#7 validation, 404s and tenancy', async () => {
    const p = await seats(100);
    const c = await customer();
    const sub = await subscribe({ customer_id: c.id, product_pricing_ids: [p.id], start_date: '2032-03-01' });
    expectError(await a.post('/invoices/next', { customer_id: c.id, subscription_id: sub.id }), 400, 'validation_error');
    expectError(
      await a.post('/invoices/next', { currency: 'USD', customer_id: c.id, subscription_id: sub.id, bogus: 1 }),
      400,
      'validation_error',
    );
    expectError(await a.post('/invoices/next', { currency: 'EUR', customer_id: c.id, subscription_id: sub.id }), 400, 'validation_error');
    expectError(
      await a.post('/invoices/next', { currency: 'USD', customer_id: 'cus_nope', subscription_id: sub.id }),
      404,
      'request_error',
      'not_found',
    );
    expectError(
      await a.post('/invoices/next', { currency: 'USD', customer_id: c.id, subscription_id: 'subs_nope' }),
      404,
      'request_error',
      'not_found',
    );
    // B cannot preview A's subscription: 404 on its own path, 403 on A's path
    expectError(
      await b.post('/invoices/next', { currency: 'USD', customer_id: c.id, subscription_id: sub.id }),
      404,
      'request_error',
      'not_found',
    );
    const other = await customer(b);
    expectError(
      await b.post('/invoices/next', { currency: 'USD', customer_id: other.id, subscription_id: sub.id }),
      404,
      'request_error',
      'not_found',
    );
    const res = await b
      .post('/invoices/next', { currency: 'USD', customer_id: c.id, subscription_id: sub.id })
      .set('Authorization', `Bearer ${b.token}`);
    expect(res.status).toBe(404);
    const forbidden = await (
      await import('supertest')
    )
      .default(t.http)
      .post(`${a.base}/invoices/next`)
      .set('Authorization', `Bearer ${b.token}`)
      .send({ currency: 'USD', customer_id: c.id, subscription_id: sub.id });
    expect(forbidden.status).toBe(403);
  });

  it('CLI: `billing run --now` prints one JSON line; a bad --now is a clear error with a non-zero exit code; `company settings` sets the grace period', async () => {
    const capture = async (...args: string[]) => {
      let stdout = '';
      let stderr = '';
      const out = jest.spyOn(process.stdout, 'write').mockImplementation((c: string | Uint8Array) => ((stdout += c.toString()), true));
      const err = jest.spyOn(process.stderr, 'write').mockImplementation((c: string | Uint8Array) => ((stderr += c.toString()), true));
      try {
        return { code: await runCli(args), stdout, stderr };
      } finally {
        out.mockRestore();
        err.mockRestore();
      }
    };
    const bad = await capture('billing', 'run', '--now', 'next tuesday', '--json');
    expect(bad.code).not.toBe(0);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/--now must be an ISO 8601 instant/);

    const settings = await capture('company', 'settings', '--company', b.companyId, '--invoice-grace-period', '120', '--json');
    expect(settings.code).toBe(0);
    expect(JSON.parse(settings.stdout)).toMatchObject({
      company_id: b.companyId,
      invoice_grace_period_seconds: 120,
      payment_retry_days: [1, 3, 5],
      email_invoice_finalized: true,
      email_payment_receipt: true,
      email_refund_receipt: true,
      email_payment_failed: true,
    });
    expect((await capture('company', 'settings', '--company', b.companyId, '--invoice-grace-period', '-5')).code).not.toBe(0);
    const retries = await capture('company', 'settings', '--company', b.companyId, '--payment-retry-days', '2,4', '--json');
    expect(JSON.parse(retries.stdout)).toMatchObject({
      company_id: b.companyId,
      invoice_grace_period_seconds: 120,
      payment_retry_days: [2, 4],
    });
    for (const bad of ['0', '3,2', 'x', '1,,2']) {
      expect((await capture('company', 'settings', '--company', b.companyId, '--payment-retry-days', bad)).code).not.toBe(0);
    }

    // this file's company B, at an instant before its subscriptions: nothing due
    const res = await capture('billing', 'run', '--now', '2000-01-01T00:00:00Z', '--company', b.companyId, '--json');
    expect(res.code).toBe(0);
    const lines = res.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const summary = JSON.parse(lines[0]);
    expect(Object.keys(summary).sort()).toEqual(['errors', 'invoices_created', 'invoices_finalized', 'now', 'subscriptions_processed']);
    expect(summary).toMatchObject({ now: '2000-01-01T00:00:00.000Z', invoices_created: 0, errors: 0 });
  });
});
