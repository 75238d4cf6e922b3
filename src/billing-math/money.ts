/**
 * Money and exact decimals.
 *
 * - An amount of money is an integer number of cents (`Cents`, a JavaScript safe integer).
 * - Everything in between (unit prices, quantities, tier sums, shares) is an exact decimal
 *   (`Decimal`, from a private high-precision clone of decimal.js: 200 significant digits, so
 *   sums and products of realistic inputs are exact).
 * - An amount is rounded to cents ONCE, at the end of a line, half away from zero.
 *
 * Decimals returned by this module always come from the private clone; decimals passed in
 * (from any decimal.js constructor), numbers and numeric strings are re-read through
 * `toDecimal`, so the caller's decimal.js settings never change a result.
 */
import DecimalJs from 'decimal.js';
import { AmountOverflowError, BillingMathError } from './errors';

/** decimal.js configured for billing: 200 significant digits, half away from zero, no exponent notation. */
export const Dec = DecimalJs.clone({
  precision: 200,
  rounding: DecimalJs.ROUND_HALF_UP,
  toExpNeg: -9e15,
  toExpPos: 9e15,
});
/** An exact decimal (the decimal.js instance type). */
export type Decimal = DecimalJs;
/** Integer cents (a safe integer). */
export type Cents = number;
/** What a decimal may be given as: a finite number, a numeric string ("0.2", "1e3") or a Decimal. */
export type DecimalInput = number | string | DecimalJs;

export const ZERO: Decimal = new Dec(0);
export const ONE: Decimal = new Dec(1);

/** Reads a decimal; throws BillingMathError on NaN, ±Infinity, non-numeric strings and other types. */
export function toDecimal(x: DecimalInput, what = 'value'): Decimal {
  if (typeof x === 'number') {
    if (!Number.isFinite(x)) throw new BillingMathError(`${what} must be a finite number, got ${x}`);
    return new Dec(x);
  }
  if (typeof x === 'string') {
    const s = x.trim();
    if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(s)) {
      throw new BillingMathError(`${what} must be a numeric string, got "${x}"`);
    }
    return new Dec(s);
  }
  if (DecimalJs.isDecimal(x)) {
    if (!x.isFinite()) throw new BillingMathError(`${what} must be finite, got ${x.toString()}`);
    return new Dec(x);
  }
  throw new BillingMathError(`${what} must be a number, a numeric string or a Decimal`);
}

/** Reads a decimal that must be >= 0. */
export function toNonNegativeDecimal(x: DecimalInput, what = 'value'): Decimal {
  const d = toDecimal(x, what);
  if (d.isNegative() && !d.isZero()) throw new BillingMathError(`${what} must be >= 0, got ${d.toFixed()}`);
  return d.abs(); // turns -0 into 0
}

/** Checks that `n` is a whole number of cents (a safe integer) and returns it. */
export function assertCents(n: number, what = 'amount'): Cents {
  if (!Number.isSafeInteger(n)) throw new BillingMathError(`${what} must be a safe integer number of cents, got ${n}`);
  return n === 0 ? 0 : n; // no -0
}

/**
 * Rounds an amount of cents to an integer, half away from zero (0.5 → 1, 2.5 → 3,
 * -0.5 → -1, -2.5 → -3). Throws when the result is outside the safe-integer range.
 */
export function roundCents(amount: DecimalInput): Cents {
  const rounded = toDecimal(amount, 'amount').toDecimalPlaces(0, DecimalJs.ROUND_HALF_UP);
  const n = rounded.toNumber();
  if (!Number.isSafeInteger(n)) throw new AmountOverflowError(`amount ${rounded.toFixed()} cents is outside the safe-integer range`);
  return n === 0 ? 0 : n;
}

/** Exact sum of cents (checks every term and the result are safe integers). */
export function sumCents(amounts: readonly Cents[]): Cents {
  let total = 0n;
  for (const a of amounts) total += BigInt(assertCents(a));
  const n = Number(total);
  if (!Number.isSafeInteger(n)) throw new AmountOverflowError(`sum ${total} cents is outside the safe-integer range`);
  return n === 0 ? 0 : n;
}

/** Exact a + b in cents. */
export function addCents(a: Cents, b: Cents): Cents {
  return sumCents([a, b]);
}

/** Exact a − b in cents. */
export function subtractCents(a: Cents, b: Cents): Cents {
  return sumCents([a, -assertCents(b)]);
}

/** The canonical plain string of a decimal ("0.2", "2469", "-1.5"): no exponent, no trailing zeros. */
export function decimalString(d: DecimalInput): string {
  const s = toDecimal(d).toFixed();
  return s === '-0' ? '0' : s;
}

/** Sum of decimals (exact). */
export function sumDecimals(values: readonly DecimalInput[]): Decimal {
  return values.reduce<Decimal>((acc, v) => acc.plus(toDecimal(v)), ZERO);
}

/** max(a, b) of decimals. */
export function maxDecimal(a: Decimal, b: Decimal): Decimal {
  return a.greaterThanOrEqualTo(b) ? a : b;
}

/** min(a, b) of decimals. */
export function minDecimal(a: Decimal, b: Decimal): Decimal {
  return a.lessThanOrEqualTo(b) ? a : b;
}
