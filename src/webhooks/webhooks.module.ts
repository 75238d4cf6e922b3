import { Module } from '@nestjs/common';
import { DeliveryPlanner } from './delivery/delivery-planner';
import { WebhookEventsService } from './events/webhook-events.service';

/**
 * Webhooks: events recorded in the transaction of each change, and their signed deliveries to the
 * company's endpoints. The lowest domain tier, so every module can record its events.
 */
@Module({
  providers: [WebhookEventsService, DeliveryPlanner],
  exports: [WebhookEventsService],
})
export class WebhooksModule {}
