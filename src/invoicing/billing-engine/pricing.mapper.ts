/**
 * THE mapper from a stored item pricing (`item_pricings` + `item_pricing_tiers` +
 * `item_pricing_scheduled_prices`) to what billing-math prices (`Pricing`), plus the billing
 * attributes the engine needs (frequency, charge/proration type, minimum spend). Pure.
 */
import type { MinimumSchedule, Pricing } from '../../billing-math';
import { periodsPerWindow } from '../../billing-math';
import type { Frequency, Term } from '../../billing-math';
import type { ItemPricingEntity, ItemPricingScheduledPriceEntity, ItemPricingTierEntity } from '../../catalog/catalog.entity';

export type ChargeType = 'PRE_POST' | 'POST_ONLY';
export type PriceProration = 'PRORATE_ALL' | 'NONE';

export interface BillingPrice {
  pricing: Pricing;
  /** ONETIME prices are billed once (first invoice of the subscription). */
  recurring: boolean;
  term: Term | null;
  charge_type: ChargeType;
  proration_type: PriceProration;
  minimum_spend_cents: number | null;
  /**
   * The minimum over time when it is more than a flat amount per period: a schedule
   * (minimum_spend_schedule.amount_per_period), pulling forward, or a true-up window
   * (true_up_frequency); null: `minimum_spend_cents` each period on its own.
   */
  minimum_schedule: MinimumSchedule | null;
  /** The included units (base_units) a period does not use carry to the next period (usage prices). */
  carry_over: boolean;
  /** A usage price charged as each event arrives (advance-usage.service.ts), never on the period's invoices. */
  pay_in_advance: boolean;
}

/** Cents of a stored amount: a Money object, or cents as a number or numeric string. */
function centsOf(v: unknown): number | null {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  if (v && typeof v === 'object') return centsOf((v as { value_in_cents?: unknown }).value_in_cents);
  return null;
}

/** The minimum schedule of a stored item pricing (see BillingPrice.minimum_schedule). */
export function minimumScheduleOf(ip: ItemPricingEntity, term: Term | null): MinimumSchedule | null {
  if (!term) return null;
  const raw = (ip.minimum_spend_schedule ?? null) as { allow_pulling_forward?: unknown; amount_per_period?: unknown } | null;
  const amounts = Array.isArray(raw?.amount_per_period) ? raw.amount_per_period.map(centsOf).filter((x): x is number => x !== null) : [];
  const pullForward = raw?.allow_pulling_forward === true;
  const windowPeriods = ip.true_up_frequency ? periodsPerWindow(term, { count: 1, frequency: ip.true_up_frequency as Frequency }) : 1;
  if (amounts.length === 0 && !pullForward && windowPeriods === 1) return null;
  const flat = ip.minimum_spend_in_cents == null ? null : Number(ip.minimum_spend_in_cents);
  if (amounts.length === 0 && !flat) return null;
  return { amounts: amounts.length ? amounts : null, flat, pull_forward: pullForward, window_periods: windowPeriods };
}

function tiersOf(tiers: readonly ItemPricingTierEntity[], ipId: string, kind: 'GRADIENT' | 'VOLUME') {
  return tiers.filter((t) => t.item_pricing_id === ipId && t.kind === kind).sort((a, b) => a.position - b.position);
}

/** The billing-math `Pricing` of a stored item pricing (only the field of its pricing_type is set). */
export function toPricing(
  ip: ItemPricingEntity,
  tiers: readonly ItemPricingTierEntity[],
  scheduled: readonly ItemPricingScheduledPriceEntity[],
): Pricing {
  const pricing: Pricing = {
    pricing_type: ip.pricing_type,
    base_price: Number(ip.base_price_in_cents ?? 0),
    base_units: Number(ip.base_units ?? 0),
  };
  switch (ip.pricing_type) {
    case 'FIXED':
      pricing.fixed_price = { price_per_unit: ip.fixed_price_per_unit ?? '0' };
      break;
    case 'STEP':
      pricing.step_price = { price_per_step: ip.step_price_per_step ?? '0', step_size: String(ip.step_size ?? 1) };
      break;
    case 'GRADIENT':
      pricing.gradient_price = tiersOf(tiers, ip.id, 'GRADIENT').map((t) => ({
        start: String(t.start_units),
        end: t.end_units === null ? null : String(t.end_units),
        price_per_unit: t.price_per_unit,
        flat_price: t.flat_price,
      }));
      break;
    case 'VOLUME':
      pricing.volume_price = tiersOf(tiers, ip.id, 'VOLUME').map((t) => ({
        total_units_start: String(t.start_units),
        total_units_end: t.end_units === null ? null : String(t.end_units),
        price_per_unit: t.price_per_unit,
        flat_price: t.flat_price,
      }));
      break;
    case 'CUSTOM':
      pricing.custom_price = { price_per_unit: ip.custom_price_per_unit, preset_price_per_unit: ip.custom_preset_price_per_unit };
      break;
    case 'SCHEDULED':
      pricing.scheduled_price = {
        price_per_unit_per_period: scheduled
          .filter((s) => s.item_pricing_id === ip.id)
          .sort((a, b) => a.position - b.position)
          .map((s) => s.price_per_unit),
      };
      break;
    case 'PERCENTAGE':
      pricing.percentage_price = ip.percentage_price;
      break;
  }
  if (ip.group_prices) pricing.group_prices = ip.group_prices;
  return pricing;
}

/** The stored item pricing as the engine bills it. */
export function toBillingPrice(
  ip: ItemPricingEntity,
  tiers: readonly ItemPricingTierEntity[],
  scheduled: readonly ItemPricingScheduledPriceEntity[],
): BillingPrice {
  const recurring = ip.type !== 'ONETIME' && ip.frequency !== 'ONETIME';
  const term: Term | null = recurring ? { count: ip.term_count || 1, frequency: ip.frequency as Frequency } : null;
  return {
    pricing: toPricing(ip, tiers, scheduled),
    recurring,
    term,
    charge_type: ip.charge_type === 'POST_ONLY' ? 'POST_ONLY' : 'PRE_POST',
    proration_type: ip.proration_type === 'NONE' ? 'NONE' : 'PRORATE_ALL',
    minimum_spend_cents: ip.minimum_spend_in_cents == null ? null : Number(ip.minimum_spend_in_cents),
    minimum_schedule: minimumScheduleOf(ip, term),
    carry_over: recurring && ip.carry_over === true && Number(ip.base_units ?? 0) > 0,
    pay_in_advance: recurring && ip.pay_in_advance === true,
  };
}
