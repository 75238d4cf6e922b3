import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The tax a refund gives back (`tax_refunded_cents` of a PAYMENT_REFUNDED entry): its share of
 * the invoice's tax, for the taxes report. 0 on every other entry and on refunds made before.
 */
export class RefundTaxShare1700000017904 implements MigrationInterface {
  name = 'RefundTaxShare1700000017904';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE invoice_ledger_entries ADD COLUMN tax_refunded_cents bigint NOT NULL DEFAULT 0');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE invoice_ledger_entries DROP COLUMN tax_refunded_cents');
  }
}
