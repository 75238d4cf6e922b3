import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The card a signatory gave on the signing page of a contract with `requires_payment_method`
 * (a payment method of the contract's customer, written by the payments module). The
 * subscription the contract starts is charged to it. Null: none given (yet).
 */
export class ContractPaymentMethod1700000017550 implements MigrationInterface {
  name = 'ContractPaymentMethod1700000017550';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE contracts ADD COLUMN payment_method_id text');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE contracts DROP COLUMN payment_method_id');
  }
}
