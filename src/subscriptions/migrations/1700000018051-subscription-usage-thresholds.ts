import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `usage_thresholds`: the spend amounts of a subscription's usage that issue an invoice when a
 * period crosses them ([{amount_cents, recurring}], null: none). The partial index is the list
 * the threshold check walks: the few subscriptions that have thresholds.
 */
export class SubscriptionUsageThresholds1700000018051 implements MigrationInterface {
  name = 'SubscriptionUsageThresholds1700000018051';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE subscriptions ADD COLUMN usage_thresholds jsonb');
    await q.query('CREATE INDEX subscriptions_usage_thresholds ON subscriptions (company_id, id) WHERE usage_thresholds IS NOT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX subscriptions_usage_thresholds');
    await q.query('ALTER TABLE subscriptions DROP COLUMN usage_thresholds');
  }
}
