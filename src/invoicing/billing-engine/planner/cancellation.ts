/**
 * Rule: the end of a subscription (a cancellation or an end date). Its final invoice closes the
 * arrears window (and the open true-up window), takes the waiting prorations, the one-time
 * charges due and the change one-time items waiting, and applies the cancellation options
 * (cancel-terms.ts: refunds PRORATED / CUSTOM, the remaining balance); with PRORATED or CUSTOM
 * whole invoices of billing dates at or after the end, written before the end was known, are
 * credited. Nothing is billed after it. docs/billing-rules.md "Cancellations".
 *
 * A new cancellation option is one more term of `cancellationLines` (or of cancel-terms.ts).
 */
import type { LineDraft } from '../../invoice-writer.service';
import { boundaryAtOrAfter, nextBoundary, segmentAt } from '../model';
import { closeArrears, pendingProrationLines, takeOneTimes } from './invoice-parts';
import { cancelTermLines, voidedByCancel } from './cancel-terms';
import { creditLines } from './proration-lines';
import { Moment, PlanContext, PlanState, Rule, RuleStep, segmentOfPhase, t } from './state';

/** Credits of invoices of billing dates at or after the end, written before the end was known: whole. */
function creditsOfLaterInvoices(moment: Moment, ctx: PlanContext): LineDraft[] {
  const { segments } = ctx;
  const last = segments[segments.length - 1];
  const out: LineDraft[] = [];
  let at = boundaryAtOrAfter(moment.seg, moment.date);
  for (let k = 0; k < 1000; k++) {
    const written = ctx.written('SUBSCRIPTION_PERIOD', `${ctx.sub.id}@${at.toISOString()}`);
    if (!written?.period_end) break;
    const seg = (written.phase_seq !== null ? segmentOfPhase(segments, written.phase_seq, at) : null) ?? segmentAt(segments, at) ?? last;
    if (t(written.period_end) > t(at) && !voidedByCancel(ctx.sub, written)) out.push(...creditLines(seg, at, written.period_end));
    at = nextBoundary(segmentAt(segments, at) ?? last, at);
  }
  return out;
}

/** The cancellation options' lines: refunds or the remaining balance, and credits of later invoices. */
function cancellationLines(state: PlanState, moment: Moment, ctx: PlanContext): LineDraft[] {
  const terms = cancelTermLines(moment.seg, state.coverage, moment.date, ctx);
  const { cancel } = ctx.sub;
  const refunds = !cancel.charge_remaining_balance && (cancel.refund_type === 'PRORATED' || cancel.refund_type === 'CUSTOM');
  return [...terms, ...(refunds ? creditsOfLaterInvoices(moment, ctx) : [])];
}

export const cancellation: Rule = (state, moment, ctx, wanted): RuleStep => {
  if (!wanted) return { state, draft: null };
  const at = moment.date;
  const arrears = closeArrears(state, at, ctx, true);
  const oneTimes = takeOneTimes(arrears.state, moment, ctx);
  const lines = [
    ...arrears.lines,
    ...pendingProrationLines(state),
    ...cancellationLines(state, moment, ctx),
    ...oneTimes.lines,
    ...state.pendingItems,
  ];
  return {
    state: oneTimes.state,
    draft: { lines, has_usage: arrears.has_usage, period_start: state.lastBillingDate ?? at, period_end: at, billable: lines.length > 0 },
  };
};
