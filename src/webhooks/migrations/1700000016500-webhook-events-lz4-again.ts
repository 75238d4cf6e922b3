import { MigrationInterface, QueryRunner } from 'typeorm';
import { offersLz4 } from '../../platform/database/lz4';

/**
 * Event objects compressed with lz4 again: changing the column's type to json
 * (WebhookEventsJson1700000016400) reset its compression to the server's default (pglz), which
 * costs a billing run's event INSERTs about twice the CPU of lz4 for about the same size. As in
 * WebhookEventsLz41700000015600: only where the server offers lz4; existing rows keep theirs.
 */
export class WebhookEventsLz4Again1700000016500 implements MigrationInterface {
  name = 'WebhookEventsLz4Again1700000016500';

  async up(q: QueryRunner): Promise<void> {
    if (await offersLz4(q)) await q.query('ALTER TABLE webhook_events ALTER COLUMN data SET COMPRESSION lz4');
  }

  async down(q: QueryRunner): Promise<void> {
    if (await offersLz4(q)) await q.query('ALTER TABLE webhook_events ALTER COLUMN data SET COMPRESSION default');
  }
}
