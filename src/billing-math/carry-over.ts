/**
 * `carry_over` of a price's included units (`base_units`): the included units a period did not
 * use carry to the next period only, on top of that period's own (docs/billing-rules.md#carry-over).
 * Units are drawn from the carried ones first (they expire first), then from the period's own;
 * only the period's own unused units carry on, so a unit never carries twice. Whole units carry
 * (the unused part rounded down), as base units are whole.
 */
import { BillingMathError } from './errors';
import { DecimalInput, decimalString, toNonNegativeDecimal } from './money';

export interface CarryOver {
  /** Units included in the period: its own base units plus those carried in. */
  included: string;
  /** The period's own included units it did not use, whole: what carries to the next period. */
  carried_out: string;
}

/** A period with `baseUnits` of its own, `carriedIn` from the previous period, and `used` units. */
export function carryOver(baseUnits: DecimalInput, carriedIn: DecimalInput, used: DecimalInput): CarryOver {
  const own = toNonNegativeDecimal(baseUnits, 'base_units');
  const carried = toNonNegativeDecimal(carriedIn, 'carried units');
  const u = toNonNegativeDecimal(used, 'used units');
  if (!own.isFinite() || !carried.isFinite() || !u.isFinite()) throw new BillingMathError('carry-over units must be finite');
  const ownUsed = u.minus(carried).isNegative() ? own.times(0) : u.minus(carried);
  const unused = own.minus(ownUsed);
  return {
    included: decimalString(own.plus(carried)),
    carried_out: decimalString(unused.isNegative() ? own.times(0) : unused.floor()),
  };
}
