import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The additional display fields an invoice shows (`{name, value}` pairs: a subscription's
 * `invoice_additional_display_fields`, or a roll-up parent's config), copied when the invoice is
 * written so that a later change of the subscription or config does not rewrite an invoice
 * already sent. Invoices written before show none.
 */
export class InvoiceDisplayFields1700000018400 implements MigrationInterface {
  name = 'InvoiceDisplayFields1700000018400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE invoices ADD COLUMN display_fields jsonb NOT NULL DEFAULT '[]'::jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE invoices DROP COLUMN display_fields`);
  }
}
