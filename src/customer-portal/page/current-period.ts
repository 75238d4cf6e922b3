/**
 * The billing period a subscription is in now (pure), by the subscriptions module's own date
 * rules: its period steps from the billing anchor in effect by the billing term of the phase in
 * effect; before the anchor it is [start, anchor).
 */
import { isRecurring, periodAt } from '../../billing-math';
import { dateInputs } from '../../subscriptions/subscription-state';
import { currentPeriodEnd, currentPeriodStart } from '../../subscriptions/subscription-dates';
import type { SubscriptionEntity, SubscriptionPhaseEntity } from '../../subscriptions/subscription.entity';

export function currentPeriod(sub: SubscriptionEntity, phase: SubscriptionPhaseEntity, now: Date): { start: Date; end: Date } {
  const i = dateInputs(sub, phase);
  const start = currentPeriodStart(sub.start_date, i.billing_anchor_date, i.billing_term, now);
  let end = currentPeriodEnd(i.billing_anchor_date, i.billing_term, now);
  if (sub.end_date && sub.end_date.getTime() < end.getTime() && sub.end_date.getTime() > start.getTime()) end = sub.end_date;
  return { start, end };
}

/** Live at `now`: started and not ended. */
export function isLive(sub: Pick<SubscriptionEntity, 'start_date' | 'end_date'>, now: Date): boolean {
  return sub.start_date.getTime() <= now.getTime() && (sub.end_date === null || sub.end_date.getTime() > now.getTime());
}

/**
 * The billing periods before the current one (pure), most recent first, at most `count`, never
 * before the subscription started (its first period is cut at its start date). They step by the
 * phase in effect's billing term, as the current period does.
 */
export function pastPeriods(
  sub: SubscriptionEntity,
  phase: SubscriptionPhaseEntity,
  now: Date,
  count: number,
): { start: Date; end: Date }[] {
  const i = dateInputs(sub, phase);
  if (!isRecurring(i.billing_term)) return [];
  const out: { start: Date; end: Date }[] = [];
  let end = currentPeriod(sub, phase, now).start;
  while (out.length < count && end.getTime() > sub.start_date.getTime()) {
    const p = periodAt(i.billing_anchor_date, i.billing_term, new Date(end.getTime() - 1));
    const start = p.start.getTime() > sub.start_date.getTime() ? p.start : sub.start_date;
    out.push({ start, end });
    end = start;
  }
  return out;
}
