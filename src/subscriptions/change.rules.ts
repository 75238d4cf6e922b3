/**
 * The rules of a change and a cancellation (pure: no Nest, no SQL, no clock — `now` is given).
 * The change and cancel use cases record what these rules decide; the invoice preview
 * (POST /invoices/next with change_config / cancel_config) simulates with the same rules, so a
 * preview shows the invoice the change would produce.
 */
import { calendarProblem, isCalendarBoundary, zonedTerm } from '../billing-math/calendar';
import { DomainError } from '../platform/errors/domain-error';
import type { PlanInput, ResolvedPlan } from './plan-catalog';
import type { SubscriptionEntity, SubscriptionPhaseEntity } from './subscription.entity';
import {
  addTerm,
  backdateProblem,
  currentPeriodEnd,
  currentPeriodStart,
  DateInputs,
  fixedEndDate,
  renewalDate,
} from './subscription-dates';
import { dateInputs, effectiveAnchor, inTrial, termOf } from './subscription-state';
import type { CancelSubscriptionDto, ChangeSubscriptionDto, ConfigItemDto } from './dto/subscription.dto';

export type Timing = 'IMMEDIATE' | 'PERIOD_END' | 'RENEWAL';

export const money = (currency: string, cents: number) => ({ currency, value_in_cents: cents });

export function parseDate(value: string, field: string): Date {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw DomainError.invalidField(field, 'must be an ISO 8601 date-time');
  return d;
}

export function checkCurrency(given: string | null | undefined, currency: string, field: string): void {
  if (given != null && given !== currency) throw DomainError.invalidField(field, `must be in the subscription currency (${currency})`);
}

/**
 * Timing -> instant, for changes and cancellations alike: IMMEDIATE now, PERIOD_END the end of
 * the current billing period, RENEWAL the end of the current term (now when there is none).
 */
export function timingInstant(timing: Timing | null | undefined, inputs: DateInputs, now: Date): Date {
  const t = timing ?? 'IMMEDIATE';
  if (t === 'IMMEDIATE') return now;
  if (t === 'PERIOD_END') return currentPeriodEnd(inputs.billing_anchor_date, inputs.billing_term, now);
  return renewalDate(inputs, now) ?? now;
}

type Sub = Pick<SubscriptionEntity, 'start_date' | 'billing_anchor_date' | 'end_date'>;

/**
 * The instant a change takes effect: custom_change_date (within the back-dating limit and not
 * before the start of the current billing period), else by timing; never before the start.
 */
export function changeInstant(sub: Sub, current: SubscriptionPhaseEntity, dto: ChangeSubscriptionDto, now: Date): Date {
  const inputs = dateInputs(sub as SubscriptionEntity, current);
  let at: Date;
  if (dto.custom_change_date != null) {
    at = parseDate(dto.custom_change_date, 'custom_change_date');
    const tooOld = backdateProblem(at, now);
    if (tooOld) throw DomainError.invalidField('custom_change_date', tooOld);
    const periodStart = currentPeriodStart(sub.start_date, inputs.billing_anchor_date, inputs.billing_term, now);
    if (at.getTime() < periodStart.getTime()) {
      throw DomainError.invalidField(
        'custom_change_date',
        `must not be before the start of the current billing period (${periodStart.toISOString()})`,
      );
    }
  } else at = timingInstant(dto.timing, inputs, now);
  return at.getTime() < sub.start_date.getTime() ? sub.start_date : at;
}

/** The instant a cancellation takes effect: custom_end_date (not before start_date), else by timing; never before the start. */
export function cancelInstant(sub: Sub, current: SubscriptionPhaseEntity, dto: CancelSubscriptionDto, now: Date): Date {
  let end: Date;
  if (dto.custom_end_date != null) {
    end = parseDate(dto.custom_end_date, 'custom_end_date');
    if (end.getTime() < sub.start_date.getTime()) throw DomainError.invalidField('custom_end_date', 'must not be before start_date');
  } else end = timingInstant(dto.timing, dateInputs(sub as SubscriptionEntity, current), now);
  return end.getTime() < sub.start_date.getTime() ? sub.start_date : end;
}

/** The plan a change asks for: the given plan, else the current one (its config kept unless config_items is given). */
export function changePlanInput(current: SubscriptionPhaseEntity, dto: ChangeSubscriptionDto): PlanInput {
  const planGiven = dto.product_pricing_ids != null || dto.bundle_pricing_id != null;
  const keepConfig: ConfigItemDto[] = current.config_items.map((c) => ({ ...c }));
  return {
    product_pricing_ids: planGiven ? dto.product_pricing_ids : current.bundle_pricing_id ? null : current.product_pricing_ids,
    bundle_pricing_id: planGiven ? dto.bundle_pricing_id : current.bundle_pricing_id,
    config_items: dto.config_items ?? (planGiven ? [] : keepConfig),
    term: dto.term ?? termOf(current),
  };
}

/** The plan columns of a phase row (the plan a create or a change puts in effect). */
export function planPhaseColumns(
  plan: ResolvedPlan,
): Pick<
  SubscriptionPhaseEntity,
  | 'product_pricing_ids'
  | 'bundle_pricing_id'
  | 'config_items'
  | 'term_count'
  | 'term_frequency'
  | 'billing_term_count'
  | 'billing_term_frequency'
  | 'post_only'
> {
  return {
    product_pricing_ids: plan.product_pricing_ids,
    bundle_pricing_id: plan.bundle_pricing_id,
    config_items: plan.config_items,
    term_count: plan.term.count,
    term_frequency: plan.term.frequency,
    billing_term_count: plan.billing_term.count,
    billing_term_frequency: plan.billing_term.frequency,
    post_only: plan.post_only,
  };
}

/**
 * A CALENDAR subscription stays on calendar boundaries: a change may not re-anchor it, and its
 * plan's billing term must have calendar boundaries that the subscription's anchor is one of
 * (monthly → quarterly from Apr 1 is fine; from Feb 1 it would leave the quarters).
 */
export function checkCalendarChange(
  sub: Pick<SubscriptionEntity, 'billing_cycle' | 'billing_timezone' | 'billing_anchor_date'>,
  plan: ResolvedPlan,
  dto: Pick<ChangeSubscriptionDto, 'reset_billing_anchor' | 'bundle_pricing_id'>,
): void {
  if (sub.billing_cycle !== 'CALENDAR') return;
  if (dto.reset_billing_anchor)
    throw DomainError.invalidField(
      'reset_billing_anchor',
      'must not be true on a CALENDAR subscription: its billing dates are calendar boundaries',
    );
  const field = dto.bundle_pricing_id != null ? 'bundle_pricing_id' : 'product_pricing_ids';
  const problem = calendarProblem(plan.billing_term);
  if (problem) throw DomainError.invalidField(field, problem);
  if (!isCalendarBoundary(sub.billing_anchor_date, zonedTerm(plan.billing_term, sub.billing_timezone)))
    throw DomainError.invalidField(
      field,
      `must have a billing term whose calendar boundaries include the anchor ${sub.billing_anchor_date.toISOString()}`,
    );
}

/** The resolved plan must be in the subscription's currency. */
/**
 * A change's `currency` (the reference's field) must be the subscription's, in any case: a
 * subscription keeps its currency (its invoices, credits and proration are in it).
 */
export function checkRequestedCurrency(sub: Pick<SubscriptionEntity, 'currency'>, dto: Pick<ChangeSubscriptionDto, 'currency'>): void {
  if (dto.currency != null && dto.currency.toUpperCase() !== sub.currency) {
    throw DomainError.invalidField(
      'currency',
      `must be the subscription currency (${sub.currency}): a subscription keeps its currency; cancel it and create one on pricings in ${dto.currency.toUpperCase()} instead`,
    );
  }
}

export function checkChangeCurrency(plan: ResolvedPlan, sub: Pick<SubscriptionEntity, 'currency'>, dto: ChangeSubscriptionDto): void {
  if (plan.currency !== sub.currency) {
    throw DomainError.invalidField(
      dto.bundle_pricing_id != null ? 'bundle_pricing_id' : 'product_pricing_ids',
      `must be in the subscription currency (${sub.currency})`,
    );
  }
}

/** The checked, stored forms of a change's discounts and one-time items (null: not given, kept as they are). */
export interface ChangeExtras {
  discounts: Record<string, unknown>[] | null;
  onetime_items: Record<string, unknown>[] | null;
}

/** The change_config a change records (on its event and its phase), as the API shows it. */
export function changeConfig(
  sub: Pick<SubscriptionEntity, 'currency'>,
  dto: ChangeSubscriptionDto,
  plan: ResolvedPlan,
  at: Date,
  extras: ChangeExtras,
): Record<string, unknown> {
  return {
    actual_change_time: null,
    auto_charges: dto.auto_charges ?? null,
    bundle_pricing: null,
    bundle_pricing_id: plan.bundle_pricing_id,
    config_items: plan.config_items,
    custom_change_date: dto.custom_change_date != null ? at.toISOString() : null,
    discounts: extras.discounts,
    metadata: dto.metadata ?? null,
    minimum_spend: dto.minimum_spend ? money(sub.currency, dto.minimum_spend.value_in_cents) : null,
    onetime_items: extras.onetime_items,
    payment_method_id: dto.payment_method_id ?? null,
    product_pricing_ids: plan.product_pricing_ids,
    proration_type: dto.proration_type ?? 'NEXT',
    relative_term: null,
    reset_billing_anchor: dto.reset_billing_anchor ?? false,
    term: plan.term,
    timing: dto.timing ?? 'IMMEDIATE',
    trial: dto.trial ?? null,
    trial_term: dto.trial_term ?? null,
  };
}

/**
 * The phase a change adds: the new plan from `at`, anchored at `at` with reset_billing_anchor,
 * else on the anchor in effect. `seq` follows the subscription's phases; `eventSeq` is the
 * change's event.
 */
export function changePhase(
  sub: Pick<SubscriptionEntity, 'company_id' | 'id' | 'billing_anchor_date'>,
  current: SubscriptionPhaseEntity,
  phases: Pick<SubscriptionPhaseEntity, 'seq'>[],
  plan: ResolvedPlan,
  at: Date,
  dto: ChangeSubscriptionDto,
  eventSeq: number,
  config: Record<string, unknown>,
  now: Date,
): SubscriptionPhaseEntity {
  const reset = dto.reset_billing_anchor ?? false;
  return {
    company_id: sub.company_id,
    subscription_id: sub.id,
    seq: Math.max(...phases.map((p) => p.seq)) + 1,
    starts_at: at,
    ...planPhaseColumns(plan),
    billing_anchor_date: reset ? at : effectiveAnchor(sub, current),
    change_kind: 'CHANGE',
    proration_type: dto.proration_type ?? 'NEXT',
    timing: dto.custom_change_date != null ? 'CUSTOM' : (dto.timing ?? 'IMMEDIATE'),
    reset_billing_anchor: reset,
    change_config: config,
    event_seq: eventSeq,
    superseded_by_event_seq: null,
    created_at: now,
  };
}

/**
 * What a change does to the subscription row besides the phase, at once: discounts, one-time
 * items, metadata, minimum spend, auto_charges, payment method, trial (started from the
 * change's instant, or ended when it takes effect), a reset anchor already in effect, and the
 * end date of a fixed-term subscription whose term changes.
 */
export function changeRowPatch(
  sub: SubscriptionEntity,
  dto: ChangeSubscriptionDto,
  plan: ResolvedPlan,
  at: Date,
  extras: ChangeExtras,
  now: Date,
): Partial<SubscriptionEntity> {
  const patch: Partial<SubscriptionEntity> = {};
  if (extras.discounts) patch.discounts = extras.discounts;
  // a change's one-time items belong to the change (its phase's change_config): billed on its
  // invoice by the engine; the subscription's own stay the ones of its first invoice
  if (dto.metadata !== undefined) patch.metadata = dto.metadata ?? {};
  if (dto.minimum_spend !== undefined) patch.minimum_spend_in_cents = dto.minimum_spend?.value_in_cents ?? null;
  if (dto.auto_charges != null) patch.auto_charges = dto.auto_charges;
  if (dto.payment_method_id !== undefined) patch.payment_method_id = dto.payment_method_id ?? null;
  if (dto.trial === true) {
    patch.trial = true;
    patch.trial_term = { count: dto.trial_term!.count, frequency: dto.trial_term!.frequency };
    patch.trial_conversion_date = addTerm(at, dto.trial_term!);
  } else if (dto.trial === false) {
    // the trial ends when the change takes effect: a change dated later ends it at its instant
    // (as if made then), an immediate or back-dated one now
    const trialEnds = at.getTime() > now.getTime() ? at : now;
    if (inTrial(sub, trialEnds)) patch.trial_conversion_date = trialEnds;
  }
  if ((dto.reset_billing_anchor ?? false) && at.getTime() <= now.getTime()) patch.billing_anchor_date = at;
  if (!sub.auto_renews && dto.term && sub.cancel_date === null) patch.end_date = fixedEndDate(sub.start_date, plan.term);
  return patch;
}

/** The cancel_config a cancellation records. */
export function cancelConfig(sub: Pick<SubscriptionEntity, 'currency'>, dto: CancelSubscriptionDto, end: Date): Record<string, unknown> {
  return {
    timing: dto.timing ?? 'IMMEDIATE',
    custom_end_date: dto.custom_end_date != null ? end.toISOString() : null,
    refund_type: dto.refund_type ?? (dto.custom_refund_amount ? 'CUSTOM' : null),
    reason: dto.reason ?? null,
    charge_remaining_balance: dto.charge_remaining_balance ?? null,
    cancel_pending_invoices: dto.cancel_pending_invoices ?? null,
    custom_refund_amount: dto.custom_refund_amount ? money(sub.currency, dto.custom_refund_amount.value_in_cents) : null,
    customer_cancel_reason: dto.customer_cancel_reason ?? null,
    send_customer_receipt: dto.send_customer_receipt ?? null,
  };
}
