import type { ModuleSchema } from '../platform/database/module-schema';
import { WebhookEventEntity } from './events/webhook-event.entity';
import { WebhookEndpointEntity } from './endpoints/webhook-endpoint.entity';
import { WebhookDeliveryEntity } from './delivery/webhook-delivery.entity';
import { WebhookEvents1700000013000 } from './migrations/1700000013000-webhook-events';
import { WebhookEndpointsDeliveries1700000013100 } from './migrations/1700000013100-webhook-endpoints-deliveries';
import { WebhookEventsLz41700000015600 } from './migrations/1700000015600-webhook-events-lz4';
import { WebhookEventsJson1700000016400 } from './migrations/1700000016400-webhook-events-json';
import { WebhookEventsLz4Again1700000016500 } from './migrations/1700000016500-webhook-events-lz4-again';
import { WebhookEventsWritePath1700000016800 } from './migrations/1700000016800-webhook-events-write-path';

export const webhooksSchema: ModuleSchema = {
  entities: [WebhookEventEntity, WebhookEndpointEntity, WebhookDeliveryEntity],
  migrations: [
    WebhookEvents1700000013000,
    WebhookEndpointsDeliveries1700000013100,
    WebhookEventsLz41700000015600,
    WebhookEventsJson1700000016400,
    WebhookEventsLz4Again1700000016500,
    WebhookEventsWritePath1700000016800,
  ],
};
