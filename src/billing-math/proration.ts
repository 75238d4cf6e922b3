/**
 * Proration: the exact share of a period that a charge covers.
 *
 * A share is kept as an exact ratio of two integers (milliseconds), never as a rounded
 * decimal: 4.5 cents × 1/3 must round to 2 (exactly 1.5), which a decimal 0.333… would turn
 * into 1.4999… → 1. `applyShare` multiplies first and divides last, so the one division
 * happens right before the line is rounded.
 *
 * Milliseconds are the resolution of stored timestamps (timestamptz(3)); for instants on
 * whole seconds the share equals the share in seconds (docs/billing-rules.md#proration).
 */
import { BillingMathError } from './errors';
import { Dec, Decimal, DecimalInput, toDecimal } from './money';

/** An exact share numerator/denominator (0 <= numerator <= denominator, denominator > 0). */
export interface Share {
  readonly numerator: number;
  readonly denominator: number;
}

/** The whole period. */
export const FULL_SHARE: Share = Object.freeze({ numerator: 1, denominator: 1 });

export const PRORATION_TYPES = ['PRORATE_ALL', 'NONE'] as const;
/** `proration_type` of a price; PRORATE_ALL is the default. */
export type ProrationType = (typeof PRORATION_TYPES)[number];
export const DEFAULT_PRORATION_TYPE: ProrationType = 'PRORATE_ALL';

function ms(d: Date, what: string): number {
  const t = d instanceof Date ? d.getTime() : NaN;
  if (!Number.isFinite(t)) throw new BillingMathError(`${what} must be a valid Date`);
  return t;
}

/** Builds a share from integers, checking 0 <= numerator <= denominator and denominator > 0. */
export function share(numerator: number, denominator: number): Share {
  if (
    !Number.isSafeInteger(numerator) ||
    !Number.isSafeInteger(denominator) ||
    denominator <= 0 ||
    numerator < 0 ||
    numerator > denominator
  ) {
    throw new BillingMathError(`invalid share ${numerator}/${denominator}`);
  }
  return { numerator, denominator };
}

/**
 * The share of the period [periodStart, periodEnd) covered by [from, to), clamped to the
 * period: a change 10 days into a 30-day period gives 20/30 for [change, end).
 * `from` after `to` (or no overlap) gives 0.
 */
export function prorationShare(periodStart: Date, periodEnd: Date, from: Date, to: Date): Share {
  const s = ms(periodStart, 'periodStart');
  const e = ms(periodEnd, 'periodEnd');
  if (e <= s) throw new BillingMathError('periodEnd must be after periodStart');
  const f = Math.min(Math.max(ms(from, 'from'), s), e);
  const t = Math.min(Math.max(ms(to, 'to'), s), e);
  return share(Math.max(0, t - f), e - s);
}

/** The share as a decimal (for display; to compute money use `applyShare`). */
export function shareToDecimal(s: Share): Decimal {
  return new Dec(s.numerator).div(s.denominator);
}

/** True when the share is the whole period. */
export function isFullShare(s: Share): boolean {
  return s.numerator === s.denominator;
}

/** True when the share is empty. */
export function isZeroShare(s: Share): boolean {
  return s.numerator === 0;
}

/** amount × share, multiplying first and dividing last (exact up to the one final division). */
export function applyShare(amount: DecimalInput, s: Share): Decimal {
  const a = toDecimal(amount, 'amount');
  if (isFullShare(s)) return a;
  return a.times(s.numerator).div(s.denominator);
}

/**
 * The rule of `proration_type` for a change or cancellation inside a period: the share to
 * bill (or credit) for [from, to), or null when no proration line is to be written — always
 * for NONE (changes and cancellations of that price are never prorated, whatever the change
 * asks), and for PRORATE_ALL when the share is empty.
 */
export function prorationFor(
  prorationType: ProrationType | null | undefined,
  period: { start: Date; end: Date },
  from: Date,
  to: Date,
): Share | null {
  const type = prorationType ?? DEFAULT_PRORATION_TYPE;
  if (type === 'NONE') return null;
  if (type !== 'PRORATE_ALL') throw new BillingMathError(`unknown proration_type ${String(type)}`);
  const s = prorationShare(period.start, period.end, from, to);
  return isZeroShare(s) ? null : s;
}
