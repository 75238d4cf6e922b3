import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rollup rows become partial aggregates that add up: each ingest batch inserts its own rows
 * (`slot` = the batch's first event id) instead of updating one row per hour, so concurrent
 * batches of one customer never wait on each other's row locks. A rollup compaction later merges
 * the rows of an hour into one (`slot` ''), which is also what a metric's initial build writes.
 */
export class UsageRollupSlots1700000016100 implements MigrationInterface {
  name = 'UsageRollupSlots1700000016100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE usage_rollups ADD COLUMN slot text NOT NULL DEFAULT ''`);
    await q.query('ALTER TABLE usage_rollups DROP CONSTRAINT usage_rollups_pkey');
    await q.query('ALTER TABLE usage_rollups ADD PRIMARY KEY (company_id, customer_id, metric_id, bucket_start, group_key, slot)');
    // the compaction finds the hours with batch rows per company
    await q.query(`CREATE INDEX usage_rollups_slots_idx ON usage_rollups (company_id, metric_id) WHERE slot <> ''`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX usage_rollups_slots_idx');
    // every hour back to one row: the rows of an hour add up (the latest value by time, then event id)
    await q.query(`
      WITH gone AS (DELETE FROM usage_rollups RETURNING *)
      INSERT INTO usage_rollups (company_id, customer_id, metric_id, bucket_start, group_key, event_count, value_count,
        value_sum, value_max, latest_at, latest_event_id, latest_value, slot)
      SELECT company_id, customer_id, metric_id, bucket_start, group_key, sum(event_count), sum(value_count), sum(value_sum),
        max(value_max), max(latest_at),
        (array_agg(latest_event_id ORDER BY latest_at DESC, latest_event_id COLLATE "C" DESC) FILTER (WHERE latest_at IS NOT NULL))[1],
        (array_agg(latest_value ORDER BY latest_at DESC, latest_event_id COLLATE "C" DESC) FILTER (WHERE latest_at IS NOT NULL))[1],
        ''
      FROM gone GROUP BY 1, 2, 3, 4, 5`);
    await q.query('ALTER TABLE usage_rollups DROP CONSTRAINT usage_rollups_pkey');
    await q.query('ALTER TABLE usage_rollups DROP COLUMN slot');
    await q.query('ALTER TABLE usage_rollups ADD PRIMARY KEY (company_id, customer_id, metric_id, bucket_start, group_key)');
  }
}
