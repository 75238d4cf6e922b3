import { MigrationInterface, QueryRunner } from 'typeorm';

/** A pricing's own tax rates (`override_taxes`, [{tax_id}]): null = the automatic rates, [] = none. */
export class PricingOverrideTaxes1700000017901 implements MigrationInterface {
  name = 'PricingOverrideTaxes1700000017901';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE product_pricings ADD COLUMN override_taxes jsonb');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE product_pricings DROP COLUMN override_taxes');
  }
}
