import type { ModuleSchema } from '../platform/database/module-schema';
import { BillableItemEntity } from './billable-item.entity';
import { BillableMetricEntity } from './billable-metric.entity';
import { BillableObjectEntity } from './objects/billable-object.entity';
import { UsageEventEntity, UsageEventKeyEntity, UsageRollupEntity, UsageRollupValueEntity } from './usage/usage.entity';
import { BillableItemsAndMetrics1700000003000 } from './migrations/1700000003000-billable-items-and-metrics';
import { UsageEventsAndObjects1700000003100 } from './migrations/1700000003100-usage-events-and-objects';
import { UsageEventKeysAge1700000012100 } from './migrations/1700000012100-usage-event-keys-age';
import { ObjectsIdentifierOrder1700000015100 } from './migrations/1700000015100-objects-identifier-order';
import { UsageRollupSlots1700000016100 } from './migrations/1700000016100-usage-rollup-slots';
import { UsageWritePath1700000016300 } from './migrations/1700000016300-usage-write-path';
import { BillableItemsMetricsVersion1700000017100 } from './migrations/1700000017100-billable-items-metrics-version';
import { MetricsAdvancePriced1700000018510 } from './migrations/1700000018510-metrics-advance-priced';

export const metricsSchema: ModuleSchema = {
  entities: [
    BillableItemEntity,
    BillableMetricEntity,
    UsageEventEntity,
    UsageEventKeyEntity,
    UsageRollupEntity,
    UsageRollupValueEntity,
    BillableObjectEntity,
  ],
  migrations: [
    BillableItemsAndMetrics1700000003000,
    UsageEventsAndObjects1700000003100,
    UsageEventKeysAge1700000012100,
    ObjectsIdentifierOrder1700000015100,
    UsageRollupSlots1700000016100,
    UsageWritePath1700000016300,
    BillableItemsMetricsVersion1700000017100,
    MetricsAdvancePriced1700000018510,
  ],
};
