import { tagsFilter } from './tags-filter';
import { TaxesService } from '../taxes/taxes.service';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { DomainError } from '../platform/errors/domain-error';
import { isId, newId } from '../platform/ids/ids';
import { baseSortKeys, runSearch, SearchPage, SearchSpec } from '../platform/search/search';
import { EntitlementAssignmentsService } from '../entitlements/assignments/assignments.service';
import { BillableItemsRepository, BillableMetricsRepository } from '../metrics/metrics.repository';
import { BillableItemEntity, LICENSE_ITEM_TYPE } from '../metrics/billable-item.entity';
import { BillableMetricEntity } from '../metrics/billable-metric.entity';
import { BillableMetricsService } from '../metrics/billable-metrics.service';
import { ItemPricingEntity, ProductPricingEntity } from './catalog.entity';
import {
  ItemPricingScheduledPricesRepository,
  ItemPricingsRepository,
  ItemPricingTiersRepository,
  ProductMetricPricingsRepository,
  ProductPricingsRepository,
} from './catalog.repository';
import { itemPricingShape, shapeColumns } from './catalog.mapper';
import {
  hasMinimum,
  mergePriceInput,
  parseUnitPrice,
  PriceInput,
  PriceShape,
  resolvePriceShape,
  shapeToInput,
  touchesPrice,
} from './pricing.rules';
import { checkPayInAdvance } from './usage-price.rules';
import { ProductsService } from './products.service';
import { CatalogHooks } from './catalog.hooks';
import type { CreatePricingDto, FindPricingsDto, UpdatePricingDto } from './dto/pricing.dto';

/** The stored recognition schedule (null = the report's default, docs/reports.md); amount_per_period only with, and required for, CUSTOM. */
function recognitionSchedule(input: CreatePricingDto['recognition_schedule']): ItemPricingEntity['recognition_schedule'] {
  if (!input) return null;
  const amounts = input.amount_per_period ?? null;
  if (input.recognition_schedule_type === 'CUSTOM') {
    if (!amounts) throw DomainError.invalidField('recognition_schedule.amount_per_period', 'is required for a CUSTOM recognition schedule');
  } else if (amounts) {
    throw DomainError.invalidField('recognition_schedule.amount_per_period', 'is only allowed for a CUSTOM recognition schedule');
  }
  return {
    recognition_schedule_type: input.recognition_schedule_type,
    amount_per_period: amounts ? amounts.map((a) => parseUnitPrice(a)!) : null,
  };
}

/**
 * A percentage price charges a share of each event's amount: its metric sums a property (the
 * amount). Prices per group split the metric's usage by one of its group keys, which its
 * rollups keep apart.
 */
function checkUsageMetric(shape: PriceShape, metric: BillableMetricEntity, item: Pick<BillableItemEntity, 'type'> | null): void {
  if (shape.percentage && item?.type === 'CUSTOM_OBJ')
    throw DomainError.invalidField('item_id', 'must be an item of events: a percentage price charges a share of each event');
  const rule = metric.metering_rule as { aggregator?: string; property?: string | null; group_keys?: string[] } | null;
  if (shape.percentage && (rule?.aggregator !== 'SUM' || !rule.property))
    throw DomainError.invalidField('metric_id', 'must be a metric that SUMs a property (the amount a percentage price charges a share of)');
  const key = shape.group_prices?.group_key;
  if (key !== undefined && !(rule?.group_keys ?? []).includes(key))
    throw DomainError.invalidField('group_prices.group_key', "must be one of the metric's group_keys");
  checkPayInAdvance(shape, metric, item);
}

const SEARCH: SearchSpec = {
  alias: 'pp',
  sortKeys: baseSortKeys('pp'),
  filters: {
    currency: { kind: 'ci_exact', column: 'pp.currency' },
    name: { kind: 'exact', column: 'pp.name' },
    external_name: { kind: 'exact', column: 'pp.external_name' },
    product_id: { kind: 'exact', column: 'pp.product_id' },
    search: { kind: 'search', columns: ['pp.name', 'pp.external_name', 'pp.description'] },
    state: { kind: 'ci_exact', column: 'pp.state' },
    tags: tagsFilter('pp.tags'), // a list of tags, or {condition, values}
    type: { kind: 'ci_exact', column: 'pp.type' },
    pricing_type: { kind: 'ci_exact', column: 'pp.pricing_type' },
  },
};

/** Product pricings: each creates its item pricing and product metric pricing in one transaction. */
@Injectable()
export class PricingsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly pricings: ProductPricingsRepository,
    private readonly itemPricings: ItemPricingsRepository,
    private readonly tiers: ItemPricingTiersRepository,
    private readonly scheduled: ItemPricingScheduledPricesRepository,
    private readonly metricPricings: ProductMetricPricingsRepository,
    private readonly items: BillableItemsRepository,
    private readonly metrics: BillableMetricsRepository,
    private readonly metricsService: BillableMetricsService,
    private readonly products: ProductsService,
    private readonly assignments: EntitlementAssignmentsService,
    private readonly hooks: CatalogHooks,
    private readonly clock: Clock,
    private readonly taxes: TaxesService,
  ) {}

  async create(companyId: string, dto: CreatePricingDto): Promise<ProductPricingEntity> {
    const product = await this.products.get(companyId, dto.product_id, 'product_id');
    if (product.state !== 'ACTIVE') throw DomainError.invalidField('product_id', 'is an archived product');
    const { item, metric } = await this.itemAndMetric(companyId, dto.item_id ?? null, dto.metric_id ?? null);
    const shape = resolvePriceShape(dto, dto.currency);
    await this.checkReferences(companyId, shape, dto.upsell_product_pricing_id ?? null, null);
    const resolved = await this.assignments.resolve(companyId, dto.entitlements);
    const recognition = recognitionSchedule(dto.recognition_schedule ?? null);
    const overrideTaxes = (await this.taxes.resolveOverride(companyId, dto.override_taxes, 'override_taxes')) ?? null;

    const now = this.clock.now();
    const pricing: ProductPricingEntity = {
      company_id: companyId,
      id: newId('productPricing'),
      product_id: product.id,
      name: dto.name,
      external_name: dto.external_name ?? null,
      description: dto.description ?? null,
      currency: dto.currency,
      type: shape.type,
      pricing_type: shape.pricing_type,
      state: dto.state ?? 'ACTIVE',
      metadata: dto.metadata ?? {},
      tags: dto.tags ?? [],
      upsell_product_pricing_id: dto.upsell_product_pricing_id ?? null,
      override_taxes: overrideTaxes,
      created_at: now,
      updated_at: now,
    };
    checkUsageMetric(shape, metric, item);
    // carry-over moves unused included units of metered usage to the next period: it needs both
    if (shape.carry_over && (shape.base_units <= 0 || !metric.metering_rule))
      throw DomainError.invalidField('carryover', 'needs base_units > 0 on a usage price (item_id and metric_id of a metered metric)');
    // the window of a minimum: without a minimum there is nothing to assess
    if (dto.true_up_frequency != null && !hasMinimum(shape))
      throw DomainError.invalidField(
        'true_up_frequency',
        'needs a minimum spend (minimum_spend or minimum_spend_schedule.amount_per_period)',
      );
    const itemPricing: ItemPricingEntity = {
      company_id: companyId,
      id: newId('itemPricing'),
      item_id: item.id,
      name: pricing.name,
      external_name: pricing.external_name,
      description: pricing.description,
      currency: pricing.currency,
      true_up_frequency: dto.true_up_frequency ?? null,
      display_type: dto.display_type ?? item.display_type,
      recognition_schedule: recognition,
      state: pricing.state,
      metadata: {},
      created_at: now,
      updated_at: now,
      ...shapeColumns(shape),
    };
    await this.dataSource.transaction(async (m) => {
      const strip = <T extends { company_id: string }>({ company_id: _c, ...rest }: T) => rest;
      await this.pricings.with(m).insert(companyId, strip(pricing));
      await this.itemPricings.with(m).insert(companyId, strip(itemPricing));
      await this.writeShapeRows(m, companyId, itemPricing.id, shape);
      await this.metricPricings.with(m).insert(companyId, {
        id: newId('productMetricPricing'),
        product_id: product.id,
        product_pricing_id: pricing.id,
        item_id: item.id,
        metric_id: metric.id,
        item_pricing_id: itemPricing.id,
        created_at: now,
        updated_at: now,
      });
      if (shape.pay_in_advance) await this.metricsService.markAdvancePriced(m, companyId, metric.id);
      await this.assignments.replace(m, companyId, { type: 'PRODUCT_PRICING', id: pricing.id }, resolved);
    });
    return pricing;
  }

  /** The pricing of this company, or 404 (`field` names the body field that named it). */
  async get(companyId: string, id: string, field?: string): Promise<ProductPricingEntity> {
    const notFound = () => DomainError.notFound('product pricing', field);
    if (!isId('productPricing', id)) throw notFound();
    return this.pricings.findOneOrFail(companyId, { id }, notFound);
  }

  /**
   * `GET /pricing/{id}`: by id (`pp_…`), or by the external identifier the reference allows
   * there — for Tally the `external_name`. 404 when nothing matches; 400 `ambiguous_identifier`
   * when several pricings share that external_name (use the id).
   */
  async getByIdOrExternalName(companyId: string, ref: string): Promise<ProductPricingEntity> {
    if (isId('productPricing', ref)) {
      const byId = await this.pricings.findOne(companyId, { id: ref });
      if (byId) return byId;
    }
    const named = await this.pricings.find(companyId, { where: { external_name: ref }, order: { id: 'ASC' }, take: 2 });
    if (named.length === 0) throw DomainError.notFound('product pricing');
    if (named.length > 1) {
      throw DomainError.badRequest('ambiguous_identifier', `several product pricings have external_name "${ref}": use the pricing id`);
    }
    return named[0];
  }

  /**
   * Names, tags, metadata, state, entitlements and upsell change any time. Price fields change
   * only while no subscription uses the pricing (409 otherwise: archive it and create another).
   */
  async update(companyId: string, id: string, dto: UpdatePricingDto): Promise<ProductPricingEntity> {
    const current = await this.get(companyId, id);
    if (dto.name === null) throw DomainError.invalidField('name', 'must not be null');
    const priceChange = touchesPrice(dto);
    if (priceChange) await this.assertUnused(companyId, id);

    let shapes: { ip: ItemPricingEntity; shape: PriceShape }[] = [];
    if (priceChange) {
      const pmps = await this.metricPricings.find(companyId, { where: { product_pricing_id: id } });
      const ipIds = pmps.map((p) => p.item_pricing_id);
      const [ips, tiers, scheduled] = ipIds.length
        ? await Promise.all([
            this.itemPricings.find(companyId, { where: { id: In(ipIds) } }),
            this.tiers.find(companyId, { where: { item_pricing_id: In(ipIds) } }),
            this.scheduled.find(companyId, { where: { item_pricing_id: In(ipIds) } }),
          ])
        : [[], [], []];
      shapes = ips.map((ip) => {
        const stored = itemPricingShape(
          ip,
          tiers.filter((t) => t.item_pricing_id === ip.id),
          scheduled.filter((s) => s.item_pricing_id === ip.id),
        );
        const merged = mergePriceInput(shapeToInput(stored, current.currency), dto as PriceInput);
        return { ip, shape: resolvePriceShape(merged, current.currency) };
      });
      const metrics = await this.metrics.find(companyId, { where: { id: In(pmps.map((p) => p.metric_id)) } });
      const items = await this.items.find(companyId, { where: { id: In(pmps.map((p) => p.item_id)) } });
      for (const { ip, shape } of shapes) {
        const metric = metrics.find((x) => x.id === pmps.find((p) => p.item_pricing_id === ip.id)?.metric_id);
        if (metric) checkUsageMetric(shape, metric, items.find((i) => i.id === ip.item_id) ?? null);
      }
    }
    const upsell = dto.upsell_product_pricing_id;
    await this.checkReferences(companyId, shapes[0]?.shape ?? null, upsell ?? null, id);
    const resolved = dto.entitlements !== undefined ? await this.assignments.resolve(companyId, dto.entitlements) : null;

    const now = this.clock.now();
    const patch: Partial<ProductPricingEntity> = { updated_at: now };
    if (dto.name !== undefined) patch.name = dto.name;
    if (dto.external_name !== undefined) patch.external_name = dto.external_name;
    if (dto.description !== undefined) patch.description = dto.description;
    if (dto.metadata !== undefined) patch.metadata = dto.metadata ?? {};
    if (dto.tags !== undefined) patch.tags = dto.tags ?? [];
    if (dto.state != null) patch.state = dto.state;
    if (upsell !== undefined) patch.upsell_product_pricing_id = upsell;
    const overrideTaxes = await this.taxes.resolveOverride(companyId, dto.override_taxes, 'override_taxes');
    if (overrideTaxes !== undefined) patch.override_taxes = overrideTaxes;
    if (shapes[0]) {
      patch.type = shapes[0].shape.type;
      patch.pricing_type = shapes[0].shape.pricing_type;
    }
    const ipPatch: Partial<ItemPricingEntity> = { updated_at: now };
    for (const f of ['name', 'external_name', 'description', 'state'] as const) {
      if (patch[f] !== undefined) (ipPatch as Record<string, unknown>)[f] = patch[f];
    }

    return this.dataSource.transaction(async (m) => {
      const locked = await this.pricings.with(m).findOneForUpdate(companyId, { id });
      if (!locked) throw DomainError.notFound('product pricing');
      if (priceChange) await this.assertUnused(companyId, id, m);
      await this.pricings.with(m).update(companyId, { id }, patch);
      const pmps = await this.metricPricings.with(m).find(companyId, { where: { product_pricing_id: id } });
      const ipIds = pmps.map((p) => p.item_pricing_id);
      if (ipIds.length) await this.itemPricings.with(m).update(companyId, { id: In(ipIds) }, ipPatch);
      for (const { ip, shape } of shapes) {
        await this.itemPricings.with(m).update(companyId, { id: ip.id }, shapeColumns(shape));
        await this.tiers.with(m).delete(companyId, { item_pricing_id: ip.id });
        await this.scheduled.with(m).delete(companyId, { item_pricing_id: ip.id });
        await this.writeShapeRows(m, companyId, ip.id, shape);
        const metricId = pmps.find((p) => p.item_pricing_id === ip.id)?.metric_id;
        if (shape.pay_in_advance && metricId) await this.metricsService.markAdvancePriced(m, companyId, metricId);
      }
      if (resolved) await this.assignments.replace(m, companyId, { type: 'PRODUCT_PRICING', id }, resolved);
      return { ...locked, ...patch } as ProductPricingEntity;
    });
  }

  find(companyId: string, body: FindPricingsDto): Promise<SearchPage<ProductPricingEntity>> {
    return runSearch(this.pricings.queryBuilder(companyId, 'pp'), body, SEARCH);
  }

  private async assertUnused(companyId: string, id: string, manager?: EntityManager): Promise<void> {
    const used = (await this.hooks.subscriptionUsage.countByPricing(companyId, [id], manager)).get(id) ?? 0;
    if (used > 0) {
      throw DomainError.invalidState(
        `the pricing is used by ${used} subscription(s): its prices cannot change; archive it (state ARCHIVED) and create a new pricing`,
      );
    }
  }

  /**
   * The item and metric a price charges: both given (a usage price; the metric must be one of
   * the item's), or neither (a licence price on the standard License item and its metric).
   */
  private async itemAndMetric(
    companyId: string,
    itemId: string | null,
    metricId: string | null,
  ): Promise<{ item: BillableItemEntity; metric: BillableMetricEntity }> {
    if (itemId === null && metricId === null) {
      const item = await this.items.findOne(companyId, { type: LICENSE_ITEM_TYPE, standard: true });
      const metric = item ? await this.metrics.findOne(companyId, { item_id: item.id, type: 'LICENSE_METRIC' }) : null;
      if (!item || !metric) throw DomainError.invalidState('the company has no standard License item and metric');
      return { item, metric };
    }
    if (itemId === null) throw DomainError.invalidField('item_id', 'is required with metric_id (a usage price names both)');
    if (metricId === null) throw DomainError.invalidField('metric_id', 'is required with item_id (a usage price names both)');
    const item = isId('billableItem', itemId) ? await this.items.findOne(companyId, { id: itemId }) : null;
    if (!item) throw DomainError.notFound('billable item', 'item_id');
    const metric = isId('billableMetric', metricId) ? await this.metrics.findOne(companyId, { id: metricId }) : null;
    if (!metric) throw DomainError.notFound('billable metric', 'metric_id');
    if (metric.item_id !== item.id) throw DomainError.invalidField('metric_id', 'is not a metric of item_id');
    if (item.state === 'ARCHIVED') throw DomainError.invalidField('item_id', 'is an archived billable item');
    if (metric.state === 'ARCHIVED') throw DomainError.invalidField('metric_id', 'is an archived billable metric');
    return { item, metric };
  }

  /** Records named inside the body: the credit item and the upsell pricing (404 naming the field). */
  private async checkReferences(
    companyId: string,
    shape: PriceShape | null,
    upsellId: string | null,
    selfId: string | null,
  ): Promise<void> {
    const creditItem = shape?.credit_price?.item_id;
    if (creditItem) {
      const found = isId('billableItem', creditItem) && (await this.items.exists(companyId, { id: creditItem }));
      if (!found) throw DomainError.notFound('billable item', 'credit_price.item_id');
    }
    if (upsellId) {
      if (upsellId === selfId) throw DomainError.invalidField('upsell_product_pricing_id', 'must be another pricing');
      await this.get(companyId, upsellId, 'upsell_product_pricing_id');
    }
  }

  private async writeShapeRows(m: EntityManager, companyId: string, itemPricingId: string, shape: PriceShape): Promise<void> {
    const tiers = shape.gradient ?? shape.volume;
    if (tiers) {
      const kind = shape.gradient ? 'GRADIENT' : 'VOLUME';
      await this.tiers.with(m).insert(
        companyId,
        tiers.map((t, position) => ({
          item_pricing_id: itemPricingId,
          kind,
          position,
          start_units: t.start,
          end_units: t.end,
          flat_price: t.flat_price,
          price_per_unit: t.price_per_unit,
          is_custom_tier: t.is_custom_tier,
        })),
      );
    }
    if (shape.scheduled) {
      await this.scheduled.with(m).insert(
        companyId,
        shape.scheduled.map((price, position) => ({ item_pricing_id: itemPricingId, position, price_per_unit: price })),
      );
    }
  }
}
