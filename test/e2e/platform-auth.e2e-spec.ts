import request from 'supertest';
import { createTestApp, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { CompaniesService, TOKEN_CACHE_TTL_MS } from '../../src/platform/auth/companies.service';

describe('auth and tenancy', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const path = (tenant: Tenant) => `${tenant.base}/entitlements/find`;

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.tenant('A');
    b = await t.tenant('B');
  });
  afterAll(() => t.close());

  it('accepts a live token of the company in the path', async () => {
    await request(t.http).post(path(a)).set('Authorization', `Bearer ${a.token}`).send({}).expect(200);
  });

  it('answers 401 with WWW-Authenticate when the token is missing', async () => {
    const res = await request(t.http).post(path(a)).send({}).expect(401);
    expectError(res, 401, 'auth_error', 'missing_token');
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });

  it.each([
    ['a non-bearer scheme', (tok: string) => `Basic ${tok}`],
    ['an empty bearer', () => 'Bearer '],
    ['two tokens', (tok: string) => `Bearer ${tok} ${tok}`],
  ])('answers 401 for %s', async (_what, header) => {
    const res = await request(t.http).post(path(a)).set('Authorization', header(a.token)).send({}).expect(401);
    expectError(res, 401, 'auth_error');
  });

  it('answers 401 for an unknown token, a tampered token and a token-shaped string', async () => {
    const tampered = a.token.slice(0, -2) + (a.token.endsWith('AA') ? 'BB' : 'AA');
    for (const tok of [tampered, 'tally_sk_nothing', `tally_sk_${a.companyId}_${'x'.repeat(43)}`, 'random']) {
      const res = await request(t.http).post(path(a)).set('Authorization', `Bearer ${tok}`).send({}).expect(401);
      expectError(res, 401, 'auth_error', 'invalid_token');
    }
  });

  it('answers 401 once a token is revoked, and other tokens keep working', async () => {
    const companies = t.app.get(CompaniesService);
    const extra = await companies.createToken(a.companyId, 'second');
    await request(t.http).post(path(a)).set('Authorization', `Bearer ${extra.token}`).send({}).expect(200);
    await companies.revokeToken(extra.token_id);
    expectError(
      await request(t.http).post(path(a)).set('Authorization', `Bearer ${extra.token}`).send({}).expect(401),
      401,
      'auth_error',
      'invalid_token',
    );
    await request(t.http).post(path(a)).set('Authorization', `Bearer ${a.token}`).send({}).expect(200);
  });

  it(`a token revoked on one instance is refused by another instance on the same database within ${TOKEN_CACHE_TTL_MS} ms`, async () => {
    const second = await createTestApp();
    try {
      const companies = t.app.get(CompaniesService);
      const extra = await companies.createToken(a.companyId, 'cached');
      const call = () => request(second.http).post(path(a)).set('Authorization', `Bearer ${extra.token}`).send({});
      await call().expect(200); // the second instance now remembers the token
      await call().expect(200);
      await companies.revokeToken(extra.token_id); // as the command line does, from another process
      const revokedAt = Date.now();
      let status = 200;
      while (status === 200 && Date.now() - revokedAt < TOKEN_CACHE_TTL_MS + 1_000) {
        status = (await call()).status;
        if (status === 200) await new Promise((r) => setTimeout(r, 50));
      }
      const refusedAfter = Date.now() - revokedAt;
      expect(status).toBe(401);
      expect(refusedAfter).toBeLessThanOrEqual(TOKEN_CACHE_TTL_MS + 500);
      expectError(await call().expect(401), 401, 'auth_error', 'invalid_token');
      // the instance that revoked it refuses it at once
      await request(t.http).post(path(a)).set('Authorization', `Bearer ${extra.token}`).send({}).expect(401);
    } finally {
      await second.close();
    }
  });

  it('answers 403 to a valid token of another company, on every method, and changes nothing', async () => {
    const created = (await a.post('/entitlements', { key: 'k403', name: 'N', type: 'BOOL', aggregator_type: 'OR' }).expect(201)).body;
    const auth = `Bearer ${b.token}`;
    expectError(
      await request(t.http).get(`${a.base}/entitlements/${created.id}`).set('Authorization', auth).expect(403),
      403,
      'auth_error',
      'wrong_company',
    );
    expectError(await request(t.http).post(path(a)).set('Authorization', auth).send({}).expect(403), 403, 'auth_error');
    expectError(
      await request(t.http).patch(`${a.base}/entitlements/${created.id}`).set('Authorization', auth).send({ name: 'x' }).expect(403),
      403,
      'auth_error',
    );
    expectError(
      await request(t.http)
        .post(`${a.base}/entitlements`)
        .set('Authorization', auth)
        .send({ key: 'k2', name: 'N', type: 'BOOL', aggregator_type: 'OR' })
        .expect(403),
      403,
      'auth_error',
    );
    expect((await a.get(`/entitlements/${created.id}`).expect(200)).body.name).toBe('N');
    expect((await a.post('/entitlements/find', { query: { key: 'k2' } }).expect(200)).body.results).toEqual([]);
  });

  it('answers 403 for a path company that does not exist (the token is valid, the company is not its own)', async () => {
    const res = await request(t.http)
      .post('/api/v1/companies/cmp_01jzzzzzzzzzzzzzzzzzzzzzzz/entitlements/find')
      .set('Authorization', `Bearer ${a.token}`)
      .send({})
      .expect(403);
    expectError(res, 403, 'auth_error');
  });

  it('stores only a hash of each token', async () => {
    const rows: { token_hash: string }[] = await t.dataSource.query('SELECT token_hash FROM api_tokens WHERE company_id = $1', [
      a.companyId,
    ]);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(r.token_hash).not.toContain(a.token.slice(-43));
    }
  });

  it('keeps health, readiness and the API reference public', async () => {
    expect((await request(t.http).get('/health').expect(200)).body).toEqual({ status: 'ok' });
    expect((await request(t.http).get('/ready').expect(200)).body).toEqual({ status: 'ready', database: 'ok', migrations: 'applied' });
    const doc = (await request(t.http).get('/api/docs-json').expect(200)).body;
    expect(doc.openapi).toMatch(/^3\./);
    await request(t.http).get('/api/docs').expect(200);
  });
});
