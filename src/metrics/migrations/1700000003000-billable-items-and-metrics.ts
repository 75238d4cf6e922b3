import { MigrationInterface, QueryRunner } from 'typeorm';

export class BillableItemsAndMetrics1700000003000 implements MigrationInterface {
  name = 'BillableItemsAndMetrics1700000003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE billable_items (
        company_id text NOT NULL REFERENCES companies (company_id),
        id text NOT NULL,
        name text NOT NULL,
        external_name text,
        description text,
        display_type text NOT NULL DEFAULT 'UNITS',
        type text NOT NULL,
        standard boolean NOT NULL DEFAULT false,
        editable boolean NOT NULL DEFAULT true,
        state text NOT NULL DEFAULT 'ACTIVE',
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, id)
      )`);
    await q.query('CREATE INDEX billable_items_created_idx ON billable_items (company_id, created_at, id)');
    await q.query('CREATE INDEX billable_items_updated_idx ON billable_items (company_id, updated_at, id)');
    await q.query(`
      CREATE TABLE billable_metrics (
        company_id text NOT NULL REFERENCES companies (company_id),
        id text NOT NULL,
        item_id text NOT NULL,
        name text NOT NULL,
        external_name text,
        description text,
        type text NOT NULL DEFAULT 'CUSTOM_METRIC',
        is_billable boolean NOT NULL DEFAULT true,
        standard boolean NOT NULL DEFAULT false,
        editable boolean NOT NULL DEFAULT true,
        state text NOT NULL DEFAULT 'ACTIVE',
        metering_rule jsonb,
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, id),
        CONSTRAINT billable_metrics_item_fkey FOREIGN KEY (company_id, item_id) REFERENCES billable_items (company_id, id)
      )`);
    await q.query('CREATE INDEX billable_metrics_item_idx ON billable_metrics (company_id, item_id)');
    await q.query('CREATE INDEX billable_metrics_created_idx ON billable_metrics (company_id, created_at, id)');
    await q.query('CREATE INDEX billable_metrics_updated_idx ON billable_metrics (company_id, updated_at, id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE billable_metrics');
    await q.query('DROP TABLE billable_items');
  }
}
