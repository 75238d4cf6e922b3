/**
 * Percentage charges and prices per group (docs/billing-rules.md#percentage-charges and
 * #prices-per-group). Pure; amounts are unrounded cents, rounded by the line that carries them.
 *
 * A percentage price is computed PER EVENT, never on the period's sum: each event's charge is
 * `amount × rate / 100 + fixed_fee_per_event`, then held within `[min_per_event,
 * max_per_event]`, and the period's charge is the exact sum of those. Per event because the
 * fixed fee and the bounds are per event (a card fee is "2.5 % + 0.30, at least 0.50 a
 * payment"); with neither, per event and period sum give the same cents.
 */
import { BillingMathError } from './errors';
import { Dec, Decimal, DecimalInput, ZERO, maxDecimal, minDecimal, toNonNegativeDecimal } from './money';

export interface PercentagePrice {
  /** Percent of each event's amount, 0 to 100 (2.5 = 2.5 %). */
  rate: DecimalInput;
  /** Cents added to every charged event. */
  fixed_fee_per_event?: DecimalInput | null;
  /** Least cents an event is charged (fee included). */
  min_per_event?: DecimalInput | null;
  /** Most cents an event is charged (fee included). */
  max_per_event?: DecimalInput | null;
}

/** Events of one amount: `count` events whose amount property was `amount` (cents of the event's own money). */
export interface AmountCount {
  amount: DecimalInput;
  count: DecimalInput;
}

export interface PercentageCharge {
  /** Events charged (those with a numeric amount of 0 or more). */
  events: Decimal;
  /** The sum of their amounts. */
  total_amount: Decimal;
  /** The period's charge, unrounded cents. */
  amount: Decimal;
}

const opt = (v: DecimalInput | null | undefined, what: string): Decimal | null => (v == null ? null : toNonNegativeDecimal(v, what));

/** The charge of one event of `amount` (unrounded cents). */
export function eventPercentageCharge(p: PercentagePrice, amount: DecimalInput): Decimal {
  const rate = toNonNegativeDecimal(p.rate, 'percentage_price.rate');
  if (rate.greaterThan(100)) throw new BillingMathError('percentage_price.rate must be at most 100');
  const min = opt(p.min_per_event, 'percentage_price.min_per_event');
  const max = opt(p.max_per_event, 'percentage_price.max_per_event');
  if (min && max && min.greaterThan(max)) throw new BillingMathError('percentage_price.min_per_event must not exceed max_per_event');
  let charge = toNonNegativeDecimal(amount, 'amount').times(rate).dividedBy(100);
  charge = charge.plus(opt(p.fixed_fee_per_event, 'percentage_price.fixed_fee_per_event') ?? ZERO);
  if (min) charge = maxDecimal(charge, min);
  if (max) charge = minDecimal(charge, max);
  return charge;
}

/**
 * The period's charge of a percentage price over its events, given as counts per distinct
 * amount (the same sum as event by event, since an event's charge depends only on its amount).
 * Negative amounts are not charged.
 */
export function percentageCharge(p: PercentagePrice, amounts: readonly AmountCount[]): PercentageCharge {
  let events = ZERO;
  let total = ZERO;
  let amount = ZERO;
  for (const a of amounts) {
    const value = new Dec(a.amount);
    if (value.isNegative()) continue;
    const count = toNonNegativeDecimal(a.count, 'count');
    events = events.plus(count);
    total = total.plus(value.times(count));
    amount = amount.plus(eventPercentageCharge(p, value).times(count));
  }
  return { events, total_amount: total, amount };
}

/** Unit prices per value of one group key; other values (and a missing key) take `default_price_per_unit`. */
export interface GroupPrices {
  group_key: string;
  prices: readonly { value: string; price_per_unit: DecimalInput }[];
}

/** One group's priced quantity. */
export interface GroupCharge {
  /** The group's value; null: events without the key. */
  value: string | null;
  quantity: Decimal;
  unit_price: Decimal;
  /** quantity × unit_price, unrounded cents. */
  amount: Decimal;
}

/**
 * The charge of each group: first every listed value in its order (0 when unused), then the
 * other values seen, in text order, events without the key last.
 */
export function groupCharges(
  groups: GroupPrices,
  defaultPrice: DecimalInput,
  usage: readonly { value: string | null; quantity: DecimalInput }[],
): GroupCharge[] {
  const used = new Map<string | null, Decimal>();
  for (const u of usage) used.set(u.value, (used.get(u.value) ?? ZERO).plus(toNonNegativeDecimal(u.quantity, 'quantity')));
  const charge = (value: string | null, unit: Decimal): GroupCharge => {
    const quantity = used.get(value) ?? ZERO;
    return { value, quantity, unit_price: unit, amount: quantity.times(unit) };
  };
  const listed = groups.prices.map((g, i) => charge(g.value, toNonNegativeDecimal(g.price_per_unit, `group_prices.prices[${i}]`)));
  const names = new Set(groups.prices.map((g) => g.value));
  const others = [...used.keys()].filter((v) => v === null || !names.has(v));
  others.sort((a, b) => (a === null ? 1 : b === null ? -1 : a < b ? -1 : a > b ? 1 : 0));
  const fallback = toNonNegativeDecimal(defaultPrice, 'fixed_price.price_per_unit');
  return [...listed, ...others.map((v) => charge(v, fallback))];
}
