import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { DomainError } from '../platform/errors/domain-error';
import { reads } from '../platform/database/reads';
import { toCompanyRecord } from '../platform/company-record.mapper';
import type { SearchPage } from '../platform/search/search';
import { EntitlementAssignmentsService, AssignmentOwner } from '../entitlements/assignments/assignments.service';
import { mergeAssignmentLayers, ownAssignments } from '../entitlements/assignments/assignment.rules';
import { BillableItemsRepository, BillableMetricsRepository } from '../metrics/metrics.repository';
import { BundleEntity, ProductEntity, ProductPricingEntity } from './catalog.entity';
import {
  BundleProductPricingsRepository,
  CompanyRecordsRepository,
  ItemPricingScheduledPricesRepository,
  ItemPricingsRepository,
  ItemPricingTiersRepository,
  ProductMetricPricingsRepository,
  ProductPricingsRepository,
  ProductsRepository,
} from './catalog.repository';
import {
  itemPricingShape,
  toBundleProductPricingResponse,
  toBundleResponse,
  toItemPricingResponse,
  toProductMetricPricingResponse,
  toProductPricingResponse,
  toProductResponse,
} from './catalog.mapper';
import { CatalogHooks } from './catalog.hooks';
import type { ProductResponse } from './dto/product.dto';
import type { ProductPricingResponse } from './dto/pricing.dto';
import type { BundleResponse } from './dto/bundle.dto';

const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
const unique = (values: string[]) => [...new Set(values)];

function groupBy<T>(rows: T[], key: (r: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

/**
 * Builds the expanded responses of products, pricings and bundles for many records at once: a
 * fixed number of batched `IN (...)` queries whatever the number of records, never one query
 * per nested record.
 */
@Injectable()
export class CatalogViews {
  constructor(
    private readonly products: ProductsRepository,
    private readonly pricings: ProductPricingsRepository,
    private readonly itemPricings: ItemPricingsRepository,
    private readonly tiers: ItemPricingTiersRepository,
    private readonly scheduled: ItemPricingScheduledPricesRepository,
    private readonly metricPricings: ProductMetricPricingsRepository,
    private readonly bundleEntries: BundleProductPricingsRepository,
    private readonly companies: CompanyRecordsRepository,
    private readonly items: BillableItemsRepository,
    private readonly metrics: BillableMetricsRepository,
    private readonly assignments: EntitlementAssignmentsService,
    private readonly hooks: CatalogHooks,
  ) {}

  /** Products; with `withPricings` their pricings expanded (`[]` when none), else null. */
  async productViews(companyId: string, products: ProductEntity[], withPricings: boolean): Promise<ProductResponse[]> {
    if (products.length === 0) return [];
    const ids = products.map((p) => p.id);
    const layers = await this.assignments.readMany(
      companyId,
      ids.map((id) => ({ type: 'PRODUCT' as const, id })),
    );
    let pricingsByProduct = new Map<string, ProductPricingResponse[]>();
    if (withPricings) {
      const rows = await this.pricings
        .queryBuilder(companyId, 'pp')
        .andWhere('pp.product_id IN (:...ids)', { ids })
        .orderBy('pp.created_at', 'ASC')
        .addOrderBy('pp.id', 'ASC')
        .getMany();
      const views = await this.pricingViews(companyId, rows, byId(products));
      pricingsByProduct = groupBy(views, (v) => v.product_id);
    }
    return products.map((p) =>
      toProductResponse(p, ownAssignments([], layers.layer('PRODUCT', p.id)), withPricings ? (pricingsByProduct.get(p.id) ?? []) : null),
    );
  }

  async productView(companyId: string, product: ProductEntity): Promise<ProductResponse> {
    return (await this.productViews(companyId, [product], true))[0];
  }

  async productPage(companyId: string, page: SearchPage<ProductEntity>): Promise<SearchPage<ProductResponse>> {
    return { pagination: page.pagination, results: await this.productViews(companyId, page.results, true) };
  }

  /**
   * Pricings, each with its product (without product_pricings) and metric pricings expanded.
   * `m`: read inside that transaction (webhook events of a subscription embed its pricings).
   */
  async pricingViews(
    companyId: string,
    rows: ProductPricingEntity[],
    knownProducts = new Map<string, ProductEntity>(),
    m?: EntityManager,
  ): Promise<ProductPricingResponse[]> {
    if (rows.length === 0) return [];
    const r = <R extends { with(m: EntityManager): R }>(repo: R): R => (m ? repo.with(m) : repo);
    const pricingIds = rows.map((r) => r.id);
    const missingProducts = unique(rows.map((r) => r.product_id)).filter((id) => !knownProducts.has(id));
    const products = new Map(knownProducts);
    if (missingProducts.length) {
      for (const p of await r(this.products).find(companyId, { where: { id: In(missingProducts) } })) products.set(p.id, p);
    }
    const pmps = await r(this.metricPricings)
      .queryBuilder(companyId, 'pmp')
      .andWhere('pmp.product_pricing_id IN (:...pricingIds)', { pricingIds })
      .orderBy('pmp.created_at', 'ASC')
      .addOrderBy('pmp.id', 'ASC')
      .getMany();
    const ipIds = unique(pmps.map((p) => p.item_pricing_id));
    const [ips, tiers, scheduled, items, metrics, company, counts, layers] = await reads(m, [
      async () => (ipIds.length ? r(this.itemPricings).find(companyId, { where: { id: In(ipIds) } }) : []),
      async () => (ipIds.length ? r(this.tiers).find(companyId, { where: { item_pricing_id: In(ipIds) } }) : []),
      async () => (ipIds.length ? r(this.scheduled).find(companyId, { where: { item_pricing_id: In(ipIds) } }) : []),
      async () => (pmps.length ? r(this.items).find(companyId, { where: { id: In(unique(pmps.map((p) => p.item_id))) } }) : []),
      async () => (pmps.length ? r(this.metrics).find(companyId, { where: { id: In(unique(pmps.map((p) => p.metric_id))) } }) : []),
      () => r(this.companies).findOne(companyId, {}),
      () => this.hooks.subscriptionUsage.countByPricing(companyId, pricingIds, m),
      () =>
        this.assignments.readMany(
          companyId,
          [
            ...rows.map((row): AssignmentOwner => ({ type: 'PRODUCT_PRICING', id: row.id })),
            ...unique(rows.map((row) => row.product_id)).map((id): AssignmentOwner => ({ type: 'PRODUCT', id })),
          ],
          m,
        ),
    ] as const);
    if (!company) throw DomainError.notFound('company');
    const companyRecord = toCompanyRecord(company);
    const ipById = byId(ips);
    const tiersByIp = groupBy(tiers, (t) => t.item_pricing_id);
    const scheduledByIp = groupBy(scheduled, (s) => s.item_pricing_id);
    const itemById = byId(items);
    const metricById = byId(metrics);
    const pmpsByPricing = groupBy(pmps, (p) => p.product_pricing_id);

    const productViews = new Map<string, ProductResponse>();
    for (const [id, p] of products) {
      productViews.set(id, toProductResponse(p, ownAssignments([], layers.layer('PRODUCT', id)), null));
    }
    return rows.map((pp) => {
      const numSubs = counts.get(pp.id) ?? 0;
      const metricPricings = (pmpsByPricing.get(pp.id) ?? []).flatMap((pmp) => {
        const ip = ipById.get(pmp.item_pricing_id);
        const item = itemById.get(pmp.item_id);
        const metric = metricById.get(pmp.metric_id);
        const ipItem = ip ? itemById.get(ip.item_id) : undefined;
        if (!ip || !item || !metric || !ipItem) return [];
        const shape = itemPricingShape(ip, tiersByIp.get(ip.id) ?? [], scheduledByIp.get(ip.id) ?? []);
        return [toProductMetricPricingResponse(pmp, item, metric, toItemPricingResponse(ip, shape, ipItem, companyRecord, numSubs))];
      });
      const productLayer = layers.layer('PRODUCT', pp.product_id);
      const pricingLayer = layers.layer('PRODUCT_PRICING', pp.id);
      return toProductPricingResponse(
        pp,
        productViews.get(pp.product_id) ?? null,
        metricPricings,
        mergeAssignmentLayers([productLayer, pricingLayer]),
        ownAssignments([productLayer], pricingLayer),
        numSubs,
      );
    });
  }

  async pricingView(companyId: string, row: ProductPricingEntity): Promise<ProductPricingResponse> {
    return (await this.pricingViews(companyId, [row]))[0];
  }

  async pricingPage(companyId: string, page: SearchPage<ProductPricingEntity>): Promise<SearchPage<ProductPricingResponse>> {
    return { pagination: page.pagination, results: await this.pricingViews(companyId, page.results) };
  }

  /** Bundles with their entries, each entry's product and pricing expanded. */
  async bundleViews(companyId: string, bundles: BundleEntity[], m?: EntityManager): Promise<BundleResponse[]> {
    if (bundles.length === 0) return [];
    const bundleIds = bundles.map((b) => b.id);
    const entries = await (m ? this.bundleEntries.with(m) : this.bundleEntries)
      .queryBuilder(companyId, 'bpp')
      .andWhere('bpp.bundle_id IN (:...bundleIds)', { bundleIds })
      .orderBy('bpp.position', 'ASC')
      .getMany();
    const pricingRows = entries.length
      ? await (m ? this.pricings.with(m) : this.pricings).find(companyId, {
          where: { id: In(unique(entries.map((e) => e.product_pricing_id))) },
        })
      : [];
    const [pricingViews, counts] = await reads(m, [
      () => this.pricingViews(companyId, pricingRows, undefined, m),
      () => this.hooks.subscriptionUsage.countByBundle(companyId, bundleIds, m),
    ] as const);
    const pricingById = new Map(pricingViews.map((v) => [v.id, v]));
    const entriesByBundle = groupBy(entries, (e) => e.bundle_id);
    return bundles.map((b) =>
      toBundleResponse(
        b,
        (entriesByBundle.get(b.id) ?? []).map((e) => {
          const pricing = pricingById.get(e.product_pricing_id) ?? null;
          return toBundleProductPricingResponse(e, pricing?.product ?? null, pricing);
        }),
        counts.get(b.id) ?? 0,
      ),
    );
  }

  async bundleView(companyId: string, bundle: BundleEntity): Promise<BundleResponse> {
    return (await this.bundleViews(companyId, [bundle]))[0];
  }

  async bundlePage(companyId: string, page: SearchPage<BundleEntity>): Promise<SearchPage<BundleResponse>> {
    return { pagination: page.pagination, results: await this.bundleViews(companyId, page.results) };
  }
}
