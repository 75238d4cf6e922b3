import { MigrationInterface, QueryRunner } from 'typeorm';

/** Webhook endpoints and their deliveries (the delivery outbox: one row per event and endpoint). */
export class WebhookEndpointsDeliveries1700000013100 implements MigrationInterface {
  name = 'WebhookEndpointsDeliveries1700000013100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_endpoints (
        company_id text NOT NULL REFERENCES companies (company_id),
        id text NOT NULL,
        url text NOT NULL,
        event_types text[] NOT NULL DEFAULT '{}',
        description text NULL,
        status text NOT NULL CHECK (status IN ('ENABLED', 'DISABLED')),
        secret text NOT NULL,
        previous_secret text NULL,
        previous_secret_expires_at timestamptz(3) NULL,
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, id)
      )`);
    await q.query('CREATE INDEX webhook_endpoints_created_idx ON webhook_endpoints (company_id, created_at, id)');
    await q.query(`
      CREATE TABLE webhook_deliveries (
        company_id text NOT NULL,
        id text NOT NULL,
        endpoint_id text NOT NULL,
        event_id text NOT NULL,
        event_type text NOT NULL,
        status text NOT NULL CHECK (status IN ('PENDING', 'SUCCEEDED', 'FAILED')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz(3) NULL,
        lease_until timestamptz(3) NULL,
        last_attempt_at timestamptz(3) NULL,
        last_status_code integer NULL,
        last_error text NULL,
        last_duration_ms integer NULL,
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, id),
        UNIQUE (company_id, endpoint_id, event_id),
        FOREIGN KEY (company_id, endpoint_id) REFERENCES webhook_endpoints (company_id, id) ON DELETE CASCADE,
        FOREIGN KEY (company_id, event_id) REFERENCES webhook_events (company_id, id) ON DELETE CASCADE
      )`);
    await q.query('CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (company_id, endpoint_id, created_at, id)');
    await q.query('CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (company_id, event_id)');
    // the worker's scan: only the pending rows, so reading the whole partial index stays cheap
    await q.query(`CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (company_id, next_attempt_at) WHERE status = 'PENDING'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE webhook_deliveries');
    await q.query('DROP TABLE webhook_endpoints');
  }
}
