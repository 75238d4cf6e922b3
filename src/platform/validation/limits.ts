/**
 * The documented bounds of request values (docs/api.md, "Limits"), in one place so that every module
 * validates the same way and nothing a request can store is refused later by PostgreSQL or by
 * the safe-integer checks of the money columns.
 *
 * - Money: every amount of a request and every amount a write derives from it (a period's
 *   charge, a subscription's or customer's MRR, quantity × unit price of a one-time item) is at
 *   most MAX_MONEY_CENTS = 10^12 cents. ARR = MRR × 12 then stays below 1.2 × 10^13, far inside
 *   2^53 (9.007 × 10^15) and bigint, with room for invoice sums.
 * - Dates: an ISO 8601 calendar date `YYYY-MM-DD` or date-time `YYYY-MM-DDTHH:MM[:SS[.fff]]`
 *   with `Z` or an offset `±HH:MM` (RFC 3339), years 0001–9999; no ISO week or ordinal dates.
 * - Terms: `count` 1–MAX_TERM_COUNT.
 */
import { ValidateBy, ValidationOptions } from 'class-validator';
import { DomainError } from '../errors/domain-error';
import { daysInMonth } from '../../billing-math';

export const MAX_MONEY_CENTS = 1_000_000_000_000;
export const MAX_TERM_COUNT = 1000;

export const MONEY_PROBLEM = `must be an integer number of cents from 0 to ${MAX_MONEY_CENTS}`;

/** True for an integer number of cents in [min, MAX_MONEY_CENTS]. */
export function isMoneyCents(value: unknown, min = 0): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= MAX_MONEY_CENTS;
}

/** `value_in_cents` of every money field of a request: an integer from `min` (default 0) to MAX_MONEY_CENTS. */
export function IsMoneyCents(min = 0, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isMoneyCents',
      constraints: [min],
      validator: {
        validate: (v: unknown) => isMoneyCents(v, min),
        defaultMessage: () => `must be an integer number of cents from ${min} to ${MAX_MONEY_CENTS}`,
      },
    },
    options,
  );
}

/**
 * An amount a write derives (a charge, an MRR, a total): a 400 naming `field` when it is above
 * MAX_MONEY_CENTS, so a record is never stored that later cannot be read or billed.
 */
export function assertDerivedAmount(cents: number | { toNumber(): number }, field: string, what = 'the resulting amount'): void {
  const n = typeof cents === 'number' ? cents : cents.toNumber();
  if (!Number.isFinite(n) || Math.abs(n) > MAX_MONEY_CENTS) {
    throw new DomainError('amount_out_of_range', 'validation', `${field}: ${what} would be above the maximum of ${MAX_MONEY_CENTS} cents`, {
      [field]: `${what} would be above the maximum of ${MAX_MONEY_CENTS} cents`,
    });
  }
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))?)?$/;

/** True for the documented date forms (see above), with a real calendar day and clock time. */
export function isDateTimeString(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 40) return false;
  const m = DATE_TIME.exec(value);
  if (!m) return false;
  const [, y, mo, d, h, mi, s, zone, oh, om] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  if (day > daysInMonth(year, month - 1)) return false;
  if (h !== undefined && (Number(h) > 23 || Number(mi) > 59 || (s !== undefined && Number(s) > 59))) return false;
  if (h !== undefined && zone === undefined) return false; // a clock time needs Z or an offset
  if (oh !== undefined && (Number(oh) > 23 || Number(om) > 59)) return false;
  return !Number.isNaN(new Date(h === undefined ? `${value}T00:00:00Z` : value).getTime());
}

export const DATE_TIME_PROBLEM = 'must be an ISO 8601 date (YYYY-MM-DD) or date-time with Z or an offset (YYYY-MM-DDTHH:MM:SSZ)';

/** Every date field of a request (see isDateTimeString); replaces class-validator's looser IsISO8601. */
export function IsDateTime(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isDateTime',
      validator: {
        validate: (v: unknown) => isDateTimeString(v),
        defaultMessage: () => DATE_TIME_PROBLEM,
      },
    },
    options,
  );
}
