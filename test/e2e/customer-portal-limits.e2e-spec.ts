import request from 'supertest';
import { RATE_LIMIT_DEFAULTS } from '../../src/platform/config/config';
import { createTestApp, Tenant, TestApp } from '../support/app';
import { createCustomer, ok } from '../support/fixtures';

/**
 * Each customer-page link has its own request budget (TALLY_PAGE_RATE_LIMIT, here 3 a window):
 * past it the page answers 429 (an HTML page with Retry-After) and the form does nothing;
 * another link of the same customer is counted apart.
 */
describe('customer portal: page links are rate-limited', () => {
  let t: TestApp;
  let a: Tenant;

  beforeAll(async () => {
    t = await createTestApp({
      config: {
        rateLimit: {
          ...RATE_LIMIT_DEFAULTS,
          redisUrl: null,
          keyPrefix: `tally-test:portal-${Date.now()}`,
          pagePoints: 3,
          windowSeconds: 60,
        },
      },
    });
    a = await t.tenant('Limits Co');
  });
  afterAll(() => t.close());

  it('429 past the limit, per link, for the page and its form', async () => {
    const c = await createCustomer(a);
    const link = (await ok(await a.post(`/customer_dashboards/${c.id}/portal`))).url as string;
    const path = new URL(link).pathname;
    expect((await request(t.http).get(path)).status).toBe(200);
    expect((await request(t.http).get(path)).status).toBe(200);
    await request(t.http).post(path).type('form').send({ action: 'add_card', payment_token: 'tok_visa' }).expect(303);
    const limited = await request(t.http).post(path).type('form').send({ action: 'add_card', payment_token: 'tok_visa' });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.headers['content-type']).toMatch(/^text\/html/);
    expect((await ok(await a.get(`/customers/${c.id}/payment_methods`))) as unknown[]).toHaveLength(1);
    expect((await request(t.http).get(path)).status).toBe(429);

    const usage = new URL((await ok(await a.post(`/customer_dashboards/${c.id}/usage`))).url).pathname;
    expect((await request(t.http).get(usage)).status).toBe(200);
    const other = new URL((await ok(await a.post(`/customer_dashboards/${c.id}/portal`))).url).pathname;
    expect((await request(t.http).get(other)).status).toBe(200);
  });
});
