import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `pay_in_advance` of an item pricing: a usage price charged as each of its events arrives
 * (an ADVANCE_USAGE invoice per billable event) instead of in arrears at the billing date.
 */
export class PayInAdvance1700000018500 implements MigrationInterface {
  name = 'PayInAdvance1700000018500';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE item_pricings ADD COLUMN pay_in_advance boolean NOT NULL DEFAULT false');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE item_pricings DROP COLUMN pay_in_advance');
  }
}
