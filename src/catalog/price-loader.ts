import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { isId } from '../platform/ids/ids';
import type { BillableMetricEntity } from '../metrics/billable-metric.entity';
import type { CatalogRows } from './catalog.views';
import { BillableMetricsRepository } from '../metrics/metrics.repository';
import type {
  ItemPricingEntity,
  ItemPricingScheduledPriceEntity,
  ItemPricingTierEntity,
  ProductMetricPricingEntity,
  ProductPricingEntity,
} from './catalog.entity';
import {
  ItemPricingScheduledPricesRepository,
  ItemPricingsRepository,
  ItemPricingTiersRepository,
  ProductMetricPricingsRepository,
  ProductPricingsRepository,
} from './catalog.repository';

/** One price of a product pricing (a product metric pricing) with everything it is priced from. */
export interface CatalogPrice {
  pmp: ProductMetricPricingEntity;
  item_pricing: ItemPricingEntity;
  /** The item pricing's tiers and scheduled prices (as stored, unsorted). */
  tiers: ItemPricingTierEntity[];
  scheduled: ItemPricingScheduledPriceEntity[];
  /** null when the metric does not exist (any more). */
  metric: BillableMetricEntity | null;
}

/** Product pricings and their prices, in the order of their product metric pricings (created_at, id). */
export class PriceGraph {
  constructor(
    readonly pricings: ReadonlyMap<string, ProductPricingEntity>,
    private readonly byPricing: ReadonlyMap<string, CatalogPrice[]>,
  ) {}

  /** The prices of a product pricing ([] when it has none or does not exist). */
  prices(pricingId: string): CatalogPrice[] {
    return this.byPricing.get(pricingId) ?? [];
  }
}

/**
 * THE loader of catalog prices: product pricings with their product metric pricings, item
 * pricings, tiers, scheduled prices and metrics, in at most six queries whatever their number,
 * every query filtered by company, through the caller's transaction when given. A price whose
 * item pricing is missing is left out.
 */
@Injectable()
export class CatalogPriceLoader {
  constructor(
    private readonly pricings: ProductPricingsRepository,
    private readonly pmps: ProductMetricPricingsRepository,
    private readonly itemPricings: ItemPricingsRepository,
    private readonly tiers: ItemPricingTiersRepository,
    private readonly scheduled: ItemPricingScheduledPricesRepository,
    private readonly metrics: BillableMetricsRepository,
  ) {}

  async load(companyId: string, pricingIds: readonly string[], m?: EntityManager): Promise<PriceGraph> {
    const ids = [...new Set(pricingIds)].filter((id) => isId('productPricing', id));
    if (ids.length === 0) return new PriceGraph(new Map(), new Map());
    const repo = <R extends { with(m: EntityManager): R }>(r: R) => (m ? r.with(m) : r);
    // sequential: inside a transaction every query shares one connection
    const rows = await repo(this.pricings).find(companyId, { where: { id: In(ids) } });
    const pricings = new Map(rows.map((r) => [r.id, r]));
    const pmps = await repo(this.pmps)
      .queryBuilder(companyId, 'pmp')
      .andWhere('pmp.product_pricing_id IN (:...ids)', { ids })
      .orderBy('pmp.created_at', 'ASC')
      .addOrderBy('pmp.id', 'ASC')
      .getMany();
    const ipIds = [...new Set(pmps.map((p) => p.item_pricing_id))];
    if (ipIds.length === 0) return new PriceGraph(pricings, new Map());
    const metricIds = [...new Set(pmps.map((p) => p.metric_id))];
    const ips = await repo(this.itemPricings).find(companyId, { where: { id: In(ipIds) } });
    const tiers = await repo(this.tiers).find(companyId, { where: { item_pricing_id: In(ipIds) } });
    const scheduled = await repo(this.scheduled).find(companyId, { where: { item_pricing_id: In(ipIds) } });
    const metrics = await repo(this.metrics).find(companyId, { where: { id: In(metricIds) } });
    return buildPriceGraph(pricings, pmps, ips, tiers, scheduled, metrics);
  }

  /** As `load`, from rows already read in one statement (`CatalogViews.rowsSql`). */
  graphFromRows(rows: CatalogRows, pricingIds: readonly string[]): PriceGraph {
    const ids = new Set(pricingIds);
    const pricings = new Map(rows.pricings.filter((p) => ids.has(p.id)).map((r) => [r.id, r]));
    const pmps = rows.pmps.filter((p) => pricings.has(p.product_pricing_id));
    return buildPriceGraph(pricings, pmps, rows.itemPricings, rows.tiers, rows.scheduled, rows.metrics);
  }
}

/** The graph of `pricings` from their pmps (in order) and the rows those name. */
function buildPriceGraph(
  pricings: Map<string, ProductPricingEntity>,
  pmps: ProductMetricPricingEntity[],
  ips: ItemPricingEntity[],
  tiers: ItemPricingTierEntity[],
  scheduled: ItemPricingScheduledPriceEntity[],
  metrics: BillableMetricEntity[],
): PriceGraph {
  const ipById = new Map(ips.map((i) => [i.id, i]));
  const metricById = new Map(metrics.map((x) => [x.id, x]));
  const byPricing = new Map<string, CatalogPrice[]>();
  for (const pmp of pmps) {
    const ip = ipById.get(pmp.item_pricing_id);
    if (!ip) continue;
    const list = byPricing.get(pmp.product_pricing_id) ?? [];
    list.push({
      pmp,
      item_pricing: ip,
      tiers: tiers.filter((t) => t.item_pricing_id === ip.id),
      scheduled: scheduled.filter((s) => s.item_pricing_id === ip.id),
      metric: metricById.get(pmp.metric_id) ?? null,
    });
    byPricing.set(pmp.product_pricing_id, list);
  }
  return new PriceGraph(pricings, byPricing);
}
