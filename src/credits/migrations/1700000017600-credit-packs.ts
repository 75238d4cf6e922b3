import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Credits granted by a credit pack (a price with `credit_price`) when its invoice is paid: the
 * invoice line that bought them. The unique key makes the grant exactly-once per invoice line,
 * whoever records the payment and however often; a credit granted by hand has no source.
 */
export class CreditPacks1700000017600 implements MigrationInterface {
  name = 'CreditPacks1700000017600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE credits ADD COLUMN source_invoice_id text, ADD COLUMN source_line_position integer, ADD COLUMN one_time_billable_id text`,
    );
    await q.query(
      `ALTER TABLE credits ADD CONSTRAINT credits_source_invoice_fkey FOREIGN KEY (company_id, source_invoice_id) REFERENCES invoices (company_id, id)`,
    );
    await q.query(
      `ALTER TABLE credits ADD CONSTRAINT credits_source_check CHECK ((source_invoice_id IS NULL) = (source_line_position IS NULL))`,
    );
    await q.query(
      `CREATE UNIQUE INDEX credits_source_line_key ON credits (company_id, source_invoice_id, source_line_position) WHERE source_invoice_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX credits_source_line_key');
    await q.query('ALTER TABLE credits DROP CONSTRAINT credits_source_check');
    await q.query('ALTER TABLE credits DROP CONSTRAINT credits_source_invoice_fkey');
    await q.query('ALTER TABLE credits DROP COLUMN source_invoice_id, DROP COLUMN source_line_position, DROP COLUMN one_time_billable_id');
  }
}
