import request from 'supertest';
import { createTestApp, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { FailingModule } from '../support/failing.module';

describe('errors: one body for every failure', () => {
  let t: TestApp;
  let a: Tenant;

  beforeAll(async () => {
    t = await createTestApp({ imports: [FailingModule] });
    a = await t.tenant();
  });
  afterAll(() => t.close());

  it('names nested fields by dotted path with [index] for arrays', async () => {
    const res = await a.post('/__test/nested', { name: 'x', items: [{ count: 1 }, { count: 0 }], inner: { count: 'many' } }).expect(400);
    const body = expectError(res, 400, 'validation_error', 'invalid_field');
    expect(Object.keys(body.validation_errors!).sort()).toEqual(['inner.count', 'items[1].count']);
    expect(body.error_message).toMatch(/count/);
  });

  it('rejects unknown body fields, also nested ones', async () => {
    const res = await a.post('/__test/nested', { name: 'x', colour: 'red', inner: { count: 1, extra: true } }).expect(400);
    expect(expectError(res, 400, 'validation_error').validation_errors).toEqual({
      colour: 'is not an allowed field',
      'inner.extra': 'is not an allowed field',
    });
  });

  it('answers 400 validation_error to malformed JSON', async () => {
    const res = await request(t.http)
      .post(`${a.base}/entitlements`)
      .set('Authorization', `Bearer ${a.token}`)
      .set('Content-Type', 'application/json')
      .send('{"key": "a",')
      .expect(400);
    expectError(res, 400, 'validation_error', 'invalid_json');
  });

  it('answers 404 to an unknown route, with or without a token', async () => {
    expectError(await a.get('/no-such-thing').expect(404), 404, 'request_error', 'not_found');
    expectError(await request(t.http).get('/nowhere').expect(404), 404, 'request_error', 'not_found');
    expectError(await a.post('/entitlements/find/extra', {}).expect(404), 404, 'request_error', 'not_found');
  });

  it('answers 404 to an id of the wrong prefix or shape', async () => {
    for (const id of ['cus_01jzzzzzzzzzzzzzzzzzzzzzzz', 'ent_', 'ent_UPPERCASE', '%20', '1']) {
      expectError(await a.get(`/entitlements/${encodeURIComponent(id)}`).expect(404), 404, 'request_error', 'not_found');
    }
  });

  it('answers 413 to a body over 1 MiB, and accepts one just under', async () => {
    const big = { key: 'big', name: 'x'.repeat(1024 * 1024), type: 'BOOL', aggregator_type: 'OR' };
    expectError(await a.post('/entitlements', big).expect(413), 413, 'request_error', 'payload_too_large');
    const under = { name: 'y'.repeat(1000 * 1000) };
    // under the limit the body reaches validation (and fails there, not with 413)
    expectError(await a.post('/entitlements', under).expect(400), 400, 'validation_error');
  });

  it('answers 500 api_error to anything unexpected without SQL or a stack', async () => {
    const res = await a.post('/__test/boom', {}).expect(500);
    expectError(res, 500, 'api_error', 'internal_error');
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/SELECT|password|secret|at \w+ \(|\.ts:/);
  });

  it('maps database errors to the error body without leaking the driver message', async () => {
    const res = await a.post('/__test/sql', {}).expect(500);
    expectError(res, 500, 'api_error');
    expect(JSON.stringify(res.body)).not.toMatch(/relation|SELECT|customers/);
  });

  it('maps a unique violation to 409', async () => {
    const body = { key: 'uniq', name: 'U', type: 'BOOL', aggregator_type: 'OR' };
    await a.post('/entitlements', body).expect(201);
    // the same insert through the database (bypassing the service check) is a 23505 → 409
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => a.post('/entitlements', { ...body, key: 'race' })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 201)) expectError(r, 409, 'request_error');
  });

  it('echoes X-Request-Id, or generates one', async () => {
    const given = await a.post('/entitlements/find', {}).set('X-Request-Id', 'req-123_abc').expect(200);
    expect(given.headers['x-request-id']).toBe('req-123_abc');
    const generated = await a.post('/entitlements/find', {}).expect(200);
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const tooLong = await a.post('/entitlements/find', {}).set('X-Request-Id', 'x'.repeat(129)).expect(200);
    expect(tooLong.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const onError = await request(t.http).get('/nowhere').set('X-Request-Id', 'err-1').expect(404);
    expect(onError.headers['x-request-id']).toBe('err-1');
  });
});
