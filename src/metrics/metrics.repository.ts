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

  /**
   * SQL of a scalar subquery, for a caller composing one statement: the items whose id is in the
   * text[] parameter, as a JSON array of `{id, type, metrics_version}` (read, not locked).
   */
  typesSql(companyParam: string, idsParam: string): string {
    return `(SELECT coalesce(json_agg(json_build_object('id', i.id, 'type', i.type, 'metrics_version', i.metrics_version)), '[]')
      FROM billable_items i WHERE i.company_id = ${companyParam} AND i.id = ANY(${idsParam}::text[]))`;
  }

  /**
   * SQL of a scalar boolean subquery: share-locks the items whose id is in the text[] parameter
   * (FOR KEY SHARE, in id order) and is true when each of them exists with the metrics_version
   * that the jsonb parameter gives for its id (`{"<item id>": <version>}`). The lock returns an
   * item's latest version, even in a statement whose snapshot is older: a metric created (which
   * holds its item FOR UPDATE and raises the version) either commits first and makes this false,
   * or waits for the caller's statement and sees what it wrote.
   */
  versionsHeldSql(companyParam: string, idsParam: string, versionsParam: string): string {
    return `(SELECT count(*) FILTER (WHERE i.metrics_version = (${versionsParam}::jsonb ->> i.id)::integer) = cardinality(${idsParam}::text[])
      FROM (SELECT id, metrics_version FROM billable_items WHERE company_id = ${companyParam} AND id = ANY(${idsParam}::text[])
        ORDER BY id FOR KEY SHARE) i)`;
  }

  /** A metric was created on the item (by the repository `with` the creating transaction, which holds the item FOR UPDATE). */
  async raiseMetricsVersion(companyId: string, id: string): Promise<void> {
    await this.manager.query('UPDATE billable_items SET metrics_version = metrics_version + 1 WHERE company_id = $1 AND id = $2', [
      this.requireCompanyId(companyId),
      id,
    ]);
  }
}

@Injectable()
export class BillableMetricsRepository extends ScopedRepository<BillableMetricEntity> {
  constructor(dataSource: DataSource) {
    super(BillableMetricEntity, dataSource.manager);
  }

  /**
   * SQL of a scalar subquery, for a caller composing one statement: the metrics with a metering
   * rule of the items whose id is in the text[] parameter, by id, as a JSON array (`fromJson`).
   */
  meteredOfItemsSql(companyParam: string, idsParam: string): string {
    return this.jsonRowsSql('bm', companyParam, `bm.item_id = ANY(${idsParam}::text[]) AND bm.metering_rule IS NOT NULL`, 'bm.id');
  }
}
