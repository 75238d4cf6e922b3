import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import {
  ItemPricingScheduledPriceEntity,
  ItemPricingEntity,
  ItemPricingTierEntity,
  ProductMetricPricingEntity,
  ProductPricingEntity,
} from '../../catalog/catalog.entities';
import { BillableMetricEntity } from '../../metrics/billable-metric.entity';
import { BillingPrice, toBillingPrice } from './pricing-mapper';

/** LICENCE: per num_licenses of the config item; USAGE: per metered unit (in arrears); FIXED: a flat price (quantity 1). */
export type PriceKind = 'LICENCE' | 'USAGE' | 'FIXED';

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

/**
 * Loads the prices of product pricings in a fixed number of batched queries (no N+1), through
 * the given manager, every query filtered by company.
 */
@Injectable()
export class CatalogLoader {
  async load(m: EntityManager, companyId: string, pricingIds: readonly string[]): Promise<CatalogSnapshot> {
    const ids = [...new Set(pricingIds)];
    const out = new Map<string, PlanPrice[]>();
    if (ids.length === 0) return new CatalogSnapshot(out);
    const pps = await m.find(ProductPricingEntity, { where: { company_id: companyId, id: In(ids) } });
    const pmps = await m.find(ProductMetricPricingEntity, {
      where: { company_id: companyId, product_pricing_id: In(ids) },
      order: { created_at: 'ASC', id: 'ASC' },
    });
    const ipIds = [...new Set(pmps.map((p) => p.item_pricing_id))];
    const metricIds = [...new Set(pmps.map((p) => p.metric_id))];
    const ips = ipIds.length ? await m.find(ItemPricingEntity, { where: { company_id: companyId, id: In(ipIds) } }) : [];
    const tiers = ipIds.length ? await m.find(ItemPricingTierEntity, { where: { company_id: companyId, item_pricing_id: In(ipIds) } }) : [];
    const scheduled = ipIds.length
      ? await m.find(ItemPricingScheduledPriceEntity, { where: { company_id: companyId, item_pricing_id: In(ipIds) } })
      : [];
    const metrics = metricIds.length ? await m.find(BillableMetricEntity, { where: { company_id: companyId, id: In(metricIds) } }) : [];
    const ppById = new Map(pps.map((p) => [p.id, p]));
    const ipById = new Map(ips.map((i) => [i.id, i]));
    const metricById = new Map(metrics.map((x) => [x.id, x]));
    for (const id of ids) out.set(id, []);
    for (const pmp of pmps) {
      const ip = ipById.get(pmp.item_pricing_id);
      const pp = ppById.get(pmp.product_pricing_id);
      const metric = metricById.get(pmp.metric_id);
      if (!ip || !pp || !metric) continue;
      const kind: PriceKind = metric.type === 'LICENSE_METRIC' ? 'LICENCE' : metric.metering_rule ? 'USAGE' : 'FIXED';
      out.get(pp.id)!.push({
        product_pricing_id: pp.id,
        product_metric_pricing_id: pmp.id,
        item_id: pmp.item_id,
        metric_id: pmp.metric_id,
        kind,
        name: kind === 'USAGE' ? `${pp.name} - ${metric.name}` : pp.name,
        price: toBillingPrice(ip, tiers, scheduled),
        metric: kind === 'USAGE' ? metric : null,
      });
    }
    return new CatalogSnapshot(out);
  }
}
