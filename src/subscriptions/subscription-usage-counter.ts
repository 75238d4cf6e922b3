import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { CatalogHooks, SubscriptionUsageCounter } from '../catalog/catalog.hooks';

/**
 * The phases that still matter at `$2` (now): a phase counts unless a later decision (higher
 * seq, not superseded) starts at or before max(now, its own start) — i.e. the phase in effect
 * now and a scheduled one. Subscriptions count while not cancelled (end_date null or after now).
 */
const LIVE_PHASES = `
  FROM subscriptions s
  JOIN subscription_phases ph ON ph.company_id = s.company_id AND ph.subscription_id = s.id
  WHERE s.company_id = $1
    AND (s.end_date IS NULL OR s.end_date > $2)
    AND ph.superseded_by_event_seq IS NULL
    AND NOT EXISTS (
      SELECT 1 FROM subscription_phases later
      WHERE later.company_id = ph.company_id AND later.subscription_id = ph.subscription_id
        AND later.superseded_by_event_seq IS NULL AND later.seq > ph.seq
        AND later.starts_at <= GREATEST($2::timestamptz, ph.starts_at))`;

/** How many subscriptions use pricings and bundles: the catalog's subscription-usage hook (CatalogHooks), filled at start. */
@Injectable()
export class SqlSubscriptionUsageCounter implements SubscriptionUsageCounter, OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly catalogHooks: CatalogHooks,
  ) {}

  onModuleInit(): void {
    this.catalogHooks.fill('subscriptionUsage', this);
  }

  /** Active subscriptions whose current or scheduled plan lists each pricing: one grouped query. */
  async countByPricing(companyId: string, pricingIds: string[], manager?: EntityManager): Promise<Map<string, number>> {
    const out = new Map(pricingIds.map((id) => [id, 0]));
    if (pricingIds.length === 0) return out;
    const rows: { id: string; n: number }[] = await (manager ?? this.dataSource.manager).query(
      `SELECT x.pid AS id, count(DISTINCT s.id)::int AS n
       ${LIVE_PHASES.replace('WHERE s.company_id = $1', 'CROSS JOIN LATERAL unnest(ph.product_pricing_ids) AS x(pid)\n  WHERE s.company_id = $1')}
         AND x.pid = ANY($3::text[])
       GROUP BY x.pid`,
      [companyId, this.clock.now(), pricingIds],
    );
    for (const r of rows) out.set(r.id, Number(r.n));
    return out;
  }

  /** Active subscriptions whose current or scheduled plan is each bundle: one grouped query. */
  async countByBundle(companyId: string, bundleIds: string[], manager?: EntityManager): Promise<Map<string, number>> {
    const out = new Map(bundleIds.map((id) => [id, 0]));
    if (bundleIds.length === 0) return out;
    const rows: { id: string; n: number }[] = await (manager ?? this.dataSource.manager).query(
      `SELECT ph.bundle_pricing_id AS id, count(DISTINCT s.id)::int AS n
       ${LIVE_PHASES}
         AND ph.bundle_pricing_id = ANY($3::text[])
       GROUP BY ph.bundle_pricing_id`,
      [companyId, this.clock.now(), bundleIds],
    );
    for (const r of rows) out.set(r.id, Number(r.n));
    return out;
  }
}
