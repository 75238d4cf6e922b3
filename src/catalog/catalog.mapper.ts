import { iso } from '../platform/timestamps';
import type { CompanyRecordResponse } from '../platform/company-record.mapper';
import type { EntitlementAssignmentView } from '../entitlements/assignments/assignment.rules';
import type { BillableItemEntity } from '../metrics/billable-item.entity';
import type { BillableMetricEntity } from '../metrics/billable-metric.entity';
import { toBillableItemResponse, toBillableMetricResponse } from '../metrics/metrics.mapper';
import type {
  BundleEntity,
  BundleProductPricingEntity,
  ItemPricingEntity,
  ItemPricingScheduledPriceEntity,
  ItemPricingTierEntity,
  ProductEntity,
  ProductMetricPricingEntity,
  ProductPricingEntity,
} from './catalog.entity';
import { decimalToNumber, PriceShape, Tier } from './pricing.rules';
import type { ProductResponse } from './dto/product.dto';
import type { ItemPricingResponse, ProductMetricPricingResponse, ProductPricingResponse } from './dto/pricing.dto';
import type { BundleProductPricingResponse, BundleResponse } from './dto/bundle.dto';

/** The normalised price of a stored item pricing (its tiers and scheduled prices joined). */
export function itemPricingShape(
  ip: ItemPricingEntity,
  tiers: ItemPricingTierEntity[],
  scheduled: ItemPricingScheduledPriceEntity[],
): PriceShape {
  const tiersOf = (kind: 'GRADIENT' | 'VOLUME'): Tier[] =>
    tiers
      .filter((t) => t.kind === kind)
      .sort((a, b) => a.position - b.position)
      .map((t) => ({
        start: t.start_units,
        end: t.end_units,
        flat_price: t.flat_price,
        price_per_unit: t.price_per_unit,
        is_custom_tier: t.is_custom_tier,
      }));
  return {
    pricing_type: ip.pricing_type,
    type: ip.type,
    frequency: ip.frequency,
    term_count: ip.term_count,
    base_price_in_cents: ip.base_price_in_cents,
    base_units: ip.base_units,
    fixed_price_per_unit: ip.fixed_price_per_unit,
    step_price_per_step: ip.step_price_per_step,
    step_size: ip.step_size,
    custom:
      ip.pricing_type === 'CUSTOM'
        ? {
            price_per_unit: ip.custom_price_per_unit!,
            preset_price_per_unit: ip.custom_preset_price_per_unit!,
            min_price_per_unit: ip.custom_min_price_per_unit,
            max_price_per_unit: ip.custom_max_price_per_unit,
          }
        : null,
    gradient: ip.pricing_type === 'GRADIENT' ? tiersOf('GRADIENT') : null,
    volume: ip.pricing_type === 'VOLUME' ? tiersOf('VOLUME') : null,
    scheduled: ip.pricing_type === 'SCHEDULED' ? [...scheduled].sort((a, b) => a.position - b.position).map((s) => s.price_per_unit) : null,
    minimum_spend_in_cents: ip.minimum_spend_in_cents,
    minimum_spend_schedule: ip.minimum_spend_schedule as PriceShape['minimum_spend_schedule'],
    charge_type: ip.charge_type as PriceShape['charge_type'],
    proration_type: ip.proration_type as PriceShape['proration_type'],
    carry_over: ip.carry_over,
    pay_in_advance: ip.pay_in_advance === true,
    credit_price: ip.credit_price as PriceShape['credit_price'],
    percentage: ip.pricing_type === 'PERCENTAGE' ? ip.percentage_price : null,
    group_prices: ip.group_prices ?? null,
  };
}

/** The item pricing columns of a shape (everything but the tiers and scheduled prices). */
export type ShapeColumns = Pick<
  ItemPricingEntity,
  | 'pricing_type'
  | 'type'
  | 'frequency'
  | 'term_count'
  | 'base_price_in_cents'
  | 'base_units'
  | 'fixed_price_per_unit'
  | 'step_price_per_step'
  | 'step_size'
  | 'custom_price_per_unit'
  | 'custom_preset_price_per_unit'
  | 'custom_min_price_per_unit'
  | 'custom_max_price_per_unit'
  | 'minimum_spend_in_cents'
  | 'minimum_spend_schedule'
  | 'charge_type'
  | 'proration_type'
  | 'carry_over'
  | 'pay_in_advance'
  | 'credit_price'
  | 'percentage_price'
  | 'group_prices'
>;

export function shapeColumns(s: PriceShape): ShapeColumns {
  return {
    pricing_type: s.pricing_type,
    type: s.type,
    frequency: s.frequency,
    term_count: s.term_count,
    base_price_in_cents: s.base_price_in_cents,
    base_units: s.base_units,
    fixed_price_per_unit: s.fixed_price_per_unit,
    step_price_per_step: s.step_price_per_step,
    step_size: s.step_size,
    custom_price_per_unit: s.custom?.price_per_unit ?? null,
    custom_preset_price_per_unit: s.custom?.preset_price_per_unit ?? null,
    custom_min_price_per_unit: s.custom?.min_price_per_unit ?? null,
    custom_max_price_per_unit: s.custom?.max_price_per_unit ?? null,
    minimum_spend_in_cents: s.minimum_spend_in_cents,
    minimum_spend_schedule: s.minimum_spend_schedule,
    charge_type: s.charge_type,
    proration_type: s.proration_type,
    carry_over: s.carry_over,
    pay_in_advance: s.pay_in_advance,
    credit_price: s.credit_price,
    percentage_price: s.percentage,
    group_prices: s.group_prices,
  };
}

const num = (v: string | null): number | null => (v === null ? null : decimalToNumber(v));

export function toProductResponse(
  p: ProductEntity,
  entitlements: EntitlementAssignmentView[],
  productPricings: ProductPricingResponse[] | null,
): ProductResponse {
  return {
    company_id: p.company_id,
    created_at: iso(p.created_at)!,
    description: p.description,
    entitlements,
    external_name: p.external_name,
    id: p.id,
    image_url: p.image_url,
    import_created_at_ref: null,
    import_ref: null,
    imported_from: null,
    metadata: p.metadata ?? {},
    name: p.name,
    product_pricings: productPricings,
    state: p.state,
    tags: p.tags ?? [],
    updated_at: iso(p.updated_at)!,
  };
}

export function toItemPricingResponse(
  ip: ItemPricingEntity,
  shape: PriceShape,
  item: BillableItemEntity,
  company: CompanyRecordResponse,
  numSubs: number,
): ItemPricingResponse {
  const money = (cents: number | null) => (cents === null ? null : { currency: ip.currency, value_in_cents: cents });
  return {
    base_price: money(shape.base_price_in_cents)!,
    base_units: shape.base_units,
    carry_over: shape.carry_over,
    charge_type: shape.charge_type,
    company,
    company_id: ip.company_id,
    created_at: iso(ip.created_at)!,
    credit_price: shape.credit_price,
    custom_price: shape.custom
      ? {
          max_price_per_unit: num(shape.custom.max_price_per_unit),
          min_price_per_unit: num(shape.custom.min_price_per_unit),
          preset_price_per_unit: num(shape.custom.preset_price_per_unit),
          price_per_unit: num(shape.custom.price_per_unit),
        }
      : null,
    description: ip.description,
    display_type: ip.display_type,
    editable: numSubs === 0,
    external_name: ip.external_name,
    fixed_price: shape.fixed_price_per_unit === null ? null : { price_per_unit: decimalToNumber(shape.fixed_price_per_unit) },
    frequency: shape.frequency,
    group_prices: shape.group_prices
      ? {
          group_key: shape.group_prices.group_key,
          prices: shape.group_prices.prices.map((p) => ({ value: p.value, price_per_unit: decimalToNumber(p.price_per_unit) })),
        }
      : null,
    gradient_price: shape.gradient
      ? shape.gradient.map((t) => ({
          start: t.start,
          end: t.end,
          flat_price: decimalToNumber(t.flat_price),
          is_custom_tier: t.is_custom_tier,
          price_per_unit: decimalToNumber(t.price_per_unit),
        }))
      : null,
    id: ip.id,
    item: toBillableItemResponse(item),
    item_id: ip.item_id,
    metadata: ip.metadata ?? {},
    minimum_spend: money(shape.minimum_spend_in_cents),
    minimum_spend_schedule: shape.minimum_spend_schedule,
    name: ip.name,
    num_subs: numSubs,
    pay_in_advance: shape.pay_in_advance,
    percentage_price: shape.percentage
      ? {
          rate: decimalToNumber(shape.percentage.rate),
          fixed_fee_per_event: num(shape.percentage.fixed_fee_per_event),
          min_per_event: num(shape.percentage.min_per_event),
          max_per_event: num(shape.percentage.max_per_event),
        }
      : null,
    pricing_type: shape.pricing_type,
    proration_type: shape.proration_type,
    recognition_schedule: ip.recognition_schedule
      ? {
          recognition_schedule_type: ip.recognition_schedule.recognition_schedule_type,
          amount_per_period: ip.recognition_schedule.amount_per_period,
        }
      : { recognition_schedule_type: 'IMMEDIATE', amount_per_period: null },
    // the spec types scheduled prices as strings: exact decimal strings of cents
    scheduled_price: shape.scheduled ? { price_per_unit_per_period: [...shape.scheduled] } : null,
    state: ip.state,
    step_price:
      shape.step_price_per_step === null
        ? null
        : { price_per_step: decimalToNumber(shape.step_price_per_step), step_size: shape.step_size! },
    term_count: shape.term_count,
    true_up_frequency: ip.true_up_frequency,
    type: shape.type,
    updated_at: iso(ip.updated_at)!,
    volume_price: shape.volume
      ? shape.volume.map((t) => ({
          flat_price: decimalToNumber(t.flat_price),
          is_custom_tier: t.is_custom_tier,
          price_per_unit: decimalToNumber(t.price_per_unit),
          total_units_start: t.start,
          total_units_end: t.end,
        }))
      : null,
  };
}

export function toProductMetricPricingResponse(
  pmp: ProductMetricPricingEntity,
  item: BillableItemEntity,
  metric: BillableMetricEntity,
  itemPricing: ItemPricingResponse,
): ProductMetricPricingResponse {
  return {
    company_id: pmp.company_id,
    created_at: iso(pmp.created_at)!,
    id: pmp.id,
    item: toBillableItemResponse(item),
    item_id: pmp.item_id,
    item_pricing: itemPricing,
    item_pricing_id: pmp.item_pricing_id,
    metric: toBillableMetricResponse(metric),
    metric_id: pmp.metric_id,
    product_id: pmp.product_id,
    updated_at: iso(pmp.updated_at)!,
  };
}

export function toProductPricingResponse(
  pp: ProductPricingEntity,
  product: ProductResponse | null,
  metricPricings: ProductMetricPricingResponse[],
  computed: EntitlementAssignmentView[],
  overrides: EntitlementAssignmentView[],
  numSubs: number,
): ProductPricingResponse {
  return {
    company_id: pp.company_id,
    computed_entitlements: computed,
    created_at: iso(pp.created_at)!,
    currency: pp.currency,
    description: pp.description,
    external_name: pp.external_name,
    id: pp.id,
    import_created_at_ref: null,
    import_ref: null,
    imported_from: null,
    metadata: pp.metadata ?? {},
    name: pp.name,
    num_subs: numSubs,
    override_entitlements: overrides,
    pricing_type: pp.pricing_type,
    product,
    product_id: pp.product_id,
    product_metric_pricings: metricPricings,
    state: pp.state,
    tags: pp.tags ?? [],
    type: pp.type,
    updated_at: iso(pp.updated_at)!,
    upsell_product_pricing_id: pp.upsell_product_pricing_id,
    override_taxes: pp.override_taxes ?? null,
  };
}

export function toBundleProductPricingResponse(
  bpp: BundleProductPricingEntity,
  product: ProductResponse | null,
  pricing: ProductPricingResponse | null,
): BundleProductPricingResponse {
  return {
    bundle_pricing_id: bpp.bundle_id,
    company_id: bpp.company_id,
    created_at: iso(bpp.created_at)!,
    id: bpp.id,
    product,
    product_id: bpp.product_id,
    product_pricing: pricing,
    product_pricing_id: bpp.product_pricing_id,
    updated_at: iso(bpp.updated_at)!,
  };
}

export function toBundleResponse(b: BundleEntity, entries: BundleProductPricingResponse[], numSubs: number): BundleResponse {
  return {
    bundle_product_pricings: entries,
    company_id: b.company_id,
    created_at: iso(b.created_at)!,
    currency: b.currency,
    description: b.description,
    id: b.id,
    is_auto_generated: b.is_auto_generated,
    metadata: b.metadata ?? {},
    name: b.name,
    num_subs: numSubs,
    state: b.state,
    term: { count: b.term_count, frequency: b.term_frequency },
    updated_at: iso(b.updated_at)!,
  };
}

/**
 * A bundle pricing as embedded in a subscription, contract or checkout session: the bundle answer
 * with the reference's extra fields (its term as `default_term`; no image, key or import refs).
 */
export function toEmbeddedBundlePricing(bundle: BundleResponse | null | undefined): Record<string, unknown> | null {
  if (!bundle) return null;
  return {
    ...(bundle as unknown as Record<string, unknown>),
    default_term: bundle.term,
    deleted_at: null,
    image_url: null,
    key: null,
    import_created_at_ref: null,
    import_ref: null,
    imported_from: null,
  };
}
