import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { CatalogHooks, SubscriptionUsageCounter } from '../catalog/catalog.hooks';
import {
  PLAN_USE_COUNTS_UPSERT_SQL,
  PLAN_USE_RETURNING,
  PLAN_USES_DELETE_SQL,
  PlanUseKey,
  planUseCountsParams,
  planUseDeltas,
  planUsesInsertSql,
} from './plan-uses';
import { RunMemo } from '../platform/run-memo/run-memo';

/**
 * The grouped count of `kind` (PRICING or BUNDLE) at `now`: the subscriptions whose plan in effect
 * or still to come lists each id, not ended (plan-uses.ts): the sums kept in
 * subscription_plan_use_counts of the instants still to come, a few rows per id.
 */
const COUNTED = (kind: 'PRICING' | 'BUNDLE') => (company: string, now: string, ids: string) =>
  `SELECT c.ref_id AS id, sum(c.n)::int AS n FROM subscription_plan_use_counts c
       WHERE c.company_id = ${company} AND c.kind = '${kind}' AND c.ref_id IN (${ids}) AND c.counts_until > ${now}
       GROUP BY c.ref_id`;

/** The grouped count of each kind: `num_subs` of pricings and of bundles. */
const GROUPED = { pricing: COUNTED('PRICING'), bundle: COUNTED('BUNDLE') } as const;

/** How many live subscriptions use pricings and bundles, for catalog's `num_subs` (fills the catalog's `subscriptionUsage` hook). */
@Injectable()
export class PricingUsageCounts implements SubscriptionUsageCounter, OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly catalogHooks: CatalogHooks,
  ) {}

  onModuleInit(): void {
    this.catalogHooks.fill('subscriptionUsage', this);
  }

  /**
   * Live subscriptions whose current or scheduled plan lists each pricing: one grouped query.
   * Within a billing run (RunMemo), counted once per pricing for the whole run.
   */
  countByPricing(companyId: string, pricingIds: string[], manager?: EntityManager): Promise<Map<string, number>> {
    return this.count('pricing', companyId, pricingIds, manager);
  }

  /** Live subscriptions whose current or scheduled plan is each bundle: one grouped query (once per run within a billing run). */
  countByBundle(companyId: string, bundleIds: string[], manager?: EntityManager): Promise<Map<string, number>> {
    return this.count('bundle', companyId, bundleIds, manager);
  }

  /**
   * Rewrites the rows `num_subs` counts of these subscriptions from their phases and end date
   * (plan-uses.ts), and adds the difference to the counts, in the caller's transaction: every
   * write of a subscription ends with it.
   */
  async refresh(m: EntityManager, companyId: string, subscriptionIds: string[]): Promise<void> {
    const params = [companyId, subscriptionIds];
    // TypeORM answers a DELETE with [rows, count]
    const [before]: [PlanUseKey[], number] = await m.query(`${PLAN_USES_DELETE_SQL} ${PLAN_USE_RETURNING}`, params);
    const after: PlanUseKey[] = await m.query(
      `${planUsesInsertSql('s.company_id = $1 AND s.id = ANY ($2::text[])')} ${PLAN_USE_RETURNING}`,
      params,
    );
    const deltas = planUseDeltas(before, after);
    if (deltas.length) await m.query(PLAN_USE_COUNTS_UPSERT_SQL, planUseCountsParams(companyId, deltas));
  }

  private count(of: 'pricing' | 'bundle', companyId: string, ids: string[], manager?: EntityManager): Promise<Map<string, number>> {
    if (ids.length === 0) return Promise.resolve(new Map());
    return RunMemo.many(`num_subs:${of}:${companyId}`, ids, 0, async (missing) => {
      const rows: { id: string; n: number }[] = await (manager ?? this.dataSource.manager).query(
        GROUPED[of]('$1', '$2', 'SELECT unnest($3::text[])'),
        [companyId, this.clock.now(), missing],
      );
      return new Map(rows.map((r) => [r.id, Number(r.n)]));
    });
  }

  /**
   * For one-statement reads: SQL of a JSON object, id → count, of the pricings (`of: 'pricing'`)
   * or bundles whose ids `ids` (SQL: a subquery) gives; ids without live subscriptions are absent.
   */
  countsSql(of: 'pricing' | 'bundle', companyParam: string, nowParam: string, ids: string): string {
    return `(SELECT coalesce(json_object_agg(counted.id, counted.n), '{}') FROM (${GROUPED[of](companyParam, nowParam, ids)}) counted)`;
  }
}
