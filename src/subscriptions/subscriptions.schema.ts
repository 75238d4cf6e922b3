import type { ModuleSchema } from '../platform/database/module-schema';
import {
  SubscriptionEntity,
  SubscriptionEventEntity,
  SubscriptionPhaseEntity,
  SubscriptionPlanUseEntity,
  SubscriptionPlanUseCountEntity,
} from './subscription.entity';
import { Subscriptions1700000005000 } from './migrations/1700000005000-subscriptions';
import { SubscriptionCompatFields1700000015510 } from './migrations/1700000015510-subscription-compat-fields';
import { SubscriptionPlanUses1700000016600 } from './migrations/1700000016600-subscription-plan-uses';
import { SubscriptionPlanUseCounts1700000016700 } from './migrations/1700000016700-subscription-plan-use-counts';
import { SubscriptionBillingError1700000017330 } from './migrations/1700000017330-subscription-billing-error';
import { SubscriptionCalendarBilling1700000018000 } from './migrations/1700000018000-subscription-calendar-billing';
import { SubscriptionChangeUnscheduled1700000018010 } from './migrations/1700000018010-subscription-change-unscheduled';
import { SubscriptionUsageThresholds1700000018051 } from './migrations/1700000018051-subscription-usage-thresholds';

export const subscriptionsSchema: ModuleSchema = {
  entities: [
    SubscriptionEntity,
    SubscriptionPhaseEntity,
    SubscriptionEventEntity,
    SubscriptionPlanUseEntity,
    SubscriptionPlanUseCountEntity,
  ],
  migrations: [
    Subscriptions1700000005000,
    SubscriptionCompatFields1700000015510,
    SubscriptionPlanUses1700000016600,
    SubscriptionPlanUseCounts1700000016700,
    SubscriptionBillingError1700000017330,
    SubscriptionCalendarBilling1700000018000,
    SubscriptionChangeUnscheduled1700000018010,
    SubscriptionUsageThresholds1700000018051,
  ],
};
