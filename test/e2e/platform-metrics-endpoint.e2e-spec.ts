import request from 'supertest';
import { BillingRunService } from '../../src/invoicing/billing-engine/billing-run.service';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { createCustomer, createProduct, createUsageItem, fixedPricing, ok } from '../support/fixtures';

/**
 * GET /metrics: the Prometheus text after a short workload (a customer, a subscription, usage
 * events with one refused, a webhook endpoint whose deliveries stay pending, a billing run) has
 * every family with values that follow from the workload, and nothing of a tenant: no company id,
 * no customer or subscription id, no raw URL.
 */
const T0 = new Date('2031-05-01T00:00:00.000Z');

/** The samples of the exposition text: `name{labels}` → value. */
function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    out.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return out;
}

function sample(all: Map<string, number>, key: string): number {
  const value = all.get(key);
  if (value === undefined)
    throw new Error(`no sample ${key}; have: ${[...all.keys()].filter((k) => k.startsWith(key.split('{')[0])).join(', ')}`);
  return value;
}

describe('GET /metrics (no TALLY_METRICS_TOKEN)', () => {
  let t: TestApp;
  let a: Tenant;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ clock: new FixedClock(T0) });
    a = await t.tenant('Metrics Co');
    ids.push(a.companyId);
    const customer = await createCustomer(a, { name: 'Metered customer' });
    ids.push(customer.id);
    const product = await createProduct(a, { name: 'Metered' });
    const pricing = await ok(await a.post('/pricing', fixedPricing(product.id, { name: 'Metered monthly' })));
    const sub = await ok(
      await a.post('/subscriptions', { customer_id: customer.id, product_pricing_ids: [pricing.id], start_date: T0.toISOString() }),
    );
    ids.push(sub.id);
    // deliveries stay pending: this app runs no delivery worker
    await ok(await a.post('/webhooks', { url: 'http://127.0.0.1:9/metrics-hook' }), 201);
    const item = await createUsageItem(a);
    const event = (tx: string) => ({
      customer_id: customer.id,
      item_id: item.itemId,
      transaction_id: tx,
      timestamp: T0.toISOString(),
      properties: { bytes: 5 },
    });
    const ingested = await ok(
      await a.post('/events/ingest', {
        events: [event('m-1'), event('m-2'), { ...event('m-3'), item_id: 'bi_01jzzzzzzzzzzzzzzzzzzzzzzz' }],
      }),
      207,
    );
    expect(ingested.errors).toHaveLength(1);
    await ok(await a.post('/events/ingest', { events: [event('m-1')] })); // a duplicate
    await ok(await a.get(`/customers/${customer.id}`));
    const summary = await t.app.get(BillingRunService).run(T0, { companyIds: [a.companyId] });
    expect(summary.invoices_created).toBeGreaterThanOrEqual(1);
  });
  afterAll(() => t.close());

  it('answers the Prometheus text format without a token, every family present with values of the workload', async () => {
    const res = await request(t.http).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.text;
    for (const family of [
      'tally_http_requests_total',
      'tally_http_request_duration_seconds',
      'tally_billing_runs_total',
      'tally_billing_run_duration_seconds',
      'tally_billing_run_invoices_total',
      'tally_billing_run_errors_total',
      'tally_usage_events_total',
      'tally_usage_events_refused_total',
      'tally_rate_limiter_failures_total',
      'tally_outbox_pending',
      'tally_outbox_due',
      'tally_outbox_oldest_due_age_seconds',
      'tally_db_pool_connections',
      'tally_db_pool_max_connections',
      'process_cpu_seconds_total',
    ]) {
      expect(text).toContain(`# TYPE ${family} `);
    }
    const all = samples(text);
    // requests under their route's pattern, never the URL with its ids
    const customerRoute = 'route="/api/v1/companies/:company_id/customers/:customer_id"';
    const readsCustomer = [...all.keys()].find(
      (k) => k.startsWith('tally_http_requests_total{') && k.includes(customerRoute) && k.includes('method="GET"'),
    );
    expect(readsCustomer).toBeDefined();
    expect(all.get(readsCustomer!)).toBeGreaterThanOrEqual(1);
    expect(readsCustomer).toContain('status="200"');
    expect(
      sample(
        all,
        'tally_http_request_duration_seconds_count{method="POST",route="/api/v1/companies/:company_id/events/ingest",status="200"}',
      ),
    ).toBe(1);
    // the batch with a refused event answered 207
    expect(
      sample(
        all,
        'tally_http_request_duration_seconds_count{method="POST",route="/api/v1/companies/:company_id/events/ingest",status="207"}',
      ),
    ).toBe(1);

    expect(sample(all, 'tally_billing_runs_total{outcome="completed"}')).toBe(1);
    expect(sample(all, 'tally_billing_run_duration_seconds_count')).toBe(1);
    expect(sample(all, 'tally_billing_run_duration_seconds_sum')).toBeGreaterThan(0);
    expect(sample(all, 'tally_billing_run_invoices_total{action="created"}')).toBeGreaterThanOrEqual(1);
    expect(sample(all, 'tally_billing_run_errors_total')).toBe(0);

    expect(sample(all, 'tally_usage_events_total{outcome="stored"}')).toBe(2);
    expect(sample(all, 'tally_usage_events_total{outcome="duplicate"}')).toBe(1);
    expect(sample(all, 'tally_usage_events_total{outcome="refused"}')).toBe(1);
    const refusedCodes = [...all.keys()].filter((k) => k.startsWith('tally_usage_events_refused_total{'));
    expect(refusedCodes).toHaveLength(1);
    expect(refusedCodes[0]).toMatch(/^tally_usage_events_refused_total\{error_code="[a-z_]+"\}$/);

    // every company's outboxes (other test files' companies too): at least this company's deliveries
    expect(sample(all, 'tally_outbox_pending{outbox="webhook_deliveries"}')).toBeGreaterThanOrEqual(1);
    expect(sample(all, 'tally_outbox_due{outbox="webhook_deliveries"}')).toBeGreaterThanOrEqual(1);
    expect(sample(all, 'tally_outbox_oldest_due_age_seconds{outbox="webhook_deliveries"}')).toBeGreaterThanOrEqual(0);
    expect(sample(all, 'tally_outbox_pending{outbox="payment_attempts"}')).toBeGreaterThanOrEqual(0);
    expect(sample(all, 'tally_outbox_oldest_due_age_seconds{outbox="payment_attempts"}')).toBeGreaterThanOrEqual(0);

    const max = sample(all, 'tally_db_pool_max_connections');
    const total = sample(all, 'tally_db_pool_connections{state="total"}');
    expect(max).toBeGreaterThanOrEqual(1);
    expect(total).toBeGreaterThanOrEqual(1);
    expect(total).toBeLessThanOrEqual(max);
    expect(sample(all, 'tally_db_pool_connections{state="idle"}')).toBeLessThanOrEqual(total);
    expect(sample(all, 'tally_db_pool_connections{state="waiting"}')).toBeGreaterThanOrEqual(0);
  });

  it('carries no tenant data: no company, customer or subscription id, no company name', async () => {
    const res = await request(t.http).get('/metrics');
    for (const id of ids) expect(res.text).not.toContain(id);
    expect(res.text).not.toContain('Metrics Co');
    expect(res.text).not.toMatch(/cmp_[0-9a-z]{26}/);
  });

  it('counts a request that matched no route under "unmatched", not its URL', async () => {
    await request(t.http).get('/nowhere/cmp_01jzzzzzzzzzzzzzzzzzzzzzzz');
    const res = await request(t.http).get('/metrics');
    expect(res.text).toMatch(/^tally_http_requests_total\{method="GET",route="unmatched",status="404"\} [1-9]/m);
    expect(res.text).not.toContain('/nowhere');
  });

  it('is not in the OpenAPI document (it describes the JSON API)', async () => {
    const doc = await request(t.http).get('/api/docs-json');
    expect(Object.keys(doc.body.paths)).not.toContain('/metrics');
  });
});

describe('GET /metrics with TALLY_METRICS_TOKEN', () => {
  const token = 'scrape-secret-0123456789';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { metricsToken: token } });
  });
  afterAll(() => t.close());

  it('answers only a request bearing the token', async () => {
    const good = await request(t.http).get('/metrics').set('Authorization', `Bearer ${token}`);
    expect(good.status).toBe(200);
    expect(good.text).toContain('# TYPE tally_http_requests_total counter');
  });

  it.each([
    ['no Authorization header', undefined],
    ['another token', 'Bearer scrape-secret-0123456788'],
    ['a prefix of the token', `Bearer ${token.slice(0, -1)}`],
    ['the token and more', `Bearer ${token}x`],
    ['the token without Bearer', token],
    ['an API token of a company', 'Bearer tally_sk_cmp_01jzzzzzzzzzzzzzzzzzzzzzzz_x'],
  ])('refuses %s with a 401 in the error shape', async (_what, header) => {
    const req = request(t.http).get('/metrics');
    const res = header === undefined ? await req : await req.set('Authorization', header);
    expectError(res, 401, 'auth_error', 'unauthorized');
    expect(res.text).not.toContain('tally_http_requests_total');
  });
});
