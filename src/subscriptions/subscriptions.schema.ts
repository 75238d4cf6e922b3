import type { ModuleSchema } from '../platform/database/module-schema';
import { SubscriptionEntity, SubscriptionEventEntity, SubscriptionPhaseEntity } from './subscription.entity';
import { Subscriptions1700000005000 } from './migrations/1700000005000-subscriptions';
import { SubscriptionCompatFields1700000015510 } from './migrations/1700000015510-subscription-compat-fields';

export const subscriptionsSchema: ModuleSchema = {
  entities: [SubscriptionEntity, SubscriptionPhaseEntity, SubscriptionEventEntity],
  migrations: [Subscriptions1700000005000, SubscriptionCompatFields1700000015510],
};
