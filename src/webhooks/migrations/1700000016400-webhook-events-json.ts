import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Event objects are stored as `json` (their text, checked as JSON) rather than `jsonb`. Nothing
 * queries inside them: they are written once and read back whole (the events API, deliveries).
 * jsonb paid for a parse into its binary form on every write, the largest cost of a billing
 * run's event INSERTs, and it
 * reordered each object's keys; json keeps the object's text as the API answers it.
 */
export class WebhookEventsJson1700000016400 implements MigrationInterface {
  name = 'WebhookEventsJson1700000016400';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE webhook_events ALTER COLUMN data TYPE json USING data::json');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE webhook_events ALTER COLUMN data TYPE jsonb USING data::jsonb');
  }
}
