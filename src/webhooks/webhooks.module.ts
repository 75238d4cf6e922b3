import { Module } from '@nestjs/common';
import { DeliveryPlanner } from './delivery/delivery-planner';
import { DeliveryWorker } from './delivery/delivery-worker.service';
import { WebhookEndpointsService } from './endpoints/webhook-endpoints.service';
import { WebhookEventsService } from './events/webhook-events.service';
import { WebhooksController } from './webhooks.controller';
import { WebhookDeliveriesRepository, WebhookEndpointsRepository } from './webhooks.repository';
import { WebhookEventsController } from './events/webhook-events.controller';
import { WebhooksViews } from './webhooks.views';

/**
 * Webhooks: events recorded in the transaction of each change, and their signed deliveries to the
 * company's endpoints. The lowest domain tier, so every module can record its events.
 */
@Module({
  controllers: [WebhooksController, WebhookEventsController],
  providers: [
    WebhookEventsService,
    DeliveryPlanner,
    DeliveryWorker,
    WebhookEndpointsService,
    WebhookEndpointsRepository,
    WebhookDeliveriesRepository,
    WebhooksViews,
  ],
  exports: [WebhookEventsService, DeliveryWorker],
})
export class WebhooksModule {}
