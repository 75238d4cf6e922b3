import * as dns from 'node:dns/promises';
import * as os from 'node:os';
import { Webhook } from 'standardwebhooks';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { createHmac } from 'node:crypto';
import { createCustomer, createPricing, createProduct, createUsageItem, fixedPricing, ok } from '../support/fixtures';
import { eventually, WebhookReceiver } from '../support/webhook-receiver';
import { DeliveryWorker } from '../../src/webhooks/delivery/delivery-worker.service';
import { WebhookEventsService } from '../../src/webhooks/events/webhook-events.service';
import { isPrivateAddress } from '../../src/webhooks/delivery/delivery.rules';
import type { WebhookEventType } from '../../src/webhooks/events/event-types';

/**
 * Signed delivery to a local receiver (node:http on 127.0.0.1), verified with the
 * `standardwebhooks` package: the first attempt right after commit, retries on the schedule
 * (the platform clock is moved, the worker's `runDue` is called), filters, disabled endpoints,
 * rotation, no redirects, companies kept apart. Events come from `POST /webhooks/{id}/test` and
 * from `WebhookEventsService.record` in a transaction, as the modules record theirs.
 *
 * Test files share the database, and a worker makes every attempt due by its clock: the webhook
 * files keep apart in time (instances 2028, recovery 2029, this one 2031, endpoints 2090).
 */
const T0 = new Date('2031-03-01T09:00:00.000Z');
const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;

describe('webhook delivery', () => {
  let t: TestApp;
  let clock: FixedClock;
  let worker: DeliveryWorker;
  let rx: WebhookReceiver;
  let a: Tenant;

  beforeAll(async () => {
    clock = new FixedClock(T0);
    t = await createTestApp({ clock, config: { webhookDelivery: true } });
    worker = t.app.get(DeliveryWorker);
    rx = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await t.close();
    await rx.close();
  });
  beforeEach(async () => {
    // a company per test: an endpoint with no types takes every event of its company
    a = await t.tenant();
    clock.set(T0);
    rx.statuses = [];
    rx.fallback = 200;
    rx.answerHeaders = {};
  });

  const endpoint = async (tenant: Tenant, path: string, body: Record<string, unknown> = {}) =>
    ok(await tenant.post('/webhooks', { url: rx.url(path), ...body }), 201);

  /** Records an event as a module does: in a transaction, through WebhookEventsService; waits for the run it starts. */
  const record = async (tenant: Tenant, type: WebhookEventType, object: Record<string, unknown>) => {
    const event = await t.dataSource.transaction((m) => t.app.get(WebhookEventsService).record(m, tenant.companyId, type, object));
    await worker.settle();
    return event;
  };

  const deliveries = async (tenant: Tenant, webhookId: string) =>
    (await ok(await tenant.post(`/webhooks/${webhookId}/deliveries/find`, { sort_key: 'createdAtAsc', pagination: { limit: 100 } })))
      .results;

  /**
   * Moves the platform clock by `ms` and makes the attempts then due; how many requests the
   * receiver got (the instance's own poll may make them: it is waited for too).
   */
  const advance = async (ms: number) => {
    const before = rx.received.length;
    clock.advance(ms);
    await worker.settle();
    await worker.runDue();
    await worker.settle();
    return rx.received.length - before;
  };

  it('the test event arrives right after commit, signed: standardwebhooks verifies it, the body is the event', async () => {
    const w = await endpoint(a, '/signed');
    const d = await ok(await a.post(`/webhooks/${w.id}/test`));
    await worker.settle();
    await eventually(() => rx.at('/signed').length === 1, 'the test event');
    const [got] = rx.at('/signed');
    expect(new Webhook(w.secret).verify(got.body, got.headers)).toEqual(got.json);
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['webhook-id']).toBe(d.event_id);
    expect(Math.abs(Number(got.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(got.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(got.json).toEqual({
      id: d.event_id,
      type: 'webhook.test',
      event_type: 'webhook.test',
      data_type: 'webhook',
      created_at: expect.any(String),
      company_id: a.companyId,
      data: { object: await ok(await a.get(`/webhooks/${w.id}`)) },
    });
    expect(() => new Webhook(w.secret).verify(got.body.replace('webhook.test', 'invoice.paid'), got.headers)).toThrow();
    const [row] = await deliveries(a, w.id);
    expect(row).toMatchObject({
      id: d.id,
      status: 'SUCCEEDED',
      attempts: 1,
      last_status_code: 200,
      last_error: null,
      next_attempt_at: null,
      last_attempt_at: T0.toISOString(),
    });
    expect(row.last_duration_ms).toBeGreaterThanOrEqual(0);
  });

  it("a hosted-API consumer's events: contract.created, contract.updated and metric.updated with event_type and data_type", async () => {
    const w = await endpoint(a, '/hosted');
    const product = await createProduct(a, { name: 'Hosted plan' });
    const pricing = await createPricing(a, fixedPricing(product.id, { billing_frequency: { count: 1, frequency: 'MONTH' } }));
    const customer = await createCustomer(a, { name: 'Hosted' });
    const contract = await ok(
      await a.post('/contracts', {
        customer_id: customer.id,
        title: 'MSA',
        product_pricing_ids: [pricing.id],
        config_items: [{ product_metric_pricing_id: pricing.product_metric_pricings[0].id, num_licenses: 1 }],
        signatories: [{ email: 'ceo@acme.test', name: 'Ada', position: 1 }],
      }),
    );
    await ok(await a.patch(`/contracts/${contract.id}`, { title: 'MSA v2' }));
    const usage = await createUsageItem(a, 'Hosted calls');
    await ok(await a.patch(`/billable_metrics/${usage.metricId}`, { name: 'Hosted calls (renamed)' }));
    await worker.settle();
    const wanted = ['contract.created', 'contract.updated', 'metric.updated'];
    await eventually(() => wanted.every((type) => rx.at('/hosted').some((r) => r.json?.type === type)), 'the three events');
    const byType = new Map(rx.at('/hosted').map((r) => [r.json.type as string, r]));
    const [created, updated, metric] = wanted.map((type) => byType.get(type)!);
    expect(created.json).toMatchObject({
      event_type: 'contract.created',
      data_type: 'contract',
      data: { object: { id: contract.id, title: 'MSA' } },
    });
    expect(updated.json).toMatchObject({
      event_type: 'contract.updated',
      data_type: 'contract',
      data: { object: { id: contract.id, title: 'MSA v2' } },
    });
    expect(metric.json).toMatchObject({
      event_type: 'metric.updated',
      data_type: 'metric',
      data: { object: await ok(await a.get(`/billable_metrics/${usage.metricId}`)) },
    });
    for (const got of [created, updated, metric]) expect(new Webhook(w.secret).verify(got.body, got.headers)).toEqual(got.json);
    // docs/webhooks.md, "Coming from the hosted API": the check by hand, without a library
    const key = Buffer.from(w.secret.slice('whsec_'.length), 'base64');
    const signed = `${metric.headers['webhook-id']}.${metric.headers['webhook-timestamp']}.${metric.body}`;
    const expected = createHmac('sha256', key).update(signed).digest('base64');
    expect(metric.headers['webhook-signature'].split(' ')).toContain(`v1,${expected}`);
  });

  it('a 500 is retried 5 s later (not before) with the same webhook-id, and the 200 settles it', async () => {
    const w = await endpoint(a, '/flaky');
    rx.statuses = [500];
    const event = await record(a, 'customer.created', { id: 'cus_1', name: 'Ada' });
    expect(rx.at('/flaky')).toHaveLength(1);
    let [row] = await deliveries(a, w.id);
    expect(row).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      last_status_code: 500,
      next_attempt_at: new Date(T0.getTime() + 5 * S).toISOString(),
    });
    expect(await advance(4999)).toBe(0);
    expect(rx.at('/flaky')).toHaveLength(1);
    expect(await advance(1)).toBe(1);
    const [first, second] = rx.at('/flaky');
    expect([first.headers['webhook-id'], second.headers['webhook-id']]).toEqual([event.id, event.id]);
    expect(second.body).toBe(first.body);
    expect(new Webhook(w.secret).verify(second.body, second.headers)).toMatchObject({ id: event.id, type: 'customer.created' });
    [row] = await deliveries(a, w.id);
    expect(row).toMatchObject({ status: 'SUCCEEDED', attempts: 2, last_status_code: 200, next_attempt_at: null });
  });

  it('the schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then FAILED; a manual retry sends once more', async () => {
    const w = await endpoint(a, '/down');
    rx.fallback = 503;
    await record(a, 'invoice.paid', { id: 'inv_1' });
    const waits = [5 * S, 5 * MIN, 30 * MIN, 2 * H, 5 * H, 10 * H, 10 * H];
    for (const [i, wait] of waits.entries()) {
      expect(await advance(wait - 1)).toBe(0);
      expect(await advance(1)).toBe(1);
      expect(rx.at('/down')).toHaveLength(i + 2);
    }
    let [row] = await deliveries(a, w.id);
    expect(row).toMatchObject({ status: 'FAILED', attempts: 8, last_status_code: 503, next_attempt_at: null });
    expect(await advance(30 * 24 * H)).toBe(0);
    expect(rx.at('/down')).toHaveLength(8);

    rx.fallback = 200;
    expect(await ok(await a.post(`/webhooks/${w.id}/deliveries/${row.id}/retry`))).toMatchObject({ status: 'PENDING' });
    await worker.settle();
    expect(rx.at('/down')).toHaveLength(9);
    [row] = await deliveries(a, w.id);
    expect(row).toMatchObject({ status: 'SUCCEEDED', attempts: 9, last_status_code: 200 });
  });

  it('redirects are not followed: a 302 is a failed attempt', async () => {
    const w = await endpoint(a, '/moved');
    rx.statuses = [302];
    rx.answerHeaders = { Location: rx.url('/elsewhere') };
    await record(a, 'payment.failed', { id: 'txn_1' });
    expect(rx.at('/moved')).toHaveLength(1);
    expect(rx.at('/elsewhere')).toHaveLength(0);
    const [row] = await deliveries(a, w.id);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1, last_status_code: 302 });
  });

  it('an unreachable endpoint records the error and is retried', async () => {
    const w = await ok(await a.post('/webhooks', { url: 'http://127.0.0.1:9/closed' }), 201);
    await record(a, 'credit.granted', { id: 'cred_1' });
    const [row] = await deliveries(a, w.id);
    expect(row).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      last_status_code: null,
      last_error: expect.stringMatching(/ECONNREFUSED/),
    });
  });

  it('event_types filter what an endpoint receives (empty = every type)', async () => {
    const c = await t.tenant('Webhook filters');
    const all = await endpoint(c, '/f-all');
    const invoices = await endpoint(c, '/f-invoices', { event_types: ['invoice.paid'] });
    const customers = await endpoint(c, '/f-customers', { event_types: ['customer.created', 'customer.updated'] });
    const e1 = await record(c, 'customer.created', { id: 'cus_x' });
    const e2 = await record(c, 'invoice.paid', { id: 'inv_x' });
    const e3 = await record(c, 'payment.failed', { id: 'txn_x' });
    const ids = (path: string) => rx.at(path).map((r) => r.headers['webhook-id']);
    expect(ids('/f-all').sort()).toEqual([e1.id, e2.id, e3.id].sort());
    expect(ids('/f-invoices')).toEqual([e2.id]);
    expect(ids('/f-customers')).toEqual([e1.id]);
    expect((await deliveries(c, invoices.id)).map((d: { event_type: string }) => d.event_type)).toEqual(['invoice.paid']);
    expect((await deliveries(c, customers.id)).map((d: { event_type: string }) => d.event_type)).toEqual(['customer.created']);
    expect(await deliveries(c, all.id)).toHaveLength(3);
  });

  it('a DISABLED endpoint receives nothing: no delivery is planned, and a pending retry is not sent', async () => {
    const c = await t.tenant('Webhook disabled');
    const w = await endpoint(c, '/off');
    await ok(await c.patch(`/webhooks/${w.id}`, { status: 'DISABLED' }));
    await record(c, 'customer.updated', { id: 'cus_y' });
    expect(rx.at('/off')).toHaveLength(0);
    expect(await deliveries(c, w.id)).toEqual([]);

    const v = await endpoint(c, '/off-later');
    rx.statuses = [500];
    await record(c, 'customer.updated', { id: 'cus_z' });
    expect(rx.at('/off-later')).toHaveLength(1);
    await ok(await c.patch(`/webhooks/${v.id}`, { status: 'DISABLED' }));
    await advance(5 * S);
    expect(rx.at('/off-later')).toHaveLength(1);
    const [row] = await deliveries(c, v.id);
    expect(row).toMatchObject({ status: 'FAILED', attempts: 1, last_error: 'not sent: the endpoint is DISABLED' });
  });

  it('after rotate_secret both secrets sign for 24 hours, then only the new one', async () => {
    const w = await endpoint(a, '/rotated');
    const { secret } = await ok(await a.post(`/webhooks/${w.id}/rotate_secret`));
    await record(a, 'contract.signed', { id: 'ctr_1' });
    const [during] = rx.at('/rotated');
    expect(during.headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(secret).verify(during.body, during.headers)).toMatchObject({ type: 'contract.signed' });
    expect(new Webhook(w.secret).verify(during.body, during.headers)).toMatchObject({ type: 'contract.signed' });

    clock.advance(24 * H);
    await record(a, 'contract.executed', { id: 'ctr_1' });
    const after = rx.at('/rotated')[1];
    expect(after.headers['webhook-signature'].split(' ')).toHaveLength(1);
    expect(new Webhook(secret).verify(after.body, after.headers)).toMatchObject({ type: 'contract.executed' });
    expect(() => new Webhook(w.secret).verify(after.body, after.headers)).toThrow();
  });

  it("two companies: each endpoint receives only its own company's events", async () => {
    const p = await t.tenant('Webhook company P');
    const q = await t.tenant('Webhook company Q');
    await endpoint(p, '/company-p');
    await endpoint(q, '/company-q');
    const ep = await record(p, 'subscription.created', { id: 'subs_p' });
    const eq = await record(q, 'subscription.created', { id: 'subs_q' });
    const wp = await ok(await p.post('/webhooks/find', {}));
    await ok(await p.post(`/webhooks/${wp.results[0].id}/test`));
    await worker.settle();
    expect(rx.at('/company-p').map((r) => [r.json.company_id, r.json.type])).toEqual([
      [p.companyId, 'subscription.created'],
      [p.companyId, 'webhook.test'],
    ]);
    expect(rx.at('/company-q').map((r) => [r.json.company_id, r.json.id])).toEqual([[q.companyId, eq.id]]);
    expect(rx.at('/company-p')[0].json.id).toBe(ep.id);
  });

  it('an event whose transaction rolls back is never delivered', async () => {
    await endpoint(a, '/rolled-back');
    await expect(
      t.dataSource.transaction(async (m) => {
        await t.app.get(WebhookEventsService).record(m, a.companyId, 'invoice.voided', { id: 'inv_rb' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await worker.settle();
    await worker.runDue();
    expect(rx.at('/rolled-back')).toHaveLength(0);
  });
});

describe('webhook delivery: blocked addresses (on PostgreSQL)', () => {
  let t: TestApp;
  let rx: WebhookReceiver;

  beforeAll(async () => {
    t = await createTestApp({
      clock: new FixedClock(T0),
      config: { webhookDelivery: true, webhookBlockPrivate: true, webhookAllowedHosts: ['127.0.0.1'] },
    });
    rx = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await t.close();
    await rx.close();
  });

  /** Points an endpoint at `url` straight in the table: what a URL accepted earlier becomes when its DNS answer changes. */
  const repoint = (companyId: string, id: string, url: string) =>
    t.dataSource.query(`UPDATE webhook_endpoints SET url = $3 WHERE company_id = $1 AND id = $2`, [companyId, id, url]);

  it.each([
    ['a host name that now resolves to a loopback address', () => rx.url('/private').replace('127.0.0.1', os.hostname())],
    ['a literal private address stored earlier', () => rx.url('/private').replace('127.0.0.1', '[::ffff:127.0.0.1]')],
  ])('%s: the attempt fails without connecting, the reason in the delivery', async (_what, target) => {
    const host = os.hostname();
    const resolved = await dns.lookup(host, { all: true });
    expect(resolved.some((r) => isPrivateAddress(r.address))).toBe(true);
    const a = await t.tenant('Webhook block private');
    const w = await ok(await a.post('/webhooks', { url: 'https://93.184.215.14/hooks' }), 201);
    await repoint(a.companyId, w.id, target());
    await ok(await a.post(`/webhooks/${w.id}/test`));
    await t.app.get(DeliveryWorker).settle();
    const [row] = (await ok(await a.post(`/webhooks/${w.id}/deliveries/find`, {}))).results;
    expect(row).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      last_status_code: null,
      last_error: expect.stringMatching(/^refused, not connected: .* is a loopback, private, link-local or reserved address/),
    });
    expect(rx.received).toHaveLength(0);
  });

  it('an allowed host (as listed) is delivered to', async () => {
    const a = await t.tenant('Webhook allowed host');
    const w = await ok(await a.post('/webhooks', { url: rx.url('/allowed') }), 201);
    await ok(await a.post(`/webhooks/${w.id}/test`));
    await eventually(() => rx.at('/allowed').length === 1, 'the delivery to the allowed host');
  });
});
