/**
 * Rule: the end of a subscription (a cancellation or an end date). Its final invoice closes the
 * arrears window, takes the waiting prorations and the one-time charges due, and with
 * `refund_type: PRORATED` credits the time billed in advance past the end: the unused part of
 * the current period, and whole invoices of billing dates at or after the end written before
 * the end was known. Nothing is billed after it. docs/billing-rules.md "Cancellations".
 *
 * A new cancellation option (another refund type, a charge of the remaining balance...) is one
 * more term of `cancellationLines`.
 */
import type { LineDraft } from '../../invoice-writer.service';
import { boundaryAtOrAfter, nextBoundary, segmentAt } from '../model';
import { closeArrears, pendingProrationLines, takeOneTimes } from './invoice-parts';
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
    if (t(written.period_end) > t(at)) out.push(...creditLines(seg, at, written.period_end));
    at = nextBoundary(segmentAt(segments, at) ?? last, at);
  }
  return out;
}

/** The refund of a PRORATED end: the unused time billed in advance. */
function cancellationLines(state: PlanState, moment: Moment, ctx: PlanContext): LineDraft[] {
  if (ctx.sub.refund_type !== 'PRORATED') return [];
  const { coverage } = state;
  const unused = coverage && t(coverage.end) > t(moment.date) ? creditLines(coverage.seg, moment.date, coverage.end) : [];
  return [...unused, ...creditsOfLaterInvoices(moment, ctx)];
}

export const cancellation: Rule = (state, moment, ctx, wanted): RuleStep => {
  if (!wanted) return { state, draft: null };
  const at = moment.date;
  const arrears = closeArrears(state, at, ctx);
  const oneTimes = takeOneTimes(state, moment, ctx);
  const lines = [...arrears.lines, ...pendingProrationLines(state), ...cancellationLines(state, moment, ctx), ...oneTimes.lines];
  return {
    state: oneTimes.state,
    draft: { lines, has_usage: arrears.has_usage, period_start: state.lastBillingDate ?? at, period_end: at, billable: lines.length > 0 },
  };
};
