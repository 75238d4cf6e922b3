/**
 * Credit packs (issue 40): a price with `credit_price` grants the customer credits when an
 * invoice that bought it becomes PAID — once per invoice line, in the payment's transaction —
 * and a refund of that invoice takes back the unused part up to the refunded share. Through the
 * public API on the real database; cents worked out by hand in each test.
 */
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { expectBooksBalanced } from '../support/audit';
import { ok, usd, webhookEvents } from '../support/fixtures';
import { AutoChargeService } from '../../src/payments/auto-charge.service';
import { BillingRunService } from '../../src/invoicing/billing-engine/billing-run.service';
import { CreditsApplier } from '../../src/credits/credits-applier.service';

const T0 = new Date('2035-04-01T00:00:00.000Z');
const AFTER_LEASE = new Date(T0.getTime() + 10 * 60_000);

describe('credit packs: credit_price grants credits when the invoice is paid', () => {
  let t: TestApp;
  let clock: FixedClock;
  let a: Tenant;
  let b: Tenant;
  let amountPack: any; // ONETIME, 10.00 a unit, each unit grants 10.00 of credit
  let unitsPack: any; // ONETIME, 5.00 a unit, each unit grants 100 API calls
  let monthlyPack: any; // MONTH, 10.00 a unit, each unit grants 10.00 of credit
  let apiCalls: any;
  let n = 0;

  const auto = () => t.app.get(AutoChargeService);
  const customer = async (tenant: Tenant = a, card: string | null = 'tok_visa') => {
    const c = await ok(
      await tenant.post('/customers', { name: `Pack buyer ${++n}`, identifier: `pack-${n}-${Math.random().toString(36).slice(2, 8)}` }),
      201,
    );
    if (card) await ok(await tenant.post(`/customers/${c.id}/payment_methods`, { token: card }), 200);
    return c;
  };
  /** An IMMEDIATE one-time invoice buying `aggregate` units of a pricing (not charged unless `autoCharges`). */
  const buy = async (customerId: string, pricingId: string, aggregate: number, autoCharges = false, tenant: Tenant = a) => {
    const res = await ok(
      await tenant.post('/one_times', {
        customer_id: customerId,
        type: 'IMMEDIATE',
        auto_charges: autoCharges,
        onetime_items: [{ product_pricing_id: pricingId, aggregate }],
      }),
      201,
    );
    if (autoCharges) await auto().settle();
    return { oneTime: res[0], invoice: await ok(await tenant.get(`/invoices/${res[0].invoice_uuid}`), 200) };
  };
  /** An IMMEDIATE one-time invoice of a custom amount (what later consumes the credit). */
  const work = async (customerId: string, cents: number, tenant: Tenant = a) => {
    const res = await ok(
      await tenant.post('/one_times', {
        customer_id: customerId,
        type: 'IMMEDIATE',
        onetime_items: [{ custom_price: { amount: usd(cents), description: 'Work' } }],
      }),
      201,
    );
    return await ok(await tenant.get(`/invoices/${res[0].invoice_uuid}`), 200);
  };
  const creditsOf = async (customerId: string, tenant: Tenant = a) =>
    (await ok(await tenant.post('/credits/find', { query: { customer_id: customerId }, sort_key: 'createdAtAsc' }), 200)).results as any[];
  const logsOf = async (customerId: string, tenant: Tenant = a) =>
    (await ok(await tenant.post('/credits/logs/find', { query: { customer_id: customerId }, sort_key: 'createdAtAsc' }), 200))
      .results as any[];
  const paymentOf = async (invoiceUuid: string) =>
    (
      await ok(
        await a.post('/payments/transactions/find', {
          pagination: { limit: 10 },
          query: { invoice_uuid: invoiceUuid, transaction_type: 'PAYMENT' },
        }),
        200,
      )
    ).results[0];
  const enqueue = async (invoiceUuid: string, at: Date) => {
    const [row] = await t.dataSource.query('SELECT id, billed_customer_id FROM invoices WHERE company_id = $1 AND uuid = $2', [
      a.companyId,
      invoiceUuid,
    ]);
    const id = `pat_pack_${++n}_${Math.random().toString(36).slice(2, 8)}`;
    await t.dataSource.query(
      `INSERT INTO payment_attempts (company_id, id, invoice_id, customer_id, subscription_id, sequence, status, due_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, NULL, 1, 'PENDING', $5, $5, $5)`,
      [a.companyId, id, row.id, row.billed_customer_id, at],
    );
    return { attemptId: id, invoiceId: row.id as string };
  };
  /** How many credits the invoice's lines granted (rows, whatever their state). */
  const grantsOf = async (invoiceId: string) =>
    (
      await t.dataSource.query('SELECT count(*)::int AS n FROM credits WHERE company_id = $1 AND source_invoice_id = $2', [
        a.companyId,
        invoiceId,
      ])
    )[0].n as number;

  beforeAll(async () => {
    clock = new FixedClock(T0);
    t = await createTestApp({ clock });
    a = await t.tenant('Packs A');
    b = await t.tenant('Packs B');
    const product = await ok(await a.post('/products', { name: 'Credits' }), 200);
    apiCalls = await ok(await a.post('/billable_items', { name: 'API calls', type: 'CUSTOM_USAGE' }), 200);
    const pricing = async (body: Record<string, unknown>) =>
      await ok(await a.post('/pricing', { product_id: product.id, currency: 'USD', pricing_type: 'FIXED', ...body }), 200);
    amountPack = await pricing({
      name: 'Credit pack 10',
      type: 'ONETIME',
      fixed_price: { price_per_unit: 1000 },
      credit_price: { type: 'AMOUNT', amount: usd(1000) },
    });
    unitsPack = await pricing({
      name: 'API call pack',
      type: 'ONETIME',
      fixed_price: { price_per_unit: 500 },
      credit_price: { type: 'UNITS', item_id: apiCalls.id, units: 100 },
    });
    monthlyPack = await pricing({
      name: 'Monthly credits',
      billing_frequency: { count: 1, frequency: 'MONTH' },
      fixed_price: { price_per_unit: 1000 },
      credit_price: { type: 'AMOUNT', amount: usd(1000) },
    });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    clock.set(T0);
    await expectBooksBalanced(t);
  });

  it('3 units of an AMOUNT pack paid by card grant 30.00, consumed by the next invoices (12.34, then 20.00 → 2.34 due)', async () => {
    const c = await customer();
    const { oneTime, invoice } = await buy(c.id, amountPack.id, 3, true);
    // 3 × 10.00 = 30.00 charged to the card
    expect(invoice).toMatchObject({ status: 'PAID', total: usd(3000), paid: usd(3000), due: usd(0) });

    const [credit] = await creditsOf(c.id);
    expect(await creditsOf(c.id)).toHaveLength(1);
    expect(credit).toMatchObject({
      customer_id: c.id,
      type: 'AMOUNT',
      state: 'ACTIVE',
      name: 'Credit pack 10',
      amount: usd(3000),
      issued_amount: usd(3000),
      expiration_date: null,
      subscription_id: null,
      one_time_billable_id: oneTime.id,
    });
    const [issued] = await logsOf(c.id);
    expect(issued).toMatchObject({ action_type: 'ISSUED', credit_id: credit.id, amount_applied: usd(3000) });
    expect(issued.invoice.uuid).toBe(invoice.uuid);
    expect(issued.note).toBe(`Credit pack bought on invoice ${invoice.uuid}`);
    expect((await webhookEvents(a, credit.id, ['credit.granted'])).map((e) => e.data.object.amount)).toEqual([usd(3000)]);

    // 12.34 of work: the credit pays all of it (30.00 − 12.34 = 17.66 left)
    const first = await work(c.id, 1234);
    expect(first).toMatchObject({ status: 'PAID', sub_total: usd(1234), total: usd(0), due: usd(0) });
    expect((await creditsOf(c.id))[0]).toMatchObject({ state: 'ACTIVE', amount: usd(1766) });
    // 20.00 of work: 17.66 from the credit, 2.34 due
    const second = await work(c.id, 2000);
    expect(second).toMatchObject({ status: 'PENDING', sub_total: usd(2000), total: usd(234), due: usd(234) });
    expect((await creditsOf(c.id))[0]).toMatchObject({ state: 'CONSUMED', amount: usd(0), issued_amount: usd(3000) });
    expect((await logsOf(c.id)).map((l) => [l.action_type, l.amount_applied.value_in_cents])).toEqual([
      ['ISSUED', 3000],
      ['CONSUMED', 1234],
      ['CONSUMED', 1766],
    ]);
  });

  it('a UNITS pack: 2 units paid offline (mark_paid) grant 200 API calls, consumable as unit credits', async () => {
    const c = await customer(a, null);
    const { invoice } = await buy(c.id, unitsPack.id, 2);
    expect(invoice).toMatchObject({ status: 'PENDING', total: usd(1000) });
    expect(await creditsOf(c.id)).toEqual([]);
    await ok(await a.post(`/invoices/${invoice.uuid}/mark_paid`, { amount: usd(1000), provider_type: 'WIRE' }), 200);
    const credits = await creditsOf(c.id);
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ type: 'UNITS', item_id: apiCalls.id, units: 200, issued_units: 200, amount: null, state: 'ACTIVE' });
    const used = await ok(await a.post('/credits/consume', { customer_id: c.id, type: 'UNITS', item_id: apiCalls.id, units: 150 }), 200);
    expect(used.total_units[apiCalls.id]).toBe(50);
  });

  it('a UNITS pack of licence units is consumed by a later invoice as unit credits: 3 of the 10 units cover a 3 × 7.00 line', async () => {
    const licence = monthlyPack.product_metric_pricings[0].item_id;
    const product = await ok(await a.post('/products', { name: `Licence packs ${++n}` }), 200);
    const pricing = async (body: Record<string, unknown>) =>
      ok(await a.post('/pricing', { product_id: product.id, currency: 'USD', pricing_type: 'FIXED', type: 'ONETIME', ...body }), 200);
    const licencePack = await pricing({
      name: 'Licence pack',
      fixed_price: { price_per_unit: 2500 },
      credit_price: { type: 'UNITS', item_id: licence, units: 5 },
    });
    const setup = await pricing({ name: 'Seat setup', fixed_price: { price_per_unit: 700 } });
    const c = await customer();
    // 2 × 25.00 charged to the card, 2 × 5 = 10 licence units granted
    const { invoice } = await buy(c.id, licencePack.id, 2, true);
    expect(invoice).toMatchObject({ status: 'PAID', total: usd(5000) });
    expect((await creditsOf(c.id))[0]).toMatchObject({ type: 'UNITS', item_id: licence, units: 10 });
    // 3 seats set up at 7.00: the unit credit covers the 3 units, valued 3 × 700 = 2100
    const next = await buy(c.id, setup.id, 3);
    expect(next.invoice).toMatchObject({ status: 'PAID', sub_total: usd(2100), total: usd(0), due: usd(0) });
    expect((await creditsOf(c.id))[0]).toMatchObject({ units: 7, issued_units: 10, state: 'ACTIVE' });
    const consumed = (await logsOf(c.id)).find((l) => l.action_type === 'CONSUMED');
    expect(consumed).toMatchObject({ units_applied: 3, amount_applied: usd(2100) });
    expect(consumed.invoice.uuid).toBe(next.invoice.uuid);
  });

  it('nothing before the invoice is paid: PENDING, partly paid, then voided — no credit; the rest paid later grants it once', async () => {
    const c = await customer(a, null);
    const { invoice } = await buy(c.id, amountPack.id, 2);
    await ok(await a.post(`/invoices/${invoice.uuid}/mark_paid`, { amount: usd(500), provider_type: 'WIRE' }), 200);
    expect(await creditsOf(c.id)).toEqual([]);
    await ok(await a.post(`/invoices/${invoice.uuid}/mark_paid`, { amount: usd(1500), provider_type: 'WIRE' }), 200);
    expect((await creditsOf(c.id)).map((x) => x.amount.value_in_cents)).toEqual([2000]);

    const d = await customer(a, null);
    const unpaid = await buy(d.id, amountPack.id, 4);
    await ok(await a.post(`/invoices/${unpaid.invoice.uuid}/void`, {}), 200);
    expect(await ok(await a.get(`/invoices/${unpaid.invoice.uuid}`), 200)).toMatchObject({ status: 'VOID' });
    expect(await creditsOf(d.id)).toEqual([]);
    expect(await logsOf(d.id)).toEqual([]);
  });

  it('a replayed payment grants once: the first charge’s late answer after a re-send, and the hook called again', async () => {
    const c = await customer();
    const { invoice } = await buy(c.id, amountPack.id, 1);
    const { attemptId, invoiceId } = await enqueue(invoice.uuid, T0);
    const claim = await auto().claim(a.companyId, attemptId, T0);
    expect(claim.kind).toBe('charge');
    const first = await auto().charge(a.companyId, (claim as any).attempt);
    clock.set(AFTER_LEASE);
    await Promise.all([
      auto().recordOutcome(a.companyId, attemptId, first, T0),
      auto().dispatchDue(AFTER_LEASE, { companyIds: [a.companyId] }, false),
    ]);
    // the same answer once more
    await auto().recordOutcome(a.companyId, attemptId, first, T0);
    expect(await ok(await a.get(`/invoices/${invoice.uuid}`), 200)).toMatchObject({ status: 'PAID', paid: usd(1000) });
    // the ledger's hook called again for the paid invoice, as a second instance would: the unique key holds
    await t.dataSource.transaction((m) => t.app.get(CreditsApplier).grantPacks(m, a.companyId, [invoiceId], AFTER_LEASE));
    expect(await grantsOf(invoiceId)).toBe(1);
    expect((await creditsOf(c.id)).map((x) => x.amount.value_in_cents)).toEqual([1000]);
    expect((await logsOf(c.id)).map((l) => l.action_type)).toEqual(['ISSUED']);
  });

  it('concurrent double pay (card charge vs full mark_paid, 4 rounds) and concurrent grants of one paid invoice: one credit each', async () => {
    for (let round = 0; round < 4; round++) {
      const c = await customer();
      const { invoice } = await buy(c.id, amountPack.id, 2);
      const { attemptId, invoiceId } = await enqueue(invoice.uuid, T0);
      await Promise.all([
        auto().dispatchAttempt(a.companyId, attemptId, T0),
        a.post(`/invoices/${invoice.uuid}/mark_paid`, { amount: usd(2000), provider_type: 'CHEQUE' }),
      ]);
      expect(await ok(await a.get(`/invoices/${invoice.uuid}`), 200)).toMatchObject({ status: 'PAID', paid: usd(2000) });
      // two more transactions granting the same invoice at once (no invoice lock between them)
      await Promise.all(
        [0, 1].map(() => t.dataSource.transaction((m) => t.app.get(CreditsApplier).grantPacks(m, a.companyId, [invoiceId], T0))),
      );
      expect(await grantsOf(invoiceId)).toBe(1);
      const credits = await creditsOf(c.id);
      expect(credits.map((x) => [x.issued_amount.value_in_cents, x.amount.value_in_cents])).toEqual([[2000, 2000]]);
    }
  });

  it('a refund revokes the unused credit up to the refunded share; what was consumed stays consumed', async () => {
    const c = await customer();
    const { invoice } = await buy(c.id, amountPack.id, 3, true);
    const payment = await paymentOf(invoice.uuid);
    await work(c.id, 1234); // 30.00 − 12.34: 17.66 left
    // half refunded (15.00 of 30.00): half the grant, 15.00, revoked from the 17.66 left → 2.66
    await ok(await a.post(`/payments/transactions/${payment.id}/refund`, { amount: usd(1500) }), 200);
    let [credit] = await creditsOf(c.id);
    expect(credit).toMatchObject({ state: 'ACTIVE', amount: usd(266), issued_amount: usd(3000) });
    // the rest refunded: the whole grant is refunded, only the 2.66 left can go
    await ok(await a.post(`/payments/transactions/${payment.id}/refund`, {}), 200);
    [credit] = await creditsOf(c.id);
    expect(credit).toMatchObject({ state: 'REVOKED', amount: usd(0) });
    const logs = (await logsOf(c.id)).map((l) => [l.action_type, l.amount_applied.value_in_cents, l.invoice?.uuid ?? null]);
    expect(logs.filter((l) => l[0] === 'REVOKED')).toEqual([
      ['REVOKED', 1500, invoice.uuid],
      ['REVOKED', 266, invoice.uuid],
    ]);
    expect(await ok(await a.get(`/invoices/${invoice.uuid}`), 200)).toMatchObject({ status: 'PENDING', paid: usd(0), due: usd(3000) });

    // an unused UNITS pack fully refunded (paid offline): all 300 units revoked
    const d = await customer(a, null);
    const units = await buy(d.id, unitsPack.id, 3);
    await ok(await a.post(`/invoices/${units.invoice.uuid}/mark_paid`, { amount: usd(1500), provider_type: 'WIRE' }), 200);
    const wire = await paymentOf(units.invoice.uuid);
    // a third refunded: 100 of 300 units revoked
    await ok(await a.post(`/payments/transactions/${wire.id}/refund`, { amount: usd(500) }), 200);
    expect((await creditsOf(d.id))[0]).toMatchObject({ state: 'ACTIVE', units: 200, issued_units: 300 });
  });

  it('a subscription to 2 units of a monthly pack: each paid period grants 20.00', async () => {
    const c = await customer();
    const sub = await ok(
      await a.post('/subscriptions', {
        customer_id: c.id,
        product_pricing_ids: [monthlyPack.id],
        config_items: [{ product_metric_pricing_id: monthlyPack.product_metric_pricings[0].id, num_licenses: 2 }],
        start_date: T0.toISOString(),
        auto_charges: true,
      }),
      200,
    );
    await t.app.get(BillingRunService).run(T0, { companyIds: [a.companyId] });
    await auto().settle();
    const invoices = (await ok(await a.post('/invoices/find', { query: { customer_id: c.id } }), 200)).results;
    expect(invoices.map((i: any) => [i.status, i.total.value_in_cents])).toEqual([['PAID', 2000]]);
    const credits = await creditsOf(c.id);
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ amount: usd(2000), subscription_id: sub.id, one_time_billable_id: null });
    // May: the period's 20.00 is paid by April's credit, and being paid grants May's 20.00
    const may = new Date('2035-05-01T00:00:00.000Z');
    clock.set(may);
    await t.app.get(BillingRunService).run(may, { companyIds: [a.companyId] });
    await auto().settle();
    const after = (await ok(await a.post('/invoices/find', { query: { customer_id: c.id }, sort_key: 'createdAtAsc' }), 200)).results;
    expect(after.map((i: any) => [i.status, i.sub_total.value_in_cents, i.total.value_in_cents])).toEqual([
      ['PAID', 2000, 2000],
      ['PAID', 2000, 0],
    ]);
    expect((await creditsOf(c.id)).map((x) => [x.state, x.issued_amount.value_in_cents, x.amount.value_in_cents])).toEqual([
      ['CONSUMED', 2000, 0],
      ['ACTIVE', 2000, 2000],
    ]);
  });

  it('a change from 2 to 3 units half-way through the period grants the net bought: 3 × 10.00 × ½ − 2 × 10.00 × ½ = 5.00', async () => {
    const c = await customer();
    const sub = await ok(
      await a.post('/subscriptions', {
        customer_id: c.id,
        product_pricing_ids: [monthlyPack.id],
        config_items: [{ product_metric_pricing_id: monthlyPack.product_metric_pricings[0].id, num_licenses: 2 }],
        start_date: T0.toISOString(),
        auto_charges: true,
      }),
      200,
    );
    await t.app.get(BillingRunService).run(T0, { companyIds: [a.companyId] });
    await auto().settle();
    // April has 30 days: the change on the 16th at 00:00 covers 15/30 of the period
    const mid = new Date('2035-04-16T00:00:00.000Z');
    clock.set(mid);
    await ok(
      await a.post(`/subscriptions/${sub.id}/change`, {
        config_items: [{ product_metric_pricing_id: monthlyPack.product_metric_pricings[0].id, num_licenses: 3 }],
        proration_type: 'IMMEDIATE',
      }),
      200,
    );
    await t.app.get(BillingRunService).run(mid, { companyIds: [a.companyId] });
    await auto().settle();
    const invoices = (await ok(await a.post('/invoices/find', { query: { customer_id: c.id }, sort_key: 'createdAtAsc' }), 200)).results;
    const change = await ok(await a.get(`/invoices/${invoices[invoices.length - 1].uuid}`), 200);
    // −2 × 1000 × 15/30 + 3 × 1000 × 15/30 = −1000 + 1500 = 500, paid by the first period's credit
    expect(change.items.map((l: any) => l.amount.value_in_cents)).toEqual([-1000, 1500]);
    expect(change).toMatchObject({ status: 'PAID', sub_total: usd(500), total: usd(0) });
    const credits = await creditsOf(c.id);
    expect(credits.map((x) => [x.issued_amount.value_in_cents, x.amount.value_in_cents])).toEqual([
      [2000, 1500],
      [500, 500],
    ]);
  });

  it('malformed credit_price: 400 naming the field, nothing stored; an unknown item_id 404', async () => {
    const product = await ok(await a.post('/products', { name: `Bad packs ${++n}` }), 200);
    const bad = (credit_price: unknown) =>
      a.post('/pricing', {
        product_id: product.id,
        name: 'Bad',
        currency: 'USD',
        type: 'ONETIME',
        pricing_type: 'FIXED',
        fixed_price: { price_per_unit: 100 },
        credit_price,
      });
    const cases: [unknown, string][] = [
      [{ type: 'AMOUNT' }, 'credit_price.amount'],
      [{ type: 'AMOUNT', amount: usd(0) }, 'credit_price.amount.value_in_cents'],
      [{ type: 'AMOUNT', amount: usd(-500) }, 'credit_price.amount.value_in_cents'],
      [{ type: 'AMOUNT', amount: usd(500), item_id: apiCalls.id }, 'credit_price.item_id'],
      [{ type: 'AMOUNT', amount: usd(500), units: 3 }, 'credit_price.units'],
      [{ type: 'UNITS', units: 10 }, 'credit_price.item_id'],
      [{ type: 'UNITS', item_id: apiCalls.id }, 'credit_price.units'],
      [{ type: 'UNITS', item_id: apiCalls.id, units: 0 }, 'credit_price.units'],
      [{ type: 'UNITS', item_id: apiCalls.id, units: -5 }, 'credit_price.units'],
      [{ type: 'UNITS', item_id: apiCalls.id, units: 5, amount: usd(100) }, 'credit_price.amount'],
      [{ type: 'BOTH', amount: usd(100) }, 'credit_price.type'],
    ];
    for (const [body, field] of cases) {
      const res = await bad(body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
      expect(Object.keys(res.body.validation_errors ?? {})).toContain(field);
    }
    const missing = await bad({ type: 'UNITS', item_id: 'bi_01jzzzzzzzzzzzzzzzzzzzzzzz', units: 5 });
    expect(expectError(missing, 404, 'request_error').validation_errors).toHaveProperty(['credit_price.item_id']);
    const pricings = (await ok(await a.post('/pricing/find', { query: { product_id: product.id } }), 200)).results;
    expect(pricings).toEqual([]);
  });

  it('company isolation: another company neither sees the pack’s credit nor buys the pack', async () => {
    const c = await customer();
    await buy(c.id, amountPack.id, 1, true);
    const [credit] = await creditsOf(c.id);
    expect(credit).toBeDefined();
    expectError(await b.get(`/credits/${credit.id}`), 404, 'request_error', 'not_found');
    expect((await ok(await b.post('/credits/find', { query: {} }), 200)).results).toEqual([]);
    expect((await ok(await b.post('/credits/logs/find', { query: {} }), 200)).results).toEqual([]);
    expectError(await b.delete(`/credits/${credit.id}`), 404, 'request_error', 'not_found');
    const other = await customer(b);
    const res = await b.post('/one_times', {
      customer_id: other.id,
      type: 'IMMEDIATE',
      onetime_items: [{ product_pricing_id: amountPack.id, aggregate: 1 }],
    });
    expectError(res, 404, 'request_error', 'not_found');
    expect(await creditsOf(other.id, b)).toEqual([]);
  });
});
