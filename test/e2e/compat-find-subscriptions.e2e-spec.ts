import { createTestApp, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { createCustomer, createPricing, createProduct, fixedPricing, ok } from '../support/fixtures';

/** Issue 12: the `subscriptions/find` filters the hosted API documents. */
describe('compat: subscriptions/find filters', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let first: { id: string; customer_id: string };
  let second: { id: string; customer_id: string };
  let inB: { id: string };
  let ids: { productA: string; productB: string; pricingA: string; pricingB: string; pm: string; parent: string };

  const plan = async (tenant: Tenant, productTags: string[], pricingTags: string[], cents: number) => {
    const product = await createProduct(tenant, { name: `P ${productTags.join('+')}`, tags: productTags });
    const pricing = await createPricing(
      tenant,
      fixedPricing(product.id, {
        tags: pricingTags,
        fixed_price: { price_per_unit: cents },
        billing_frequency: { count: 1, frequency: 'MONTH' },
      }),
    );
    return { product: product.id as string, pricing: pricing.id as string, seats: pricing.product_metric_pricings[0].id as string };
  };

  const subscribe = async (tenant: Tenant, body: Record<string, unknown>) => ok(await tenant.post('/subscriptions', body));

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.tenant('A');
    b = await t.tenant('B');
    const gold = await plan(a, ['gold', 'seats'], ['monthly', 'popular'], 1000);
    const basic = await plan(a, ['basic', 'seats'], ['monthly'], 500);
    const parent = await createCustomer(a, { name: 'Parent' });
    const c1 = await createCustomer(a, {
      owner_id: 'user_1',
      exclude_from_metrics: true,
      managed_externally: true,
      parent_customer_id: parent.id,
    });
    const c2 = await createCustomer(a, { owner_id: 'user_2' });
    const pm = await ok(await a.post(`/customers/${c1.id}/payment_methods`, { token: 'tok_visa' }));
    first = await subscribe(a, {
      customer_id: c1.id,
      product_pricing_ids: [gold.pricing],
      config_items: [{ product_metric_pricing_id: gold.seats, num_licenses: 3 }],
      payment_method_id: pm.id,
    });
    second = await subscribe(a, {
      customer_id: c2.id,
      product_pricing_ids: [basic.pricing],
      config_items: [{ product_metric_pricing_id: basic.seats, num_licenses: 1 }],
    });
    const bPlan = await plan(b, ['gold', 'seats'], ['monthly', 'popular'], 1000);
    const bCustomer = await createCustomer(b, { owner_id: 'user_1', exclude_from_metrics: true });
    inB = await subscribe(b, {
      customer_id: bCustomer.id,
      product_pricing_ids: [bPlan.pricing],
      config_items: [{ product_metric_pricing_id: bPlan.seats, num_licenses: 3 }],
    });
    ids = {
      productA: gold.product,
      productB: basic.product,
      pricingA: gold.pricing,
      pricingB: basic.pricing,
      pm: pm.id,
      parent: parent.id,
    };
  });
  afterAll(() => t.close());

  const find = async (tenant: Tenant, query: Record<string, unknown>) =>
    ((await ok(await tenant.post('/subscriptions/find', { query, pagination: { limit: 100 } }))).results as { id: string }[])
      .map((r) => r.id)
      .sort();
  const both = () => [first.id, second.id].sort();

  it('status and statuses in any case (ACTIVE as the hosted API spells it); answers stay lower-case', async () => {
    const res = await ok(await a.post('/subscriptions/find', { query: { status: 'ACTIVE' } }));
    expect(res.results.map((r: { id: string }) => r.id).sort()).toEqual(both());
    expect(res.results.every((r: { status: string }) => r.status === 'active')).toBe(true);
    expect(await find(a, { statuses: ['CANCELLED', 'Unpaid'] })).toEqual([]);
    expect(await find(a, { status: 'Active' })).toEqual(both());
  });

  it("the customer's exclude_from_metrics, managed_externally, owner_id, owner_ids and parent_customer_id", async () => {
    expect(await find(a, { exclude_from_metrics: true })).toEqual([first.id]);
    expect(await find(a, { exclude_from_metrics: false })).toEqual([second.id]);
    expect(await find(a, { managed_externally: true })).toEqual([first.id]);
    expect(await find(a, { managed_externally: false })).toEqual([second.id]);
    expect(await find(a, { owner_id: 'user_2' })).toEqual([second.id]);
    expect(await find(a, { owner_id: 'user_3' })).toEqual([]);
    expect(await find(a, { owner_ids: { condition: 'OR', values: ['user_1', 'user_2'] } })).toEqual(both());
    expect(await find(a, { owner_ids: { condition: 'AND', values: ['user_1', 'user_2'] } })).toEqual([]);
    expect(await find(a, { owner_ids: { condition: 'AND', values: ['user_1'] } })).toEqual([first.id]);
    expect(await find(a, { parent_customer_id: ids.parent })).toEqual([first.id]);
    expect(await find(a, { parent_customer_id: 'cus_nobody' })).toEqual([]);
  });

  it('mrr range (cents) and payment_method_id', async () => {
    expect(await find(a, { mrr: { eq: 3000 } })).toEqual([first.id]);
    expect(await find(a, { mrr: { lt: 3000 } })).toEqual([second.id]);
    expect(await find(a, { mrr: { gte: 500, lte: 3000 } })).toEqual(both());
    expect(await find(a, { payment_method_id: ids.pm })).toEqual([first.id]);
    expect(await find(a, { payment_method_id: 'pm_other' })).toEqual([]);
  });

  it('product_ids and product_pricing_ids {condition, values}', async () => {
    expect(await find(a, { product_ids: { condition: 'OR', values: [ids.productA] } })).toEqual([first.id]);
    expect(await find(a, { product_ids: { condition: 'OR', values: [ids.productA, ids.productB] } })).toEqual(both());
    expect(await find(a, { product_ids: { condition: 'AND', values: [ids.productA, ids.productB] } })).toEqual([]);
    expect(await find(a, { product_ids: { condition: 'AND', values: [ids.productB] } })).toEqual([second.id]);
    expect(await find(a, { product_pricing_ids: { condition: 'OR', values: [ids.pricingB, 'pp_x'] } })).toEqual([second.id]);
    expect(await find(a, { product_pricing_ids: { condition: 'AND', values: [ids.pricingA] } })).toEqual([first.id]);
    expect(await find(a, { product_pricing_ids: { condition: 'AND', values: [ids.pricingA, ids.pricingB] } })).toEqual([]);
  });

  it('product_tags and product_pricing_tags {condition, values}', async () => {
    expect(await find(a, { product_tags: { condition: 'AND', values: ['gold', 'seats'] } })).toEqual([first.id]);
    expect(await find(a, { product_tags: { condition: 'AND', values: ['seats'] } })).toEqual(both());
    expect(await find(a, { product_tags: { condition: 'OR', values: ['basic', 'none'] } })).toEqual([second.id]);
    expect(await find(a, { product_tags: { condition: 'AND', values: ['gold', 'basic'] } })).toEqual([]);
    expect(await find(a, { product_pricing_tags: { condition: 'AND', values: ['popular'] } })).toEqual([first.id]);
    expect(await find(a, { product_pricing_tags: { condition: 'OR', values: ['monthly'] } })).toEqual(both());
    expect(await find(a, { product_pricing_tags: { condition: 'AND', values: ['monthly', 'yearly'] } })).toEqual([]);
  });

  it('parent_billed and tags filter on what PATCH stored; group_id is accepted and matches nothing (no groups)', async () => {
    expect(await find(a, { parent_billed: true })).toEqual([]);
    await ok(await a.patch(`/subscriptions/${first.id}`, { parent_billed: true, tags: ['vip', 'eu'] }));
    await ok(await a.patch(`/subscriptions/${second.id}`, { tags: ['eu'] }));
    expect(await find(a, { parent_billed: true })).toEqual([first.id]);
    expect(await find(a, { parent_billed: false })).toEqual([second.id]);
    expect(await find(a, { tags: { condition: 'OR', values: ['vip'] } })).toEqual([first.id]);
    expect(await find(a, { tags: { condition: 'AND', values: ['vip', 'eu'] } })).toEqual([first.id]);
    expect(await find(a, { tags: { condition: 'OR', values: ['eu', 'x'] } })).toEqual(both());
    expect(await find(a, { tags: { condition: 'OR', values: ['x'] } })).toEqual([]);
    expect(await find(a, { group_id: 'grp_1' })).toEqual([]);
  });

  it('stays inside the company', async () => {
    expect(await find(b, { product_tags: { condition: 'AND', values: ['gold'] } })).toEqual([inB.id]);
    expect(await find(b, { product_ids: { condition: 'OR', values: [ids.productA] } })).toEqual([]);
    expect(await find(b, { owner_ids: { condition: 'OR', values: ['user_1', 'user_2'] } })).toEqual([inB.id]);
    expect(await find(a, { exclude_from_metrics: true })).not.toContain(inB.id);
    expect((await b.get(`/subscriptions/${first.id}`)).status).toBe(404);
  });

  it('refuses bad values and undocumented filters (400)', async () => {
    const bad: Record<string, unknown>[] = [
      { status: 'sleeping' },
      { statuses: ['active', 'gone'] },
      { exclude_from_metrics: 'true' },
      { group_id: 5 },
      { managed_externally: 'no' },
      { mrr: { gt: 'x' } },
      { mrr: 5 },
      { owner_id: 1 },
      { owner_ids: ['user_1'] },
      { parent_billed: 'yes' },
      { parent_customer_id: {} },
      { payment_method_id: 3 },
      { product_ids: { condition: 'NAND', values: ['x'] } },
      { product_pricing_ids: { condition: 'OR', values: [] } },
      { product_pricing_tags: { condition: 'OR' } },
      { product_tags: 'gold' },
      { tags: { condition: 'OR', values: [1] } },
      { colour: 'red' },
    ];
    for (const query of bad) expectError(await a.post('/subscriptions/find', { query }), 400, 'validation_error');
  });
});
