import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { CatalogHooks, SubscriptionUsageCounter } from '../catalog/catalog.hooks';
import { phaseInEffectSql } from './phases';

/**
 * The phases that still matter at `$2` (now): the phase in effect now and one still to come
 * (phases.ts), of subscriptions not cancelled (end_date null or after now).
 */
const LIVE_PHASES = (join = '') => `
  FROM subscriptions s
  JOIN subscription_phases ph ON ph.company_id = s.company_id AND ph.subscription_id = s.id
  ${join}
  WHERE s.company_id = $1
    AND (s.end_date IS NULL OR s.end_date > $2)
    AND ${phaseInEffectSql('ph', '$2')}`;

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

  /** Live subscriptions whose current or scheduled plan lists each pricing: one grouped query. */
  async countByPricing(companyId: string, pricingIds: string[], manager?: EntityManager): Promise<Map<string, number>> {
    const out = new Map(pricingIds.map((id) => [id, 0]));
    if (pricingIds.length === 0) return out;
    const rows: { id: string; n: number }[] = await (manager ?? this.dataSource.manager).query(
      `SELECT x.pid AS id, count(DISTINCT s.id)::int AS n
       ${LIVE_PHASES('CROSS JOIN LATERAL unnest(ph.product_pricing_ids) AS x(pid)')}
         AND x.pid = ANY($3::text[])
       GROUP BY x.pid`,
      [companyId, this.clock.now(), pricingIds],
    );
    for (const r of rows) out.set(r.id, Number(r.n));
    return out;
  }

  /** Live subscriptions whose current or scheduled plan is each bundle: one grouped query. */
  async countByBundle(companyId: string, bundleIds: string[], manager?: EntityManager): Promise<Map<string, number>> {
    const out = new Map(bundleIds.map((id) => [id, 0]));
    if (bundleIds.length === 0) return out;
    const rows: { id: string; n: number }[] = await (manager ?? this.dataSource.manager).query(
      `SELECT ph.bundle_pricing_id AS id, count(DISTINCT s.id)::int AS n
       ${LIVE_PHASES()}
         AND ph.bundle_pricing_id = ANY($3::text[])
       GROUP BY ph.bundle_pricing_id`,
      [companyId, this.clock.now(), bundleIds],
    );
    for (const r of rows) out.set(r.id, Number(r.n));
    return out;
  }
}
