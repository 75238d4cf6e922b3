import { Webhook } from 'standardwebhooks';
import { createTestApp, FixedClock } from '../support/app';
import { ok } from '../support/fixtures';
import { eventually, WebhookReceiver } from '../support/webhook-receiver';
import { DeliveryWorker } from '../../src/webhooks/delivery/delivery-worker.service';

/**
 * A crash between commit and delivery still delivers: an instance that does not deliver
 * (TALLY_WEBHOOK_DELIVERY=off, as if it died right after the commit) records the event and goes
 * away; another instance, started later, finds the pending delivery on its own (its start-up
 * run and poll) and delivers it. One app at a time, so this runs on the embedded database too.
 */
const T0 = new Date('2029-04-01T12:00:00.000Z');

describe('webhook delivery after a crash between commit and delivery', () => {
  let rx: WebhookReceiver;

  beforeAll(async () => {
    rx = await WebhookReceiver.start();
  });
  afterAll(() => rx.close());

  it('the pending delivery is sent by the next instance, signed, once', async () => {
    const first = await createTestApp({ clock: new FixedClock(T0), config: { webhookDelivery: false } });
    let companyId: string;
    let webhook: { id: string; secret: string };
    let delivery: { id: string; event_id: string };
    try {
      const a = await first.tenant('Webhook recovery');
      companyId = a.companyId;
      webhook = await ok(await a.post('/webhooks', { url: rx.url('/recovered') }), 201);
      delivery = await ok(await a.post(`/webhooks/${webhook.id}/test`));
      await first.app.get(DeliveryWorker).settle();
      await new Promise((r) => setTimeout(r, 300));
      expect(rx.received).toHaveLength(0);
    } finally {
      await first.close();
    }

    const second = await createTestApp({ clock: new FixedClock(new Date(T0.getTime() + 1000)), config: { webhookDelivery: true } });
    try {
      await eventually(() => rx.at('/recovered').length > 0, 'the delivery left by the first instance', 15_000);
      await second.app.get(DeliveryWorker).settle();
      const [got] = rx.at('/recovered');
      expect(rx.at('/recovered')).toHaveLength(1);
      expect(got.headers['webhook-id']).toBe(delivery.event_id);
      expect(new Webhook(webhook.secret).verify(got.body, got.headers)).toMatchObject({
        id: delivery.event_id,
        type: 'webhook.test',
        company_id: companyId,
      });
      const [row] = await second.dataSource.query('SELECT status, attempts FROM webhook_deliveries WHERE company_id = $1 AND id = $2', [
        companyId,
        delivery.id,
      ]);
      expect(row).toEqual({ status: 'SUCCEEDED', attempts: 1 });
    } finally {
      await second.close();
    }
  });
});
