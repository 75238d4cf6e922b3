import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { CatalogHooks } from '../../src/catalog/catalog.hooks';
import { createPricing, createProduct, fixedPricing } from '../support/fixtures';

describe('catalog: bundles', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let seats: { id: string; product_id: string };
  let support: { id: string; product_id: string };
  let euro: { id: string };
  const clock = new FixedClock(new Date('2026-04-01T00:00:00.000Z'));

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('A');
    b = await t.tenant('B');
    const core = await createProduct(a, { name: 'Core' });
    const addon = await createProduct(a, { name: 'Support add-on' });
    seats = await createPricing(a, fixedPricing(core.id, { name: 'Seats' }));
    support = await createPricing(
      a,
      fixedPricing(addon.id, {
        name: 'Support',
        pricing_type: 'STEP',
        fixed_price: undefined,
        step_price: { price_per_step: '0.5', step_size: 10 },
      }),
    );
    euro = await createPricing(a, fixedPricing(core.id, { name: 'Seats EUR', currency: 'EUR' }));
  });
  afterAll(() => t.close());

  it('creates a bundle (200) and gets it (S18) with every field of the spec', async () => {
    const res = await a
      .post('/bundles', {
        name: 'Starter',
        currency: 'USD',
        term: { count: 12, frequency: 'MONTH' },
        product_pricing_ids: [seats.id, support.id],
        description: 'seats and support',
        metadata: { campaign: 'spring' },
      })
      .expect(200);
    const seatsView = (await a.get(`/pricing/${seats.id}`).expect(200)).body;
    const supportView = (await a.get(`/pricing/${support.id}`).expect(200)).body;
    const entry = (pricing: typeof seatsView) => ({
      bundle_pricing_id: res.body.id,
      company_id: a.companyId,
      created_at: '2026-04-01T00:00:00.000Z',
      id: expect.stringMatching(/^bpp_[0-9a-z]{26}$/),
      product: pricing.product,
      product_id: pricing.product_id,
      product_pricing: pricing,
      product_pricing_id: pricing.id,
      updated_at: '2026-04-01T00:00:00.000Z',
    });
    expect(res.body).toEqual({
      bundle_product_pricings: [entry(seatsView), entry(supportView)],
      company_id: a.companyId,
      created_at: '2026-04-01T00:00:00.000Z',
      currency: 'USD',
      description: 'seats and support',
      id: expect.stringMatching(/^bndl_[0-9a-z]{26}$/),
      is_auto_generated: false,
      metadata: { campaign: 'spring' },
      name: 'Starter',
      num_subs: 0,
      state: 'ACTIVE',
      term: { count: 12, frequency: 'MONTH' },
      updated_at: '2026-04-01T00:00:00.000Z',
    });
    expect(res.body.bundle_product_pricings[0].product.name).toBe('Core');
    expect(res.body.bundle_product_pricings[1].product_pricing.product_metric_pricings[0].item_pricing.step_price).toEqual({
      price_per_step: 0.5,
      step_size: 10,
    });
    expect((await a.get(`/bundles/${res.body.id}`).expect(200)).body).toEqual(res.body);
  });

  it("defaults the currency to the pricings' and the term to one month", async () => {
    const res = await a.post('/bundles', { name: 'Defaults', product_pricing_ids: [euro.id] }).expect(200);
    expect(res.body).toMatchObject({ currency: 'EUR', term: { count: 1, frequency: 'MONTH' }, description: null, metadata: {} });
  });

  it.each([
    ['no pricings', { product_pricing_ids: [] }, 400, 'validation_error', 'product_pricing_ids'],
    ['no name', { name: undefined }, 400, 'validation_error', 'name'],
    ['a lower-case currency', { currency: 'usd' }, 400, 'validation_error', 'currency'],
    ['a bad term', { term: { count: 0, frequency: 'MONTH' } }, 400, 'validation_error', 'term.count'],
    ['a bad term frequency', { term: { count: 1, frequency: 'DECADE' } }, 400, 'validation_error', 'term.frequency'],
    ['an unknown field', { colour: 'red' }, 400, 'validation_error', 'colour'],
    [
      'an unknown pricing',
      { product_pricing_ids: ['SEATS', 'pp_01jzzzzzzzzzzzzzzzzzzzzzzz'] },
      404,
      'request_error',
      'product_pricing_ids[1]',
    ],
    ['a malformed pricing id', { product_pricing_ids: ['prod_x'] }, 404, 'request_error', 'product_pricing_ids[0]'],
    ['mixed currencies', { product_pricing_ids: ['SEATS', 'EURO'] }, 400, 'request_error', 'product_pricing_ids[1]'],
    [
      'a pricing outside the bundle currency',
      { currency: 'GBP', product_pricing_ids: ['SEATS'] },
      400,
      'request_error',
      'product_pricing_ids[0]',
    ],
    ['a pricing listed twice', { product_pricing_ids: ['SEATS', 'SEATS'] }, 400, 'validation_error', 'product_pricing_ids[1]'],
  ])('rejects %s', async (_what, over, status, type, field) => {
    const ids = (over as { product_pricing_ids?: string[] }).product_pricing_ids?.map((id) =>
      id === 'SEATS' ? seats.id : id === 'EURO' ? euro.id : id,
    );
    const body = { name: 'Bad', currency: 'USD', product_pricing_ids: [seats.id], ...over, ...(ids ? { product_pricing_ids: ids } : {}) };
    const before = (await a.post('/bundles/find', { include_meta: true }).expect(200)).body.pagination.total;
    const res = await a.post('/bundles', body).expect(status);
    expect(expectError(res, status, type).validation_errors).toHaveProperty([field]);
    expect((await a.post('/bundles/find', { include_meta: true }).expect(200)).body.pagination.total).toBe(before);
  });

  it('refuses an archived pricing, and still shows a bundle whose pricing was archived later', async () => {
    const product = await createProduct(a, { name: 'Temp' });
    const temp = await createPricing(a, fixedPricing(product.id, { name: 'Temp price' }));
    const bundle = (await a.post('/bundles', { name: 'Has temp', product_pricing_ids: [temp.id] }).expect(200)).body;
    await a.patch(`/pricing/${temp.id}`, { state: 'ARCHIVED' }).expect(200);
    const refused = await a.post('/bundles', { name: 'Archived', product_pricing_ids: [temp.id] }).expect(400);
    expect(expectError(refused, 400, 'validation_error').validation_errors).toHaveProperty(['product_pricing_ids[0]']);
    const got = (await a.get(`/bundles/${bundle.id}`).expect(200)).body;
    expect(got.bundle_product_pricings[0].product_pricing.state).toBe('ARCHIVED');
  });

  it('archives a bundle and shows num_subs from the subscription counter', async () => {
    const bundle = (await a.post('/bundles', { name: 'To archive', product_pricing_ids: [seats.id] }).expect(200)).body;
    clock.advance(1000);
    const archived = (await a.patch(`/bundles/${bundle.id}`, { state: 'ARCHIVED', name: 'Archived bundle' }).expect(200)).body;
    expect(archived).toMatchObject({
      state: 'ARCHIVED',
      name: 'Archived bundle',
      updated_at: '2026-04-01T00:00:01.000Z',
      created_at: bundle.created_at,
    });
    const counter = t.app.get(CatalogHooks).subscriptionUsage;
    const spy = jest.spyOn(counter, 'countByBundle').mockImplementation(async (_c, ids) => new Map(ids.map((id) => [id, 3])));
    try {
      expect((await a.get(`/bundles/${bundle.id}`).expect(200)).body.num_subs).toBe(3);
    } finally {
      spy.mockRestore();
    }
  });

  it('finds by is_auto_generated, search and state (S5), with the base sort keys', async () => {
    const c = await t.tenant('bundle finder');
    const prod = await createProduct(c, { name: 'P' });
    const price = await createPricing(c, fixedPricing(prod.id));
    const mk = async (body: object) => (await c.post('/bundles', { product_pricing_ids: [price.id], ...body }).expect(200)).body;
    const tick = () => clock.advance(1000);
    const small = await mk({ name: 'Small team', description: 'for startups' });
    tick();
    const large = await mk({ name: 'Enterprise' });
    tick();
    const old = await mk({ name: 'Legacy' });
    tick();
    await c.patch(`/bundles/${old.id}`, { state: 'ARCHIVED' }).expect(200);
    tick();
    await c.patch(`/bundles/${small.id}`, { description: 'for startups and small teams' }).expect(200);
    const ids = async (body: object) => (await c.post('/bundles/find', body).expect(200)).body.results.map((r: { id: string }) => r.id);
    expect(await ids({ query: { search: 'STARTUP' } })).toEqual([small.id]);
    expect(await ids({ query: { search: 'enter' } })).toEqual([large.id]);
    expect(await ids({ query: { state: 'archived' } })).toEqual([old.id]);
    expect(await ids({ query: { state: 'ACTIVE' } })).toEqual([large.id, small.id]);
    expect(await ids({ query: { is_auto_generated: false } })).toEqual([old.id, large.id, small.id]);
    expect(await ids({ query: { is_auto_generated: true } })).toEqual([]);
    expect(await ids({})).toEqual([old.id, large.id, small.id]);
    expect(await ids({ sort_key: 'createdAtAsc' })).toEqual([small.id, large.id, old.id]);
    expect(await ids({ sort_key: 'updatedAtDesc' })).toEqual([small.id, old.id, large.id]);
    expect(await ids({ sort_key: 'updatedAtAsc' })).toEqual([large.id, old.id, small.id]);
    const page1 = (await c.post('/bundles/find', { pagination: { limit: 2 }, include_meta: true }).expect(200)).body;
    expect(page1.pagination).toEqual({ from_key: expect.any(String), limit: 2, total: 3 });
    expect(page1.results[0]).toEqual((await c.get(`/bundles/${old.id}`).expect(200)).body);
    const page2 = (await c.post('/bundles/find', { pagination: { limit: 2, from_key: page1.pagination.from_key } }).expect(200)).body;
    expect(page2.results.map((r: { id: string }) => r.id)).toEqual([small.id]);
    expect(page2.pagination.from_key).toBeNull();
    expectError(await c.post('/bundles/find', { sort_key: 'nameAsc' }).expect(400), 400, 'validation_error');
    expectError(await c.post('/bundles/find', { query: { is_auto_generated: 'no' } }).expect(400), 400, 'validation_error');
    expectError(await c.post('/bundles/find', { query: { currency: 'USD' } }).expect(400), 400, 'validation_error');
  });

  it('answers 404 for unknown and malformed bundle ids', async () => {
    expectError(await a.get('/bundles/bndl_01jzzzzzzzzzzzzzzzzzzzzzzz').expect(404), 404, 'request_error', 'not_found');
    expectError(await a.get('/bundles/pp_01jzzzzzzzzzzzzzzzzzzzzzzz').expect(404), 404, 'request_error', 'not_found');
    expectError(await a.get('/bundles/x').expect(404), 404, 'request_error', 'not_found');
  });

  it("keeps companies apart: B cannot read, find, change or bundle A's records", async () => {
    const secret = (await a.post('/bundles', { name: 'Secret bundle of A', product_pricing_ids: [seats.id] }).expect(200)).body;
    expectError(await b.get(`/bundles/${secret.id}`).expect(404), 404, 'request_error');
    expectError(await b.patch(`/bundles/${secret.id}`, { name: 'hacked' }).expect(404), 404, 'request_error');
    const found = (await b.post('/bundles/find', { query: { search: 'Secret bundle' }, include_meta: true }).expect(200)).body;
    expect(found.results).toEqual([]);
    expect(found.pagination.total).toBe(0);
    const cross = await b.post('/bundles', { name: 'Steal', currency: 'USD', product_pricing_ids: [seats.id] }).expect(404);
    expect(expectError(cross, 404, 'request_error', 'not_found').validation_errors).toHaveProperty(['product_pricing_ids[0]']);
    expectError(await a.get(`/bundles/${secret.id}`).set('Authorization', `Bearer ${b.token}`).expect(403), 403, 'auth_error');
    expectError(await a.post('/bundles/find', {}).set('Authorization', `Bearer ${b.token}`).expect(403), 403, 'auth_error');
    expect((await a.get(`/bundles/${secret.id}`).expect(200)).body.name).toBe('Secret bundle of A');
  });
});
