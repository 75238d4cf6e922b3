import { MigrationInterface, QueryRunner } from 'typeorm';
import { companiesToVisit } from '../../platform/database/cross-company';
import { backfillPlanUseCounts } from '../plan-uses';

/**
 * `subscription_plan_use_counts` (plan-uses.ts): the sums of subscription_plan_uses per pricing or
 * bundle, instant and slot, filled company by company from the rows, so that `num_subs` reads a
 * few rows instead of one per subscription.
 */
export class SubscriptionPlanUseCounts1700000016700 implements MigrationInterface {
  name = 'SubscriptionPlanUseCounts1700000016700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE subscription_plan_use_counts (
      company_id text NOT NULL REFERENCES companies (company_id),
      kind text NOT NULL CHECK (kind IN ('PRICING', 'BUNDLE')),
      ref_id text NOT NULL,
      counts_until timestamptz(3) NOT NULL,
      slot smallint NOT NULL CHECK (slot BETWEEN 0 AND 15),
      n integer NOT NULL,
      PRIMARY KEY (company_id, kind, ref_id, counts_until, slot)
    )`);
    // counts are read from here now: the rows need no index beyond their key
    await q.query('DROP INDEX subscription_plan_uses_ref_idx');
    const companies = await companiesToVisit((sql) => q.query(sql), 'plan-uses-backfill');
    for (const company_id of companies) await backfillPlanUseCounts((sql, params) => q.query(sql, params), company_id);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE subscription_plan_use_counts');
    await q.query('CREATE INDEX subscription_plan_uses_ref_idx ON subscription_plan_uses (company_id, kind, ref_id, counts_until)');
  }
}
