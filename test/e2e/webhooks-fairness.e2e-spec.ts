import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { ok } from '../support/fixtures';
import { eventually, WebhookReceiver } from '../support/webhook-receiver';
import { DeliveryWorker, MAX_IN_FLIGHT_PER_COMPANY } from '../../src/webhooks/delivery/delivery-worker.service';
import { WebhookEventsService } from '../../src/webhooks/events/webhook-events.service';
import { MAX_ENDPOINTS_PER_COMPANY } from '../../src/webhooks/endpoints/webhook-endpoints.service';

/**
 * One company's slow endpoints do not delay another company's deliveries: the worker gives each
 * company at most MAX_IN_FLIGHT_PER_COMPANY attempts at once and claims again as soon as a run
 * is asked for, so company B's event is delivered while company A's receivers still hold their
 * requests unanswered (a real local receiver that answers only when released; no timing is
 * asserted). And a company has at most MAX_ENDPOINTS_PER_COMPANY endpoints.
 *
 * The webhook files keep apart in time (instances 2028, recovery 2029, delivery 2031, this one
 * 2033, endpoints 2090): a worker makes every attempt due by its own clock.
 */
const T0 = new Date('2033-05-01T09:00:00.000Z');

describe('webhook delivery: a fair share per company', () => {
  let t: TestApp;
  let worker: DeliveryWorker;
  let rx: WebhookReceiver;

  beforeAll(async () => {
    t = await createTestApp({ clock: new FixedClock(T0), config: { webhookDelivery: true } });
    worker = t.app.get(DeliveryWorker);
    rx = await WebhookReceiver.start();
  });
  afterAll(async () => {
    rx.release();
    await worker.settle();
    await t.close();
    await rx.close();
  });

  const record = (tenant: Tenant, id: string) =>
    t.dataSource.transaction((m) => t.app.get(WebhookEventsService).record(m, tenant.companyId, 'invoice.voided', { id }));

  const deliveries = async (tenant: Tenant, webhookId: string) =>
    (await ok(await tenant.post(`/webhooks/${webhookId}/deliveries/find`, {}))).results as {
      status: string;
      attempts: number;
    }[];

  it("company B's event is delivered while company A's slow endpoints hold their requests", async () => {
    const a = await t.tenant('Slow company A');
    const b = await t.tenant('Company B');
    const slowCount = MAX_IN_FLIGHT_PER_COMPANY + 3;
    const slow: string[] = [];
    for (let i = 0; i < slowCount; i++) slow.push((await ok(await a.post('/webhooks', { url: rx.url(`/slow-a/${i}`) }), 201)).id);
    const fast = (await ok(await b.post('/webhooks', { url: rx.url('/fast-b') }), 201)).id;
    rx.holdPrefix = '/slow-a/';

    // A's event: one delivery per endpoint; A gets its share of attempts, which hang
    await record(a, 'inv_slow');
    await eventually(() => rx.heldCount === MAX_IN_FLIGHT_PER_COMPANY, "A's share of attempts reaching its receivers");

    // B's event, while every one of A's attempts is still waiting for an answer
    await record(b, 'inv_fast');
    await eventually(() => rx.at('/fast-b').length === 1, "B's delivery");
    await eventually(async () => (await deliveries(b, fast))[0]?.status === 'SUCCEEDED', "B's delivery recorded as SUCCEEDED");

    // A is still held: no answer yet, and no more of its deliveries started than its share
    expect(rx.heldCount).toBe(MAX_IN_FLIGHT_PER_COMPANY);
    expect(rx.received.filter((r) => r.path.startsWith('/slow-a/'))).toHaveLength(MAX_IN_FLIGHT_PER_COMPANY);
    const aRows = (await Promise.all(slow.map((id) => deliveries(a, id)))).map((rows) => rows[0]);
    expect(aRows.every((r) => r.status === 'PENDING')).toBe(true);
    expect(aRows.filter((r) => r.attempts === 1)).toHaveLength(MAX_IN_FLIGHT_PER_COMPANY);
    expect(aRows.filter((r) => r.attempts === 0)).toHaveLength(slowCount - MAX_IN_FLIGHT_PER_COMPANY);

    // once A's receivers answer, A's other deliveries go out as its places free up
    rx.release();
    await eventually(async () => {
      const rows = (await Promise.all(slow.map((id) => deliveries(a, id)))).map((r) => r[0]);
      return rows.every((r) => r.status === 'SUCCEEDED');
    }, "all of A's deliveries");
    expect(new Set(rx.received.filter((r) => r.path.startsWith('/slow-a/')).map((r) => r.path)).size).toBe(slowCount);
  });
});

describe('webhook endpoints: at most a fixed number per company', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ clock: new FixedClock(T0) });
  });
  afterAll(() => t.close());

  it(`a company has at most ${MAX_ENDPOINTS_PER_COMPANY} endpoints: one more is a 409 until one is deleted`, async () => {
    const a = await t.tenant('Many endpoints');
    const ids: string[] = [];
    for (let i = 0; i < MAX_ENDPOINTS_PER_COMPANY; i++) {
      ids.push((await ok(await a.post('/webhooks', { url: `https://93.184.215.14/hooks/${i}` }), 201)).id);
    }
    await ok(await a.patch(`/webhooks/${ids[0]}`, { status: 'DISABLED' }));
    const err = expectError(
      await a.post('/webhooks', { url: 'https://93.184.215.14/one-more' }),
      409,
      'request_error',
      'webhook_limit_reached',
    );
    expect(err.error_message).toContain(String(MAX_ENDPOINTS_PER_COMPANY));
    // another company is not affected
    const b = await t.tenant('Other company');
    await ok(await b.post('/webhooks', { url: 'https://93.184.215.14/b' }), 201);
    await ok(await a.delete(`/webhooks/${ids[1]}`));
    await ok(await a.post('/webhooks', { url: 'https://93.184.215.14/one-more' }), 201);
    expect((await ok(await a.post('/webhooks/find', { include_meta: true }))).pagination.total).toBe(MAX_ENDPOINTS_PER_COMPANY);
  });

  it('concurrent creates cannot pass the limit together', async () => {
    const a = await t.tenant('Concurrent endpoints');
    const answers = await Promise.all(
      Array.from({ length: MAX_ENDPOINTS_PER_COMPANY + 6 }, (_, i) => a.post('/webhooks', { url: `https://93.184.215.14/c/${i}` })),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(MAX_ENDPOINTS_PER_COMPANY);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(6);
    expect((await ok(await a.post('/webhooks/find', { include_meta: true }))).pagination.total).toBe(MAX_ENDPOINTS_PER_COMPANY);
  });
});
