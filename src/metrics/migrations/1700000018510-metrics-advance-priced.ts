import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `advance_priced` of a billable metric: some price charges its events as they arrive. Ingest
 * reads it with the metrics it already reads, so a batch whose metrics have no such price pays
 * nothing for the feature. Set when such a price is created, never cleared (a metric that had one
 * only costs its ingest a lookup that finds nothing).
 */
export class MetricsAdvancePriced1700000018510 implements MigrationInterface {
  name = 'MetricsAdvancePriced1700000018510';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE billable_metrics ADD COLUMN advance_priced boolean NOT NULL DEFAULT false');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE billable_metrics DROP COLUMN advance_priced');
  }
}
