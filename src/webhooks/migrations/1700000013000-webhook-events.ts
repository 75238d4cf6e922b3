import { MigrationInterface, QueryRunner } from 'typeorm';

export class WebhookEvents1700000013000 implements MigrationInterface {
  name = 'WebhookEvents1700000013000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_events (
        company_id text NOT NULL REFERENCES companies (company_id),
        id text NOT NULL,
        type text NOT NULL,
        data jsonb NOT NULL,
        created_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, id)
      )`);
    await q.query('CREATE INDEX webhook_events_created_idx ON webhook_events (company_id, created_at, id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE webhook_events');
  }
}
