import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { hydrator, preparedIn } from '../platform/database/prepared';
import { ScopedRepository } from '../platform/tenancy/scoped.repository';
import { BillableItemEntity } from './billable-item.entity';
import { BillableMetricEntity } from './billable-metric.entity';

@Injectable()
export class BillableItemsRepository extends ScopedRepository<BillableItemEntity> {
  constructor(dataSource: DataSource) {
    super(BillableItemEntity, dataSource.manager);
  }

  /**
   * SQL of a scalar subquery, for a caller composing one statement: the items whose id is in the
   * text[] parameter, as a JSON array of `{id, type}`, each share-locked (FOR KEY SHARE, in id
   * order): a metric being created on one (which locks it FOR UPDATE) waits for the caller's
   * transaction, or the caller waits for it.
   */
  typesLockedSql(companyParam: string, idsParam: string): string {
    return `(SELECT coalesce(json_agg(json_build_object('id', i.id, 'type', i.type)), '[]') FROM (
      SELECT id, type FROM billable_items WHERE company_id = ${companyParam} AND id = ANY(${idsParam}::text[]) ORDER BY id FOR KEY SHARE) i)`;
  }
}

@Injectable()
export class BillableMetricsRepository extends ScopedRepository<BillableMetricEntity> {
  constructor(private readonly dataSource: DataSource) {
    super(BillableMetricEntity, dataSource.manager);
  }

  /** The metrics with a metering rule of these items, by id, read by a prepared statement in `manager`'s transaction. */
  async meteredOfItems(manager: EntityManager, companyId: string, itemIds: string[]): Promise<BillableMetricEntity[]> {
    const rows = await preparedIn(
      manager,
      'tally_metered_metrics_of_items',
      'SELECT * FROM billable_metrics WHERE company_id = $1 AND item_id = ANY($2::text[]) AND metering_rule IS NOT NULL ORDER BY id',
      [this.requireCompanyId(companyId), itemIds],
    );
    return rows.map(hydrator(this.dataSource, BillableMetricEntity));
  }
}
