import type { ModuleSchema } from '../platform/database/module-schema';
import { SubscriptionEntity, SubscriptionEventEntity, SubscriptionPhaseEntity, SubscriptionPlanUseEntity } from './subscription.entity';
import { Subscriptions1700000005000 } from './migrations/1700000005000-subscriptions';
import { SubscriptionCompatFields1700000015510 } from './migrations/1700000015510-subscription-compat-fields';
import { SubscriptionPlanUses1700000016600 } from './migrations/1700000016600-subscription-plan-uses';

export const subscriptionsSchema: ModuleSchema = {
  entities: [SubscriptionEntity, SubscriptionPhaseEntity, SubscriptionEventEntity, SubscriptionPlanUseEntity],
  migrations: [Subscriptions1700000005000, SubscriptionCompatFields1700000015510, SubscriptionPlanUses1700000016600],
};
