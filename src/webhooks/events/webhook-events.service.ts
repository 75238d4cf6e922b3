import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { newId } from '../../platform/ids/ids';
import { DeliveryPlanner } from '../delivery/delivery-planner';
import type { WebhookEventType } from './event-types';
import { WebhookEventEntity } from './webhook-event.entity';

/**
 * Records webhook events. Every module that changes something an integrator cares about calls
 * `record` with the manager of the transaction making the change, so the change and its event
 * commit together or not at all; the deliveries are planned in that same transaction.
 */
@Injectable()
export class WebhookEventsService {
  constructor(private readonly planner: DeliveryPlanner) {}

  /** `object` is the resource exactly as its GET answers it (build it with the module's views). */
  async record(m: EntityManager, companyId: string, type: WebhookEventType, object: object): Promise<WebhookEventEntity> {
    const event: WebhookEventEntity = {
      company_id: companyId,
      id: newId('webhookEvent'),
      type,
      data: { object: object as Record<string, unknown> },
      created_at: new Date(),
    };
    await m.query('INSERT INTO webhook_events (company_id, id, type, data, created_at) VALUES ($1, $2, $3, $4, $5)', [
      event.company_id,
      event.id,
      event.type,
      JSON.stringify(event.data),
      event.created_at,
    ]);
    await this.planner.plan(m, event);
    return event;
  }
}
