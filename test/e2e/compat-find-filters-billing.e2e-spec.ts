import request from 'supertest';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { createCustomer, createPricing, createProduct, draftInvoice, fixedPricing, ok, usd } from '../support/fixtures';
import { Probe, probeProblems, Row } from '../support/find-probes';
import { AutoChargeService } from '../../src/payments/auto-charge.service';
import { BillingRunService } from '../../src/invoicing/billing-engine/billing-run.service';

const T0 = new Date('2026-03-01T00:00:00.000Z');
const DAY = 86_400_000;
const at = (days: number) => new Date(T0.getTime() + days * DAY);

/**
 * Every filter the OpenAPI document lists for the finds of invoices, payment transactions,
 * credits and credit logs narrows a result as its description says (the completeness check and
 * the rules of the probes are those of compat-find-filters.e2e-spec.ts).
 */
describe('compat: each documented find filter narrows (invoices, payments, credits)', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let doc: Row;
  const clock = new FixedClock(T0);
  const probes: Record<string, Record<string, Probe>> = {};

  const plan = async (tags: string[], pricingTags: string[], cents: number) => {
    const product = await createProduct(a, { name: `P ${tags.join('+')}`, tags });
    const pricing = await createPricing(
      a,
      fixedPricing(product.id, {
        tags: pricingTags,
        fixed_price: { price_per_unit: cents },
        billing_frequency: { count: 1, frequency: 'MONTH' },
      }),
    );
    return { product: product.id as string, pricing: pricing.id as string, seats: pricing.product_metric_pricings[0].id as string };
  };
  const subscribe = async (customerId: string, p: { pricing: string; seats: string }, extra: Row = {}) =>
    ok(
      await a.post('/subscriptions', {
        customer_id: customerId,
        product_pricing_ids: [p.pricing],
        config_items: [{ product_metric_pricing_id: p.seats, num_licenses: 1 }],
        start_date: T0.toISOString(),
        auto_charges: false,
        ...extra,
      }),
    );
  /** A one-time IMMEDIATE invoice of one line (finalized at once), as its answer reads it. */
  const oneTime = async (customerId: string, amount: { currency: string; value_in_cents: number }, autoCharges = false) => {
    const made = await ok(
      await a.post('/one_times', {
        customer_id: customerId,
        type: 'IMMEDIATE',
        auto_charges: autoCharges,
        onetime_items: [{ custom_price: { amount, description: 'Work' } }],
      }),
      201,
    );
    await t.app.get(AutoChargeService).settle();
    return ok(await a.get(`/invoices/${made[0].invoice_uuid}`));
  };
  const paymentsOf = async (invoiceUuid: string) =>
    (await ok(await a.post('/payments/transactions/find', { query: { invoice_uuid: invoiceUuid } }))).results as Row[];

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('A');
    b = await t.tenant('B');
    doc = (await request(t.http).get('/api/docs-json').expect(200)).body;

    const gold = await plan(['gold', 'seats'], ['monthly', 'popular'], 1000);
    const basic = await plan(['basic', 'seats'], ['monthly'], 500);
    const c1 = await createCustomer(a, { name: 'Ada Billing', identifier: 'ada-bill', owner_id: 'user_1', managed_externally: true });
    const c2 = await createCustomer(a, { name: 'Bob Billing', identifier: 'bob-bill', owner_id: 'user_2' });
    const c3 = await createCustomer(a, { name: 'Cy Declined', identifier: 'cy-bill' });
    const card = await ok(await a.post(`/customers/${c1.id}/payment_methods`, { token: 'tok_visa' }));
    await ok(await a.post(`/customers/${c3.id}/payment_methods`, { token: 'tok_chargeDeclined' }));
    // only Cy's invoices are taxed: an inactive rate applies through a customer's override alone
    const vat = await ok(await a.post('/taxes', { name: 'VAT', code: 'VAT', percentage: 10, active: false }), 201);
    await ok(await a.patch(`/customers/${c3.id}`, { override_taxes: [{ tax_id: vat.id }] }));

    // ---- invoices: two subscription invoices at T0, one-time ones, a draft, a void
    const s1 = await subscribe(c1.id, gold, { payment_method_id: card.id });
    const s2 = await subscribe(c2.id, basic);
    await t.app.get(BillingRunService).run(T0, { companyIds: [a.companyId] });
    const invoicesOf = async (query: Row) => (await ok(await a.post('/invoices/find', { query }))).results as Row[];
    const [goldInvoice] = await invoicesOf({ subscription_id: s1.id });
    await oneTime(c2.id, usd(0), true); // a zero invoice: hide_zero leaves it out
    const euro = await oneTime(c2.id, { currency: 'EUR', value_in_cents: 2500 });
    clock.set(at(40));
    const charged = await oneTime(c1.id, usd(1200), true);
    const declined = await oneTime(c3.id, usd(2000), true);
    const wired = await oneTime(c1.id, usd(3000));
    await ok(await a.post(`/invoices/${wired.uuid}/mark_paid`, { amount: usd(3000), provider_type: 'WIRE', notes: 'wire ref ABC-77' }));
    const voided = await oneTime(c2.id, usd(900));
    await ok(await a.post(`/invoices/${voided.uuid}/void`, {}));
    const draft = await draftInvoice(t, a, c2.id, at(40));
    await ok(
      await a.post(`/invoices/${euro.uuid}/mark_paid`, { amount: { currency: 'EUR', value_in_cents: 2500 }, provider_type: 'CHEQUE' }),
    );
    // the subscription invoices of T0 are past their due date at day 40: OVERDUE
    const last = await invoicesOf({ uuid: wired.uuid });
    const some =
      (...uuids: string[]) =>
      (r: Row) =>
        uuids.includes(r.uuid);
    const day = (n: number) => at(n).toISOString();
    probes.invoices = {
      auto_charges: { value: true, keeps: (r) => r.auto_charges === true },
      billed_customer_id: { value: 'bob-bill', keeps: (r) => r.billed_customer_id === c2.id },
      currency: { value: 'eur', keeps: some(euro.uuid) },
      customer_id: { value: 'ada-bill', keeps: (r) => r.customer_id === c1.id },
      due: { value: { gt: 0 }, keeps: (r) => r.due.value_in_cents > 0 },
      due_date: { value: { lt: day(40) }, keeps: (r) => Date.parse(r.due_date) < at(40).getTime() },
      has_tax: { value: true, keeps: (r) => r.tax_amount.value_in_cents !== 0 },
      hide_zero: { value: true, keeps: (r) => r.total.value_in_cents !== 0 },
      invoice_date: { value: { gte: day(40) }, keeps: (r) => Date.parse(r.invoice_date) >= at(40).getTime() },
      invoice_number: { value: String(last[0].number), keeps: some(wired.uuid) },
      invoice_sent: { value: false, keeps: some(draft.uuid) },
      managed_externally: { value: true, keeps: (r) => r.customer_id === c1.id },
      owner_ids: { value: { condition: 'OR', values: ['user_2', 'user_9'] }, keeps: (r) => r.customer_id === c2.id },
      paid: { value: { gte: 1000 }, keeps: (r) => r.paid.value_in_cents >= 1000 },
      paid_date: { value: { gte: day(40) }, keeps: (r) => r.paid_date !== null && Date.parse(r.paid_date) >= at(40).getTime() },
      payment_methods: { value: { condition: 'OR', values: [card.id] }, keeps: some(goldInvoice.uuid) },
      product_ids: { value: { condition: 'OR', values: [basic.product] }, keeps: (r) => r.subscription_id === s2.id },
      product_pricing_ids: { value: { condition: 'AND', values: [gold.pricing] }, keeps: some(goldInvoice.uuid) },
      product_pricing_tags: { value: { condition: 'AND', values: ['monthly'] }, keeps: (r) => r.subscription_id !== null },
      product_tags: { value: { condition: 'AND', values: ['gold', 'seats'] }, keeps: some(goldInvoice.uuid) },
      search: { value: 'BOB', keeps: (r) => r.customer_id === c2.id },
      status: { value: 'OVERDUE', keeps: (r) => r.status === 'OVERDUE' },
      statuses: { value: ['PAID', 'VOID'], keeps: (r) => r.status === 'PAID' || r.status === 'VOID' },
      subscription_id: { value: s2.id, keeps: (r) => r.subscription_id === s2.id },
      tax_amount: { value: { gt: 0 }, keeps: (r) => r.tax_amount.value_in_cents > 0 },
      total: { value: { lt: 1000 }, keeps: (r) => r.total.value_in_cents < 1000 },
      uuid: { value: declined.uuid.toUpperCase(), keeps: some(declined.uuid) },
    };

    // ---- payment transactions: a card payment (part refunded), a declined one, a wire
    const [payment] = await paymentsOf(charged.uuid);
    const [failed] = await paymentsOf(declined.uuid);
    const [wire] = await paymentsOf(wired.uuid);
    clock.set(at(41));
    const refund = await ok(
      await a.post(`/payments/transactions/${payment.id}/refund`, { amount: usd(400), reason: 'requested_by_customer' }),
    );
    probes['payments/transactions'] = {
      currency: { value: 'eur', keeps: (r) => r.total_amount.currency === 'EUR' },
      customer_id: { value: 'cy-bill', keeps: (r) => r.customer_id === c3.id },
      invoice_number: { value: wired.number, keeps: (r) => r.id === wire.id },
      invoice_uuid: { value: charged.uuid.toUpperCase(), keeps: (r) => r.invoice_uuid === charged.uuid },
      provider_transaction_ids: { value: [payment.provider_transaction_id], keeps: (r) => r.id === payment.id },
      provider_type: { value: 'wire', keeps: (r) => r.id === wire.id },
      search: { value: 'abc-77', keeps: (r) => r.id === wire.id },
      // Tally has no connected accounts: every transaction is the company's own
      show_connected_account: { value: false, keeps: () => true, matchesAll: true },
      status: { value: 'failed', keeps: (r) => r.id === failed.id },
      total_amount: {
        value: { gte: 1200, lte: 2000 },
        keeps: (r) => r.total_amount.value_in_cents >= 1200 && r.total_amount.value_in_cents <= 2000,
      },
      transaction_type: { value: 'REFUND', keeps: (r) => r.id === refund.id },
    };

    // ---- credits: one applied to an invoice (CONSUMED), units partly consumed, one revoked, one expired
    const calls = await ok(await a.post('/billable_items', { name: 'Calls', type: 'CUSTOM_USAGE' }));
    const credit = async (body: Row) => ok(await a.post('/credits', body), 201);
    const applied = await credit({
      customer_id: c1.id,
      name: 'Goodwill credit',
      type: 'AMOUNT',
      amount: usd(500),
      apply_to_open_invoices: { enable: true, invoice_uuids: [goldInvoice.uuid] },
    });
    const units = await credit({
      customer_id: c2.id,
      name: 'API pack',
      type: 'UNITS',
      units: 10,
      item_id: calls.id,
      subscription_id: s2.id,
    });
    await ok(await a.post('/credits/consume', { customer_id: c2.id, type: 'UNITS', units: 3, item_id: calls.id, note: 'API overage' }));
    const revoked = await credit({
      customer_id: c2.id,
      name: 'Euro promo',
      type: 'AMOUNT',
      amount: { currency: 'EUR', value_in_cents: 300 },
    });
    await ok(await a.delete(`/credits/${revoked.id}`));
    const expiring = await credit({ customer_id: c1.id, name: 'Spring promo', type: 'AMOUNT', amount: usd(100), expiration_date: day(45) });
    clock.set(at(46));
    const credits =
      (...ids: string[]) =>
      (r: Row) =>
        ids.includes(r.id);
    probes.credits = {
      currency: { value: 'eur', keeps: credits(revoked.id) },
      customer_id: { value: 'bob-bill', keeps: (r) => r.customer_id === c2.id },
      search: { value: 'PROMO', keeps: credits(revoked.id, expiring.id) },
      status: { value: 'expired', keeps: credits(expiring.id) },
      statuses: { value: ['CONSUMED', 'revoked'], keeps: credits(applied.id, revoked.id) },
      subscription_id: { value: s2.id, keeps: credits(units.id) },
      type: { value: 'units', keeps: credits(units.id) },
    };
    probes['credits/logs'] = {
      action_type: { value: 'revoked', keeps: (r) => r.action_type === 'REVOKED' },
      credit_id: { value: units.id, keeps: (r) => r.credit_id === units.id },
      customer_id: { value: 'ada-bill', keeps: (r) => r.customer_id === c1.id },
      invoice_id: { value: goldInvoice.uuid, keeps: (r) => r.invoice_id === goldInvoice.id },
      note: { value: 'API overage', keeps: (r) => r.note === 'API overage' },
      search: { value: 'euro', keeps: (r) => r.credit_id === revoked.id },
      type: { value: 'UNITS', keeps: (r) => r.credit_id === units.id },
    };
  });
  afterAll(() => t.close());

  for (const find of ['invoices', 'payments/transactions', 'credits', 'credits/logs']) {
    it(`${find}/find: a probe for every documented filter, each keeping exactly the rows it describes`, async () => {
      expect(await probeProblems(doc, a, b, find, probes[find])).toEqual([]);
    });
  }
});
