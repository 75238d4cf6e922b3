import { Module } from '@nestjs/common';
import { DeliveryPlanner } from './delivery/delivery-planner';
import { WebhookEventsService } from './events/webhook-events.service';
import { WebhookEventsController } from './events/webhook-events.controller';
import { WebhooksViews } from './webhooks.views';

/**
 * Webhooks: events recorded in the transaction of each change, and their signed deliveries to the
 * company's endpoints. The lowest domain tier, so every module can record its events.
 */
@Module({
  controllers: [WebhookEventsController],
  providers: [WebhookEventsService, DeliveryPlanner, WebhooksViews],
  exports: [WebhookEventsService],
})
export class WebhooksModule {}
