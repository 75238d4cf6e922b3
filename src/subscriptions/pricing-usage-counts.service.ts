import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { CatalogHooks, SubscriptionUsageCounter } from '../catalog/catalog.hooks';
import { phaseInEffectSql } from './phases';
import { RunMemo } from '../platform/run-memo/run-memo';

/**
 * The phases that still matter at `now` (a bound parameter): the phase in effect now and one
 * still to come (phases.ts), of subscriptions not cancelled (end_date null or after now), of the
 * company `company` (a bound parameter).
 */
const LIVE_PHASES = (join = '', company = '$1', now = '$2') => `
  FROM subscriptions s
  JOIN subscription_phases ph ON ph.company_id = s.company_id AND ph.subscription_id = s.id
  ${join}
  WHERE s.company_id = ${company}
    AND (s.end_date IS NULL OR s.end_date > ${now})
    AND ${phaseInEffectSql('ph', now)}`;

const BY_PRICING = (company: string, now: string, pricingIds: string) => `SELECT x.pid AS id, count(DISTINCT s.id)::int AS n
       ${LIVE_PHASES('CROSS JOIN LATERAL unnest(ph.product_pricing_ids) AS x(pid)', company, now)}
         AND x.pid IN (${pricingIds})
       GROUP BY x.pid`;

const BY_BUNDLE = (company: string, now: string, bundleIds: string) => `SELECT ph.bundle_pricing_id AS id, count(DISTINCT s.id)::int AS n
       ${LIVE_PHASES('', company, now)}
         AND ph.bundle_pricing_id IN (${bundleIds})
       GROUP BY ph.bundle_pricing_id`;

/** The grouped count of each kind: `num_subs` of pricings and of bundles. */
const GROUPED = { pricing: BY_PRICING, bundle: BY_BUNDLE } as const;

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
