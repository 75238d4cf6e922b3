/**
 * The charge of one period of a price for a quantity, under each pricing type.
 *
 * Quantities and unit prices are exact decimals (both may be fractional; prices are cents).
 * The result is UNROUNDED cents with the detail of how it was reached; rounding belongs to the
 * invoice line (`lines.ts`). Rules (docs/billing-rules.md#pricing-models-and-tiers):
 *
 * - FIXED: quantity × price_per_unit.
 * - STEP: price_per_step × every started block of step_size units (ceil(quantity / step_size)).
 * - GRADIENT (graduated): each unit priced in its own tier; a tier holds the units above its
 *   start up to and including its end (0–100 / 100–∞: unit 100 in the first, 101 in the
 *   second); each reached tier adds its flat_price; the first tier's flat_price is charged
 *   even at zero units.
 * - VOLUME: all units at the price of the tier the total falls in (100 falls in 0–100), plus
 *   that tier's flat_price; at zero units, the first tier.
 * - CUSTOM: quantity × (price_per_unit ?? preset_price_per_unit). min/max are bounds the
 *   catalog enforces when the price is set; they are not re-applied here.
 * - SCHEDULED: quantity × price_per_unit_per_period[period_index] (the last entry repeats).
 * - PERCENTAGE: billed from its events by `percentageCharge` (percentage.ts); given only a
 *   quantity (a one-time item's aggregate), the quantity is an amount: quantity × rate / 100.
 * - base_price (cents) is charged every period; the first base_units units of the period are
 *   included in it and the model prices only the units beyond (never below 0). With all usage
 *   included, the model still prices 0 units (so a first tier's flat_price still applies).
 */
import { BillingMathError } from './errors';
import type { GroupPrices, PercentagePrice } from './percentage';
import { Cents, Decimal, DecimalInput, ONE, ZERO, assertCents, minDecimal, maxDecimal, toNonNegativeDecimal, Dec } from './money';

export const PRICING_TYPES = ['FIXED', 'STEP', 'GRADIENT', 'VOLUME', 'CUSTOM', 'SCHEDULED', 'PERCENTAGE'] as const;
/** `pricing_type` of an item pricing. */
export type PricingType = (typeof PRICING_TYPES)[number];

/** Money as the API writes it, or plain cents. */
export type MoneyLike = Cents | { value_in_cents: Cents };

export interface FixedPrice {
  price_per_unit: DecimalInput;
}
export interface StepPrice {
  price_per_step: DecimalInput;
  step_size: DecimalInput;
}
/** A graduated tier; `end` null (or absent) only on the last tier. */
export interface GradientTier {
  start: DecimalInput;
  end?: DecimalInput | null;
  price_per_unit?: DecimalInput | null;
  flat_price?: DecimalInput | null;
}
/** A volume tier; `total_units_end` null (or absent) only on the last tier. */
export interface VolumeTier {
  total_units_start: DecimalInput;
  total_units_end?: DecimalInput | null;
  price_per_unit?: DecimalInput | null;
  flat_price?: DecimalInput | null;
}
export interface CustomPrice {
  price_per_unit?: DecimalInput | null;
  preset_price_per_unit?: DecimalInput | null;
  min_price_per_unit?: DecimalInput | null;
  max_price_per_unit?: DecimalInput | null;
}
export interface ScheduledPrice {
  price_per_unit_per_period: readonly DecimalInput[];
}

/** The price fields of an item pricing, named as in the API. Only the field of `pricing_type` is read. */
export interface Pricing {
  pricing_type: PricingType;
  base_price?: MoneyLike | null;
  base_units?: number | null;
  fixed_price?: FixedPrice | null;
  step_price?: StepPrice | null;
  gradient_price?: readonly GradientTier[] | null;
  volume_price?: readonly VolumeTier[] | null;
  custom_price?: CustomPrice | null;
  scheduled_price?: ScheduledPrice | null;
  /** PERCENTAGE: priced per event (percentage.ts); a bare quantity is priced as an amount at `rate` %. */
  percentage_price?: PercentagePrice | null;
  /** FIXED usage prices: a unit price per value of a group key, one line per group (percentage.ts). */
  group_prices?: GroupPrices | null;
}

/** How one tier (or block, or unit price) contributed to a charge. */
export interface TierCharge {
  /** Index of the tier in its list (0 for single-price models). */
  tier: number;
  /** Units priced here (for STEP: the number of started blocks). */
  units: Decimal;
  /** Price per unit here (for STEP: price_per_step). */
  unit_price: Decimal;
  /** Flat fee added by this tier (0 when none). */
  flat_price: Decimal;
  /** units × unit_price + flat_price, unrounded cents. */
  amount: Decimal;
}

/** The charge of one period, unrounded. */
export interface PeriodCharge {
  pricing_type: PricingType;
  /** The whole quantity of the period. */
  quantity: Decimal;
  /** Units included in the base price: min(quantity, base_units). */
  included_units: Decimal;
  /** Units the model priced: max(0, quantity − base_units). */
  billable_units: Decimal;
  /** base_price (cents). */
  base_amount: Decimal;
  /** What the model charged for billable_units (cents, unrounded). */
  usage_amount: Decimal;
  /** base_amount + usage_amount (cents, unrounded). */
  amount: Decimal;
  /** The single unit price when usage_amount = billable_units × unit_price (FIXED, CUSTOM, SCHEDULED), else null. */
  unit_price: Decimal | null;
  tiers: TierCharge[];
}

/** Options of `chargeForPeriod`. */
export interface ChargeOptions {
  /** Index of the billing period (0 = first); required for SCHEDULED. */
  period_index?: number | null;
}

/** Cents from plain cents or `{value_in_cents}`; null/undefined → 0. */
export function moneyCents(m: MoneyLike | null | undefined, what = 'amount'): Cents {
  if (m == null) return 0;
  return assertCents(typeof m === 'number' ? m : m.value_in_cents, what);
}

function price(v: DecimalInput | null | undefined, what: string): Decimal {
  return v == null ? ZERO : toNonNegativeDecimal(v, what);
}

/** A tier normalised to decimals, `end` null when unbounded. */
export interface NormalTier {
  start: Decimal;
  end: Decimal | null;
  price_per_unit: Decimal;
  flat_price: Decimal;
}

/** Checks a tier list (first starts at 0, contiguous, ascending, only the last unbounded). */
export function normaliseTiers(
  tiers: readonly {
    start: DecimalInput;
    end?: DecimalInput | null;
    price_per_unit?: DecimalInput | null;
    flat_price?: DecimalInput | null;
  }[],
  what: string,
): NormalTier[] {
  if (!tiers || tiers.length === 0) throw new BillingMathError(`${what} must list at least one tier`);
  const out = tiers.map((t, i) => ({
    start: toNonNegativeDecimal(t.start, `${what}[${i}].start`),
    end: t.end == null ? null : toNonNegativeDecimal(t.end, `${what}[${i}].end`),
    price_per_unit: price(t.price_per_unit, `${what}[${i}].price_per_unit`),
    flat_price: price(t.flat_price, `${what}[${i}].flat_price`),
  }));
  out.forEach((t, i) => {
    if (i === 0 && !t.start.isZero()) throw new BillingMathError(`${what}[0] must start at 0`);
    if (i > 0 && !(out[i - 1].end !== null && out[i - 1].end!.equals(t.start))) {
      throw new BillingMathError(`${what}[${i}] must start where the previous tier ends`);
    }
    if (t.end !== null && t.end.lessThanOrEqualTo(t.start)) throw new BillingMathError(`${what}[${i}] must end after its start`);
    if ((t.end === null) !== (i === out.length - 1)) throw new BillingMathError(`${what}: only the last tier is unbounded, and it must be`);
  });
  return out;
}

/** Graduated pricing of `units` over tiers. */
export function gradientCharge(tiers: readonly GradientTier[], units: DecimalInput): { amount: Decimal; tiers: TierCharge[] } {
  const q = toNonNegativeDecimal(units, 'quantity');
  const list = normaliseTiers(tiers, 'gradient_price');
  const detail: TierCharge[] = [];
  let amount = ZERO;
  list.forEach((t, i) => {
    const reached = i === 0 || q.greaterThan(t.start);
    if (!reached) return;
    const top = t.end === null ? q : minDecimal(q, t.end);
    const inTier = maxDecimal(ZERO, top.minus(t.start));
    const a = inTier.times(t.price_per_unit).plus(t.flat_price);
    detail.push({ tier: i, units: inTier, unit_price: t.price_per_unit, flat_price: t.flat_price, amount: a });
    amount = amount.plus(a);
  });
  return { amount, tiers: detail };
}

/** The index of the tier a total falls in: the first whose end is null or >= total (0 at zero). */
export function volumeTierIndex(tiers: readonly NormalTier[], total: Decimal): number {
  const i = tiers.findIndex((t) => t.end === null || total.lessThanOrEqualTo(t.end));
  return i;
}

/** Volume pricing of `units`: all at the tier the total falls in, plus its flat price. */
export function volumeCharge(tiers: readonly VolumeTier[], units: DecimalInput): { amount: Decimal; tiers: TierCharge[] } {
  const q = toNonNegativeDecimal(units, 'quantity');
  const list = normaliseTiers(
    tiers.map((t) => ({ start: t.total_units_start, end: t.total_units_end, price_per_unit: t.price_per_unit, flat_price: t.flat_price })),
    'volume_price',
  );
  const i = volumeTierIndex(list, q);
  const t = list[i];
  const amount = q.times(t.price_per_unit).plus(t.flat_price);
  return { amount, tiers: [{ tier: i, units: q, unit_price: t.price_per_unit, flat_price: t.flat_price, amount }] };
}

/** The number of started blocks: ceil(units / step_size), computed exactly. */
export function startedBlocks(units: DecimalInput, stepSize: DecimalInput): Decimal {
  const q = toNonNegativeDecimal(units, 'quantity');
  const size = toNonNegativeDecimal(stepSize, 'step_price.step_size');
  if (size.isZero()) throw new BillingMathError('step_price.step_size must be > 0');
  const whole = q.divToInt(size); // truncated, exact
  return whole.times(size).lessThan(q) ? whole.plus(ONE) : whole;
}

/** Step pricing of `units`: price_per_step for every started block. */
export function stepCharge(step: StepPrice, units: DecimalInput): { amount: Decimal; tiers: TierCharge[] } {
  const blocks = startedBlocks(units, step.step_size);
  const p = price(step.price_per_step, 'step_price.price_per_step');
  const amount = blocks.times(p);
  return { amount, tiers: [{ tier: 0, units: blocks, unit_price: p, flat_price: ZERO, amount }] };
}

/** The unit price of a SCHEDULED price in period `index` (the last entry repeats). */
export function scheduledUnitPrice(scheduled: ScheduledPrice, index: number): Decimal {
  const list = scheduled?.price_per_unit_per_period;
  if (!list || list.length === 0) throw new BillingMathError('scheduled_price.price_per_unit_per_period must list at least one price');
  if (!Number.isSafeInteger(index) || index < 0)
    throw new BillingMathError(`period_index must be an integer >= 0 for SCHEDULED, got ${index}`);
  const i = Math.min(index, list.length - 1);
  return price(list[i], `scheduled_price.price_per_unit_per_period[${i}]`);
}

/** The unit price of a CUSTOM price: price_per_unit, else preset_price_per_unit. */
export function customUnitPrice(custom: CustomPrice): Decimal {
  const p = custom?.price_per_unit ?? custom?.preset_price_per_unit;
  if (p == null) throw new BillingMathError('custom_price needs price_per_unit or preset_price_per_unit');
  return price(p, 'custom_price.price_per_unit');
}

function need<T>(v: T | null | undefined, field: string, type: PricingType): T {
  if (v == null) throw new BillingMathError(`${field} is required for pricing_type ${type}`);
  return v;
}

/** The model's charge for `units` (no base price), with its single unit price when it has one. */
export function modelCharge(
  pricing: Pricing,
  units: DecimalInput,
  options: ChargeOptions = {},
): { amount: Decimal; unit_price: Decimal | null; tiers: TierCharge[] } {
  const q = toNonNegativeDecimal(units, 'quantity');
  const single = (p: Decimal) => {
    const amount = q.times(p);
    return { amount, unit_price: p, tiers: [{ tier: 0, units: q, unit_price: p, flat_price: ZERO, amount }] };
  };
  const type = pricing.pricing_type;
  switch (type) {
    case 'FIXED':
      return single(price(need(pricing.fixed_price, 'fixed_price', type).price_per_unit, 'fixed_price.price_per_unit'));
    case 'CUSTOM':
      return single(customUnitPrice(need(pricing.custom_price, 'custom_price', type)));
    case 'SCHEDULED': {
      const index = options.period_index;
      if (index == null) throw new BillingMathError('period_index is required for pricing_type SCHEDULED');
      return single(scheduledUnitPrice(need(pricing.scheduled_price, 'scheduled_price', type), index));
    }
    case 'STEP':
      return { ...stepCharge(need(pricing.step_price, 'step_price', type), q), unit_price: null };
    case 'GRADIENT':
      return { ...gradientCharge(need(pricing.gradient_price, 'gradient_price', type), q), unit_price: null };
    case 'VOLUME':
      return { ...volumeCharge(need(pricing.volume_price, 'volume_price', type), q), unit_price: null };
    case 'PERCENTAGE':
      return single(toNonNegativeDecimal(need(pricing.percentage_price, 'percentage_price', type).rate, 'rate').dividedBy(100));
    default:
      throw new BillingMathError(`unknown pricing_type ${String(type)}`);
  }
}

/**
 * The charge of one period for `quantity`: base_price plus the model applied to the units
 * beyond base_units. Unrounded cents.
 */
export function chargeForPeriod(pricing: Pricing, quantity: DecimalInput, options: ChargeOptions = {}): PeriodCharge {
  const q = toNonNegativeDecimal(quantity, 'quantity');
  const baseUnits = pricing.base_units ?? 0;
  if (!Number.isSafeInteger(baseUnits) || baseUnits < 0) throw new BillingMathError(`base_units must be an integer >= 0, got ${baseUnits}`);
  const base = moneyCents(pricing.base_price, 'base_price');
  if (base < 0) throw new BillingMathError('base_price must be >= 0');
  const included = minDecimal(q, new Dec(baseUnits));
  const billable = q.minus(included);
  const model = modelCharge(pricing, billable, options);
  const baseAmount = new Dec(base);
  return {
    pricing_type: pricing.pricing_type,
    quantity: q,
    included_units: included,
    billable_units: billable,
    base_amount: baseAmount,
    usage_amount: model.amount,
    amount: baseAmount.plus(model.amount),
    unit_price: model.unit_price,
    tiers: model.tiers,
  };
}
