import { MigrationInterface, QueryRunner } from 'typeorm';

const OLD = `('FIXED', 'STEP', 'GRADIENT', 'VOLUME', 'CUSTOM', 'SCHEDULED')`;
const NEW = `('FIXED', 'STEP', 'GRADIENT', 'VOLUME', 'CUSTOM', 'SCHEDULED', 'PERCENTAGE')`;

/**
 * Percentage prices (pricing_type PERCENTAGE, their terms in percentage_price) and unit prices
 * per group (group_prices) on item pricings; both jsonb of exact decimal strings, read whole
 * with the price.
 */
export class PercentageAndGroupPrices1700000018050 implements MigrationInterface {
  name = 'PercentageAndGroupPrices1700000018050';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['product_pricings', 'item_pricings']) {
      await q.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_pricing_type_check`);
      await q.query(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_pricing_type_check CHECK (pricing_type IN ${NEW})`);
    }
    await q.query('ALTER TABLE item_pricings ADD COLUMN percentage_price jsonb, ADD COLUMN group_prices jsonb');
    await q.query(
      `ALTER TABLE item_pricings ADD CONSTRAINT item_pricings_percentage_price_check CHECK ((pricing_type = 'PERCENTAGE') = (percentage_price IS NOT NULL))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE item_pricings DROP CONSTRAINT item_pricings_percentage_price_check');
    await q.query('ALTER TABLE item_pricings DROP COLUMN percentage_price, DROP COLUMN group_prices');
    for (const table of ['product_pricings', 'item_pricings']) {
      await q.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_pricing_type_check`);
      await q.query(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_pricing_type_check CHECK (pricing_type IN ${OLD})`);
    }
  }
}
