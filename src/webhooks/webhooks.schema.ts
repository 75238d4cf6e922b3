import type { ModuleSchema } from '../platform/database/module-schema';
import { WebhookEventEntity } from './events/webhook-event.entity';
import { WebhookEvents1700000013000 } from './migrations/1700000013000-webhook-events';

export const webhooksSchema: ModuleSchema = {
  entities: [WebhookEventEntity],
  migrations: [WebhookEvents1700000013000],
};
