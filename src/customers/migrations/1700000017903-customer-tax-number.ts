import { MigrationInterface, QueryRunner } from 'typeorm';

/** A customer's tax number (VAT id…), printed in the bill-to block of its invoices. */
export class CustomerTaxNumber1700000017903 implements MigrationInterface {
  name = 'CustomerTaxNumber1700000017903';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE customers ADD COLUMN tax_number text');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE customers DROP COLUMN tax_number');
  }
}
