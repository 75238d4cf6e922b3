import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The secret of each invoice's hosted page and PDF (`hosted_link`, `pdf_link`): set when the
 * invoice becomes final (PENDING, PAID or VOID); final invoices written before this migration got
 * theirs from the next one (InvoiceLinkBackfill1700000016200). Unique per company; drafts have none.
 */
export class InvoiceLinkSecret1700000014000 implements MigrationInterface {
  name = 'InvoiceLinkSecret1700000014000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE invoices ADD COLUMN link_secret text`);
    await q.query(`CREATE UNIQUE INDEX invoices_link_secret ON invoices (company_id, link_secret) WHERE link_secret IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX invoices_link_secret`);
    await q.query(`ALTER TABLE invoices DROP COLUMN link_secret`);
  }
}
