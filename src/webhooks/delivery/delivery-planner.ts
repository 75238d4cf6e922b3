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

  plan(m: EntityManager, event: WebhookEventEntity): Promise<void> {
    return this.planMany(m, [event]);
  }

  /**
   * `plan` for several events of a transaction: each company's enabled endpoints read once, the
   * deliveries of all the events in one INSERT.
   */
  async planMany(m: EntityManager, events: WebhookEventEntity[]): Promise<void> {
    if (events.length === 0) return;
    const byCompany = new Map<string, WebhookEventEntity[]>();
    for (const e of events) {
      const list = byCompany.get(e.company_id);
      if (list) list.push(e);
      else byCompany.set(e.company_id, [e]);
    }
    let planned = false;
    for (const [companyId, list] of byCompany) {
      const endpoints: { id: string; event_types: string[] }[] = await m.query(
        `SELECT id, event_types FROM webhook_endpoints WHERE company_id = $1 AND status = 'ENABLED' ORDER BY id`,
        [companyId],
      );
      if (endpoints.length === 0) continue;
      const rows: { id: string; endpoint_id: string; event_id: string; event_type: string }[] = [];
      for (const event of list) {
        // a test event goes only to the endpoint it names; any other to the endpoints that take its type (none listed: every type)
        const targets =
          event.type === 'webhook.test'
            ? endpoints.filter((e) => e.id === String(event.data.object.id ?? ''))
            : endpoints.filter((e) => e.event_types.length === 0 || e.event_types.includes(event.type));
        for (const e of targets) rows.push({ id: newId('webhookDelivery'), endpoint_id: e.id, event_id: event.id, event_type: event.type });
      }
      if (rows.length === 0) continue;
      await m.query(
        `INSERT INTO webhook_deliveries (company_id, id, endpoint_id, event_id, event_type, status, attempts, next_attempt_at, created_at, updated_at)
         SELECT $1, v.id, v.endpoint_id, v.event_id, v.event_type, 'PENDING', 0, $2, $2, $2
         FROM unnest($3::text[], $4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS v(id, endpoint_id, event_id, event_type, n)
         ORDER BY v.n`,
        [
          companyId,
          this.clock.now(),
          rows.map((r) => r.id),
          rows.map((r) => r.endpoint_id),
          rows.map((r) => r.event_id),
          rows.map((r) => r.event_type),
        ],
      );
      planned = true;
    }
    if (planned) this.worker.runAfterCommit(m);
  }
}
