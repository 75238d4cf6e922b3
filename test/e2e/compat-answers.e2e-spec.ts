import request from 'supertest';
import { createTestApp, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { createCustomer, createEntitlement, ok } from '../support/fixtures';

/** Issue 46: answers a client written for the hosted API reads. */
describe('compat: answers of the reference', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    t = await createTestApp();
    a = await t.tenant('A');
    b = await t.tenant('B');
  });
  afterAll(() => t.close());

  it("a payment method carries the reference's fields (country, name, billing_email, bank fields, payment_provider_key)", async () => {
    const c = await createCustomer(a);
    const pm = await ok(await a.post(`/customers/${c.id}/payment_methods`, { token: 'tok_visa' }));
    expect(pm).toMatchObject({
      last_4: '4242',
      country: null,
      name: null,
      billing_email: null,
      mandate_id: null,
      institution_number: null,
      routing_number: null,
      transit_number: null,
      payment_provider_key: 'SANDBOX',
    });
    const listed = await ok(await a.get(`/customers/${c.id}/payment_methods`));
    const rows = (Array.isArray(listed) ? listed : listed.results) as { id: string }[];
    expect(rows.find((r) => r.id === pm.id)).toEqual(pm);
    const patched = await ok(await a.patch(`/customers/${c.id}/payment_methods/${pm.id}`, { default: true }));
    expect(patched.method).toMatchObject({ id: pm.id, payment_provider_key: 'SANDBOX', mandate_id: null });
    expect((await b.get(`/customers/${c.id}/payment_methods`)).status).toBe(404);
  });

  it('possible_values is a list for every entitlement type ([] but for ENUM)', async () => {
    const num = await createEntitlement(a, { key: 'seats-max', name: 'Seats', type: 'NUMBER', aggregator_type: 'ADD' });
    const bool = await createEntitlement(a, { key: 'sso', name: 'SSO', type: 'BOOL', aggregator_type: 'OR' });
    const enumerated = await createEntitlement(a, {
      key: 'tier',
      name: 'Tier',
      type: 'ENUM',
      aggregator_type: 'COALESCE',
      possible_values: ['gold', 'silver'],
    });
    expect([num.possible_values, bool.possible_values, enumerated.possible_values]).toEqual([[], [], ['gold', 'silver']]);
    expect((await ok(await a.get(`/entitlements/${num.id}`))).possible_values).toEqual([]);
    const found = (await ok(await a.post('/entitlements/find', { pagination: {} }))).results as { possible_values: unknown }[];
    expect(found.every((e) => Array.isArray(e.possible_values))).toBe(true);
  });

  it('every answer to a request with Idempotency-Key echoes it: first answer, replay, validation error, auth error, conflict', async () => {
    const send = (key: string, body: unknown, tenant: Tenant = a) => tenant.post('/products', body).set('Idempotency-Key', key);
    const first = await send('k-echo-1', { name: 'Echo' });
    expect([first.status, first.headers['idempotency-key']]).toEqual([200, 'k-echo-1']);
    const replay = await send('k-echo-1', { name: 'Echo' });
    expect([replay.status, replay.headers['idempotency-key'], replay.headers['idempotency-used']]).toEqual([200, 'k-echo-1', 'true']);
    const reused = await send('k-echo-1', { name: 'Another' });
    expect([reused.status, reused.headers['idempotency-key']]).toEqual([409, 'k-echo-1']);
    const invalid = await send('k-echo-2', { name: 7 });
    expectError(invalid, 400, 'validation_error');
    expect(invalid.headers['idempotency-key']).toBe('k-echo-2');
    const unauthorized = await request(t.http)
      .post(`${a.base}/products`)
      .set('Authorization', 'Bearer nope')
      .set('Idempotency-Key', 'k-echo-3')
      .send({ name: 'x' });
    expect([unauthorized.status, unauthorized.headers['idempotency-key']]).toEqual([401, 'k-echo-3']);
    const get = await a.get('/products/nope').set('Idempotency-Key', 'k-echo-4');
    expect([get.status, get.headers['idempotency-key']]).toEqual([404, 'k-echo-4']);
    // without the header, no echo
    expect((await a.post('/products', { name: 'Plain' })).headers['idempotency-key']).toBeUndefined();
  });
});
