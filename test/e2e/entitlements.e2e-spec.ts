import { createTestApp, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';

describe('entitlements', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.tenant('A');
    b = await t.tenant('B');
  });
  afterAll(() => t.close());

  const valid = (over: Record<string, unknown> = {}) => ({
    key: `feature_${Math.random().toString(36).slice(2, 10)}`,
    name: 'A feature',
    type: 'BOOL',
    aggregator_type: 'OR',
    ...over,
  });

  it('creates an entitlement (201) with every field present', async () => {
    const res = await a
      .post('/entitlements', valid({ key: 'max-seats_2', type: 'NUMBER', aggregator_type: 'ADD', adjust_for_quantity: true }))
      .expect(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^ent_[0-9a-z]{26}$/),
      company_id: a.companyId,
      key: 'max-seats_2',
      name: 'A feature',
      type: 'NUMBER',
      aggregator_type: 'ADD',
      adjust_for_quantity: true,
      possible_values: [],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: res.body.created_at,
    });
    const got = await a.get(`/entitlements/${res.body.id}`).expect(200);
    expect(got.body).toEqual(res.body);
  });

  it('creates an ENUM with its possible values', async () => {
    const res = await a
      .post('/entitlements', valid({ type: 'ENUM', aggregator_type: 'COALESCE', possible_values: ['basic', 'pro'] }))
      .expect(201);
    expect(res.body.possible_values).toEqual(['basic', 'pro']);
  });

  it.each([
    ['a space', 'has space'],
    ['unicode', 'clé'],
    ['a dot', 'a.b'],
    ['a slash', 'a/b'],
    ['an empty key', ''],
    ['65 characters', 'k'.repeat(65)],
  ])('rejects a key with %s', async (_what, key) => {
    const res = await a.post('/entitlements', valid({ key })).expect(400);
    expect(expectError(res, 400, 'validation_error', 'invalid_field').validation_errors).toHaveProperty('key');
  });

  it('rejects a duplicate key in the same company with 409, but allows it in another company', async () => {
    const body = valid();
    await a.post('/entitlements', body).expect(201);
    const res = await a.post('/entitlements', body).expect(409);
    expectError(res, 409, 'request_error', 'duplicate_key');
    await b.post('/entitlements', body).expect(201);
  });

  it.each([
    [{ type: 'ENUM', aggregator_type: 'COALESCE' }, 'possible_values'],
    [{ type: 'ENUM', aggregator_type: 'COALESCE', possible_values: [] }, 'possible_values'],
    [{ type: 'BOOL', aggregator_type: 'OR', possible_values: ['x'] }, 'possible_values'],
    [{ type: 'BOOL', aggregator_type: 'ADD' }, 'aggregator_type'],
    [{ type: 'NUMBER', aggregator_type: 'OR' }, 'aggregator_type'],
    [{ type: 'TEXT', aggregator_type: 'MAXIMUM' }, 'aggregator_type'],
    [{ type: 'ENUM', aggregator_type: 'AND', possible_values: ['a'] }, 'aggregator_type'],
    [{ type: 'COLOR' }, 'type'],
    [{ aggregator_type: 'SUM' }, 'aggregator_type'],
    [{ name: '' }, 'name'],
    [{ name: 12 }, 'name'],
    [{ adjust_for_quantity: 'yes' }, 'adjust_for_quantity'],
    [{ unknown_field: 1 }, 'unknown_field'],
  ])('rejects %j, naming %s', async (over, field) => {
    const res = await a.post('/entitlements', valid(over)).expect(400);
    expect(expectError(res, 400, 'validation_error').validation_errors).toHaveProperty(field);
  });

  it('rejects a body without the required fields, naming each', async () => {
    const res = await a.post('/entitlements', {}).expect(400);
    expect(Object.keys(res.body.validation_errors).sort()).toEqual(['aggregator_type', 'key', 'name', 'type']);
  });

  it('updates name, aggregator, adjust_for_quantity and possible values', async () => {
    const created = (
      await a.post('/entitlements', valid({ type: 'ENUM', aggregator_type: 'COALESCE', possible_values: ['a'] })).expect(201)
    ).body;
    const res = await a.patch(`/entitlements/${created.id}`, { name: 'Renamed', possible_values: ['a', 'b'] }).expect(200);
    expect(res.body).toMatchObject({ id: created.id, name: 'Renamed', possible_values: ['a', 'b'], key: created.key, type: 'ENUM' });
    expect(new Date(res.body.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(created.updated_at).getTime());
    expect((await a.get(`/entitlements/${created.id}`).expect(200)).body.name).toBe('Renamed');

    const num = (await a.post('/entitlements', valid({ type: 'NUMBER', aggregator_type: 'ADD' })).expect(201)).body;
    const patched = await a.patch(`/entitlements/${num.id}`, { aggregator_type: 'MAXIMUM', adjust_for_quantity: true }).expect(200);
    expect(patched.body).toMatchObject({ aggregator_type: 'MAXIMUM', adjust_for_quantity: true });
  });

  it('refuses updates that break the definition and changes nothing', async () => {
    const created = (
      await a.post('/entitlements', valid({ type: 'ENUM', aggregator_type: 'COALESCE', possible_values: ['a'] })).expect(201)
    ).body;
    expectError(await a.patch(`/entitlements/${created.id}`, { possible_values: [] }).expect(400), 400, 'validation_error');
    expectError(await a.patch(`/entitlements/${created.id}`, { aggregator_type: 'ADD' }).expect(400), 400, 'validation_error');
    expectError(await a.patch(`/entitlements/${created.id}`, { key: 'other' }).expect(400), 400, 'validation_error');
    expectError(await a.patch(`/entitlements/${created.id}`, { type: 'BOOL' }).expect(400), 400, 'validation_error');
    expect((await a.get(`/entitlements/${created.id}`).expect(200)).body).toEqual(created);
  });

  it('answers 404 for unknown ids and ids of the wrong prefix', async () => {
    expectError(await a.get('/entitlements/ent_01jzzzzzzzzzzzzzzzzzzzzzzz').expect(404), 404, 'request_error', 'not_found');
    expectError(await a.get('/entitlements/cus_01jzzzzzzzzzzzzzzzzzzzzzzz').expect(404), 404, 'request_error', 'not_found');
    expectError(await a.get('/entitlements/not-an-id').expect(404), 404, 'request_error', 'not_found');
    expectError(await a.patch('/entitlements/not-an-id', { name: 'x' }).expect(404), 404, 'request_error', 'not_found');
  });

  it("never shows or changes another company's entitlement", async () => {
    const created = (await a.post('/entitlements', valid({ name: 'Secret of A' })).expect(201)).body;
    expectError(await b.get(`/entitlements/${created.id}`).expect(404), 404, 'request_error');
    expectError(await b.patch(`/entitlements/${created.id}`, { name: 'hacked' }).expect(404), 404, 'request_error');
    const found = await b.post('/entitlements/find', { query: { search: 'Secret of A' }, include_meta: true }).expect(200);
    expect(found.body.results).toEqual([]);
    expect(found.body.pagination.total).toBe(0);
    // B's token on A's path is a 403, whatever the route
    const cross = await b.get(`/entitlements/${created.id}`).set('Authorization', `Bearer ${b.token}`);
    expect(cross.status).toBe(404);
    const res = await a.get(`/entitlements/${created.id}`).set('Authorization', `Bearer ${b.token}`).expect(403);
    expectError(res, 403, 'auth_error');
    expect((await a.get(`/entitlements/${created.id}`).expect(200)).body.name).toBe('Secret of A');
  });

  it('finds by every filter', async () => {
    const c = await t.tenant('finder');
    const mk = (over: Record<string, unknown>) =>
      c
        .post('/entitlements', valid(over))
        .expect(201)
        .then((r) => r.body);
    const seats = await mk({ key: 'seats', name: 'Seat limit', type: 'NUMBER', aggregator_type: 'MAXIMUM' });
    const sso = await mk({ key: 'sso', name: 'Single sign-on', type: 'BOOL', aggregator_type: 'OR' });
    const tier = await mk({ key: 'tier', name: 'Support tier', type: 'ENUM', aggregator_type: 'COALESCE', possible_values: ['gold'] });
    const ids = async (query: object) =>
      (await c.post('/entitlements/find', { query }).expect(200)).body.results.map((r: { id: string }) => r.id).sort();
    expect(await ids({ key: 'seats' })).toEqual([seats.id]);
    expect(await ids({ name: 'Single sign-on' })).toEqual([sso.id]);
    expect(await ids({ type: 'ENUM' })).toEqual([tier.id]);
    expect(await ids({ aggregator_type: 'OR' })).toEqual([sso.id]);
    expect(await ids({ search: 'SEAT' })).toEqual([seats.id]);
    expect(await ids({ search: 'su' })).toEqual([tier.id]);
    expect(await ids({ search: '%' })).toEqual([]);
    expect(await ids({})).toEqual([seats.id, sso.id, tier.id].sort());
    expectError(await c.post('/entitlements/find', { query: { colour: 'red' } }).expect(400), 400, 'validation_error');
    expectError(await c.post('/entitlements/find', { query: { type: 'COLOR' } }).expect(400), 400, 'validation_error');
  });
});
