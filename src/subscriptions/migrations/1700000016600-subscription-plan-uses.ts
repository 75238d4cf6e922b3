import { MigrationInterface, QueryRunner } from 'typeorm';
import { companiesToVisit } from '../../platform/database/cross-company';
import { backfillPlanUses } from '../plan-uses';

/**
 * `subscription_plan_uses` (plan-uses.ts), filled company by company from the phases already
 * stored: `num_subs` becomes an index range instead of a pass over every phase of the company
 * (a subscription's GET counted its pricings' subscriptions on each read, a cost that grew with
 * the company).
 */
export class SubscriptionPlanUses1700000016600 implements MigrationInterface {
  name = 'SubscriptionPlanUses1700000016600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE subscription_plan_uses (
      company_id text NOT NULL REFERENCES companies (company_id),
      subscription_id text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('PRICING', 'BUNDLE')),
      ref_id text NOT NULL,
      counts_until timestamptz(3) NOT NULL,
      PRIMARY KEY (company_id, subscription_id, kind, ref_id),
      CONSTRAINT subscription_plan_uses_subscription_fkey FOREIGN KEY (company_id, subscription_id)
        REFERENCES subscriptions (company_id, id)
    )`);
    await q.query('CREATE INDEX subscription_plan_uses_ref_idx ON subscription_plan_uses (company_id, kind, ref_id, counts_until)');
    const companies = await companiesToVisit((sql) => q.query(sql), 'plan-uses-backfill');
    for (const company_id of companies) await backfillPlanUses((sql, params) => q.query(sql, params), company_id);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE subscription_plan_uses');
  }
}
