/**
 * Billing periods: stepping a calendar term from an anchor, in UTC or in the term's time zone.
 *
 * - Every boundary is computed FROM THE ANCHOR (boundary n = anchor + n terms), never from
 *   the previous boundary, so a short month never makes the anchor day drift.
 * - Month-based frequencies (MONTH, BI_MONTH = 2, QUARTER = 3, BI_ANNUAL = 6, YEAR = 12
 *   months) keep the anchor's day of month, clamped to the last day of a shorter month, and
 *   keep the anchor's time of day: anchored on Jan 31 monthly → Feb 28 (29 in a leap year),
 *   Mar 31, Apr 30, May 31 ...; anchored on Feb 29 yearly → Feb 28 in common years.
 * - A term with a `zone` (an IANA name) steps months on that zone's wall clock: monthly from
 *   00:00 on the 1st in Europe/Paris is 00:00 on each 1st in Paris, whatever daylight saving did
 *   in between (a month is a month, not 30 × 24 h). Without a zone, UTC.
 * - HOUR, DAY and WEEK add exact multiples of 1 h, 24 h, 7 × 24 h, in every zone: an exact
 *   duration is what a customer of an hourly or daily price pays for.
 * - ONETIME has no periods to step: every stepping function throws BillingMathError for it
 *   (`isRecurring(term)` tells callers which path to take; a one-time price is billed once).
 * - A period is half-open [start, end): the boundary instant belongs to the period it starts.
 *   Periods before the anchor have negative indexes (index −1 ends at the anchor).
 */
import { BillingMathError } from './errors';
import { fromWall, toWall, UTC } from './zones';

export const FREQUENCIES = ['HOUR', 'DAY', 'WEEK', 'BI_MONTH', 'MONTH', 'QUARTER', 'BI_ANNUAL', 'YEAR', 'ONETIME'] as const;
/** A billing frequency, as the API spells it. */
export type Frequency = (typeof FREQUENCIES)[number];

/** A term: `count` units of `frequency` (count is an integer >= 1). */
export interface Term {
  count: number;
  frequency: Frequency;
  /** The IANA time zone month-based steps keep the wall clock of; UTC when absent. */
  zone?: string;
}

/** One billing period: [start, end), index 0 = the period starting at the anchor. */
export interface Period {
  index: number;
  start: Date;
  end: Date;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const FIXED_MS: Partial<Record<Frequency, number>> = { HOUR: HOUR_MS, DAY: DAY_MS, WEEK: 7 * DAY_MS };
const MONTHS: Partial<Record<Frequency, number>> = { MONTH: 1, BI_MONTH: 2, QUARTER: 3, BI_ANNUAL: 6, YEAR: 12 };
/** Largest instant a JavaScript Date can hold. */
const MAX_TIME_MS = 8.64e15;

/** The months of one step of a month-based term (count included), null for HOUR, DAY, WEEK and ONETIME. */
export function monthsOf(term: Term): number | null {
  const months = MONTHS[term.frequency];
  return months === undefined ? null : months * term.count;
}

/** True for every frequency except ONETIME. */
export function isRecurring(term: Term): boolean {
  return term.frequency !== 'ONETIME';
}

/** Number of days in a UTC month (month 0 = January); leap years follow the Gregorian rule. */
export function daysInMonth(year: number, month0: number): number {
  if (month0 !== 1) return MONTH_DAYS[month0];
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
}

/** Days of each month in a common year (January first). */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The length of one step of a term: either a number of months or a number of milliseconds. */
function stepOf(term: Term): { months: number } | { ms: number } {
  if (!term || !Number.isSafeInteger(term.count) || term.count < 1) {
    throw new BillingMathError(`term.count must be an integer >= 1, got ${term?.count}`);
  }
  const months = MONTHS[term.frequency];
  if (months !== undefined) return { months: months * term.count };
  const ms = FIXED_MS[term.frequency];
  if (ms !== undefined) return { ms: ms * term.count };
  if (term.frequency === 'ONETIME') throw new BillingMathError('a ONETIME term has no periods to step');
  throw new BillingMathError(`unknown frequency ${String(term.frequency)}`);
}

function checkDate(d: Date, what: string): number {
  const t = d instanceof Date ? d.getTime() : NaN;
  if (!Number.isFinite(t)) throw new BillingMathError(`${what} must be a valid Date`);
  return t;
}

function checkIndex(n: number): void {
  if (!Number.isSafeInteger(n)) throw new BillingMathError(`period index must be an integer, got ${n}`);
}

/**
 * anchor + `months` calendar months on the wall clock of `zone` (UTC by default), day clamped to
 * the target month's length, local time of day kept.
 */
export function addMonthsClamped(anchor: Date, months: number, zone: string = UTC): Date {
  checkDate(anchor, 'anchor');
  if (zone === UTC) return addMonthsUtc(anchor, months);
  return fromWall(zone, addMonthsUtc(toWall(zone, anchor), months));
}

function addMonthsUtc(anchor: Date, months: number): Date {
  const t = checkDate(anchor, 'anchor');
  checkIndex(months);
  const a = new Date(t);
  const total = a.getUTCFullYear() * 12 + a.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month0 = total - year * 12;
  const day = Math.min(a.getUTCDate(), daysInMonth(year, month0));
  // the time of day, kept: what the anchor's instant has past its UTC midnight
  const timeOfDay = t - Math.floor(t / DAY_MS) * DAY_MS;
  let out: Date;
  if (year >= 100 && year <= 275_760) {
    out = new Date(Date.UTC(year, month0, day) + timeOfDay);
  } else {
    // Date.UTC reads years 0..99 as 1900..1999; setUTCFullYear takes them literally
    out = new Date(0);
    out.setUTCFullYear(year, month0, day);
    out.setTime(out.getTime() + timeOfDay);
  }
  if (!Number.isFinite(out.getTime())) throw new BillingMathError('date out of range');
  return out;
}

/**
 * The n-th period boundary counted from the anchor: boundary(anchor, term, 0) = anchor,
 * boundary(anchor, term, 1) = end of the first period, negative n steps backwards.
 */
export function boundary(anchor: Date, term: Term, n: number): Date {
  const t = checkDate(anchor, 'anchor');
  checkIndex(n);
  const step = stepOf(term);
  if ('months' in step) return addMonthsClamped(anchor, step.months * n, term.zone ?? UTC);
  const out = t + step.ms * n;
  if (!Number.isSafeInteger(out) || Math.abs(out) > MAX_TIME_MS) throw new BillingMathError('date out of range');
  return new Date(out);
}

/** The index of the period that contains `instant` (negative before the anchor). */
export function periodIndexAt(anchor: Date, term: Term, instant: Date): number {
  return periodAt(anchor, term, instant).index;
}

/** The n-th period: [boundary n, boundary n+1). */
export function periodByIndex(anchor: Date, term: Term, index: number): Period {
  return { index, start: boundary(anchor, term, index), end: boundary(anchor, term, index + 1) };
}

/** The period that contains `instant` (a boundary instant belongs to the period it starts). */
export function periodAt(anchor: Date, term: Term, instant: Date): Period {
  const a = checkDate(anchor, 'anchor');
  const t = checkDate(instant, 'instant');
  const step = stepOf(term);
  let n: number;
  if ('ms' in step) {
    n = Math.floor((t - a) / step.ms);
  } else {
    const ad = new Date(a);
    const td = new Date(t);
    const monthsApart = (td.getUTCFullYear() - ad.getUTCFullYear()) * 12 + (td.getUTCMonth() - ad.getUTCMonth());
    n = Math.floor(monthsApart / step.months);
  }
  // The estimate is off by at most one either way; settle it against the real boundaries, each
  // computed once: the period's start and end are the last two looked at.
  let start = boundary(anchor, term, n);
  let end: Date;
  if (start.getTime() > t) {
    do {
      end = start;
      start = boundary(anchor, term, --n);
    } while (start.getTime() > t);
    return { index: n, start, end };
  }
  end = boundary(anchor, term, n + 1);
  while (end.getTime() <= t) {
    start = end;
    end = boundary(anchor, term, ++n + 1);
  }
  return { index: n, start, end };
}

/** The first period boundary strictly after `instant` (the end of the period containing it). */
export function nextBoundaryAfter(anchor: Date, term: Term, instant: Date): Date {
  return periodAt(anchor, term, instant).end;
}

/** Most periods `periodsBetween` returns before it refuses (a guard against runaway loops). */
export const MAX_PERIODS = 100_000;

/**
 * The periods that overlap the half-open interval [from, to), in order (empty when
 * to <= from). The first may start before `from` and the last may end after `to`.
 */
export function periodsBetween(anchor: Date, term: Term, from: Date, to: Date): Period[] {
  const f = checkDate(from, 'from');
  const t = checkDate(to, 'to');
  if (t <= f) return [];
  const first = periodIndexAt(anchor, term, from);
  const out: Period[] = [];
  for (let n = first; ; n++) {
    const p = periodByIndex(anchor, term, n);
    if (p.start.getTime() >= t) break;
    if (out.length >= MAX_PERIODS)
      throw new BillingMathError(`more than ${MAX_PERIODS} periods between ${from.toISOString()} and ${to.toISOString()}`);
    out.push(p);
  }
  return out;
}

/** The end of a term that starts at `start` (start + one term), e.g. `end_date` of a non-renewing subscription. */
export function termEnd(start: Date, term: Term): Date {
  return boundary(start, term, 1);
}

/** An average Gregorian month (365.2425 / 12 days), to compare a month-based term with an hour/day/week one. */
const AVERAGE_MONTH_MS = 2_629_746_000;

/**
 * How many billing periods of `billing` make one period of `window` (at least 1, whole periods
 * only): QUARTER over MONTH = 3, YEAR over QUARTER = 4, MONTH over WEEK = 4 (an average month is
 * 4.35 weeks), MONTH over QUARTER = 1.
 */
export function periodsPerWindow(billing: Term, window: Term): number {
  const b = stepOf(billing);
  const w = stepOf(window);
  const len = (s: { months: number } | { ms: number }) => ('months' in s ? s.months * AVERAGE_MONTH_MS : s.ms);
  const ratio = 'months' in b && 'months' in w ? w.months / b.months : len(w) / len(b);
  return Math.max(1, Math.floor(ratio + 1e-9));
}
