/**
 * What a subscription reads like at an instant, from its row, the phase in effect and its
 * plan's prices (pure). One place for status, renewal/next-invoice dates and MRR, used by the
 * responses (at read time) and by the writes that store them for filters and roll-ups.
 */
import { periodAt, type Term } from '../billing-math/periods';
import { zonedTerm } from '../billing-math/calendar';
import { storedDiscountsForMrr } from './discounts';
import { computeMrr } from './mrr';
import { mrrPrices, PlanCatalogData } from './plan-catalog';
import type { SubscriptionEntity, SubscriptionPhaseEntity } from './subscription.entity';
import {
  currentPeriodIndex,
  DateInputs,
  isEnded,
  nextInvoiceDate,
  renewalDate,
  subscriptionStatus,
  SubscriptionStatus,
} from './subscription-dates';

export const termOf = (p: Pick<SubscriptionPhaseEntity, 'term_count' | 'term_frequency'>): Term => ({
  count: p.term_count,
  frequency: p.term_frequency,
});
export const billingTermOfPhase = (p: Pick<SubscriptionPhaseEntity, 'billing_term_count' | 'billing_term_frequency'>): Term => ({
  count: p.billing_term_count,
  frequency: p.billing_term_frequency,
});

/**
 * The billing anchor in effect: the subscription's, unless the phase in effect reset it later
 * (a scheduled change with reset_billing_anchor re-anchors billing on the day it applies).
 */
export function effectiveAnchor(
  sub: Pick<SubscriptionEntity, 'billing_anchor_date'>,
  phase: Pick<SubscriptionPhaseEntity, 'reset_billing_anchor' | 'billing_anchor_date'> | null,
): Date {
  if (phase?.reset_billing_anchor && phase.billing_anchor_date.getTime() > sub.billing_anchor_date.getTime())
    return phase.billing_anchor_date;
  return sub.billing_anchor_date;
}

export function dateInputs(sub: SubscriptionEntity, phase: SubscriptionPhaseEntity): DateInputs {
  return {
    start_date: sub.start_date,
    billing_anchor_date: effectiveAnchor(sub, phase),
    term: zonedTerm(termOf(phase), sub.billing_timezone),
    billing_term: zonedTerm(billingTermOfPhase(phase), sub.billing_timezone),
    end_date: sub.end_date,
    post_only: phase.post_only,
  };
}

/** In a trial at `now`: before its conversion date, or in a trial without end (extended with end_date null). */
export function inTrial(sub: Pick<SubscriptionEntity, 'trial' | 'trial_conversion_date'>, now: Date): boolean {
  return sub.trial && (sub.trial_conversion_date === null || now.getTime() < sub.trial_conversion_date.getTime());
}

/** A trial without end (`POST /extend` with `end_date: null`): nothing is billed until it gets one. */
export function endlessTrial(sub: Pick<SubscriptionEntity, 'trial' | 'trial_conversion_date'>): boolean {
  return sub.trial && sub.trial_conversion_date === null;
}

/**
 * The billing engine stores next_invoice_date = the first billing date it has not invoiced yet.
 * When it has already invoiced the date computed from the clock (a run at that very instant),
 * the next one shows: the stored date when it is the billing date right after the computed one.
 */
export function afterInvoiced(stored: Date | null, computed: Date | null, i: DateInputs): Date | null {
  if (!stored || !computed || stored.getTime() <= computed.getTime()) return computed;
  const following = periodAt(i.billing_anchor_date, i.billing_term, computed).end;
  if (
    stored.getTime() === following.getTime() ||
    (i.end_date && stored.getTime() === i.end_date.getTime() && i.end_date.getTime() < following.getTime())
  )
    return stored;
  return computed;
}

export interface DerivedState {
  status: SubscriptionStatus;
  renewal_date: Date | null;
  next_invoice_date: Date | null;
  mrr_in_cents: number;
  arr_in_cents: number;
}

/**
 * Status, dates and MRR at `now`. MRR is 0 once cancelled (effective), during a trial, and
 * before the start; otherwise the plan in effect (or the first plan) for its quantities.
 */
export function deriveState(
  sub: SubscriptionEntity,
  phase: SubscriptionPhaseEntity | null,
  data: PlanCatalogData,
  now: Date,
): DerivedState {
  const status = subscriptionStatus(sub.end_date, sub.unpaid, now);
  if (!phase) return { status, renewal_date: null, next_invoice_date: null, mrr_in_cents: 0, arr_in_cents: 0 };
  const inputs = dateInputs(sub, phase);
  let mrr = 0;
  const live = !isEnded(sub.end_date, now) && !inTrial(sub, now) && now.getTime() >= sub.start_date.getTime();
  if (live) {
    mrr = computeMrr({
      prices: mrrPrices(data, phase.product_pricing_ids, phase.config_items),
      discounts: storedDiscountsForMrr(sub.discounts),
      billing_term: inputs.billing_term,
      now,
      period_index: currentPeriodIndex(inputs.billing_anchor_date, inputs.billing_term, now),
    });
  }
  return {
    status,
    renewal_date: renewalDate(inputs, now),
    next_invoice_date: endlessTrial(sub) ? null : afterInvoiced(sub.next_invoice_date, nextInvoiceDate(inputs, now), inputs),
    mrr_in_cents: mrr,
    arr_in_cents: mrr * 12,
  };
}
