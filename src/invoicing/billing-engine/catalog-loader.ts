import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CatalogPriceLoader } from '../../catalog/price-loader';
import type { BillableMetricEntity } from '../../metrics/billable-metric.entity';
import { BillingPrice, toBillingPrice } from './pricing.mapper';

/** LICENSE: per num_licenses of the config item; USAGE: per metered unit (in arrears); FIXED: a flat price (quantity 1). */
export type PriceKind = 'LICENSE' | 'USAGE' | 'FIXED';

/** One price of a plan as the engine bills it. */
export interface PlanPrice {
  product_pricing_id: string;
  product_metric_pricing_id: string;
  item_id: string;
  metric_id: string;
  kind: PriceKind;
  name: string;
  price: BillingPrice;
  /** Only for USAGE prices. */
  metric: BillableMetricEntity | null;
}

/** The prices of a set of product pricings (in the order of their product metric pricings). */
export class CatalogSnapshot {
  constructor(private readonly byPricing: Map<string, PlanPrice[]>) {}
  prices(pricingIds: readonly string[]): PlanPrice[] {
    return pricingIds.flatMap((id) => this.byPricing.get(id) ?? []);
  }
  has(id: string): boolean {
    return this.byPricing.has(id);
  }
  merge(other: CatalogSnapshot): void {
    for (const [k, v] of other.byPricing) this.byPricing.set(k, v);
  }
}

/** The engine's prices of product pricings, read through catalog's CatalogPriceLoader (a price without its metric is left out). */
@Injectable()
export class CatalogLoader {
  constructor(private readonly prices: CatalogPriceLoader) {}

  async load(m: EntityManager, companyId: string, pricingIds: readonly string[]): Promise<CatalogSnapshot> {
    const ids = [...new Set(pricingIds)];
    const out = new Map<string, PlanPrice[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return new CatalogSnapshot(out);
    const graph = await this.prices.load(companyId, ids, m);
    for (const id of ids) {
      const pp = graph.pricings.get(id);
      if (!pp) continue;
      for (const { pmp, item_pricing, tiers, scheduled, metric } of graph.prices(id)) {
        if (!metric) continue;
        const kind: PriceKind = metric.type === 'LICENSE_METRIC' ? 'LICENSE' : metric.metering_rule ? 'USAGE' : 'FIXED';
        out.get(id)!.push({
          product_pricing_id: pp.id,
          product_metric_pricing_id: pmp.id,
          item_id: pmp.item_id,
          metric_id: pmp.metric_id,
          kind,
          name: kind === 'USAGE' ? `${pp.name} - ${metric.name}` : pp.name,
          price: toBillingPrice(item_pricing, tiers, scheduled),
          metric: kind === 'USAGE' ? metric : null,
        });
      }
    }
    return new CatalogSnapshot(out);
  }
}
