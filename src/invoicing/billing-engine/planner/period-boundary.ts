/**
 * Rule: a billing date (period boundary). Its invoice closes the arrears window since the last
 * billing date (usage, POST_ONLY, minimum spend), takes the change prorations waiting for it and
 * the one-time charges due (and a change's one-time items waiting for an invoice), and bills the plan in advance for the period ahead (cut at the end
 * date). The first billing date — the start, or a trial's end — also bills the one-time prices
 * and has an invoice only when it has lines (decision 1). docs/billing-rules.md "Periods and anchors".
 */
import { nextBoundary } from '../model';
import { advanceLines } from './advance-lines';
import { firstInvoiceLines } from './first-invoice-lines';
import { closeArrears, passArrears, pendingProrationLines, takeOneTimes } from './invoice-parts';
import { InvoiceDraft, minDate, Moment, PlanContext, PlanState, Rule, RuleStep, segmentOfPhase, t } from './state';

function periodDraft(state: PlanState, moment: Moment, ctx: PlanContext, coveredTo: Date, periodEnd: Date) {
  const arrears = closeArrears(state, moment.date, ctx);
  const oneTimes = takeOneTimes(arrears.state, moment, ctx);
  const first = state.lastBillingDate === null ? firstInvoiceLines(ctx.sub, moment.seg, moment.date) : [];
  const lines = [
    ...arrears.lines,
    ...pendingProrationLines(state),
    ...oneTimes.lines,
    ...state.pendingItems,
    ...first,
    ...advanceLines(moment.seg, moment.date, coveredTo, periodEnd),
  ];
  const draft: InvoiceDraft = {
    lines,
    has_usage: arrears.has_usage,
    period_start: moment.date,
    period_end: coveredTo,
    billable: state.lastBillingDate !== null || lines.length > 0,
  };
  return { draft, state: oneTimes.state };
}

export const periodBoundary: Rule = (state, moment, ctx, wanted): RuleStep => {
  const at = moment.date;
  const written = ctx.written(moment.kind!, moment.key!);
  const periodEnd = nextBoundary(moment.seg, at);
  // a written invoice's period is what it billed (the end date may have been set since)
  const coveredTo = written?.period_end ?? minDate(periodEnd, ctx.sub.end_date);
  const computed = wanted ? periodDraft(state, moment, ctx, coveredTo, periodEnd) : null;
  const after = computed?.state ?? passArrears(state, at, ctx);
  // a written invoice billed the plan it names (one written before a change at its instant: the old one)
  const billedSeg = written?.phase_seq != null ? (segmentOfPhase(ctx.segments, written.phase_seq, at) ?? moment.seg) : moment.seg;
  return {
    draft: computed?.draft ?? null,
    state: {
      ...after,
      coverage: { seg: billedSeg, end: coveredTo },
      pending: after.pending.filter((p) => t(p.chargeEnd) > t(at)),
      pendingItems: [],
      lastBillingDate: at,
      lastAdvance: advanceLines(moment.seg, at, coveredTo, periodEnd),
    },
  };
};
