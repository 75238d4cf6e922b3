import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import request from 'supertest';
import { CompaniesService } from '../../src/platform/auth/companies.service';
import { RATE_LIMIT_DEFAULTS, RateLimitConfig } from '../../src/platform/config/config';
import { RateLimitService } from '../../src/platform/rate-limit/rate-limit.service';
import { bindTenant, createTestApp, TestApp } from '../support/app';
import { expectRateLimited } from '../support/errors';

/**
 * Requests are limited per API token and per hosted-page link: a 429 in the documented error
 * shape with Retry-After; counters shared across instances through Redis when REDIS_URL is set,
 * per instance otherwise (and per instance when Redis is unreachable).
 */
const REDIS_URL = process.env.TALLY_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const uniquePrefix = () => `tally-test:${randomBytes(6).toString('hex')}`;

function limits(overrides: Partial<RateLimitConfig>): RateLimitConfig {
  return { ...RATE_LIMIT_DEFAULTS, redisUrl: null, keyPrefix: uniquePrefix(), ...overrides };
}

const ENTITLEMENT = (key: string) => ({ key, name: key, type: 'BOOL', aggregator_type: 'OR' });

/** A hosted page answers a person: the same 429 and Retry-After, as a readable HTML page. */
function expectPageRateLimited(res: request.Response, windowSeconds: number) {
  expect(res.status).toBe(429);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.text).toContain('Too many requests');
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

async function countEntitlements(t: TestApp, companyId: string): Promise<number> {
  const rows = await t.dataSource.query('SELECT count(*)::int AS n FROM entitlements WHERE company_id = $1', [companyId]);
  return rows[0].n;
}

describe('rate limits, per instance (no REDIS_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimit: limits({ apiPoints: 5, pagePoints: 3, windowSeconds: 60 }) } });
  });
  afterAll(() => t.close());

  it('answers 429 with the error shape and Retry-After past the limit of a token, and runs nothing', async () => {
    const a = await t.tenant();
    for (let i = 0; i < 5; i++) {
      const res = await a.post('/entitlements', ENTITLEMENT(`k${i}`));
      expect(res.status).toBe(201);
    }
    const limited = await a.post('/entitlements', ENTITLEMENT('over'));
    expectRateLimited(limited, 60);
    expect(limited.headers['x-request-id']).toBeTruthy();
    expect(await countEntitlements(t, a.companyId)).toBe(5);
    expectRateLimited(await a.get('/entitlements/ent_01jzzzzzzzzzzzzzzzzzzzzzzz'), 60);
  });

  it('leaves another token of the same company and other companies unaffected', async () => {
    const a = await t.tenant();
    for (let i = 0; i < 5; i++) expect((await a.post('/entitlements/find', {})).status).toBe(200);
    expectRateLimited(await a.post('/entitlements/find', {}), 60);

    const second = await t.app.get(CompaniesService).createToken(a.companyId, 'second');
    const other = bindTenant(t.http, a.companyId, second.token);
    const created = await other.post('/entitlements', ENTITLEMENT('via-second-token'));
    expect(created.status).toBe(201);
    expect(await countEntitlements(t, a.companyId)).toBe(1);

    const b = await t.tenant();
    expect((await b.post('/entitlements/find', {})).status).toBe(200);
  });

  it('does not count public routes nor requests refused by authentication', async () => {
    for (let i = 0; i < 10; i++) expect((await request(t.http).get('/health')).status).toBe(200);
    const a = await t.tenant();
    for (let i = 0; i < 10; i++) {
      const res = await request(t.http).post(`${a.base}/entitlements/find`).set('Authorization', 'Bearer tally_sk_nope').send({});
      expect(res.status).toBe(401);
    }
    expect((await a.post('/entitlements/find', {})).status).toBe(200);
  });

  it('documents the 429 on every tenant route of the OpenAPI document', async () => {
    const doc = (await request(t.http).get('/api/docs-json')).body as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const tenantOps = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith('/api/v1/companies/'))
      .flatMap(([, ops]) => Object.values(ops));
    expect(tenantOps.length).toBeGreaterThan(50);
    expect(tenantOps.filter((op) => !op.responses['429'])).toEqual([]);
  });

  it('limits a hosted page per link', async () => {
    const a = await t.tenant();
    const link = `/checkout/pay/${a.companyId}_${'x'.repeat(43)}`;
    for (let i = 0; i < 3; i++) expect((await request(t.http).get(link)).status).toBe(404);
    expectPageRateLimited(await request(t.http).get(link), 60);
    expectPageRateLimited(await request(t.http).post(link).type('form').send({}), 60);
    // another link, and the signing page, count on their own
    expect((await request(t.http).get(`/checkout/pay/${a.companyId}_${'y'.repeat(43)}`)).status).toBe(404);
    const signing = `/contracts/sign/${a.companyId}_${'w'.repeat(43)}`;
    for (let i = 0; i < 3; i++) expect((await request(t.http).get(signing)).status).toBe(404);
    expectPageRateLimited(await request(t.http).get(signing), 60);
  });
});

describe('rate limits, window', () => {
  it('lets a token in again once its window has passed', async () => {
    const t = await createTestApp({ config: { rateLimit: limits({ apiPoints: 2, windowSeconds: 3 }) } });
    try {
      const a = await t.tenant();
      expect((await a.post('/entitlements/find', {})).status).toBe(200);
      expect((await a.post('/entitlements/find', {})).status).toBe(200);
      const limited = await a.post('/entitlements/find', {});
      expectRateLimited(limited, 3);
      await new Promise((r) => setTimeout(r, Number(limited.headers['retry-after']) * 1000 + 100));
      expect((await a.post('/entitlements/find', {})).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('does not limit when set off', async () => {
    const t = await createTestApp({ config: { rateLimit: limits({ apiPoints: null, pagePoints: null }) } });
    try {
      const a = await t.tenant();
      for (let i = 0; i < 30; i++) expect((await a.post('/entitlements/find', {})).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('counts two instances apart without Redis', async () => {
    const rateLimit = limits({ apiPoints: 3 });
    const one = await createTestApp({ config: { rateLimit } });
    const two = await createTestApp({ config: { rateLimit } });
    try {
      const a = await one.tenant();
      const onTwo = bindTenant(two.http, a.companyId, a.token);
      for (let i = 0; i < 3; i++) expect((await a.post('/entitlements/find', {})).status).toBe(200);
      expectRateLimited(await a.post('/entitlements/find', {}), 60);
      for (let i = 0; i < 3; i++) expect((await onTwo.post('/entitlements/find', {})).status).toBe(200);
      expectRateLimited(await onTwo.post('/entitlements/find', {}), 60);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe('rate limits shared through Redis (REDIS_URL)', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(REDIS_URL);
  });
  afterAll(() => redis.quit());

  it('shares one token limit between two instances', async () => {
    const rateLimit = limits({ apiPoints: 6, pagePoints: 2, redisUrl: REDIS_URL });
    const one = await createTestApp({ config: { rateLimit } });
    const two = await createTestApp({ config: { rateLimit } });
    try {
      const a = await one.tenant();
      const onTwo = bindTenant(two.http, a.companyId, a.token);
      for (let i = 0; i < 3; i++) {
        expect((await a.post('/entitlements/find', {})).status).toBe(200);
        expect((await onTwo.post('/entitlements/find', {})).status).toBe(200);
      }
      expectRateLimited(await a.post('/entitlements/find', {}), 60);
      expectRateLimited(await onTwo.post('/entitlements/find', {}), 60);

      // the counter is in Redis, under the prefix, keyed by the token id (never the token)
      const keys = await redis.keys(`${rateLimit.keyPrefix}:*`);
      expect(keys).toHaveLength(1);
      expect(keys[0]).toMatch(new RegExp(`^${rateLimit.keyPrefix}:api:key_[0-9a-z]{26}$`));
      expect(Number(await redis.get(keys[0]))).toBe(8);

      // another token is unaffected, on either instance
      const b = await two.tenant();
      expect((await b.post('/entitlements/find', {})).status).toBe(200);
      expect((await bindTenant(one.http, b.companyId, b.token).post('/entitlements/find', {})).status).toBe(200);

      // a page link is shared too, and stored hashed
      const secret = `${a.companyId}_${'z'.repeat(43)}`;
      expect((await request(one.http).get(`/checkout/pay/${secret}`)).status).toBe(404);
      expect((await request(two.http).get(`/checkout/pay/${secret}`)).status).toBe(404);
      expectPageRateLimited(await request(one.http).get(`/checkout/pay/${secret}`), 60);
      const pageKeys = await redis.keys(`${rateLimit.keyPrefix}:page:*`);
      expect(pageKeys).toHaveLength(1);
      expect(pageKeys[0]).not.toContain('zzzz');
    } finally {
      await one.close();
      await two.close();
      const keys = await redis.keys(`${rateLimit.keyPrefix}:*`);
      if (keys.length) await redis.del(...keys);
    }
  });

  it('falls back to a per-instance limit when Redis cannot be reached', async () => {
    const t = await createTestApp({ config: { rateLimit: limits({ apiPoints: 3, redisUrl: 'redis://127.0.0.1:1' }) } });
    try {
      const a = await t.tenant();
      for (let i = 0; i < 3; i++) expect((await a.post('/entitlements/find', {})).status).toBe(200);
      expectRateLimited(await a.post('/entitlements/find', {}), 60);
    } finally {
      await t.close();
    }
  });

  it('fails open when no store can count a request: served uncounted, and counted in /metrics', async () => {
    const t = await createTestApp({ config: { rateLimit: limits({ apiPoints: 1, redisUrl: 'redis://127.0.0.1:1' }) } });
    try {
      // Redis cannot be reached, and the in-memory insurance breaks too
      const limiter = (t.app.get(RateLimitService) as any).limiters.api;
      limiter.insuranceLimiter.consume = () => Promise.reject(new Error('insurance store broken'));
      const a = await t.tenant();
      const before = await t.dataSource.query('SELECT count(*)::int AS n FROM entitlements WHERE company_id = $1', [a.companyId]);
      for (let i = 0; i < 3; i++) expect((await a.post('/entitlements', ENTITLEMENT(`open${i}`))).status).toBe(201);
      expect(await countEntitlements(t, a.companyId)).toBe(before[0].n + 3);
      const scraped = await request(t.app.getHttpServer()).get('/metrics');
      const failures = /^tally_rate_limiter_failures_total\{limit="api"\} (\d+)$/m.exec(scraped.text);
      expect(Number(failures?.[1])).toBeGreaterThanOrEqual(3);
      expect(scraped.text).not.toMatch(/^tally_rate_limiter_failures_total\{limit="page"\}/m);
    } finally {
      await t.close();
    }
  });
});
