/**
 * Rule: a plan change with `reset_billing_anchor`. The change instant becomes a billing date of
 * the new schedule: its invoice closes the arrears window, takes the waiting prorations, credits
 * the old plan's unused time (unless proration NONE), takes the one-time charges due (the
 * change's own one-time items, and those of earlier changes waiting for an invoice) and bills
 * the new plan in advance from there. docs/billing-rules.md "Changes".
 */
import { nextBoundary } from '../model';
import { advanceLines } from './advance-lines';
import { firstInvoiceLines, oneTimeItemLines } from './first-invoice-lines';
import { closeArrears, passArrears, pendingProrationLines, takeOneTimes } from './invoice-parts';
import { prorationLines } from './proration-lines';
import { InvoiceDraft, minDate, Moment, PlanContext, PlanState, Rule, RuleStep, t } from './state';

function resetDraft(state: PlanState, moment: Moment, ctx: PlanContext, coveredTo: Date, periodEnd: Date) {
  const at = moment.date;
  const { coverage } = state;
  const arrears = closeArrears(state, at, ctx);
  const credit =
    coverage !== null && t(coverage.end) > t(at) && moment.seg.change!.proration !== 'NONE'
      ? prorationLines({ at, oldSeg: coverage.seg, oldEnd: coverage.end, newSeg: moment.seg, chargeEnd: at })
      : [];
  const oneTimes = takeOneTimes(arrears.state, moment, ctx);
  const first = state.lastBillingDate === null ? firstInvoiceLines(ctx.sub, moment.seg, at) : [];
  const lines = [
    ...arrears.lines,
    ...pendingProrationLines(state),
    ...credit,
    ...oneTimes.lines,
    ...state.pendingItems,
    ...oneTimeItemLines(moment.seg.phase.onetime_items, at),
    ...first,
    ...advanceLines(moment.seg, at, coveredTo, periodEnd),
  ];
  const draft: InvoiceDraft = { lines, has_usage: arrears.has_usage, period_start: at, period_end: coveredTo, billable: lines.length > 0 };
  return { draft, state: oneTimes.state };
}

export const anchorReset: Rule = (state, moment, ctx, wanted): RuleStep => {
  const at = moment.date;
  const written = ctx.written(moment.kind!, moment.key!);
  const periodEnd = nextBoundary(moment.seg, at);
  const coveredTo = written?.period_end ?? minDate(periodEnd, ctx.sub.end_date);
  const computed = wanted ? resetDraft(state, moment, ctx, coveredTo, periodEnd) : null;
  return {
    draft: computed?.draft ?? null,
    state: {
      ...(computed?.state ?? passArrears(state, at, ctx)),
      coverage: { seg: moment.seg, end: coveredTo },
      pending: [],
      pendingItems: [],
      lastBillingDate: at,
      lastAdvance: advanceLines(moment.seg, at, coveredTo, periodEnd),
    },
  };
};
