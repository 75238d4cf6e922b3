import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The e-mail outbox and log (`notifications`): one row per message, written in the transaction
 * of the change that causes it; `cause` is unique per company, so one cause is one message.
 */
export class Notifications1700000017750 implements MigrationInterface {
  name = 'Notifications1700000017750';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notifications (
        company_id text NOT NULL REFERENCES companies (company_id),
        id text NOT NULL,
        notification_type text NOT NULL,
        cause text NOT NULL,
        status text NOT NULL CHECK (status IN ('QUEUED', 'SENT', 'FAILED', 'SAVED')),
        to_addresses text[] NOT NULL,
        cc_addresses text[] NOT NULL DEFAULT '{}',
        reply_to text NULL,
        subject text NOT NULL,
        html_body text NOT NULL,
        text_body text NOT NULL,
        pdf_invoice_id text NULL,
        customer_id text NULL,
        invoice_id text NULL,
        contract_id text NULL,
        resent_from text NULL,
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz(3) NULL,
        lease_until timestamptz(3) NULL,
        last_attempt_at timestamptz(3) NULL,
        last_error text NULL,
        created_at timestamptz(3) NOT NULL,
        sent_at timestamptz(3) NULL,
        updated_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, id),
        UNIQUE (company_id, cause)
      )`);
    await q.query('CREATE INDEX notifications_created_idx ON notifications (company_id, created_at, id)');
    await q.query('CREATE INDEX notifications_invoice_idx ON notifications (company_id, invoice_id) WHERE invoice_id IS NOT NULL');
    await q.query('CREATE INDEX notifications_customer_idx ON notifications (company_id, customer_id) WHERE customer_id IS NOT NULL');
    // the worker's scan: only the queued rows
    await q.query(`CREATE INDEX notifications_due_idx ON notifications (company_id, next_attempt_at) WHERE status = 'QUEUED'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE notifications');
  }
}
