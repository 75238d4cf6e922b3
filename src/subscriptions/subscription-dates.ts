/**
 * The dates a subscription shows, computed from its settings and an explicit `now` (pure; all
 * stepping goes through billing-math/periods, calendar months clamped to month ends).
 *
 * - Terms (renewal cycle) step from `start_date` by `term`; billing periods step from
 *   `billing_anchor_date` by the billing term (the frequency of the plan's recurring prices).
 * - `renewal_date`: the end of the current term = the first term boundary strictly after
 *   max(now, start); when an end is set (auto_renews false, or a cancellation) it is
 *   `end_date` (the subscription does not renew past it). Null once it has ended.
 * - `next_invoice_date`: the next billing date. Before the anchor (not started, or in trial)
 *   it is the anchor (PRE_POST bills in advance), or the end of the first period when every
 *   recurring price is POST_ONLY; afterwards the first billing boundary >= now. Never after
 *   end_date (the final invoice is at the end), null once ended. This is the one function that
 *   computes it by the clock; subscription-state.ts#afterInvoiced moves it past a date the
 *   billing engine has invoiced already.
 * - `status`: cancelled once end_date <= now, unpaid when flagged, else active.
 */
import { boundary, periodAt, periodIndexAt, Term, termEnd } from '../billing-math/periods';

export interface DateInputs {
  start_date: Date;
  billing_anchor_date: Date;
  term: Term;
  billing_term: Term;
  end_date: Date | null;
  /** Every recurring price is POST_ONLY (billed at the end of each period). */
  post_only: boolean;
}

export type SubscriptionStatus = 'active' | 'cancelled' | 'unpaid';

const t = (d: Date) => d.getTime();
const maxDate = (a: Date, b: Date) => (t(a) >= t(b) ? a : b);

export function isEnded(endDate: Date | null, now: Date): boolean {
  return endDate !== null && t(endDate) <= t(now);
}

export function subscriptionStatus(endDate: Date | null, unpaid: boolean, now: Date): SubscriptionStatus {
  if (isEnded(endDate, now)) return 'cancelled';
  return unpaid ? 'unpaid' : 'active';
}

/** End of the term that contains max(now, start): the first term boundary strictly after it. */
export function termEndAfter(start: Date, term: Term, now: Date): Date {
  return periodAt(start, term, maxDate(now, start)).end;
}

export function renewalDate(i: DateInputs, now: Date): Date | null {
  if (isEnded(i.end_date, now)) return null;
  if (i.end_date) return i.end_date;
  return termEndAfter(i.start_date, i.term, now);
}

/** The first billing boundary >= instant, never before the anchor. */
export function firstBillingBoundaryAtOrAfter(anchor: Date, billingTerm: Term, instant: Date): Date {
  if (t(instant) <= t(anchor)) return anchor;
  const p = periodAt(anchor, billingTerm, instant);
  return t(p.start) === t(instant) ? p.start : p.end;
}

export function nextInvoiceDate(i: DateInputs, now: Date): Date | null {
  if (isEnded(i.end_date, now)) return null;
  const anchor = i.billing_anchor_date;
  let next: Date;
  if (t(now) <= t(anchor)) next = i.post_only ? boundary(anchor, i.billing_term, 1) : anchor;
  else next = firstBillingBoundaryAtOrAfter(anchor, i.billing_term, now);
  if (i.end_date && t(next) > t(i.end_date)) next = i.end_date;
  return next;
}

/** End of the current billing period (the anchor while before it): PERIOD_END cancellations and changes. */
export function currentPeriodEnd(anchor: Date, billingTerm: Term, now: Date): Date {
  if (t(now) < t(anchor)) return anchor;
  return periodAt(anchor, billingTerm, now).end;
}

/** Start of the current billing period (the subscription start while before the anchor). */
export function currentPeriodStart(start: Date, anchor: Date, billingTerm: Term, now: Date): Date {
  if (t(now) < t(anchor)) return start;
  return periodAt(anchor, billingTerm, now).start;
}

/** Index of the billing period containing now (0 before the anchor). */
export function currentPeriodIndex(anchor: Date, billingTerm: Term, now: Date): number {
  if (t(now) < t(anchor)) return 0;
  return periodIndexAt(anchor, billingTerm, now);
}

/** end_date of a subscription that does not renew: start + one term. */
export function fixedEndDate(start: Date, term: Term): Date {
  return termEnd(start, term);
}

export function addTerm(instant: Date, term: Term): Date {
  return boundary(instant, term, 1);
}

/**
 * How far in the past a subscription may start, or a change take effect: 366 days before the
 * request. Everything between that instant and now is billed by the next run (in bounded
 * batches), so the limit bounds that catch-up: at most a year of periods (8,784 for an hourly
 * price), never decades.
 */
export const MAX_BACKDATE_DAYS = 366;

export function earliestBackdate(now: Date): Date {
  return new Date(t(now) - MAX_BACKDATE_DAYS * 86_400_000);
}

/** A 400-worthy problem of a date too far in the past, or null. */
export function backdateProblem(instant: Date, now: Date): string | null {
  const earliest = earliestBackdate(now);
  if (t(instant) >= t(earliest)) return null;
  return `must not be more than ${MAX_BACKDATE_DAYS} days in the past (earliest ${earliest.toISOString()})`;
}
