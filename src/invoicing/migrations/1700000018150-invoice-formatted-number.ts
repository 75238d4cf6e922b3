import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The invoice number as the company formats it (settings `invoice_number_*`), frozen when the
 * invoice is numbered so that a later change of the format does not renumber invoices already
 * sent. Null when the company sets no format: the invoice reads its plain `number`.
 */
export class InvoiceFormattedNumber1700000018150 implements MigrationInterface {
  name = 'InvoiceFormattedNumber1700000018150';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE invoices ADD COLUMN formatted_number text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE invoices DROP COLUMN formatted_number`);
  }
}
