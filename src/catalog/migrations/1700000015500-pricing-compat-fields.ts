import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reference's item-pricing fields a pricing is created with: recognition_schedule (new),
 * display_type and true_up_frequency (columns already there) checked against their values.
 */
export class PricingCompatFields1700000015500 implements MigrationInterface {
  name = 'PricingCompatFields1700000015500';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE item_pricings ADD COLUMN recognition_schedule jsonb');
    await q.query(
      `ALTER TABLE item_pricings ADD CONSTRAINT item_pricings_true_up_frequency_check CHECK (true_up_frequency IS NULL OR true_up_frequency IN ('HOUR', 'DAY', 'WEEK', 'BI_MONTH', 'MONTH', 'QUARTER', 'BI_ANNUAL', 'YEAR'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE item_pricings DROP CONSTRAINT item_pricings_true_up_frequency_check');
    await q.query('ALTER TABLE item_pricings DROP COLUMN recognition_schedule');
  }
}
