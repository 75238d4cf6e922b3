import { statementsOf } from '../support/statements';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { createCustomer, createEntitlement, createPricing, createProduct, createUsageItem, fixedPricing, ok } from '../support/fixtures';
import { SubscriptionViews } from '../../src/subscriptions/subscriptions.views';
import { SubscriptionLookup } from '../../src/subscriptions/subscription-lookup.service';
import { CustomersViews } from '../../src/customers/customers.views';
import { CustomerLookupService } from '../../src/customers/customer-lookup.service';

/**
 * The hot reads `GET /subscriptions/{id}` and `GET /customers/{id}`: how many SQL statements one
 * request sends (counted, pinned: a change that brings back a query per nested record fails
 * here), and that the answers are exactly those the transactional read path builds (the path
 * webhook events use: the same statement on the transaction's connection, seeing what the
 * transaction changed) on a plan with every kind of nested record: tiers, bundles, entitlements on products, pricings and subscriptions, a scheduled
 * change, several live subscriptions of one customer, an ended one and one not started yet.
 */
describe('subscription and customer reads', () => {
  let t: TestApp;
  let a: Tenant;
  const clock = new FixedClock(new Date('2027-01-31T12:00:00.000Z'));
  const fixture: Record<string, any> = {};

  const get = async (path: string) => ok(await a.get(path));
  const post = async (path: string, body: unknown) => ok(await a.post(path, body));
  const subscribe = (body: Record<string, unknown>) => post('/subscriptions', body);

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('Reads');
    const calls = await createEntitlement(a, { key: 'api_calls', type: 'NUMBER', aggregator_type: 'ADD', adjust_for_quantity: true });
    const sso = await createEntitlement(a, { key: 'sso', type: 'BOOL', aggregator_type: 'OR' });
    const tier = await createEntitlement(a, { key: 'tier', type: 'TEXT', aggregator_type: 'COALESCE' });
    const maxUsers = await createEntitlement(a, { key: 'max_users', type: 'NUMBER', aggregator_type: 'MAXIMUM' });
    const product = await createProduct(a, {
      name: 'Reads product',
      entitlements: [
        { entitlement_id: calls.id, value: 100 },
        { entitlement_id: sso.id, value: false },
        { entitlement_id: tier.id, value: 'basic' },
      ],
    });
    const other = await createProduct(a, { name: 'Other product' });
    const usage = await createUsageItem(a, 'Reads calls');
    const basic = await createPricing(
      a,
      fixedPricing(product.id, { name: 'Basic', entitlements: [{ entitlement_id: maxUsers.id, value: 5 }] }),
    );
    const pro = await createPricing(
      a,
      fixedPricing(product.id, {
        name: 'Pro',
        fixed_price: { price_per_unit: '1999.5' },
        entitlements: [
          { entitlement_id: sso.id, value: true },
          { entitlement_id: tier.id, value: 'pro' },
          { entitlement_id: maxUsers.id, value: 50 },
        ],
      }),
    );
    const tiered = await createPricing(a, {
      product_id: other.id,
      name: 'Tiered usage',
      currency: 'USD',
      pricing_type: 'GRADIENT',
      gradient_price: [
        { start: 0, end: 100, flat_price: 500, price_per_unit: 0 },
        { start: 100, end: 1000, price_per_unit: '0.2' },
        { start: 1000, end: null, price_per_unit: 0.05, is_custom_tier: true },
      ],
      base_price: { currency: 'USD', value_in_cents: 500 },
      billing_frequency: { count: 1, frequency: 'MONTH' },
      item_id: usage.itemId,
      metric_id: usage.metricId,
    });
    const bundle = await post('/bundles', {
      name: 'Bundle',
      currency: 'USD',
      term: { count: 1, frequency: 'QUARTER' },
      product_pricing_ids: [basic.id, tiered.id],
    });
    const customer = await createCustomer(a, { name: 'Reads Co', identifier: 'reads-co', tags: ['vip'] });
    const lonely = await createCustomer(a, { name: 'No subscriptions' });
    const older = await subscribe({
      customer_id: customer.id,
      product_pricing_ids: [basic.id, tiered.id],
      config_items: [{ product_pricing_id: basic.id, num_licenses: 2 }],
      identifier: 'reads-older',
      metadata: { plan: 'basic' },
      minimum_spend: { currency: 'USD', value_in_cents: 2000 },
      discounts: [{ name: 'Half', type: 'DISCOUNT_PERCENT', percent: 0.5 }],
    });
    clock.set(new Date('2027-02-01T00:00:00.000Z'));
    const newer = await subscribe({
      customer_id: customer.id,
      product_pricing_ids: [pro.id],
      config_items: [{ product_pricing_id: pro.id, num_licenses: 3 }],
      override_entitlements: [{ entitlement_id: maxUsers.id, value: 70 }],
    });
    await post(`/subscriptions/${newer.id}/change`, { product_pricing_ids: [basic.id], timing: 'PERIOD_END' });
    const bundled = await subscribe({ customer_id: customer.id, bundle_pricing_id: bundle.id });
    const ended = await subscribe({ customer_id: customer.id, product_pricing_ids: [basic.id] });
    await post(`/subscriptions/${ended.id}/cancel`, { timing: 'IMMEDIATE' });
    const future = await subscribe({
      customer_id: customer.id,
      product_pricing_ids: [pro.id],
      start_date: '2027-03-15T00:00:00.000Z',
    });
    clock.set(new Date('2027-02-10T08:30:00.000Z'));
    Object.assign(fixture, { customer, lonely, older, newer, bundled, ended, future });
  });
  afterAll(() => t.close());

  /** The answer the transactional path builds (webhook events' objects). */
  async function transactional(id: string) {
    const sub = await t.app.get(SubscriptionLookup).get(a.companyId, id);
    const [view] = await t.dataSource.transaction((m) => t.app.get(SubscriptionViews).many(a.companyId, [sub], m));
    return JSON.parse(JSON.stringify(view));
  }

  it('GET /subscriptions/{id} answers exactly as the transactional read path, for every kind of subscription', async () => {
    for (const name of ['older', 'newer', 'bundled', 'ended', 'future']) {
      const id = fixture[name].id as string;
      const body = await get(`/subscriptions/${id}`);
      expect({ name, body }).toEqual({ name, body: await transactional(id) });
    }
    // what the fixture is meant to cover is there
    const newer = await get(`/subscriptions/${fixture.newer.id}`);
    expect(newer.change_date).not.toBeNull();
    expect(newer.override_entitlements).toHaveLength(1);
    expect(newer.customer.computed_entitlements.length).toBeGreaterThan(0);
    const bundled = await get(`/subscriptions/${fixture.bundled.id}`);
    expect(bundled.bundle_pricing).not.toBeNull();
    expect((await get(`/subscriptions/${fixture.ended.id}`)).status).toBe('cancelled');
    // by identifier too
    expect(await get('/subscriptions/reads-older')).toEqual(await transactional(fixture.older.id));
  });

  it('the transactional read sees what its own transaction changed, and nothing of it is seen outside', async () => {
    const id = fixture.older.id as string;
    const sub = await t.app.get(SubscriptionLookup).get(a.companyId, id);
    const before = await get(`/subscriptions/${id}`);
    const rollback = new Error('roll back');
    let inside: any;
    await expect(
      t.dataSource.transaction(async (m) => {
        await m.query(`UPDATE customers SET name = 'Renamed inside' WHERE company_id = $1 AND id = $2`, [a.companyId, sub.customer_id]);
        [inside] = await t.app.get(SubscriptionViews).many(a.companyId, [sub], m);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(inside.customer.name).toBe('Renamed inside');
    expect({ ...JSON.parse(JSON.stringify(inside)), customer: before.customer }).toEqual(before);
    expect(await get(`/subscriptions/${id}`)).toEqual(before);
  });

  it('POST /subscriptions/find answers each result as GET does', async () => {
    const page = await post('/subscriptions/find', { pagination: { limit: 100 } });
    expect(page.results).toHaveLength(5);
    for (const r of page.results) expect(r).toEqual(await get(`/subscriptions/${r.id}`));
  });

  it('GET /customers/{id} answers exactly as the transactional read path', async () => {
    for (const c of [fixture.customer, fixture.lonely]) {
      const body = await get(`/customers/${c.id}`);
      const entity = await t.app.get(CustomerLookupService).getByIdOrIdentifier(a.companyId, c.id);
      const [view] = await t.dataSource.transaction((m) => t.app.get(CustomersViews).many(a.companyId, [entity], m));
      expect(body).toEqual(JSON.parse(JSON.stringify(view)));
    }
  });

  it('a read sends a fixed, small number of SQL statements, whatever it embeds', async () => {
    const count = async (read: () => Promise<unknown>) => {
      await read(); // warm: the token cache
      // the token is looked up again whenever its cache entry has expired (TOKEN_CACHE_TTL_MS), which
      // a slow run can reach between the two reads: that look-up is authentication, not the read
      return (await statementsOf(read)).statements.filter((q) => !/\bFROM api_tokens\b/.test(q)).length;
    };
    const counts = {
      subscription: await count(() => get(`/subscriptions/${fixture.newer.id}`)),
      byIdentifier: await count(() => get('/subscriptions/reads-older')),
      bundled: await count(() => get(`/subscriptions/${fixture.bundled.id}`)),
      notStarted: await count(() => get(`/subscriptions/${fixture.future.id}`)),
      // five subscriptions: the search, then one statement for all their answers
      page: await count(() => post('/subscriptions/find', { pagination: { limit: 100 } })),
      customerWithSubscriptions: await count(() => get(`/customers/${fixture.customer.id}`)),
      customerWithout: await count(() => get(`/customers/${fixture.lonely.id}`)),
    };
    expect(counts).toEqual({
      subscription: 1,
      byIdentifier: 1,
      bundled: 1,
      notStarted: 1,
      page: 2,
      // the customer and its live subscriptions, then (when it has some) their entitlements' inputs
      customerWithSubscriptions: 2,
      customerWithout: 1,
    });
  });
});
