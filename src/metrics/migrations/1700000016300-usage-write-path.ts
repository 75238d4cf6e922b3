import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fewer writes per ingested event (the ingest benchmark's PostgreSQL CPU is mostly these):
 * - usage_events loses its two foreign keys. Each one ran a row lookup with a KEY SHARE lock per
 *   stored event. Ingest resolves every event's customer and item in the same transaction (the
 *   items share-locked), and customers and billable items are never deleted, so the keys only
 *   repeated that check, row by row.
 * - one events index instead of two: (company_id, item_id, customer_id, event_timestamp) serves
 *   the usage query (item, customer, period) and a new metric's build from its item's events,
 *   which had (company_id, item_id) to itself.
 * - usage_rollups loses its index on (company_id, metric_id) and its foreign key to the metric:
 *   no query reads rollups by metric alone (the compaction finds batch rows through
 *   usage_rollups_slots_idx), rollup rows are written only for metrics read in the same
 *   transaction, and metrics are never deleted; the key's check ran once per rollup row.
 */
export class UsageWritePath1700000016300 implements MigrationInterface {
  name = 'UsageWritePath1700000016300';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE usage_events DROP CONSTRAINT usage_events_customer_fkey, DROP CONSTRAINT usage_events_item_fkey');
    await q.query('CREATE INDEX usage_events_item_customer_idx ON usage_events (company_id, item_id, customer_id, event_timestamp)');
    await q.query('DROP INDEX usage_events_usage_idx');
    await q.query('DROP INDEX usage_events_item_idx');
    await q.query('DROP INDEX usage_rollups_metric_idx');
    await q.query('ALTER TABLE usage_rollups DROP CONSTRAINT usage_rollups_metric_fkey');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE usage_rollups
      ADD CONSTRAINT usage_rollups_metric_fkey FOREIGN KEY (company_id, metric_id) REFERENCES billable_metrics (company_id, id)`);
    await q.query('CREATE INDEX usage_rollups_metric_idx ON usage_rollups (company_id, metric_id)');
    await q.query('CREATE INDEX usage_events_item_idx ON usage_events (company_id, item_id)');
    await q.query('CREATE INDEX usage_events_usage_idx ON usage_events (company_id, customer_id, item_id, event_timestamp)');
    await q.query('DROP INDEX usage_events_item_customer_idx');
    await q.query(`ALTER TABLE usage_events
      ADD CONSTRAINT usage_events_customer_fkey FOREIGN KEY (company_id, customer_id) REFERENCES customers (company_id, id),
      ADD CONSTRAINT usage_events_item_fkey FOREIGN KEY (company_id, item_id) REFERENCES billable_items (company_id, id)`);
  }
}
