import { MigrationInterface, QueryRunner } from 'typeorm';

/** Customers carry `tags` (a list of strings, answered and filtered by `POST /customers/find`). */
export class CustomerTags1700000015000 implements MigrationInterface {
  name = 'CustomerTags1700000015000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE customers ADD COLUMN tags text[] NOT NULL DEFAULT '{}'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE customers DROP COLUMN tags');
  }
}
