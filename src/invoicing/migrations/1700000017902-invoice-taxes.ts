import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Taxes on invoices: the invoice's tax (Σ of its lines' taxes) and its rates as they were when
 * it was written (`tax_details`), each line's tax and its rates (`taxes`). Copies, not
 * references: a finalized invoice keeps the rates it was finalized with whatever a rate
 * becomes later. Invoices written before have no tax.
 */
export class InvoiceTaxes1700000017902 implements MigrationInterface {
  name = 'InvoiceTaxes1700000017902';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE invoices ADD COLUMN tax_cents bigint NOT NULL DEFAULT 0, ADD COLUMN tax_details jsonb NOT NULL DEFAULT '[]'`,
    );
    await q.query(`ALTER TABLE invoice_lines ADD COLUMN tax_cents bigint NOT NULL DEFAULT 0, ADD COLUMN taxes jsonb NOT NULL DEFAULT '[]'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE invoice_lines DROP COLUMN taxes, DROP COLUMN tax_cents');
    await q.query('ALTER TABLE invoices DROP COLUMN tax_details, DROP COLUMN tax_cents');
  }
}
