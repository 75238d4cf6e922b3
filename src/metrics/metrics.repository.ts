import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ScopedRepository } from '../platform/tenancy/scoped.repository';
import { BillableItemEntity } from './billable-item.entity';
import { BillableMetricEntity } from './billable-metric.entity';

@Injectable()
export class BillableItemsRepository extends ScopedRepository<BillableItemEntity> {
  constructor(dataSource: DataSource) {
    super(BillableItemEntity, dataSource.manager);
  }
}

@Injectable()
export class BillableMetricsRepository extends ScopedRepository<BillableMetricEntity> {
  constructor(dataSource: DataSource) {
    super(BillableMetricEntity, dataSource.manager);
  }
}
