import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { DomainError } from '../platform/errors/domain-error';
import { isId } from '../platform/ids/ids';
import { BundleProductPricingsRepository, BundlesRepository } from '../catalog/catalog.repository';
import { CatalogPriceLoader, PriceGraph } from '../catalog/price-loader';
import type { CatalogRows } from '../catalog/catalog.views';
import type { BundleEntity, ProductMetricPricingEntity, ProductPricingEntity } from '../catalog/catalog.entity';
import { itemPricingShape } from '../catalog/catalog.mapper';
import type { PriceShape } from '../catalog/pricing.rules';
import type { Pricing } from '../billing-math/pricing';
import type { Term } from '../billing-math/periods';
import type { StoredConfigItem } from './subscription.entity';
import type { ConfigItemDto } from './dto/subscription.dto';
import type { MrrPrice } from './mrr';

/** One product metric pricing of a plan with what the subscription needs of it. */
export interface PlanPmp {
  pmp: ProductMetricPricingEntity;
  shape: PriceShape;
  /** Priced on the company's standard licence metric: charged per num_licenses. */
  licence: boolean;
}

/** Catalog rows of a set of pricings, read in a fixed number of queries (inside the caller's transaction when given). */
export class PlanCatalogData {
  constructor(
    readonly pricings: Map<string, ProductPricingEntity>,
    readonly pmpsByPricing: Map<string, PlanPmp[]>,
  ) {}

  pmp(id: string): PlanPmp | undefined {
    for (const list of this.pmpsByPricing.values()) {
      const found = list.find((p) => p.pmp.id === id);
      if (found) return found;
    }
    return undefined;
  }
}

export interface ResolvedPlan {
  product_pricing_ids: string[];
  bundle_pricing_id: string | null;
  currency: string;
  config_items: StoredConfigItem[];
  term: Term;
  billing_term: Term;
  post_only: boolean;
}

export interface PlanInput {
  product_pricing_ids?: string[] | null;
  bundle_pricing_id?: string | null;
  config_items?: ConfigItemDto[] | null;
  term?: Term | null;
  currency?: string | null;
}

/** A catalog price shape as billing-math reads it. */
export function toBillingPricing(s: PriceShape): Pricing {
  return {
    pricing_type: s.pricing_type,
    base_price: s.base_price_in_cents,
    base_units: s.base_units,
    fixed_price: s.fixed_price_per_unit !== null ? { price_per_unit: s.fixed_price_per_unit } : null,
    step_price: s.step_price_per_step !== null ? { price_per_step: s.step_price_per_step, step_size: s.step_size ?? 1 } : null,
    gradient_price: s.gradient
      ? s.gradient.map((t) => ({ start: t.start, end: t.end, price_per_unit: t.price_per_unit, flat_price: t.flat_price }))
      : null,
    volume_price: s.volume
      ? s.volume.map((t) => ({
          total_units_start: t.start,
          total_units_end: t.end,
          price_per_unit: t.price_per_unit,
          flat_price: t.flat_price,
        }))
      : null,
    custom_price: s.custom ? { price_per_unit: s.custom.price_per_unit, preset_price_per_unit: s.custom.preset_price_per_unit } : null,
    scheduled_price: s.scheduled ? { price_per_unit_per_period: s.scheduled } : null,
    percentage_price: s.percentage,
    group_prices: s.group_prices,
  };
}

/** The MRR inputs of a plan: every recurring price with the configured licence quantity. */
export function mrrPrices(data: PlanCatalogData, pricingIds: string[], configItems: StoredConfigItem[]): MrrPrice[] {
  const byPmp = new Map(configItems.map((c) => [c.product_metric_pricing_id, c]));
  const out: MrrPrice[] = [];
  for (const id of pricingIds) {
    const pricing = data.pricings.get(id);
    if (!pricing || pricing.type !== 'RECURRING') continue;
    for (const p of data.pmpsByPricing.get(id) ?? []) {
      if (p.shape.type !== 'RECURRING' || p.shape.frequency === 'ONETIME') continue;
      const ci = byPmp.get(p.pmp.id);
      out.push({
        product_pricing_id: id,
        frequency: p.shape.frequency,
        term_count: p.shape.term_count,
        pricing: toBillingPricing(p.shape),
        licence: p.licence,
        quantity: ci ? Math.max(ci.num_licenses, ci.minimum_units) : 0,
      });
    }
  }
  return out;
}

/** The billing term of a plan (its first recurring price) and whether every recurring price bills at period end. */
export function billingTermOf(data: PlanCatalogData, pricingIds: string[]): { term: Term; post_only: boolean } | null {
  let term: Term | null = null;
  let postOnly = true;
  for (const id of pricingIds) {
    const pricing = data.pricings.get(id);
    if (!pricing || pricing.type !== 'RECURRING') continue;
    for (const p of data.pmpsByPricing.get(id) ?? []) {
      if (p.shape.frequency === 'ONETIME') continue;
      if (!term) term = { count: p.shape.term_count, frequency: p.shape.frequency };
      if (p.shape.charge_type !== 'POST_ONLY') postOnly = false;
    }
  }
  return term ? { term, post_only: postOnly } : null;
}

/**
 * Reads pricings, bundles and their prices for subscriptions, and resolves and validates a
 * requested plan. Every read goes through the manager it is given (the caller's transaction).
 */
@Injectable()
export class PlanCatalog {
  constructor(
    private readonly prices: CatalogPriceLoader,
    private readonly bundles: BundlesRepository,
    private readonly bundleEntries: BundleProductPricingsRepository,
  ) {}

  /** The pricings and their prices as subscriptions read them (catalog's CatalogPriceLoader, in the caller's transaction). */
  async load(m: EntityManager, companyId: string, pricingIds: string[]): Promise<PlanCatalogData> {
    return planData(await this.prices.load(companyId, pricingIds, m));
  }

  /** As `load`, from catalog rows already read in one statement (`CatalogViews.rowsSql`). */
  fromRows(rows: CatalogRows, pricingIds: string[]): PlanCatalogData {
    return planData(this.prices.graphFromRows(rows, pricingIds));
  }

  /**
   * Resolves and validates a plan: exactly one of product_pricing_ids / bundle_pricing_id, all
   * existing (404 naming the field) and ACTIVE, one currency (equal to `currency` when given),
   * at least one recurring pricing; config items on licence prices of the plan, quantities
   * within their quantity_config; licence prices without a config item get 1 licence.
   */
  async resolve(
    m: EntityManager,
    companyId: string,
    input: PlanInput,
  ): Promise<{ plan: ResolvedPlan; data: PlanCatalogData; bundle: BundleEntity | null }> {
    const hasPricings = input.product_pricing_ids != null;
    const hasBundle = input.bundle_pricing_id != null;
    if (hasPricings === hasBundle) {
      throw DomainError.invalidField(
        hasPricings ? 'bundle_pricing_id' : 'product_pricing_ids',
        'give exactly one of product_pricing_ids and bundle_pricing_id',
      );
    }
    let bundle: BundleEntity | null = null;
    let pricingIds: string[];
    let field = (i: number) => `product_pricing_ids[${i}]`;
    if (hasBundle) {
      const id = input.bundle_pricing_id!;
      bundle = isId('bundle', id) ? await this.bundles.with(m).findOne(companyId, { id }) : null;
      if (!bundle) throw DomainError.notFound('bundle', 'bundle_pricing_id');
      if (bundle.state !== 'ACTIVE') throw DomainError.invalidField('bundle_pricing_id', 'is an archived bundle');
      const entries = await this.bundleEntries.with(m).find(companyId, { where: { bundle_id: bundle.id }, order: { position: 'ASC' } });
      pricingIds = entries.map((e) => e.product_pricing_id);
      if (pricingIds.length === 0) throw DomainError.invalidField('bundle_pricing_id', 'is a bundle without pricings');
      field = () => 'bundle_pricing_id';
    } else {
      pricingIds = input.product_pricing_ids!;
      const seen = new Set<string>();
      pricingIds.forEach((id, i) => {
        if (seen.has(id)) throw DomainError.invalidField(field(i), 'is listed twice');
        seen.add(id);
      });
    }
    const data = await this.load(m, companyId, pricingIds);
    let currency: string | null = bundle?.currency ?? null;
    pricingIds.forEach((id, i) => {
      const p = data.pricings.get(id);
      if (!p) throw DomainError.notFound('product pricing', field(i));
      if (p.state !== 'ACTIVE') throw DomainError.invalidField(field(i), 'is an archived product pricing');
      if (currency === null) currency = p.currency;
      else if (p.currency !== currency) {
        throw DomainError.invalidField(field(i), `is in ${p.currency}; every pricing of a subscription must be in ${currency}`);
      }
    });
    if (input.currency != null && input.currency !== currency) {
      throw DomainError.invalidField('currency', `must be the currency of the pricings (${currency})`);
    }
    const billing = billingTermOf(data, pricingIds);
    if (!billing)
      throw DomainError.invalidField(
        hasBundle ? 'bundle_pricing_id' : 'product_pricing_ids',
        'must include at least one recurring pricing',
      );
    const term = input.term ?? (bundle ? { count: bundle.term_count, frequency: bundle.term_frequency } : billing.term);
    if (term.frequency === 'ONETIME') throw DomainError.invalidField('term.frequency', 'must be a recurring frequency (not ONETIME)');

    return {
      plan: {
        product_pricing_ids: pricingIds,
        bundle_pricing_id: bundle?.id ?? null,
        currency: currency!,
        config_items: this.configItems(data, pricingIds, input.config_items ?? []),
        term,
        billing_term: billing.term,
        post_only: billing.post_only,
      },
      data,
      bundle,
    };
  }

  private configItems(data: PlanCatalogData, pricingIds: string[], inputs: ConfigItemDto[]): StoredConfigItem[] {
    const licencePmps = pricingIds.flatMap((id) => (data.pmpsByPricing.get(id) ?? []).filter((p) => p.licence));
    const byPmp = new Map<string, StoredConfigItem>();
    inputs.forEach((ci, i) => {
      const path = `config_items[${i}]`;
      let target: PlanPmp | undefined;
      if (ci.product_metric_pricing_id != null) {
        target = licencePmps.find((p) => p.pmp.id === ci.product_metric_pricing_id);
        if (!target)
          throw DomainError.invalidField(`${path}.product_metric_pricing_id`, "is not a licence price of the subscription's pricings");
        if (ci.product_pricing_id != null && ci.product_pricing_id !== target.pmp.product_pricing_id) {
          throw DomainError.invalidField(`${path}.product_pricing_id`, 'is not the pricing of product_metric_pricing_id');
        }
      } else if (ci.product_pricing_id != null) {
        if (!pricingIds.includes(ci.product_pricing_id))
          throw DomainError.invalidField(`${path}.product_pricing_id`, "is not one of the subscription's pricings");
        target = licencePmps.find((p) => p.pmp.product_pricing_id === ci.product_pricing_id);
        if (!target) throw DomainError.invalidField(`${path}.product_pricing_id`, 'has no licence price');
      } else {
        throw DomainError.invalidField(`${path}.product_metric_pricing_id`, 'is required (or product_pricing_id)');
      }
      if (byPmp.has(target.pmp.id)) throw DomainError.invalidField(`${path}.product_metric_pricing_id`, 'is configured twice');
      const num = ci.num_licenses ?? 1;
      const qc = ci.quantity_config ?? null;
      if (qc?.min_quantity != null && num < qc.min_quantity)
        throw DomainError.invalidField(`${path}.num_licenses`, `must be at least quantity_config.min_quantity (${qc.min_quantity})`);
      if (qc?.max_quantity != null && num > qc.max_quantity)
        throw DomainError.invalidField(`${path}.num_licenses`, `must be at most quantity_config.max_quantity (${qc.max_quantity})`);
      if (qc?.min_quantity != null && qc.max_quantity != null && qc.min_quantity > qc.max_quantity) {
        throw DomainError.invalidField(`${path}.quantity_config.max_quantity`, 'must not be below min_quantity');
      }
      byPmp.set(target.pmp.id, {
        product_metric_pricing_id: target.pmp.id,
        product_pricing_id: target.pmp.product_pricing_id,
        num_licenses: num,
        minimum_units: ci.minimum_units ?? 0,
        quantity_config: qc
          ? {
              allow_custom_quantity: qc.allow_custom_quantity ?? null,
              max_quantity: qc.max_quantity ?? null,
              min_quantity: qc.min_quantity ?? null,
            }
          : null,
        hide_at_checkout: ci.hide_at_checkout ?? null,
        sort_order: ci.sort_order ?? null,
        upsell_product_metric_pricing_id: ci.upsell_product_metric_pricing_id ?? null,
      });
    });
    return licencePmps.map(
      (p) =>
        byPmp.get(p.pmp.id) ?? {
          product_metric_pricing_id: p.pmp.id,
          product_pricing_id: p.pmp.product_pricing_id,
          num_licenses: 1,
          minimum_units: 0,
          quantity_config: null,
          hide_at_checkout: null,
          sort_order: null,
          upsell_product_metric_pricing_id: null,
        },
    );
  }
}

/** The plan data of a price graph. */
function planData(graph: PriceGraph): PlanCatalogData {
  const byPricing = new Map<string, PlanPmp[]>();
  for (const id of graph.pricings.keys()) {
    const prices = graph.prices(id);
    if (prices.length === 0) continue;
    byPricing.set(
      id,
      prices.map((p) => ({
        pmp: p.pmp,
        shape: itemPricingShape(p.item_pricing, p.tiers, p.scheduled),
        licence: p.metric?.type === 'LICENSE_METRIC',
      })),
    );
  }
  return new PlanCatalogData(new Map(graph.pricings), byPricing);
}
