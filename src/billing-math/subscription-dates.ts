/**
 * The dates a subscription shows, from its term and an explicit instant `at` (never a clock).
 *
 * - `end_date`: null while the subscription auto-renews (until a cancellation sets it);
 *   otherwise start + one term.
 * - `renewal_date`: the end of the term that contains `at` (terms step from the start date by
 *   calendar); null when the subscription does not renew (end_date says when it ends).
 * - `next_invoice_date`: the first billing boundary strictly after `at`, stepping the billing
 *   term (default: the subscription's term) from the billing anchor (default: the start date);
 *   never after end_date, and null once `at` has reached end_date.
 * Before the start, the dates are those of the first term / period.
 */
import { Term, nextBoundaryAfter, termEnd } from './periods';

export interface SubscriptionDatesInput {
  start_date: Date;
  term: Term;
  auto_renews: boolean;
  /** The instant the dates are computed for. */
  at: Date;
  /** Billing period (defaults to `term`). */
  billing_term?: Term | null;
  /** Anchor of billing periods (defaults to start_date). */
  billing_anchor_date?: Date | null;
}

export interface SubscriptionDates {
  next_invoice_date: Date | null;
  renewal_date: Date | null;
  end_date: Date | null;
}

export function subscriptionDates(input: SubscriptionDatesInput): SubscriptionDates {
  const at = input.at.getTime() < input.start_date.getTime() ? input.start_date : input.at;
  const endDate = input.auto_renews ? null : termEnd(input.start_date, input.term);
  const renewal = input.auto_renews ? nextBoundaryAfter(input.start_date, input.term, at) : null;
  let next: Date | null = nextBoundaryAfter(input.billing_anchor_date ?? input.start_date, input.billing_term ?? input.term, at);
  if (endDate) {
    if (at.getTime() >= endDate.getTime()) next = null;
    else if (next.getTime() > endDate.getTime()) next = endDate;
  }
  return { next_invoice_date: next, renewal_date: renewal, end_date: endDate };
}
