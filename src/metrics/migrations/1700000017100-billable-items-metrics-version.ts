import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * billable_items.metrics_version: raised by every metric created on the item, in the creating
 * transaction (which holds the item FOR UPDATE). Ingest reads it with the item's metrics, and its
 * one writing statement share-locks the items and writes only if their versions are still the
 * ones read: the latest version of a locked row is what the lock returns, so a metric committed
 * after the read is always noticed, and ingest no longer needs a transaction around its reads.
 * Existing rows start at 0: only a change after the read matters, never the number itself.
 */
export class BillableItemsMetricsVersion1700000017100 implements MigrationInterface {
  name = 'BillableItemsMetricsVersion1700000017100';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE billable_items ADD COLUMN metrics_version integer NOT NULL DEFAULT 0');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE billable_items DROP COLUMN metrics_version');
  }
}
