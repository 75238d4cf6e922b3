/**
 * Rule: a plan change (without `reset_billing_anchor`: see anchor-reset.ts). The old plan's
 * unused time is credited and the new plan charged up to its schedule's next billing date
 * (proration-lines.ts): on the change's own invoice (IMMEDIATE) or on the next invoice (NEXT);
 * NONE bills the new plan from the next billing date. A change exactly where the billed period
 * ends onto a schedule with no billing date there (another term on the same anchor) charges the
 * new plan to its next billing date whatever the proration: nothing else would bill that
 * stretch. The change's one-time items go on its invoice, or wait for the next one.
 * docs/billing-rules.md "Changes"; decision 3 of src/invoicing/README-billing.md.
 */
import { boundaryAtOrAfter, nextBoundary } from '../model';
import { oneTimeItemLines } from './first-invoice-lines';
import { prorationLines } from './proration-lines';
import { ChangeProration, emptyDraft, minDate, Moment, PlanContext, PlanState, Rule, RuleStep, t } from './state';

/** A change's proration: on this moment's invoice now, or waiting for the next one. */
function chargeChange(state: PlanState, moment: Moment, ctx: PlanContext, p: ChangeProration, now: boolean, wanted: boolean): RuleStep {
  const draft = wanted ? emptyDraft(moment.date) : null;
  if (!now) return { draft, state: { ...state, pending: [...state.pending, p], coverage: { seg: p.newSeg, end: p.chargeEnd } } };
  const written = moment.kind && moment.key ? ctx.written(moment.kind, moment.key) : undefined;
  const coveredTo = written?.period_end ?? p.chargeEnd;
  const lines = wanted ? prorationLines(p) : [];
  return {
    draft: wanted ? { lines, has_usage: false, period_start: p.at, period_end: coveredTo, billable: lines.length > 0 } : null,
    state: { ...state, coverage: { seg: p.newSeg, end: coveredTo } },
  };
}

/**
 * A change's own one-time items: on its invoice when it has one (a change billed at once, after
 * billing started), else waiting in the state for the next invoice (a billing date, a reset, the end).
 */
function withChangeItems(step: RuleStep, moment: Moment, ctx: PlanContext, wanted: boolean): RuleStep {
  const items = moment.seg.phase.onetime_items;
  if (items.length === 0) return step;
  const lines = oneTimeItemLines(items, moment.date);
  if (moment.kind === null || t(moment.date) < t(ctx.sub.billing_start))
    return { ...step, state: { ...step.state, pendingItems: [...step.state.pendingItems, ...lines] } };
  if (!wanted || !step.draft) return step;
  return { ...step, draft: { ...step.draft, lines: [...step.draft.lines, ...lines], billable: true } };
}

export const planChange: Rule = (state, moment, ctx, wanted): RuleStep =>
  withChangeItems(changeStep(state, moment, ctx, wanted), moment, ctx, wanted);

function changeStep(state: PlanState, moment: Moment, ctx: PlanContext, wanted: boolean): RuleStep {
  const at = moment.date;
  const { coverage } = state;
  const started = t(at) >= t(ctx.sub.billing_start);
  const proration = moment.seg.change!.proration;
  const nothing = { state, draft: wanted ? emptyDraft(at) : null };
  if (!started || coverage === null) return nothing;
  const nextDate = boundaryAtOrAfter(moment.seg, at);
  if (t(coverage.end) === t(at) && t(nextDate) > t(at)) {
    // the billed period ends here and the new schedule has no billing date here
    const p = { at, oldSeg: coverage.seg, oldEnd: at, newSeg: moment.seg, chargeEnd: minDate(nextDate, ctx.sub.end_date) };
    return chargeChange(state, moment, ctx, p, moment.kind !== null, wanted);
  }
  if (t(coverage.end) <= t(at) || proration === 'NONE') return nothing;
  // the billing date at this instant was invoiced under the old plan: the new plan is charged to its next one
  const chargeTo = state.lastBillingDate !== null && t(state.lastBillingDate) === t(at) ? nextBoundary(moment.seg, at) : nextDate;
  const p = { at, oldSeg: coverage.seg, oldEnd: coverage.end, newSeg: moment.seg, chargeEnd: minDate(chargeTo, ctx.sub.end_date) };
  return chargeChange(state, moment, ctx, p, proration === 'IMMEDIATE', wanted);
}
