import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * invoices loses its foreign key to companies: every invoice has a customer (customer_id is NOT
 * NULL, with a foreign key on (company_id, customer_id)), and that customer's row references the
 * company already. The key's check ran once per written invoice and again when the billing run
 * numbered it in the same transaction (PostgreSQL checks the keys of a row its own transaction
 * inserted on every update of it).
 */
export class InvoicesWritePath1700000016900 implements MigrationInterface {
  name = 'InvoicesWritePath1700000016900';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE invoices DROP CONSTRAINT invoices_company_id_fkey');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE invoices ADD CONSTRAINT invoices_company_id_fkey FOREIGN KEY (company_id) REFERENCES companies (company_id)',
    );
  }
}
