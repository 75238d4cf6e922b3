import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Usage events (high volume), their 35-day de-duplication keys, per-metric hourly rollups that
 * keep usage queries fast over millions of events, and metered objects (CUSTOM_OBJ items).
 */
export class UsageEventsAndObjects1700000003100 implements MigrationInterface {
  name = 'UsageEventsAndObjects1700000003100';

  async up(q: QueryRunner): Promise<void> {
    // Events: immutable rows. The usage index serves "metric M of customer C between T1 and T2"
    // (the metric gives the item). No created_at/updated_at sort indexes: events have no find.
    await q.query(`
      CREATE TABLE usage_events (
        company_id text NOT NULL,
        id text NOT NULL,
        customer_id text NOT NULL,
        item_id text NOT NULL,
        transaction_id text NOT NULL,
        event_timestamp timestamptz(3) NOT NULL,
        properties jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, id),
        CONSTRAINT usage_events_customer_fkey FOREIGN KEY (company_id, customer_id) REFERENCES customers (company_id, id),
        CONSTRAINT usage_events_item_fkey FOREIGN KEY (company_id, item_id) REFERENCES billable_items (company_id, id)
      )`);
    await q.query('CREATE INDEX usage_events_usage_idx ON usage_events (company_id, customer_id, item_id, event_timestamp)');
    await q.query('CREATE INDEX usage_events_item_idx ON usage_events (company_id, item_id)');

    // De-duplication: one row per (customer, transaction_id); a key may be reused 35 days after its
    // first receipt (INSERT ... ON CONFLICT DO UPDATE ... WHERE first_seen_at < now - 35 days).
    await q.query(`
      CREATE TABLE usage_event_keys (
        company_id text NOT NULL,
        customer_id text NOT NULL,
        transaction_id text NOT NULL,
        event_id text NOT NULL,
        first_seen_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, customer_id, transaction_id)
      )`);

    // Hourly partial aggregates per metric, customer and group (group_key = JSON array of the
    // group values, '[]' without group keys). Maintained in the ingest transaction; built from the
    // stored events when a metric is created. A usage query reads the whole hours of its period
    // here and only the partial hours at its edges from usage_events.
    await q.query(`
      CREATE TABLE usage_rollups (
        company_id text NOT NULL,
        customer_id text NOT NULL,
        metric_id text NOT NULL,
        bucket_start timestamptz(3) NOT NULL,
        group_key text NOT NULL,
        event_count bigint NOT NULL,
        value_count bigint NOT NULL,
        value_sum numeric NOT NULL,
        value_max numeric,
        latest_at timestamptz(3),
        latest_event_id text,
        latest_value numeric,
        PRIMARY KEY (company_id, customer_id, metric_id, bucket_start, group_key),
        CONSTRAINT usage_rollups_metric_fkey FOREIGN KEY (company_id, metric_id) REFERENCES billable_metrics (company_id, id)
      )`);
    await q.query('CREATE INDEX usage_rollups_metric_idx ON usage_rollups (company_id, metric_id)');
    // Distinct values per hour for UNIQUE_COUNT metrics (a count of distinct values does not add up).
    await q.query(`
      CREATE TABLE usage_rollup_values (
        company_id text NOT NULL,
        customer_id text NOT NULL,
        metric_id text NOT NULL,
        bucket_start timestamptz(3) NOT NULL,
        group_key text NOT NULL,
        value text NOT NULL,
        PRIMARY KEY (company_id, customer_id, metric_id, bucket_start, group_key, value),
        CONSTRAINT usage_rollup_values_metric_fkey FOREIGN KEY (company_id, metric_id) REFERENCES billable_metrics (company_id, id)
      )`);
    await q.query('CREATE INDEX usage_rollup_values_metric_idx ON usage_rollup_values (company_id, metric_id)');

    // Metered objects: soft-deleted (deleted_at) so usage of past periods stays reproducible.
    await q.query(`
      CREATE TABLE billable_objects (
        company_id text NOT NULL,
        id text NOT NULL,
        customer_id text NOT NULL,
        item_id text NOT NULL,
        object_identifier text NOT NULL,
        properties jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        deleted_at timestamptz(3),
        PRIMARY KEY (company_id, id),
        CONSTRAINT billable_objects_customer_fkey FOREIGN KEY (company_id, customer_id) REFERENCES customers (company_id, id),
        CONSTRAINT billable_objects_item_fkey FOREIGN KEY (company_id, item_id) REFERENCES billable_items (company_id, id)
      )`);
    await q.query(
      'CREATE UNIQUE INDEX billable_objects_live_identifier_key ON billable_objects (company_id, customer_id, item_id, object_identifier) WHERE deleted_at IS NULL',
    );
    await q.query('CREATE INDEX billable_objects_usage_idx ON billable_objects (company_id, customer_id, item_id, created_at)');
    await q.query('CREATE INDEX billable_objects_item_idx ON billable_objects (company_id, item_id)');
    await q.query('CREATE INDEX billable_objects_created_idx ON billable_objects (company_id, created_at, id)');
    await q.query('CREATE INDEX billable_objects_updated_idx ON billable_objects (company_id, updated_at, id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE billable_objects');
    await q.query('DROP TABLE usage_rollup_values');
    await q.query('DROP TABLE usage_rollups');
    await q.query('DROP TABLE usage_event_keys');
    await q.query('DROP TABLE usage_events');
  }
}
