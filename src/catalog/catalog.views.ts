import { groupBy } from '../platform/collections';
import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { DomainError } from '../platform/errors/domain-error';
import { reads } from '../platform/database/reads';
import { toCompanyRecord } from '../platform/company-record.mapper';
import type { SearchPage } from '../platform/search/search';
import { EntitlementAssignmentsService, AssignmentLayers, AssignmentOwner } from '../entitlements/assignments/assignments.service';
import { mergeAssignmentLayers, ownAssignments } from '../entitlements/assignments/assignment.rules';
import { BillableItemsRepository, BillableMetricsRepository } from '../metrics/metrics.repository';
import type { CompanyEntity } from '../platform/companies.entity';
import type { BillableItemEntity } from '../metrics/billable-item.entity';
import type { BillableMetricEntity } from '../metrics/billable-metric.entity';
import {
  BundleEntity,
  BundleProductPricingEntity,
  ItemPricingEntity,
  ItemPricingScheduledPriceEntity,
  ItemPricingTierEntity,
  ProductEntity,
  ProductMetricPricingEntity,
  ProductPricingEntity,
} from './catalog.entity';
import {
  BundlesRepository,
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

/**
 * The catalog rows behind the answers of some pricings and bundles, read in one statement (see
 * `CatalogViews.rowsSql`): the pricings asked for and those of the bundles' entries, their
 * products, product metric pricings (created_at, id order), item pricings, tiers, scheduled
 * prices, the pmps' items and metrics, the company; the bundles and their entries (position order).
 */
export interface CatalogRows {
  pricings: ProductPricingEntity[];
  products: ProductEntity[];
  pmps: ProductMetricPricingEntity[];
  itemPricings: ItemPricingEntity[];
  tiers: ItemPricingTierEntity[];
  scheduled: ItemPricingScheduledPriceEntity[];
  items: BillableItemEntity[];
  metrics: BillableMetricEntity[];
  company: CompanyEntity | null;
  bundles: BundleEntity[];
  bundleEntries: BundleProductPricingEntity[];
}

/** The SQL of `CatalogViews.rowsSql`: common table expressions to put first, and the JSON value. */
export interface CatalogRowsSql {
  ctes: string[];
  json: string;
  /** SQL giving the ids of the pricings read (for a subquery: `... IN (${pricingIds})`). */
  pricingIds: string;
  /** SQL giving the ids of their products. */
  productIds: string;
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
    private readonly bundles: BundlesRepository,
    private readonly companies: CompanyRecordsRepository,
    private readonly items: BillableItemsRepository,
    private readonly metrics: BillableMetricsRepository,
    private readonly assignments: EntitlementAssignmentsService,
    private readonly hooks: CatalogHooks,
  ) {}

  /**
   * How the quantities of the given product metric pricings are shown to people (their item
   * pricing's `display_type`), in two batched reads; an id not found is left out (shown as UNITS).
   */
  async quantityDisplays(companyId: string, productMetricPricingIds: string[]): Promise<Map<string, string>> {
    const ids = [...new Set(productMetricPricingIds)];
    if (ids.length === 0) return new Map();
    const links = await this.metricPricings.find(companyId, { where: { id: In(ids) } });
    if (links.length === 0) return new Map();
    const prices = await this.itemPricings.find(companyId, { where: { id: In([...new Set(links.map((l) => l.item_pricing_id))]) } });
    const display = new Map(prices.map((p) => [p.id, p.display_type]));
    return new Map(links.flatMap((l) => (display.has(l.item_pricing_id) ? [[l.id, display.get(l.item_pricing_id)!] as const] : [])));
  }

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
    return this.assemblePricingViews(rows, products, pmps, ips, tiers, scheduled, items, metrics, company, counts, layers);
  }

  /** Pricing answers from their rows (`products` holds at least the pricings' products). */
  private assemblePricingViews(
    rows: ProductPricingEntity[],
    products: Map<string, ProductEntity>,
    pmps: ProductMetricPricingEntity[],
    ips: ItemPricingEntity[],
    tiers: ItemPricingTierEntity[],
    scheduled: ItemPricingScheduledPriceEntity[],
    items: BillableItemEntity[],
    metrics: BillableMetricEntity[],
    company: CompanyEntity | null,
    counts: Map<string, number>,
    layers: AssignmentLayers,
  ): ProductPricingResponse[] {
    if (!company) throw DomainError.notFound('company');
    const companyRecord = toCompanyRecord(company);
    const ipById = byId(ips);
    const tiersByIp = groupBy(tiers, (t) => t.item_pricing_id);
    const scheduledByIp = groupBy(scheduled, (s) => s.item_pricing_id);
    const itemById = byId(items);
    const metricById = byId(metrics);
    const pmpsByPricing = groupBy(pmps, (p) => p.product_pricing_id);

    const productViews = new Map<string, ProductResponse>();
    const wanted = new Set(rows.map((r) => r.product_id));
    for (const [id, p] of products) {
      if (!wanted.has(id)) continue;
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

  /**
   * For one-statement reads: the SQL that reads the `CatalogRows` of the pricings `pricingIds`
   * and of the bundles `bundleIds` (SQL text[] values, e.g. `$2::text[]`) of the company
   * `companyParam`. The caller puts `ctes` in its WITH clause and selects `json`, then maps it
   * with `rowsFromJson`.
   */
  rowsSql(companyParam: string, pricingIds: string, bundleIds: string): CatalogRowsSql {
    const c = companyParam;
    // the pricings and their pmps are read once, into CTEs, then both as rows and as the ids the others need
    const ctes = [
      `catalog_pricings AS (${this.pricings.rowsSql(
        'pp',
        c,
        `pp.id = ANY(${pricingIds}) OR pp.id IN (
          SELECT e.product_pricing_id FROM bundle_product_pricings e WHERE e.company_id = ${c} AND e.bundle_id = ANY(${bundleIds}))`,
      )})`,
      `catalog_pmps AS (${this.metricPricings.rowsSql('pmp', c, 'pmp.product_pricing_id IN (SELECT id FROM catalog_pricings)')})`,
    ];
    const json = `json_build_object(
      'pricings', ${this.pricings.jsonRowsOfSql('pp', 'catalog_pricings')},
      'products', ${this.products.jsonRowsSql('p', c, 'p.id IN (SELECT product_id FROM catalog_pricings)')},
      'pmps', ${this.metricPricings.jsonRowsOfSql('pmp', 'catalog_pmps', 'pmp.created_at, pmp.id')},
      'item_pricings', ${this.itemPricings.jsonRowsSql('ip', c, 'ip.id IN (SELECT item_pricing_id FROM catalog_pmps)')},
      'tiers', ${this.tiers.jsonRowsSql('t', c, 't.item_pricing_id IN (SELECT item_pricing_id FROM catalog_pmps)')},
      'scheduled', ${this.scheduled.jsonRowsSql('sp', c, 'sp.item_pricing_id IN (SELECT item_pricing_id FROM catalog_pmps)')},
      'items', ${this.items.jsonRowsSql('bi', c, 'bi.id IN (SELECT item_id FROM catalog_pmps)')},
      'metrics', ${this.metrics.jsonRowsSql('bm', c, 'bm.id IN (SELECT metric_id FROM catalog_pmps)')},
      'company', ${this.companies.jsonRowsSql('co', c, 'true')},
      'bundles', ${this.bundles.jsonRowsSql('b', c, `b.id = ANY(${bundleIds})`)},
      'bundle_entries', ${this.bundleEntries.jsonRowsSql('bpp', c, `bpp.bundle_id = ANY(${bundleIds})`, 'bpp.position')})`;
    return { ctes, json, pricingIds: 'SELECT id FROM catalog_pricings', productIds: 'SELECT product_id FROM catalog_pricings' };
  }

  /** As `rowsSql` for the pricings alone (`rowsFromJson` gives them, the other lists empty): what entitlements need of them. */
  pricingsSql(companyParam: string, pricingIds: string): CatalogRowsSql {
    const ctes = [`catalog_pricings AS (${this.pricings.rowsSql('pp', companyParam, `pp.id = ANY(${pricingIds})`)})`];
    const json = `json_build_object('pricings', ${this.pricings.jsonRowsOfSql('pp', 'catalog_pricings')})`;
    return { ctes, json, pricingIds: 'SELECT id FROM catalog_pricings', productIds: 'SELECT product_id FROM catalog_pricings' };
  }

  /** The rows read by `rowsSql` (or `pricingsSql`). */
  rowsFromJson(json: unknown): CatalogRows {
    const j = json as Record<string, unknown>;
    const list = <T extends { company_id: string }>(repo: { fromJson(rows: unknown): T[] }, key: string): T[] =>
      j[key] === undefined ? [] : repo.fromJson(j[key]);
    return {
      pricings: list(this.pricings, 'pricings'),
      products: list(this.products, 'products'),
      pmps: list(this.metricPricings, 'pmps'),
      itemPricings: list(this.itemPricings, 'item_pricings'),
      tiers: list(this.tiers, 'tiers'),
      scheduled: list(this.scheduled, 'scheduled'),
      items: list(this.items, 'items'),
      metrics: list(this.metrics, 'metrics'),
      company: list(this.companies, 'company')[0] ?? null,
      bundles: list(this.bundles, 'bundles'),
      bundleEntries: list(this.bundleEntries, 'bundle_entries'),
    };
  }

  /**
   * As `pricingViews`, from rows already read (`rowsSql`): the answers of the pricings `ids` found
   * in `rows`, in the order of `rows.pricings`; `counts` and `layers` are what `pricingViews`
   * reads through the usage hook and the assignments service.
   */
  pricingViewsFromRows(
    rows: CatalogRows,
    ids: Iterable<string>,
    counts: Map<string, number>,
    layers: AssignmentLayers,
  ): ProductPricingResponse[] {
    const wanted = new Set(ids);
    const pricings = rows.pricings.filter((p) => wanted.has(p.id));
    if (pricings.length === 0) return [];
    const pmps = rows.pmps.filter((p) => wanted.has(p.product_pricing_id));
    const ipIds = new Set(pmps.map((p) => p.item_pricing_id));
    const itemIds = new Set(pmps.map((p) => p.item_id));
    const metricIds = new Set(pmps.map((p) => p.metric_id));
    return this.assemblePricingViews(
      pricings,
      byId(rows.products),
      pmps,
      rows.itemPricings.filter((ip) => ipIds.has(ip.id)),
      rows.tiers.filter((t) => ipIds.has(t.item_pricing_id)),
      rows.scheduled.filter((s) => ipIds.has(s.item_pricing_id)),
      rows.items.filter((i) => itemIds.has(i.id)),
      rows.metrics.filter((m) => metricIds.has(m.id)),
      rows.company,
      counts,
      layers,
    );
  }

  /** As `bundleViews`, from rows already read (`rowsSql`): the bundles `ids` found in `rows`, in the order of `rows.bundles`. */
  bundleViewsFromRows(
    rows: CatalogRows,
    ids: Iterable<string>,
    pricingCounts: Map<string, number>,
    bundleCounts: Map<string, number>,
    layers: AssignmentLayers,
  ): BundleResponse[] {
    const wanted = new Set(ids);
    const bundles = rows.bundles.filter((b) => wanted.has(b.id));
    if (bundles.length === 0) return [];
    const entries = rows.bundleEntries.filter((e) => wanted.has(e.bundle_id));
    const pricingViews = this.pricingViewsFromRows(
      rows,
      entries.map((e) => e.product_pricing_id),
      pricingCounts,
      layers,
    );
    return this.assembleBundleViews(bundles, entries, pricingViews, bundleCounts);
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
    return this.assembleBundleViews(bundles, entries, pricingViews, counts);
  }

  private assembleBundleViews(
    bundles: BundleEntity[],
    entries: BundleProductPricingEntity[],
    pricingViews: ProductPricingResponse[],
    counts: Map<string, number>,
  ): BundleResponse[] {
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
