import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { createPricing, createProduct, fixedPricing } from '../support/fixtures';

const T0 = new Date('2027-03-01T00:00:00.000Z');

describe('tax rates (/taxes)', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;

  beforeAll(async () => {
    t = await createTestApp({ clock: new FixedClock(T0) });
    a = await t.tenant('A');
    b = await t.tenant('B');
  });
  afterAll(() => t.close());

  it('creates a rate (201) with its defaults, and reads it by id and by code', async () => {
    const res = await a
      .post('/taxes', { name: 'NY sales tax', code: 'NY-8875', percentage: 8.875, country: 'us', state: 'NY' })
      .expect(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^tax_[0-9a-z]{26}$/),
      company_id: a.companyId,
      name: 'NY sales tax',
      code: 'NY-8875',
      percentage: 8.875,
      inclusive: false,
      country: 'US',
      state: 'NY',
      description: null,
      active: true,
      created_at: T0.toISOString(),
      updated_at: T0.toISOString(),
    });
    expect((await a.get(`/taxes/${res.body.id}`).expect(200)).body).toEqual(res.body);
    expect((await a.get('/taxes/NY-8875').expect(200)).body).toEqual(res.body);
  });

  it('refuses bad input with a 400 naming the field, and a taken code with a 409', async () => {
    const base = { name: 'VAT', code: 'VAT-BAD' };
    for (const [body, field] of [
      [{ ...base, percentage: 100.00001 }, 'percentage'],
      [{ ...base, percentage: 8.87501 }, 'percentage'],
      [{ ...base, percentage: -1 }, 'percentage'],
      [{ ...base, percentage: 9e-323 }, 'percentage'],
      [{ ...base, percentage: '20' }, 'percentage'],
      [{ ...base, percentage: 20, state: 'CA' }, 'state'],
      [{ ...base, percentage: 20, country: 'XX' }, 'country'],
      [{ ...base, percentage: 20, country: 'USA' }, 'country'],
      [{ ...base, code: 'has space', percentage: 20 }, 'code'],
      [{ ...base, code: 'x'.repeat(51), percentage: 20 }, 'code'],
      [{ code: 'NONAME', percentage: 20 }, 'name'],
    ] as const) {
      const err = expectError(await a.post('/taxes', body), 400, 'validation_error');
      expect(Object.keys(err.validation_errors ?? {})).toContain(field);
    }
    await a.post('/taxes', { ...base, code: 'VAT20', percentage: 100 }).expect(201);
    expectError(await a.post('/taxes', { ...base, code: 'VAT20', percentage: 20 }), 409, 'request_error', 'duplicate_code');
  });

  it('updates a rate; finds by code, country, state, active and search', async () => {
    const de = (await a.post('/taxes', { name: 'German VAT', code: 'DE19', percentage: 19, country: 'DE', inclusive: true }).expect(201))
      .body;
    const patched = (await a.patch('/taxes/DE19', { name: 'Umsatzsteuer', percentage: 19.5, description: 'standard rate' }).expect(200))
      .body;
    expect(patched).toMatchObject({ id: de.id, name: 'Umsatzsteuer', percentage: 19.5, description: 'standard rate', inclusive: true });
    expectError(await a.patch('/taxes/DE19', { state: 'BY', country: null }), 400, 'validation_error');
    expectError(await a.patch('/taxes/DE19', { percentage: null }), 400, 'validation_error');
    await a.patch(`/taxes/${de.id}`, { active: false }).expect(200);
    const codes = async (query: Record<string, unknown>) =>
      (await a.post('/taxes/find', { query, sort_key: 'createdAtAsc' }).expect(200)).body.results.map((r: any) => r.code);
    expect(await codes({ country: 'de' })).toEqual(['DE19']);
    expect(await codes({ state: 'ny' })).toEqual(['NY-8875']);
    expect(await codes({ active: false })).toEqual(['DE19']);
    expect(await codes({ code: 'VAT20' })).toEqual(['VAT20']);
    expect(await codes({ search: 'umsatz' })).toEqual(['DE19']);
    const page = (await a.post('/taxes/find', { pagination: { limit: 2 }, sort_key: 'createdAtAsc', include_meta: true }).expect(200)).body;
    expect([page.results.length, page.pagination.total, typeof page.pagination.from_key]).toEqual([2, 3, 'string']);
  });

  it("another company neither sees nor changes A's rates, and may use the same code", async () => {
    const mine = (await a.get('/taxes/VAT20').expect(200)).body;
    expectError(await b.get(`/taxes/${mine.id}`), 404, 'request_error');
    expectError(await b.get('/taxes/VAT20'), 404, 'request_error');
    expectError(await b.patch(`/taxes/${mine.id}`, { name: 'stolen' }), 404, 'request_error');
    expect((await b.post('/taxes/find', {}).expect(200)).body.results).toEqual([]);
    await b.post('/taxes', { name: 'VAT', code: 'VAT20', percentage: 20 }).expect(201);
    expect((await a.get('/taxes/VAT20').expect(200)).body.name).toBe('VAT');
  });

  it('override_taxes of customers and pricings take ids or codes, store ids, and refuse an unknown rate naming it', async () => {
    const vat = (await a.get('/taxes/VAT20').expect(200)).body;
    const c = (await a.post('/customers', { override_taxes: [{ tax_id: 'VAT20' }] }).expect(201)).body;
    expect(c.override_taxes).toEqual([{ tax_id: vat.id }]);
    expect((await a.patch(`/customers/${c.id}`, { override_taxes: [] }).expect(200)).body.override_taxes).toEqual([]);
    expect((await a.patch(`/customers/${c.id}`, { override_taxes: null }).expect(200)).body.override_taxes).toBeNull();
    const err = expectError(
      await a.patch(`/customers/${c.id}`, { override_taxes: [{ tax_id: vat.id }, { tax_id: 'NOPE' }] }),
      400,
      'validation_error',
    );
    expect(err.validation_errors).toEqual({ 'override_taxes[1].tax_id': 'tax rate "NOPE" not found' });
    // another company's rate is unknown here
    expectError(await b.post('/customers', { override_taxes: [{ tax_id: vat.id }] }), 400, 'validation_error');

    const product = await createProduct(a, { name: 'Taxed' });
    const pricing = await createPricing(a, fixedPricing(product.id, { override_taxes: [{ tax_id: vat.id }] }));
    expect(pricing.override_taxes).toEqual([{ tax_id: vat.id }]);
    expect((await a.patch(`/pricing/${pricing.id}`, { override_taxes: [] }).expect(200)).body.override_taxes).toEqual([]);
    const perr = expectError(await a.patch(`/pricing/${pricing.id}`, { override_taxes: [{ tax_id: 'NOPE' }] }), 400, 'validation_error');
    expect(Object.keys(perr.validation_errors ?? {})).toEqual(['override_taxes[0].tax_id']);
  });
});
