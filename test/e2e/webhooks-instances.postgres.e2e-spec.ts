import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { ok } from '../support/fixtures';
import { eventually, WebhookReceiver } from '../support/webhook-receiver';
import { DeliveryWorker } from '../../src/webhooks/delivery/delivery-worker.service';
import { WebhookEventsService } from '../../src/webhooks/events/webhook-events.service';

/**
 * Two instances on one database deliver each attempt once: both run their workers (kick after
 * commit, poll, and explicit runs at the same moments) over the same due deliveries; the claim
 * (`FOR UPDATE SKIP LOCKED` plus a lease) gives each attempt to one of them. PostgreSQL only
 * (a `*.postgres.e2e-spec.ts` file): the embedded database serves one connection at a time, so
 * a second instance could not connect while the first holds its pool; jest.config.js leaves such
 * files out when DATABASE_URL is not set.
 */
const T0 = new Date('2028-02-01T08:00:00.000Z');

describe('webhook delivery with two instances on one database (PostgreSQL)', () => {
  let one: TestApp;
  let two: TestApp;
  let clock: FixedClock;
  let rx: WebhookReceiver;
  let a: Tenant;

  beforeAll(async () => {
    clock = new FixedClock(T0);
    one = await createTestApp({ clock, config: { webhookDelivery: true } });
    two = await createTestApp({ clock, config: { webhookDelivery: true } });
    rx = await WebhookReceiver.start();
    a = await one.tenant('Webhook instances');
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await rx.close();
  });

  it('60 events recorded on both instances: each first attempt reaches the receiver once', async () => {
    await ok(await a.post('/webhooks', { url: rx.url('/twice') }), 201);
    rx.fallback = 200;
    const seen = new Map<string, number>();
    const apps = [one, two];
    const events = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        apps[i % 2].dataSource.transaction((m) =>
          apps[i % 2].app.get(WebhookEventsService).record(m, a.companyId, 'invoice.created', { id: `inv_${i}` }),
        ),
      ),
    );
    await eventually(() => rx.at('/twice').length >= 60, 'the first attempts', 30_000);
    await Promise.all(apps.map((x) => x.app.get(DeliveryWorker).settle()));
    for (const r of rx.at('/twice')) seen.set(r.headers['webhook-id'], (seen.get(r.headers['webhook-id']) ?? 0) + 1);
    expect(seen.size).toBe(60);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(events.map((e) => e.id))).toEqual(new Set(seen.keys()));
    const rows = await one.dataSource.query(
      `SELECT status, attempts, count(*)::int AS n FROM webhook_deliveries WHERE company_id = $1 GROUP BY status, attempts`,
      [a.companyId],
    );
    expect(rows).toEqual([{ status: 'SUCCEEDED', attempts: 1, n: 60 }]);
  });

  it('retries due at the same moment on both instances: each slot is attempted once', async () => {
    const b = await one.tenant('Webhook instances retries');
    await ok(await b.post('/webhooks', { url: rx.url('/retry-slots') }), 201);
    rx.fallback = 500;
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        one.dataSource.transaction((m) => one.app.get(WebhookEventsService).record(m, b.companyId, 'payment.failed', { id: `txn_${i}` })),
      ),
    );
    await eventually(() => rx.at('/retry-slots').length >= 30, 'the first attempts', 30_000);
    await Promise.all([one, two].map((x) => x.app.get(DeliveryWorker).settle()));
    clock.advance(5_000);
    // both instances run at once, over the same 30 due retries
    await Promise.all([one, two].flatMap((x) => [x.app.get(DeliveryWorker).runDue(), x.app.get(DeliveryWorker).runDue()]));
    await Promise.all([one, two].map((x) => x.app.get(DeliveryWorker).settle()));
    const perEvent = new Map<string, number>();
    for (const r of rx.at('/retry-slots')) perEvent.set(r.headers['webhook-id'], (perEvent.get(r.headers['webhook-id']) ?? 0) + 1);
    expect(perEvent.size).toBe(30);
    expect([...perEvent.values()].every((n) => n === 2)).toBe(true);
    const rows = await one.dataSource.query(
      `SELECT status, attempts, count(*)::int AS n FROM webhook_deliveries WHERE company_id = $1 GROUP BY status, attempts`,
      [b.companyId],
    );
    expect(rows).toEqual([{ status: 'PENDING', attempts: 2, n: 30 }]);
  });
});
