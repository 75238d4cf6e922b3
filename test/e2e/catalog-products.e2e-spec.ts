import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { createEntitlement, createPricing, createProduct, fixedPricing, ISO } from '../support/fixtures';

describe('catalog: products', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const clock = new FixedClock(new Date('2026-03-01T10:00:00.000Z'));

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('A');
    b = await t.tenant('B');
  });
  afterAll(() => t.close());

  it('creates a product (S6, 200) with every field of the spec', async () => {
    const res = await a
      .post('/products', {
        name: 'Pro plan',
        external_name: 'Pro',
        description: 'For teams',
        image_url: 'https://example.com/p.png',
        metadata: { tier: 2 },
        tags: ['saas', 'pro'],
        state: 'ACTIVE',
      })
      .expect(200);
    expect(res.body).toEqual({
      company_id: a.companyId,
      created_at: expect.stringMatching(ISO),
      description: 'For teams',
      entitlements: [],
      external_name: 'Pro',
      id: expect.stringMatching(/^prod_[0-9a-z]{26}$/),
      image_url: 'https://example.com/p.png',
      import_created_at_ref: null,
      import_ref: null,
      imported_from: null,
      metadata: { tier: 2 },
      name: 'Pro plan',
      product_pricings: [],
      state: 'ACTIVE',
      tags: ['saas', 'pro'],
      updated_at: res.body.created_at,
    });
    expect((await a.get(`/products/${res.body.id}`).expect(200)).body).toEqual(res.body);
  });

  it('requires no field: an empty body makes an untitled ACTIVE product', async () => {
    const res = await a.post('/products', {}).expect(200);
    expect(res.body).toMatchObject({
      name: 'Untitled product',
      state: 'ACTIVE',
      tags: [],
      metadata: {},
      description: null,
      image_url: null,
    });
    const named = await a.post('/products', { external_name: 'Public name' }).expect(200);
    expect(named.body.name).toBe('Public name');
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 5 }, 'name'],
    [{ state: 'DELETED' }, 'state'],
    [{ tags: 'a' }, 'tags'],
    [{ tags: [1] }, 'tags'],
    [{ metadata: 'x' }, 'metadata'],
    [{ colour: 'red' }, 'colour'],
    [{ entitlements: [{ key: 'x', value: 1, extra: 1 }] }, 'entitlements[0].extra'],
  ])('rejects %j naming %s', async (body, field) => {
    const res = await a.post('/products', body).expect(400);
    expect(expectError(res, 400, 'validation_error').validation_errors).toHaveProperty([field]);
  });

  it('GET expands product_pricings with their nested records', async () => {
    const product = await createProduct(a, { name: 'With prices' });
    const p1 = await createPricing(a, fixedPricing(product.id, { name: 'Monthly' }));
    const p2 = await createPricing(a, fixedPricing(product.id, { name: 'Yearly', billing_frequency: { count: 1, frequency: 'YEAR' } }));
    const got = (await a.get(`/products/${product.id}`).expect(200)).body;
    expect(got.product_pricings.map((p: { id: string }) => p.id)).toEqual([p1.id, p2.id]);
    const nested = got.product_pricings[0];
    expect(nested).toEqual(p1);
    expect(nested.product.product_pricings).toBeNull();
    expect(nested.product_metric_pricings[0].item_pricing.fixed_price).toEqual({ price_per_unit: 1000 });
  });

  it('updates every field and archives', async () => {
    const product = await createProduct(a, { name: 'Old', tags: ['x'] });
    clock.advance(1000);
    const res = await a
      .patch(`/products/${product.id}`, {
        name: 'New',
        external_name: 'Ext',
        description: 'Desc',
        image_url: null,
        metadata: { a: 1 },
        tags: ['y', 'z'],
        state: 'ARCHIVED',
      })
      .expect(200);
    expect(res.body).toMatchObject({
      id: product.id,
      name: 'New',
      external_name: 'Ext',
      description: 'Desc',
      image_url: null,
      metadata: { a: 1 },
      tags: ['y', 'z'],
      state: 'ARCHIVED',
    });
    expect(res.body.created_at).toBe(product.created_at);
    expect(new Date(res.body.updated_at).getTime()).toBeGreaterThan(new Date(product.updated_at).getTime());
    expect((await a.get(`/products/${product.id}`).expect(200)).body).toEqual(res.body);
    // an archived product takes no new pricing
    const refused = await a.post('/pricing', fixedPricing(product.id)).expect(400);
    expect(expectError(refused, 400, 'validation_error').validation_errors).toHaveProperty(['product_id']);
    await a.patch(`/products/${product.id}`, { state: 'ACTIVE' }).expect(200);
    await a.post('/pricing', fixedPricing(product.id)).expect(200);
    expectError(await a.patch(`/products/${product.id}`, { state: 'GONE' }).expect(400), 400, 'validation_error');
    expectError(await a.patch(`/products/${product.id}`, { name: null }).expect(400), 400, 'validation_error');
  });

  it('assigns entitlements by id or key, validates values, and replaces them on update', async () => {
    const seats = await createEntitlement(a, { key: 'p_seats', type: 'NUMBER', aggregator_type: 'MAXIMUM' });
    const sso = await createEntitlement(a, { key: 'p_sso', type: 'BOOL', aggregator_type: 'OR' });
    const tier = await createEntitlement(a, {
      key: 'p_tier',
      type: 'ENUM',
      aggregator_type: 'COALESCE',
      possible_values: ['gold', 'silver'],
    });
    const note = await createEntitlement(a, { key: 'p_note', type: 'TEXT', aggregator_type: 'COALESCE' });
    const res = await a
      .post('/products', {
        name: 'Entitled',
        entitlements: [
          { entitlement_id: seats.id, value: '10' },
          { key: 'p_sso', value: 'true' },
          { key: 'p_tier', value: 'gold' },
          { entitlement_id: note.id, value: 'hello' },
        ],
      })
      .expect(200);
    expect(res.body.entitlements).toEqual([
      {
        entitlement_id: seats.id,
        id: expect.stringMatching(/^enta_/),
        inherited_from_id: res.body.id,
        inherited_from_type: 'PRODUCT',
        key: 'p_seats',
        name: 'p_seats',
        original_value: null,
        overridden: false,
        type: 'NUMBER',
        value: 10,
      },
      {
        entitlement_id: sso.id,
        id: expect.any(String),
        inherited_from_id: res.body.id,
        inherited_from_type: 'PRODUCT',
        key: 'p_sso',
        name: 'p_sso',
        original_value: null,
        overridden: false,
        type: 'BOOL',
        value: true,
      },
      {
        entitlement_id: tier.id,
        id: expect.any(String),
        inherited_from_id: res.body.id,
        inherited_from_type: 'PRODUCT',
        key: 'p_tier',
        name: 'p_tier',
        original_value: null,
        overridden: false,
        type: 'ENUM',
        value: 'gold',
      },
      {
        entitlement_id: note.id,
        id: expect.any(String),
        inherited_from_id: res.body.id,
        inherited_from_type: 'PRODUCT',
        key: 'p_note',
        name: 'p_note',
        original_value: null,
        overridden: false,
        type: 'TEXT',
        value: 'hello',
      },
    ]);
    expect((await a.get(`/products/${res.body.id}`).expect(200)).body.entitlements).toEqual(res.body.entitlements);

    const seatsAssignment = res.body.entitlements[0].id;
    const updated = await a.patch(`/products/${res.body.id}`, { entitlements: [{ key: 'p_seats', value: 20 }] }).expect(200);
    expect(updated.body.entitlements).toHaveLength(1);
    expect(updated.body.entitlements[0]).toMatchObject({ id: seatsAssignment, value: 20 });
    // a PATCH without entitlements keeps them; an empty list clears them
    expect((await a.patch(`/products/${res.body.id}`, { name: 'Renamed' }).expect(200)).body.entitlements).toHaveLength(1);
    expect((await a.patch(`/products/${res.body.id}`, { entitlements: [] }).expect(200)).body.entitlements).toEqual([]);
  });

  it.each([
    [[{ key: 'missing_key', value: 1 }], 404, 'entitlements[0].entitlement_id'],
    [[{ entitlement_id: 'ent_01jzzzzzzzzzzzzzzzzzzzzzzz', value: 1 }], 404, 'entitlements[0].entitlement_id'],
    [[{ value: 1 }], 400, 'entitlements[0].entitlement_id'],
    [[{ key: 'v_num', value: 'ten' }], 400, 'entitlements[0].value'],
    [
      [
        { key: 'v_num', value: 1 },
        { key: 'v_bool', value: 'yes' },
      ],
      400,
      'entitlements[1].value',
    ],
    [[{ key: 'v_enum', value: 'bronze' }], 400, 'entitlements[0].value'],
    [[{ key: 'v_text', value: 12 }], 400, 'entitlements[0].value'],
    [[{ key: 'v_num', value: null }], 400, 'entitlements[0].value'],
    [
      [
        { key: 'v_num', value: 1 },
        { key: 'v_num', value: 2 },
      ],
      400,
      'entitlements[1].entitlement_id',
    ],
  ])('rejects entitlements %j (%i naming %s) and writes nothing', async (entitlements, status, field) => {
    const c = await t.tenant();
    await createEntitlement(c, { key: 'v_num', type: 'NUMBER', aggregator_type: 'ADD' });
    await createEntitlement(c, { key: 'v_bool', type: 'BOOL', aggregator_type: 'OR' });
    await createEntitlement(c, { key: 'v_enum', type: 'ENUM', aggregator_type: 'COALESCE', possible_values: ['gold'] });
    await createEntitlement(c, { key: 'v_text', type: 'TEXT', aggregator_type: 'COALESCE' });
    const res = await c.post('/products', { name: 'Bad', entitlements }).expect(status);
    const body = expectError(res, status, status === 404 ? 'request_error' : 'validation_error');
    expect(body.validation_errors).toHaveProperty([field]);
    expect((await c.post('/products/find', { include_meta: true }).expect(200)).body.pagination.total).toBe(0);
  });

  it('finds by name, search, state and tags, with the base sort keys and keyset pages', async () => {
    const c = await t.tenant('finder');
    const tick = () => clock.advance(1000);
    const alpha = await createProduct(c, { name: 'Alpha', description: 'first one', tags: ['red', 'big'] });
    tick();
    const beta = await createProduct(c, { name: 'Beta', external_name: 'Public beta', tags: ['red'] });
    tick();
    const gamma = await createProduct(c, { name: 'Gamma', tags: ['blue'] });
    tick();
    await c.patch(`/products/${gamma.id}`, { state: 'ARCHIVED' }).expect(200);
    tick();
    await c.patch(`/products/${alpha.id}`, { description: 'first one, touched' }).expect(200);
    const ids = async (body: object) => (await c.post('/products/find', body).expect(200)).body.results.map((r: { id: string }) => r.id);
    expect(await ids({ query: { name: 'Beta' } })).toEqual([beta.id]);
    expect(await ids({ query: { search: 'PUBLIC' } })).toEqual([beta.id]);
    expect(await ids({ query: { search: 'first' } })).toEqual([alpha.id]);
    expect(await ids({ query: { state: 'archived' } })).toEqual([gamma.id]);
    expect((await ids({ query: { state: 'ACTIVE' } })).sort()).toEqual([alpha.id, beta.id].sort());
    expect((await ids({ query: { tags: { condition: 'OR', values: ['red', 'blue'] } } })).sort()).toEqual(
      [alpha.id, beta.id, gamma.id].sort(),
    );
    expect(await ids({ query: { tags: { condition: 'AND', values: ['red', 'big'] } } })).toEqual([alpha.id]);
    expect(await ids({ sort_key: 'createdAtDesc' })).toEqual([gamma.id, beta.id, alpha.id]);
    expect(await ids({ sort_key: 'createdAtAsc' })).toEqual([alpha.id, beta.id, gamma.id]);
    expect(await ids({ sort_key: 'updatedAtDesc' })).toEqual([alpha.id, gamma.id, beta.id]);
    expect(await ids({ sort_key: 'updatedAtAsc' })).toEqual([beta.id, gamma.id, alpha.id]);
    const page1 = (await c.post('/products/find', { sort_key: 'createdAtAsc', pagination: { limit: 2 }, include_meta: true }).expect(200))
      .body;
    expect(page1.results.map((r: { id: string }) => r.id)).toEqual([alpha.id, beta.id]);
    expect(page1.pagination).toEqual({ from_key: expect.any(String), limit: 2, total: 3 });
    expect(page1.results[0].product_pricings).toEqual([]);
    const page2 = (
      await c
        .post('/products/find', { sort_key: 'createdAtAsc', pagination: { limit: 2, from_key: page1.pagination.from_key } })
        .expect(200)
    ).body;
    expect(page2.results.map((r: { id: string }) => r.id)).toEqual([gamma.id]);
    expect(page2.pagination.from_key).toBeNull();
    expectError(await c.post('/products/find', { sort_key: 'nameAsc' }).expect(400), 400, 'validation_error');
    expectError(await c.post('/products/find', { query: { colour: 'red' } }).expect(400), 400, 'validation_error');
    expectError(
      await c.post('/products/find', { query: { tags: { condition: 'XOR', values: ['a'] } } }).expect(400),
      400,
      'validation_error',
    );
  });

  it('answers 404 for unknown ids and ids of another kind', async () => {
    expectError(await a.get('/products/prod_01jzzzzzzzzzzzzzzzzzzzzzzz').expect(404), 404, 'request_error', 'not_found');
    expectError(await a.get('/products/pp_01jzzzzzzzzzzzzzzzzzzzzzzz').expect(404), 404, 'request_error', 'not_found');
    expectError(await a.get('/products/nonsense').expect(404), 404, 'request_error', 'not_found');
    expectError(await a.patch('/products/nonsense', { name: 'x' }).expect(404), 404, 'request_error', 'not_found');
  });

  it("never shows or changes another company's product", async () => {
    const secret = await createProduct(a, { name: 'Secret product of A' });
    expectError(await b.get(`/products/${secret.id}`).expect(404), 404, 'request_error');
    expectError(await b.patch(`/products/${secret.id}`, { name: 'hacked' }).expect(404), 404, 'request_error');
    const found = (await b.post('/products/find', { query: { search: 'Secret product' }, include_meta: true }).expect(200)).body;
    expect(found.results).toEqual([]);
    expect(found.pagination.total).toBe(0);
    // B cannot price A's product, nor assign A's entitlement
    const refused = await b.post('/pricing', fixedPricing(secret.id)).expect(404);
    expect(expectError(refused, 404, 'request_error', 'not_found').validation_errors).toHaveProperty(['product_id']);
    const ent = await createEntitlement(a, { key: 'a_only', type: 'BOOL', aggregator_type: 'OR' });
    const cross = await b.post('/products', { entitlements: [{ entitlement_id: ent.id, value: true }] }).expect(404);
    expect(expectError(cross, 404, 'request_error').validation_errors).toHaveProperty(['entitlements[0].entitlement_id']);
    // B's token on A's path
    expectError(await a.get(`/products/${secret.id}`).set('Authorization', `Bearer ${b.token}`).expect(403), 403, 'auth_error');
    expectError(
      await a.patch(`/products/${secret.id}`, { name: 'x' }).set('Authorization', `Bearer ${b.token}`).expect(403),
      403,
      'auth_error',
    );
    expectError(await a.post('/products/find', {}).set('Authorization', `Bearer ${b.token}`).expect(403), 403, 'auth_error');
    expect((await a.get(`/products/${secret.id}`).expect(200)).body.name).toBe('Secret product of A');
  });
});
