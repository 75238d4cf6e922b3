import { createTestApp, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { createCustomer, createPricing, createProduct, fixedPricing, ok } from '../support/fixtures';

/** Issue 46: the hosted-API reference's own sample bodies, sent as a client written for it would. */
describe('compat: the reference samples', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let plan: { product: string; pricing: string; seats: string };
  let ada: { id: string; identifier: string };
  let bob: { id: string; identifier: string };
  let active: { id: string };
  let paused: { id: string };
  let ended: { id: string };
  let trial: { id: string };

  const makePlan = async (tenant: Tenant, tags: string[]) => {
    const product = await createProduct(tenant, { name: `P ${tags.join('+')}` });
    const pricing = await createPricing(tenant, fixedPricing(product.id, { tags, billing_frequency: { count: 1, frequency: 'MONTH' } }));
    return { product: product.id as string, pricing: pricing.id as string, seats: pricing.product_metric_pricings[0].id as string };
  };
  const subscribe = async (customerId: string, over: Record<string, unknown> = {}) =>
    ok(
      await a.post('/subscriptions', {
        customer_id: customerId,
        product_pricing_ids: [plan.pricing],
        config_items: [{ product_metric_pricing_id: plan.seats, num_licenses: 1 }],
        ...over,
      }),
    );
  const ids = async (tenant: Tenant, resource: string, query: Record<string, unknown>) =>
    ((await ok(await tenant.post(`/${resource}/find`, { query, pagination: { limit: 100 } }))).results as { id: string }[])
      .map((r) => r.id)
      .sort();

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.tenant('A');
    b = await t.tenant('B');
    plan = await makePlan(a, ['monthly', 'gold']);
    ada = await createCustomer(a, { name: 'Ada', identifier: 'ada-ref', owner_id: 'user_1' });
    bob = await createCustomer(a, { name: 'Bob', identifier: 'bob-ref' });
    active = await subscribe(ada.id);
    paused = await subscribe(ada.id);
    await ok(await a.post(`/subscriptions/${paused.id}/pause`, {}));
    ended = await subscribe(bob.id);
    await ok(await a.post(`/subscriptions/${ended.id}/cancel`, { timing: 'IMMEDIATE' }));
    trial = await subscribe(bob.id, { trial: true, trial_term: { count: 1, frequency: 'MONTH' } });
  });
  afterAll(() => t.close());

  it('owner_ids {condition: "AND", values: []} is no filter on customers, subscriptions and invoices find', async () => {
    const none = { owner_ids: { condition: 'AND', values: [] } };
    expect(await ids(a, 'customers', none)).toEqual([ada.id, bob.id].sort());
    expect(await ids(a, 'subscriptions', none)).toEqual([active.id, paused.id, ended.id, trial.id].sort());
    const allInvoices = await ids(a, 'invoices', {});
    expect(await ids(a, 'invoices', none)).toEqual(allInvoices);
    expect(await ids(a, 'invoices', { owner_ids: { condition: 'OR', values: [] } })).toEqual(allInvoices);
    // a non-empty set still narrows
    expect(await ids(a, 'customers', { owner_ids: { condition: 'AND', values: ['user_1'] } })).toEqual([ada.id]);
    // and another company's customers stay out of reach
    expect(await ids(b, 'customers', none)).toEqual([]);
  });

  it('statuses as one string is a one-item list (customers, subscriptions, invoices, contracts, credits)', async () => {
    expect(await ids(a, 'customers', { statuses: 'ACTIVE' })).toEqual(await ids(a, 'customers', { statuses: ['ACTIVE'] }));
    expect(await ids(a, 'subscriptions', { statuses: 'ACTIVE' })).toEqual([active.id, paused.id, trial.id].sort());
    expect(await ids(a, 'invoices', { statuses: 'PAID' })).toEqual(await ids(a, 'invoices', { statuses: ['PAID'] }));
    await ok(await a.post('/contracts/find', { query: { statuses: 'DRAFT' } }));
    await ok(await a.post('/credits/find', { query: { statuses: 'ACTIVE' } }));
    const e = expectError(await a.post('/customers/find', { query: { statuses: 'SLEEPING' } }), 400, 'validation_error');
    expect(Object.keys(e.validation_errors!)).toEqual(['query.statuses']);
  });

  it('subscriptions/find status / statuses PAUSED, ENDED, TRIAL filter (paused, ended, in trial)', async () => {
    expect(await ids(a, 'subscriptions', { status: 'PAUSED' })).toEqual([paused.id]);
    expect(await ids(a, 'subscriptions', { status: 'ENDED' })).toEqual([ended.id]);
    expect(await ids(a, 'subscriptions', { status: 'TRIAL' })).toEqual([trial.id]);
    expect(await ids(a, 'subscriptions', { statuses: ['PAUSED', 'TRIAL'] })).toEqual([paused.id, trial.id].sort());
    expect(await ids(a, 'subscriptions', { statuses: 'ended' })).toEqual(await ids(a, 'subscriptions', { status: 'cancelled' }));
    expect(await ids(b, 'subscriptions', { status: 'PAUSED' })).toEqual([]);
  });

  it("a customer's identifier given as customer_id matches in invoices, subscriptions and other finds", async () => {
    expect(await ids(a, 'subscriptions', { customer_id: ada.identifier })).toEqual([active.id, paused.id].sort());
    expect(await ids(a, 'subscriptions', { customer_id: ada.id })).toEqual([active.id, paused.id].sort());
    const charge = { type: 'IMMEDIATE', onetime_items: [{ custom_price: { amount: { currency: 'USD', value_in_cents: 500 } } }] };
    await ok(await a.post('/one_times', { ...charge, customer_id: ada.id }), 201);
    await ok(await a.post('/one_times', { ...charge, customer_id: bob.id }), 201);
    const adaInvoices = await ids(a, 'invoices', { customer_id: ada.id });
    expect(adaInvoices.length).toBe(1);
    expect(await ids(a, 'invoices', { customer_id: ada.identifier })).toEqual(adaInvoices);
    expect(await ids(a, 'contracts', { customer_id: ada.identifier })).toEqual([]);
    expect(await ids(a, 'subscriptions', { customer_id: 'nobody' })).toEqual([]);
    // another company's identifier means nothing here
    await createCustomer(b, { name: 'Ada B', identifier: 'ada-b' });
    expect(await ids(a, 'subscriptions', { customer_id: 'ada-b' })).toEqual([]);
    expect(await ids(b, 'subscriptions', { customer_id: ada.identifier })).toEqual([]);
  });

  it('pricing/find tags as a list of strings (every tag), as products/find takes it', async () => {
    const other = await makePlan(a, ['monthly']);
    expect(await ids(a, 'pricing', { tags: ['monthly', 'gold'] })).toEqual([plan.pricing]);
    expect(await ids(a, 'pricing', { tags: ['monthly'] })).toEqual([plan.pricing, other.pricing].sort());
    expect(await ids(a, 'pricing', { tags: { condition: 'OR', values: ['gold'] } })).toEqual([plan.pricing]);
    expectError(await a.post('/pricing/find', { query: { tags: 'gold' } }), 400, 'validation_error');
  });

  it('contracts/find takes auto_charges, auto_renews and type as filters', async () => {
    const base = {
      customer_id: ada.id,
      title: 'MSA',
      product_pricing_ids: [plan.pricing],
      config_items: [{ product_metric_pricing_id: plan.seats, num_licenses: 1 }],
      signatories: [{ email: 'ceo@acme.test', name: 'Ada', position: 1 }],
    };
    const charged = await ok(await a.post('/contracts', { ...base, auto_charges: true, auto_renews: false }));
    const plain = await ok(await a.post('/contracts', { ...base, auto_charges: false, auto_renews: true }));
    expect(await ids(a, 'contracts', { auto_charges: true })).toEqual([charged.id]);
    expect(await ids(a, 'contracts', { auto_renews: true })).toEqual([plain.id]);
    expect(await ids(a, 'contracts', { type: 'CONTRACT' })).toEqual([charged.id, plain.id].sort());
    expect(await ids(a, 'contracts', { type: 'CHECKOUT_SESSION' })).toEqual([]);
    expectError(await a.post('/contracts/find', { query: { type: 'PROPOSAL' } }), 400, 'validation_error');
    expect(await ids(b, 'contracts', { type: 'CONTRACT' })).toEqual([]);
  });

  it('checkout with change_proration_type / change_timing / change_reset_billing_anchor and no previous subscription: accepted, recorded as null', async () => {
    const res = await ok(
      await a.post('/checkout', {
        type: 'CHECKOUT_SESSION',
        customer_id: ada.id,
        product_pricing_ids: [plan.pricing],
        config_items: [{ product_metric_pricing_id: plan.seats, num_licenses: 1 }],
        change_proration_type: 'NEXT',
        change_timing: 'IMMEDIATE',
        change_reset_billing_anchor: false,
      }),
    );
    const session = await ok(await a.get(`/checkout/${res.id}`));
    expect(session).toMatchObject({ change_proration_type: null, change_timing: null, change_reset_billing_anchor: null });
    expectError(
      await a.post('/checkout', { type: 'CHECKOUT_SESSION', customer_id: ada.id, change_timing: 'NOW' }),
      400,
      'validation_error',
    );
  });

  it('one_times without type: IMMEDIATE, the documented default (an invoice of its own now)', async () => {
    const body = { customer_id: bob.id, onetime_items: [{ custom_price: { amount: { currency: 'USD', value_in_cents: 1234 } } }] };
    const rows = (await ok(await a.post('/one_times', body), 201)) as { type: string; state: string; invoice_id: string | null }[];
    expect(rows.map((r) => [r.type, r.state])).toEqual([['IMMEDIATE', 'INVOICED']]);
    expect(rows[0].invoice_id).toMatch(/^inv_/);
  });

  it('a percent discount above 1 (the older sample’s 123) is a 400 naming the accepted range', async () => {
    const e = expectError(
      await a.post('/subscriptions', {
        customer_id: ada.id,
        product_pricing_ids: [plan.pricing],
        config_items: [{ product_metric_pricing_id: plan.seats, num_licenses: 1 }],
        discounts: [{ name: 'launch', type: 'DISCOUNT_PERCENT', percent: 123 }],
      }),
      400,
      'validation_error',
    );
    expect(e.validation_errors).toEqual({ 'discounts[0].percent': expect.stringMatching(/fraction from 0 to 1/) });
  });
});
