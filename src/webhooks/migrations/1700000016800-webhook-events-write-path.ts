import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * webhook_events loses its foreign key to companies. Its check ran one row lookup with a KEY
 * SHARE lock per stored event (a billing run over 10,000 subscriptions stores 50,000); events
 * are written only by WebhookEventsService, for the company of the transaction that made the
 * change, and companies are never deleted, so the key only repeated that, row by row.
 */
export class WebhookEventsWritePath1700000016800 implements MigrationInterface {
  name = 'WebhookEventsWritePath1700000016800';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE webhook_events DROP CONSTRAINT webhook_events_company_id_fkey');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE webhook_events ADD CONSTRAINT webhook_events_company_id_fkey FOREIGN KEY (company_id) REFERENCES companies (company_id)',
    );
  }
}
