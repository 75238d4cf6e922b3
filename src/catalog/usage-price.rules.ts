/**
 * The rules of the usage-only price shapes (pure): a PERCENTAGE price's `percentage_price` and
 * a FIXED usage price's `group_prices`. docs/billing-rules.md#percentage-charges and
 * #prices-per-group.
 */
import Decimal from 'decimal.js';
import { DomainError } from '../platform/errors/domain-error';
import type { StoredGroupPrices, StoredPercentagePrice } from './catalog.entity';
import { parseUnitPrice, PriceShape, UNIT_PRICE_PROBLEM } from './pricing.rules';

export interface PercentagePriceInput {
  rate: number | string;
  fixed_fee_per_event?: number | string | null;
  min_per_event?: number | string | null;
  max_per_event?: number | string | null;
}

export interface GroupPricesInput {
  group_key: string;
  prices: { value: string; price_per_unit: number | string }[];
}

/** At most this many values priced by one group_prices. */
export const MAX_GROUP_PRICES = 100;

function cents(value: unknown, path: string): string {
  const parsed = parseUnitPrice(value);
  if (parsed === null) throw DomainError.invalidField(path, UNIT_PRICE_PROBLEM);
  return parsed;
}

function optionalCents(value: unknown, path: string): string | null {
  return value == null ? null : cents(value, path);
}

/** `percentage_price`: rate above 0 and at most 100 (percent), fee and bounds cents, min not above max. */
export function percentagePrice(input: PercentagePriceInput): StoredPercentagePrice {
  const rate = parseUnitPrice(input.rate);
  if (rate === null || new Decimal(rate).isZero() || new Decimal(rate).greaterThan(100))
    throw DomainError.invalidField(
      'percentage_price.rate',
      'must be a percent above 0 and at most 100 (2.5 = 2.5 %), a number or numeric string',
    );
  const out: StoredPercentagePrice = {
    rate,
    fixed_fee_per_event: optionalCents(input.fixed_fee_per_event, 'percentage_price.fixed_fee_per_event'),
    min_per_event: optionalCents(input.min_per_event, 'percentage_price.min_per_event'),
    max_per_event: optionalCents(input.max_per_event, 'percentage_price.max_per_event'),
  };
  if (out.min_per_event !== null && out.max_per_event !== null && new Decimal(out.min_per_event).greaterThan(out.max_per_event))
    throw DomainError.invalidField('percentage_price.min_per_event', 'must not be more than max_per_event');
  return out;
}

/** `group_prices`: a group key, and distinct values each with a unit price (cents). */
export function groupPrices(input: GroupPricesInput): StoredGroupPrices {
  const key = typeof input.group_key === 'string' ? input.group_key : '';
  if (!key) throw DomainError.invalidField('group_prices.group_key', 'is required');
  const list = Array.isArray(input.prices) ? input.prices : [];
  if (list.length === 0) throw DomainError.invalidField('group_prices.prices', 'must list at least one value');
  if (list.length > MAX_GROUP_PRICES) throw DomainError.invalidField('group_prices.prices', `must list at most ${MAX_GROUP_PRICES} values`);
  const seen = new Set<string>();
  const prices = list.map((p, i) => {
    if (typeof p.value !== 'string') throw DomainError.invalidField(`group_prices.prices[${i}].value`, 'must be a string');
    if (seen.has(p.value)) throw DomainError.invalidField(`group_prices.prices[${i}].value`, 'is listed twice');
    seen.add(p.value);
    return { value: p.value, price_per_unit: cents(p.price_per_unit, `group_prices.prices[${i}].price_per_unit`) };
  });
  return { group_key: key, prices };
}

/**
 * What a usage-only shape needs of the price around it: PERCENTAGE and group_prices are usage
 * prices (a metered metric, RECURRING), and neither takes included units (base_units): the
 * included units would have to be drawn from some events or groups and not others.
 */
export function checkUsageShape(shape: {
  pricing_type: string;
  type: string;
  base_units: number;
  percentage: StoredPercentagePrice | null;
  group_prices: StoredGroupPrices | null;
}): void {
  if (shape.group_prices && shape.pricing_type !== 'FIXED')
    throw DomainError.invalidField('group_prices', 'is only allowed with pricing_type FIXED (fixed_price is the price of other values)');
  const what = shape.percentage ? 'percentage_price' : shape.group_prices ? 'group_prices' : null;
  if (!what) return;
  if (shape.type !== 'RECURRING') throw DomainError.invalidField(what, 'is only allowed on a RECURRING usage price');
  if (shape.base_units > 0) throw DomainError.invalidField('base_units', `is not allowed with ${what}`);
}

/** The aggregators whose usage each event adds to on its own (an event's charge is an increment of them). */
const ADDITIVE_AGGREGATORS = ['COUNT', 'SUM'];
/** The price models whose charge an event can be billed the increment of. */
const ADVANCE_PRICING_TYPES = ['FIXED', 'GRADIENT', 'STEP', 'PERCENTAGE'];

/**
 * `pay_in_advance: true` (docs/billing-rules.md#usage-charged-as-events-arrive): only where an
 * event's charge is the increment it adds to its period's charge, and that increment is all the
 * period owes for the price. So: a RECURRING usage price on events, whose metric adds events up
 * (COUNT, SUM), of a model where more units never lower the total (not VOLUME), with nothing
 * billed per period besides the units (no base_price, base_units, carry-over, minimum spend or
 * flat fee on the first tier, which is due at zero units) and one line (not group_prices).
 */
export function checkPayInAdvance(shape: PriceShape, metric: { metering_rule: unknown }, item: { type: string } | null): void {
  if (!shape.pay_in_advance) return;
  const refuse = (problem: string) => {
    throw DomainError.invalidField('pay_in_advance', problem);
  };
  const rule = metric.metering_rule as { aggregator?: string } | null;
  if (!rule || item?.type === 'CUSTOM_OBJ' || shape.type !== 'RECURRING')
    refuse('is only allowed on a RECURRING usage price of events (a metered metric of a CUSTOM_USAGE item)');
  if (!ADDITIVE_AGGREGATORS.includes(rule!.aggregator ?? ''))
    refuse(`needs a metric that COUNTs or SUMs its events (an event of a ${rule!.aggregator} metric has no charge of its own)`);
  if (!ADVANCE_PRICING_TYPES.includes(shape.pricing_type))
    refuse(
      `is only allowed with pricing_type ${ADVANCE_PRICING_TYPES.join(', ')} (with ${shape.pricing_type} a unit can change the price of the others)`,
    );
  if (shape.base_price_in_cents > 0 || shape.base_units > 0 || shape.carry_over)
    refuse('is not allowed with base_price, base_units or carryover (they are billed per period, not per event)');
  if (shape.minimum_spend_in_cents !== null || shape.minimum_spend_schedule !== null)
    refuse('is not allowed with a minimum spend (the period would be billed again for its shortfall)');
  if (shape.group_prices) refuse('is not allowed with group_prices');
  if (shape.gradient && !new Decimal(shape.gradient[0].flat_price).isZero())
    refuse('is not allowed with a flat_price on the first tier (it is due at zero units, before any event)');
}
