/**
 * Calendar billing (pure): billing dates on calendar boundaries of the term's time zone — 00:00 on
 * the 1st of every month (MONTH), of January, April, July and October (QUARTER), of January
 * (YEAR) — whatever day the subscription starts. docs/billing-rules.md "Calendar billing".
 *
 * Only month-based terms whose length divides a year have calendar boundaries: a 5-month term
 * has no month it would always restart in, and HOUR, DAY and WEEK are exact durations that
 * daylight saving would move off midnight.
 */
import { BillingMathError } from './errors';
import { monthsOf, Term } from './periods';
import { fromWall, toWall, UTC } from './zones';

/** Why a term cannot bill on calendar boundaries, or null when it can. */
export function calendarProblem(term: Term): string | null {
  const months = monthsOf(term);
  if (months === null) return `calendar billing needs a month-based billing term (MONTH to YEAR), not ${term.frequency}`;
  if (12 % months !== 0 && months % 12 !== 0) return `calendar billing needs a billing term that divides a year, not ${months} months`;
  return null;
}

/**
 * The first calendar boundary of the term at or after `instant`: 00:00, in the term's zone, on
 * the 1st of a month whose number counted from January 0000 is a multiple of the term's months.
 */
export function calendarAnchorAtOrAfter(instant: Date, term: Term): Date {
  const problem = calendarProblem(term);
  if (problem) throw new BillingMathError(problem);
  const months = monthsOf(term)!;
  const zone = term.zone ?? UTC;
  const wall = toWall(zone, instant);
  let n = wall.getUTCFullYear() * 12 + wall.getUTCMonth();
  n = Math.ceil(n / months) * months;
  let at = monthStart(zone, n);
  if (at.getTime() < instant.getTime()) at = monthStart(zone, n + months);
  return at;
}

/** Whether `instant` is a calendar boundary of the term. */
export function isCalendarBoundary(instant: Date, term: Term): boolean {
  return calendarAnchorAtOrAfter(instant, term).getTime() === instant.getTime();
}

/** 00:00 on the 1st of month number `n` (12 × year + month − 1) in the zone. */
function monthStart(zone: string, n: number): Date {
  const year = Math.floor(n / 12);
  const wall = new Date(0);
  wall.setUTCFullYear(year, n - year * 12, 1);
  return fromWall(zone, wall);
}

/** A term stepped in `zone` (a UTC term carries no zone, as terms did before zones). */
export const zonedTerm = (term: Term, zone: string | null | undefined): Term => (!zone || zone === UTC ? term : { ...term, zone });
