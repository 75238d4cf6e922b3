/**
 * Pure rules of a price: unit prices as exact decimals, money in the pricing's currency, tier
 * lists, and the fields each pricing_type needs. Input is the request body (or a stored price
 * turned back into one, for updates); output is the normalised shape that is stored.
 * No Nest, no SQL.
 */
import Decimal from 'decimal.js';
import { DomainError } from '../platform/errors/domain-error';
import { isMoneyCents, MAX_MONEY_CENTS, MONEY_PROBLEM } from '../platform/validation/limits';
import type { Frequency, PriceType, PricingType, StoredGroupPrices, StoredPercentagePrice } from './catalog.entity';
import { checkUsageShape, groupPrices, GroupPricesInput, percentagePrice, PercentagePriceInput } from './usage-price.rules';

/** The most decimal places kept; a unit price is at most MAX_MONEY_CENTS (docs/api.md, "Limits"). */
const MAX_DECIMAL_PLACES = 12;
const NUMERIC_STRING = /^\s*\d+(\.\d+)?\s*$/;

/**
 * A unit price in cents as an exact decimal string ("0.2"), from a JSON number or a numeric
 * string; null when it is not a non-negative number within bounds.
 */
export function parseUnitPrice(value: unknown): string | null {
  let d: Decimal;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    d = new Decimal(value);
  } else if (typeof value === 'string') {
    if (!NUMERIC_STRING.test(value)) return null;
    d = new Decimal(value.trim());
  } else {
    return null;
  }
  if (d.isNegative() || d.decimalPlaces() > MAX_DECIMAL_PLACES) return null;
  if (d.greaterThan(MAX_MONEY_CENTS)) return null;
  return d.toFixed();
}

export const UNIT_PRICE_PROBLEM = `must be a non-negative number of cents (a JSON number or a numeric string, at most ${MAX_DECIMAL_PLACES} decimals, at most ${MAX_MONEY_CENTS})`;

/** Stored decimal string → JSON number. */
export const decimalToNumber = (v: string): number => Number(v);

function unitPrice(value: unknown, path: string): string {
  const parsed = parseUnitPrice(value);
  if (parsed === null) throw DomainError.invalidField(path, UNIT_PRICE_PROBLEM);
  return parsed;
}

export interface MoneyInput {
  currency?: string | null;
  value_in_cents: number;
}
export interface TermInput {
  count: number;
  frequency: Frequency;
}
export interface GradientTierInput {
  start: number;
  end?: number | null;
  flat_price?: number | string | null;
  price_per_unit?: number | string | null;
  is_custom_tier?: boolean | null;
}
export interface VolumeTierInput {
  total_units_start: number;
  total_units_end?: number | null;
  flat_price?: number | string | null;
  price_per_unit?: number | string | null;
  is_custom_tier?: boolean | null;
}
export interface CustomPriceInput {
  price_per_unit?: number | string | null;
  preset_price_per_unit?: number | string | null;
  min_price_per_unit?: number | string | null;
  max_price_per_unit?: number | string | null;
}
export interface CreditPriceInput {
  type: 'AMOUNT' | 'UNITS';
  amount?: MoneyInput | null;
  item_id?: string | null;
  units?: number | null;
}
export interface MinimumSpendScheduleInput {
  allow_pulling_forward?: boolean | null;
  amount_per_period?: (MoneyInput | string | number)[] | null;
  minimum_spend_schedule_type?: string | null;
}

/** The price fields of a pricing, as the API takes them (every field optional here). */
export interface PriceInput {
  pricing_type?: PricingType | null;
  type?: PriceType | null;
  billing_frequency?: TermInput | null;
  base_price?: MoneyInput | null;
  base_units?: number | null;
  fixed_price?: { price_per_unit: number | string } | null;
  step_price?: { price_per_step: number | string; step_size: number } | null;
  gradient_price?: GradientTierInput[] | null;
  volume_price?: VolumeTierInput[] | null;
  custom_price?: CustomPriceInput | null;
  scheduled_price?: { price_per_unit_per_period: (number | string)[] } | null;
  minimum_spend?: MoneyInput | null;
  minimum_spend_schedule?: MinimumSpendScheduleInput | null;
  charge_type?: 'PRE_POST' | 'POST_ONLY' | null;
  proration_type?: 'PRORATE_ALL' | 'NONE' | null;
  carryover?: boolean | null;
  pay_in_advance?: boolean | null;
  credit_price?: CreditPriceInput | null;
  percentage_price?: PercentagePriceInput | null;
  group_prices?: GroupPricesInput | null;
}

export const PRICE_FIELDS: (keyof PriceInput)[] = [
  'pricing_type',
  'type',
  'billing_frequency',
  'base_price',
  'base_units',
  'fixed_price',
  'step_price',
  'gradient_price',
  'volume_price',
  'custom_price',
  'scheduled_price',
  'minimum_spend',
  'minimum_spend_schedule',
  'charge_type',
  'proration_type',
  'carryover',
  'pay_in_advance',
  'credit_price',
  'percentage_price',
  'group_prices',
];

/** The price-shape field that each pricing_type requires (and only it allows). */
export const SHAPE_FIELD: Record<
  PricingType,
  'fixed_price' | 'step_price' | 'gradient_price' | 'volume_price' | 'custom_price' | 'scheduled_price' | 'percentage_price'
> = {
  FIXED: 'fixed_price',
  STEP: 'step_price',
  GRADIENT: 'gradient_price',
  VOLUME: 'volume_price',
  CUSTOM: 'custom_price',
  SCHEDULED: 'scheduled_price',
  PERCENTAGE: 'percentage_price',
};

/** A normalised tier: integers for units, exact decimal strings for prices. */
export interface Tier {
  start: number;
  end: number | null;
  flat_price: string;
  price_per_unit: string;
  is_custom_tier: boolean;
}

export interface MoneyValue {
  currency: string;
  value_in_cents: number;
}

/** The stored shape of a price. */
export interface PriceShape {
  pricing_type: PricingType;
  type: PriceType;
  frequency: Frequency;
  term_count: number;
  base_price_in_cents: number;
  base_units: number;
  fixed_price_per_unit: string | null;
  step_price_per_step: string | null;
  step_size: number | null;
  custom: {
    price_per_unit: string;
    preset_price_per_unit: string;
    min_price_per_unit: string | null;
    max_price_per_unit: string | null;
  } | null;
  gradient: Tier[] | null;
  volume: Tier[] | null;
  scheduled: string[] | null;
  minimum_spend_in_cents: number | null;
  minimum_spend_schedule: {
    allow_pulling_forward: boolean;
    amount_per_period: MoneyValue[] | null;
    minimum_spend_schedule_type: string | null;
  } | null;
  charge_type: 'PRE_POST' | 'POST_ONLY';
  proration_type: 'PRORATE_ALL' | 'NONE';
  carry_over: boolean;
  pay_in_advance: boolean;
  credit_price: { type: 'AMOUNT' | 'UNITS'; amount: MoneyValue | null; item_id: string | null; units: number | null } | null;
  percentage: StoredPercentagePrice | null;
  group_prices: StoredGroupPrices | null;
}

/** The shapes a minimum spend schedule may declare (minimum_spend_schedule_type). */
export const MINIMUM_SPEND_SCHEDULE_TYPES = ['UNIFORM', 'CUSTOM'] as const;

/**
 * minimum_spend_schedule_type names the shape of the schedule: UNIFORM (one minimum every
 * period: minimum_spend, or a single amount_per_period) or CUSTOM (amount_per_period, period by
 * period). It is checked against the amounts it describes, so a type the schedule does not have
 * is a 400 rather than a value stored and ignored (docs/billing-rules.md "Minimum spend").
 */
function checkScheduleType(schedule: NonNullable<PriceShape['minimum_spend_schedule']>): void {
  const type = schedule.minimum_spend_schedule_type;
  if (type === null) return;
  const path = 'minimum_spend_schedule.minimum_spend_schedule_type';
  if (!(MINIMUM_SPEND_SCHEDULE_TYPES as readonly string[]).includes(type))
    throw DomainError.invalidField(path, `must be one of ${MINIMUM_SPEND_SCHEDULE_TYPES.join(', ')}`);
  const distinct = new Set((schedule.amount_per_period ?? []).map((m) => m.value_in_cents)).size;
  if (type === 'UNIFORM' && distinct > 1)
    throw DomainError.invalidField(path, 'UNIFORM needs one minimum every period: amount_per_period lists different amounts');
  if (type === 'CUSTOM' && !schedule.amount_per_period?.length)
    throw DomainError.invalidField(path, 'CUSTOM needs amount_per_period (the minimum of each period in turn)');
}

/** Whether a price has a minimum spend (flat, or a schedule of amounts). */
export function hasMinimum(shape: Pick<PriceShape, 'minimum_spend_in_cents' | 'minimum_spend_schedule'>): boolean {
  return !!shape.minimum_spend_in_cents || (shape.minimum_spend_schedule?.amount_per_period ?? []).some((m) => m.value_in_cents > 0);
}

/** An amount of a minimum spend schedule: Money, or cents as an integer or a numeric string (as the reference documents). */
function scheduleAmount(v: MoneyInput | string | number, currency: string, path: string): MoneyValue {
  if (typeof v === 'string' && /^\d{1,16}$/.test(v)) v = Number(v);
  if (typeof v === 'number') {
    if (!isMoneyCents(v)) throw DomainError.invalidField(path, MONEY_PROBLEM);
    return { currency, value_in_cents: v };
  }
  if (!v || typeof v !== 'object') throw DomainError.invalidField(path, 'must be Money or cents (an integer or a numeric string)');
  return checkMoney(v, currency, path);
}

/** Money in cents, in the pricing's currency (a missing currency means the pricing's). */
export function checkMoney(money: MoneyInput, currency: string, path: string): MoneyValue {
  if (!isMoneyCents(money.value_in_cents)) {
    throw DomainError.invalidField(`${path}.value_in_cents`, MONEY_PROBLEM);
  }
  if (money.currency != null && money.currency !== currency) {
    throw new DomainError('currency_mismatch', 'request', `${path}.currency must be the pricing's currency ${currency}`, {
      [`${path}.currency`]: `must be the pricing's currency ${currency}`,
    });
  }
  return { currency, value_in_cents: money.value_in_cents };
}

/**
 * Checks a tier list: the first starts at 0, each start equals the previous end (no gap, no
 * overlap, ascending), every end is above its start, and only the last tier is open-ended
 * (end null) — the last one must be.
 */
export function checkTiers(field: string, tiers: { start: number; end?: number | null }[], names: { start: string; end: string }): void {
  if (tiers.length === 0) throw DomainError.invalidField(field, 'must list at least one tier');
  tiers.forEach((tier, i) => {
    const at = (name: string) => `${field}[${i}].${name}`;
    if (!Number.isSafeInteger(tier.start) || tier.start < 0) throw DomainError.invalidField(at(names.start), 'must be an integer >= 0');
    const end = tier.end ?? null;
    if (end !== null && (!Number.isSafeInteger(end) || end < 0))
      throw DomainError.invalidField(at(names.end), 'must be an integer >= 0 or null');
    if (i === 0) {
      if (tier.start !== 0) throw DomainError.invalidField(at(names.start), 'must be 0: the first tier starts at 0');
    } else {
      const prevEnd = tiers[i - 1].end ?? null;
      if (prevEnd === null) {
        throw DomainError.invalidField(`${field}[${i - 1}].${names.end}`, 'must not be null: only the last tier is open-ended');
      }
      if (tier.start < prevEnd) {
        throw DomainError.invalidField(at(names.start), `overlaps the previous tier: must equal its ${names.end} (${prevEnd})`);
      }
      if (tier.start > prevEnd) {
        throw DomainError.invalidField(at(names.start), `leaves a gap after the previous tier: must equal its ${names.end} (${prevEnd})`);
      }
    }
    if (end !== null && end <= tier.start) {
      throw DomainError.invalidField(at(names.end), `must be greater than ${names.start} (${tier.start}): tiers ascend`);
    }
  });
  const lastIndex = tiers.length - 1;
  if ((tiers[lastIndex].end ?? null) !== null) {
    throw DomainError.invalidField(`${field}[${lastIndex}].${names.end}`, 'must be null: the last tier is open-ended');
  }
}

function tierPrices(field: string, i: number, t: { flat_price?: unknown; price_per_unit?: unknown; is_custom_tier?: boolean | null }) {
  return {
    flat_price: t.flat_price == null ? '0' : unitPrice(t.flat_price, `${field}[${i}].flat_price`),
    price_per_unit: t.price_per_unit == null ? '0' : unitPrice(t.price_per_unit, `${field}[${i}].price_per_unit`),
    is_custom_tier: t.is_custom_tier ?? false,
  };
}

function gradientTiers(list: GradientTierInput[]): Tier[] {
  checkTiers('gradient_price', list, { start: 'start', end: 'end' });
  return list.map((t, i) => ({ start: t.start, end: t.end ?? null, ...tierPrices('gradient_price', i, t) }));
}

function volumeTiers(list: VolumeTierInput[]): Tier[] {
  const asTiers = list.map((t) => ({ start: t.total_units_start, end: t.total_units_end }));
  checkTiers('volume_price', asTiers, { start: 'total_units_start', end: 'total_units_end' });
  return list.map((t, i) => ({ start: t.total_units_start, end: t.total_units_end ?? null, ...tierPrices('volume_price', i, t) }));
}

function customPrice(c: CustomPriceInput): NonNullable<PriceShape['custom']> {
  const opt = (v: unknown, name: string) => (v == null ? null : unitPrice(v, `custom_price.${name}`));
  const price = opt(c.price_per_unit, 'price_per_unit');
  const preset = opt(c.preset_price_per_unit, 'preset_price_per_unit');
  const min = opt(c.min_price_per_unit, 'min_price_per_unit');
  const max = opt(c.max_price_per_unit, 'max_price_per_unit');
  if (price === null && preset === null) {
    throw DomainError.invalidField('custom_price.preset_price_per_unit', 'is required (or price_per_unit)');
  }
  const out = {
    price_per_unit: (price ?? preset)!,
    preset_price_per_unit: (preset ?? price)!,
    min_price_per_unit: min,
    max_price_per_unit: max,
  };
  const lt = (a: string, b: string) => new Decimal(a).lessThan(b);
  if (min !== null && max !== null && lt(max, min)) {
    throw DomainError.invalidField('custom_price.min_price_per_unit', 'must not exceed max_price_per_unit');
  }
  for (const name of ['preset_price_per_unit', 'price_per_unit'] as const) {
    const v = out[name];
    if ((min !== null && lt(v, min)) || (max !== null && lt(max, v))) {
      throw DomainError.invalidField(`custom_price.${name}`, 'must lie between min_price_per_unit and max_price_per_unit');
    }
  }
  return out;
}

function billing(input: PriceInput): { type: PriceType; frequency: Frequency; term_count: number } {
  const bf = input.billing_frequency ?? null;
  const type: PriceType = input.type ?? (bf?.frequency === 'ONETIME' ? 'ONETIME' : 'RECURRING');
  const count = bf?.count ?? 1;
  if (!Number.isSafeInteger(count) || count < 1) throw DomainError.invalidField('billing_frequency.count', 'must be an integer >= 1');
  if (type === 'ONETIME') {
    if (bf && bf.frequency !== 'ONETIME')
      throw DomainError.invalidField('billing_frequency.frequency', 'must be ONETIME for a ONETIME price');
    return { type, frequency: 'ONETIME', term_count: count };
  }
  if (bf?.frequency === 'ONETIME') {
    throw DomainError.invalidField('billing_frequency.frequency', 'must not be ONETIME for a RECURRING price (use type ONETIME)');
  }
  return { type, frequency: bf?.frequency ?? 'MONTH', term_count: count };
}

/**
 * The stored shape of a price from its input, in `currency`. Throws a 400 naming the field for
 * any rule broken: the pricing_type's field present (and no other type's), tiers, money,
 * custom bounds, scheduled prices.
 */
export function resolvePriceShape(input: PriceInput, currency: string): PriceShape {
  const pricingType = input.pricing_type;
  if (!pricingType) throw DomainError.invalidField('pricing_type', 'is required');
  const own = SHAPE_FIELD[pricingType];
  for (const [type, field] of Object.entries(SHAPE_FIELD)) {
    if (field !== own && input[field] != null) throw DomainError.invalidField(field, `is only allowed with pricing_type ${type}`);
  }
  if (input[own] == null) throw DomainError.invalidField(own, `is required for pricing_type ${pricingType}`);

  const shape: PriceShape = {
    pricing_type: pricingType,
    ...billing(input),
    base_price_in_cents: input.base_price ? checkMoney(input.base_price, currency, 'base_price').value_in_cents : 0,
    base_units: input.base_units ?? 0,
    fixed_price_per_unit: null,
    step_price_per_step: null,
    step_size: null,
    custom: null,
    gradient: null,
    volume: null,
    scheduled: null,
    minimum_spend_in_cents: input.minimum_spend ? checkMoney(input.minimum_spend, currency, 'minimum_spend').value_in_cents : null,
    minimum_spend_schedule: null,
    charge_type: input.charge_type ?? 'PRE_POST',
    proration_type: input.proration_type ?? 'PRORATE_ALL',
    carry_over: input.carryover ?? false,
    pay_in_advance: input.pay_in_advance ?? false,
    credit_price: null,
    percentage: null,
    group_prices: input.group_prices ? groupPrices(input.group_prices) : null,
  };
  if (!Number.isSafeInteger(shape.base_units) || shape.base_units < 0)
    throw DomainError.invalidField('base_units', 'must be an integer >= 0');

  switch (pricingType) {
    case 'FIXED':
      shape.fixed_price_per_unit = unitPrice(input.fixed_price!.price_per_unit, 'fixed_price.price_per_unit');
      break;
    case 'STEP': {
      const step = input.step_price!;
      shape.step_price_per_step = unitPrice(step.price_per_step, 'step_price.price_per_step');
      if (!Number.isSafeInteger(step.step_size) || step.step_size < 1)
        throw DomainError.invalidField('step_price.step_size', 'must be an integer > 0');
      shape.step_size = step.step_size;
      break;
    }
    case 'GRADIENT':
      shape.gradient = gradientTiers(input.gradient_price!);
      break;
    case 'VOLUME':
      shape.volume = volumeTiers(input.volume_price!);
      break;
    case 'CUSTOM':
      shape.custom = customPrice(input.custom_price!);
      break;
    case 'SCHEDULED': {
      const periods = input.scheduled_price!.price_per_unit_per_period ?? [];
      if (periods.length === 0) throw DomainError.invalidField('scheduled_price.price_per_unit_per_period', 'must list at least one price');
      shape.scheduled = periods.map((p, i) => unitPrice(p, `scheduled_price.price_per_unit_per_period[${i}]`));
      break;
    }
    case 'PERCENTAGE':
      shape.percentage = percentagePrice(input.percentage_price!);
      break;
  }
  checkUsageShape(shape);

  const schedule = input.minimum_spend_schedule;
  if (schedule) {
    shape.minimum_spend_schedule = {
      allow_pulling_forward: schedule.allow_pulling_forward ?? false,
      amount_per_period: schedule.amount_per_period
        ? schedule.amount_per_period.map((m, i) => scheduleAmount(m, currency, `minimum_spend_schedule.amount_per_period[${i}]`))
        : null,
      minimum_spend_schedule_type: schedule.minimum_spend_schedule_type ?? null,
    };
    checkScheduleType(shape.minimum_spend_schedule);
    if (shape.minimum_spend_schedule.allow_pulling_forward && !hasMinimum(shape))
      throw DomainError.invalidField(
        'minimum_spend_schedule.allow_pulling_forward',
        'needs a minimum to pull forward against (minimum_spend or minimum_spend_schedule.amount_per_period)',
      );
  }
  const credit = input.credit_price;
  if (credit) shape.credit_price = creditPrice(credit, currency);
  return shape;
}

/**
 * A credit pack's `credit_price` (what each unit bought grants once its invoice is paid): AMOUNT
 * takes `amount` (> 0, in the pricing's currency) and nothing else; UNITS takes `item_id` and
 * `units` (an integer > 0) and no amount. Anything else is a 400 naming the field, so no part
 * of it is stored and ignored.
 */
function creditPrice(credit: CreditPriceInput, currency: string): NonNullable<PriceShape['credit_price']> {
  if (credit.type === 'AMOUNT') {
    if (!credit.amount) throw DomainError.invalidField('credit_price.amount', 'is required for type AMOUNT');
    if (credit.item_id != null) throw DomainError.invalidField('credit_price.item_id', 'is only allowed for type UNITS');
    if (credit.units != null) throw DomainError.invalidField('credit_price.units', 'is only allowed for type UNITS');
    const amount = checkMoney(credit.amount, currency, 'credit_price.amount');
    if (amount.value_in_cents <= 0) throw DomainError.invalidField('credit_price.amount.value_in_cents', 'must be more than 0');
    return { type: 'AMOUNT', amount, item_id: null, units: null };
  }
  if (credit.item_id == null) throw DomainError.invalidField('credit_price.item_id', 'is required for type UNITS');
  if (credit.units == null) throw DomainError.invalidField('credit_price.units', 'is required for type UNITS');
  if (!Number.isSafeInteger(credit.units) || credit.units < 1)
    throw DomainError.invalidField('credit_price.units', 'must be an integer > 0');
  if (credit.amount != null) throw DomainError.invalidField('credit_price.amount', 'is only allowed for type AMOUNT');
  return { type: 'UNITS', amount: null, item_id: credit.item_id, units: credit.units };
}

/** A stored shape back as input (for updates that change some price fields). */
export function shapeToInput(s: PriceShape, currency: string): PriceInput {
  const money = (cents: number | null) => (cents === null ? null : { currency, value_in_cents: cents });
  return {
    pricing_type: s.pricing_type,
    type: s.type,
    billing_frequency: { count: s.term_count, frequency: s.frequency },
    base_price: money(s.base_price_in_cents),
    base_units: s.base_units,
    fixed_price: s.fixed_price_per_unit === null ? null : { price_per_unit: s.fixed_price_per_unit },
    step_price: s.step_price_per_step === null ? null : { price_per_step: s.step_price_per_step, step_size: s.step_size ?? 0 },
    gradient_price: s.gradient ? s.gradient.map((t) => ({ ...t })) : null,
    volume_price: s.volume
      ? s.volume.map((t) => ({
          total_units_start: t.start,
          total_units_end: t.end,
          flat_price: t.flat_price,
          price_per_unit: t.price_per_unit,
          is_custom_tier: t.is_custom_tier,
        }))
      : null,
    custom_price: s.custom ? { ...s.custom } : null,
    scheduled_price: s.scheduled ? { price_per_unit_per_period: [...s.scheduled] } : null,
    minimum_spend: money(s.minimum_spend_in_cents),
    minimum_spend_schedule: s.minimum_spend_schedule ? { ...s.minimum_spend_schedule } : null,
    charge_type: s.charge_type,
    proration_type: s.proration_type,
    carryover: s.carry_over,
    pay_in_advance: s.pay_in_advance,
    credit_price: s.credit_price ? { ...s.credit_price } : null,
    percentage_price: s.percentage ? { ...s.percentage } : null,
    group_prices: s.group_prices ? { group_key: s.group_prices.group_key, prices: s.group_prices.prices.map((p) => ({ ...p })) } : null,
  };
}

/**
 * The input of an update: the stored price with the given fields replaced. A new pricing_type
 * drops the old type's price shape; a new `type` without `billing_frequency` drops the old
 * frequency (so ONETIME/RECURRING switch cleanly).
 */
export function mergePriceInput(current: PriceInput, patch: PriceInput): PriceInput {
  const merged: PriceInput = { ...current };
  if (patch.pricing_type != null && patch.pricing_type !== current.pricing_type) {
    for (const field of Object.values(SHAPE_FIELD)) merged[field] = null;
  }
  if (patch.type != null && patch.type !== current.type && patch.billing_frequency === undefined) merged.billing_frequency = null;
  for (const field of PRICE_FIELDS) {
    if (patch[field] !== undefined) (merged as Record<string, unknown>)[field] = patch[field];
  }
  return merged;
}

/** True when the patch touches any price field. */
export function touchesPrice(patch: PriceInput): boolean {
  return PRICE_FIELDS.some((f) => patch[f] !== undefined);
}
