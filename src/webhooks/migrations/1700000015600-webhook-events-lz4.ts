import { MigrationInterface, QueryRunner } from 'typeorm';
import { offersLz4 } from '../../platform/database/lz4';

/**
 * Event objects are large JSON (an invoice with its customer, a subscription with its plan: 3 to
 * 8 kB) and a billing run writes several per invoice: compressed with lz4 instead of the default
 * pglz, the INSERT of a run's batch takes about a third of the time. Only where the server was
 * built with lz4 (PostgreSQL 14+ offers it as a value of default_toast_compression); elsewhere
 * (the embedded database) the column keeps the default, which changes nothing but speed.
 * Existing rows keep their compression until rewritten.
 */
export class WebhookEventsLz41700000015600 implements MigrationInterface {
  name = 'WebhookEventsLz41700000015600';

  async up(q: QueryRunner): Promise<void> {
    if (await offersLz4(q)) await q.query('ALTER TABLE webhook_events ALTER COLUMN data SET COMPRESSION lz4');
  }

  async down(q: QueryRunner): Promise<void> {
    if (await offersLz4(q)) await q.query('ALTER TABLE webhook_events ALTER COLUMN data SET COMPRESSION default');
  }
}
