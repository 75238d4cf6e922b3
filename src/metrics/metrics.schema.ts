import type { ModuleSchema } from '../platform/database/entity-registry';
import { BillableItemEntity } from './billable-item.entity';
import { BillableMetricEntity } from './billable-metric.entity';
import { BillableItemsAndMetrics1700000003000 } from './migrations/1700000003000-billable-items-and-metrics';

export const metricsSchema: ModuleSchema = {
  entities: [BillableItemEntity, BillableMetricEntity],
  migrations: [BillableItemsAndMetrics1700000003000],
};
