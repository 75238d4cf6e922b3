import { createTestApp, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { createPricing, createProduct, fixedPricing, ok } from '../support/fixtures';

/** Issue 12: products/find `tags` as a list of strings; products and pricings read by their external identifier. */
describe('compat: products/find tags, GET /products and /pricing by external identifier', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.tenant('A');
    b = await t.tenant('B');
  });
  afterAll(() => t.close());

  describe('products/find tags', () => {
    let both: string;
    let one: string;
    let inB: string;

    beforeAll(async () => {
      both = (await createProduct(a, { name: 'Both', tags: ['cf-seats', 'cf-eu'] })).id;
      one = (await createProduct(a, { name: 'One', tags: ['cf-seats'] })).id;
      inB = (await createProduct(b, { name: 'B', tags: ['cf-seats', 'cf-eu'] })).id;
    });

    const find = async (tenant: Tenant, tags: unknown) =>
      ((await ok(await tenant.post('/products/find', { query: { tags }, pagination: { limit: 100 } }))).results as { id: string }[])
        .map((r) => r.id)
        .sort();

    it('a list of strings: the product has every tag', async () => {
      expect(await find(a, ['cf-seats', 'cf-eu'])).toEqual([both]);
      expect(await find(a, ['cf-seats'])).toEqual([both, one].sort());
      expect(await find(a, ['cf-none'])).toEqual([]);
    });

    it('{condition, values} still works (AND every tag, OR one)', async () => {
      expect(await find(a, { condition: 'AND', values: ['cf-seats', 'cf-eu'] })).toEqual([both]);
      expect(await find(a, { condition: 'OR', values: ['cf-eu', 'cf-none'] })).toEqual([both]);
    });

    it('stays inside the company', async () => {
      expect(await find(b, ['cf-seats', 'cf-eu'])).toEqual([inB]);
    });

    it('refuses bad values (400)', async () => {
      for (const tags of [
        'cf-seats',
        [1],
        [''.padEnd(256, 'x')],
        { condition: 'XOR', values: ['x'] },
        { condition: 'AND', values: [] },
        { condition: 'AND', values: ['x'], extra: 1 },
        5,
      ]) {
        expectError(await a.post('/products/find', { query: { tags } }), 400, 'validation_error');
      }
    });
  });

  describe('GET by external identifier (external_name)', () => {
    let product: { id: string; external_name: string };
    let pricing: { id: string; external_name: string };

    beforeAll(async () => {
      product = await createProduct(a, { name: 'Team', external_name: 'team-plan-cf' });
      pricing = await createPricing(a, fixedPricing(product.id, { external_name: 'team-monthly-cf' }));
    });

    it('GET /products/{id} answers the same product by id and by external_name', async () => {
      const byId = await ok(await a.get(`/products/${product.id}`));
      const byName = await ok(await a.get(`/products/${encodeURIComponent('team-plan-cf')}`));
      expect(byName).toEqual(byId);
      expect(byName.id).toBe(product.id);
    });

    it('GET /pricing/{id} answers the same pricing by id and by external_name', async () => {
      const byId = await ok(await a.get(`/pricing/${pricing.id}`));
      const byName = await ok(await a.get('/pricing/team-monthly-cf'));
      expect(byName).toEqual(byId);
      expect(byName.id).toBe(pricing.id);
    });

    it('404 for an unknown external_name, and for another company', async () => {
      expectError(await a.get('/products/nobody-cf'), 404, 'request_error', 'not_found');
      expectError(await a.get('/pricing/nobody-cf'), 404, 'request_error', 'not_found');
      expectError(await b.get('/products/team-plan-cf'), 404, 'request_error', 'not_found');
      expectError(await b.get(`/products/${product.id}`), 404, 'request_error', 'not_found');
      expectError(await b.get('/pricing/team-monthly-cf'), 404, 'request_error', 'not_found');
      expectError(await b.get(`/pricing/${pricing.id}`), 404, 'request_error', 'not_found');
    });

    it('400 ambiguous_identifier when two records share the external_name', async () => {
      await createProduct(a, { name: 'Twin 1', external_name: 'twin-cf' });
      await createProduct(a, { name: 'Twin 2', external_name: 'twin-cf' });
      expectError(await a.get('/products/twin-cf'), 400, 'request_error', 'ambiguous_identifier');
      await createPricing(a, fixedPricing(product.id, { external_name: 'twin-price-cf' }));
      await createPricing(a, fixedPricing(product.id, { external_name: 'twin-price-cf' }));
      expectError(await a.get('/pricing/twin-price-cf'), 400, 'request_error', 'ambiguous_identifier');
    });
  });
});
