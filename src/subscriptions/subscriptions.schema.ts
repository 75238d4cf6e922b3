import type { ModuleSchema } from '../platform/database/module-schema';
import { SubscriptionEntity, SubscriptionEventEntity, SubscriptionPhaseEntity } from './subscription.entity';
import { Subscriptions1700000005000 } from './migrations/1700000005000-subscriptions';

export const subscriptionsSchema: ModuleSchema = {
  entities: [SubscriptionEntity, SubscriptionPhaseEntity, SubscriptionEventEntity],
  migrations: [Subscriptions1700000005000],
};
