import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { WebhookEventEntity } from '../events/webhook-event.entity';

/**
 * Plans the deliveries of a new event, in the transaction that recorded it: one delivery per
 * enabled endpoint of the event's company whose types match.
 */
@Injectable()
export class DeliveryPlanner {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  async plan(m: EntityManager, event: WebhookEventEntity): Promise<void> {
    // the endpoints and deliveries land here
  }
}
