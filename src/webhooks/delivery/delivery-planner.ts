import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../platform/clock/clock';
import { newId } from '../../platform/ids/ids';
import type { WebhookEventEntity } from '../events/webhook-event.entity';
import { DeliveryWorker } from './delivery-worker.service';

/**
 * Plans the deliveries of a new event, in the transaction that recorded it: one delivery per
 * enabled endpoint of the event's company whose types match (an endpoint with no types takes
 * every type). A `webhook.test` event goes only to the endpoint it names (its `data.object.id`,
 * whatever that endpoint's types). The first attempt is due at once and asked for after commit.
 */
@Injectable()
export class DeliveryPlanner {
  constructor(
    private readonly clock: Clock,
    private readonly worker: DeliveryWorker,
  ) {}

  async plan(m: EntityManager, event: WebhookEventEntity): Promise<void> {
    const params: unknown[] = [event.company_id];
    let match: string;
    if (event.type === 'webhook.test') {
      params.push(String(event.data.object.id ?? ''));
      match = 'id = $2';
    } else {
      params.push(event.type);
      match = '(cardinality(event_types) = 0 OR $2 = ANY (event_types))';
    }
    const endpoints: { id: string }[] = await m.query(
      `SELECT id FROM webhook_endpoints WHERE company_id = $1 AND status = 'ENABLED' AND ${match} ORDER BY id`,
      params,
    );
    if (endpoints.length === 0) return;
    const now = this.clock.now();
    const values: unknown[] = [];
    const rows = endpoints.map((e, i) => {
      values.push(newId('webhookDelivery'), e.id);
      return `($1, $${i * 2 + 5}, $${i * 2 + 6}, $2, $3, 'PENDING', 0, $4, $4, $4)`;
    });
    await m.query(
      `INSERT INTO webhook_deliveries (company_id, id, endpoint_id, event_id, event_type, status, attempts, next_attempt_at, created_at, updated_at)
       VALUES ${rows.join(', ')}`,
      [event.company_id, event.id, event.type, now, ...values],
    );
    this.worker.runAfterCommit(m);
  }
}
