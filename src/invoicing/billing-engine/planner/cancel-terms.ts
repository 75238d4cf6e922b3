/**
 * The cancellation options of the final invoice (pure), read from EngineSubscription.cancel:
 * - charge_remaining_balance: the plan's advance prices for every window from the end of the
 *   billed coverage to the end of the committed term, and no credit for the unused time;
 * - PRORATED: a credit of the advance billed past the end (unless its invoice is voided);
 * - CUSTOM: a credit of the amount asked, at most what the cancelled period billed;
 * - cancel_pending_invoices: an open invoice with nothing paid is voided, so nothing of it is credited.
 * docs/billing-rules.md "Cancellations".
 */
import { amountLine, customRefundCredit, linesTotal, remainingBalanceWindows } from '../../../billing-math';
import type { LineDraft } from '../../invoice-writer.service';
import { buildSegments, EnginePhase, firstAnchorOf, EngineSubscription, periodOf, Segment, segmentAt } from '../model';
import { advanceLines } from './advance-lines';
import { isAdvance, priceLines, quantityOf } from './price-lines';
import { creditLines } from './proration-lines';
import { Coverage, maxDate, PlanContext, t, WrittenInvoice } from './state';

/** Whether the cancellation voids this invoice when it takes effect (or it is void already): nothing of it is credited then. */
export function voidedByCancel(sub: EngineSubscription, doc: WrittenInvoice | undefined): boolean {
  if (!doc) return false;
  if (doc.status === 'VOID') return true;
  return sub.cancel.cancel_pending_invoices && (doc.status === 'DRAFT' || doc.status === 'PENDING') && (doc.paid_cents ?? 0) === 0;
}

/** What the period the subscription ends in billed in advance (the plan in effect at the end); 0 before billing starts. */
function periodBilledAt(segments: readonly Segment[], sub: EngineSubscription, end: Date): number {
  if (t(end) <= t(sub.billing_start)) return 0;
  const before = new Date(t(end) - 1);
  const seg = segmentAt(segments, before)!;
  const p = periodOf(seg, before);
  return linesTotal(advanceLines(seg, maxDate(p.start, sub.billing_start), p.end, p.end));
}

/** What the cancelled period billed in advance: the bound of a CUSTOM refund (0 when the end comes before billing starts). */
export function cancelledPeriodBilled(sub: EngineSubscription, phases: EnginePhase[], end: Date): number {
  const segments = buildSegments(phases, firstAnchorOf(sub));
  return segments.length === 0 ? 0 : periodBilledAt(segments, sub, end);
}

/** charge_remaining_balance: the advance prices of every window from the billed coverage to the committed term's end. */
function remainingBalanceLines(seg: Segment, coverage: Coverage | null, at: Date, termEnd: Date | null): LineDraft[] {
  if (coverage === null || termEnd === null) return [];
  const out: LineDraft[] = [];
  for (const w of remainingBalanceWindows(seg.anchor, seg.term, maxDate(coverage.end, at), termEnd)) {
    for (const price of seg.phase.prices.filter(isAdvance)) {
      const share = price.price.proration_type === 'NONE' ? null : w.share;
      const index = Math.max(0, w.period.index);
      out.push(...priceLines(price, quantityOf(seg.phase, price), index, share, w, { prefix: 'Remaining balance: ' }));
    }
  }
  return out;
}

/** CUSTOM: a credit of the amount asked, bounded by what the cancelled period billed (nothing when its invoice is voided). */
function customRefundLines(ctx: PlanContext, at: Date, billedDoc: WrittenInvoice | undefined): LineDraft[] {
  const { sub } = ctx;
  if (sub.cancel.refund_type !== 'CUSTOM' || !sub.cancel.custom_refund_cents) return [];
  const billed = voidedByCancel(sub, billedDoc) ? 0 : periodBilledAt(ctx.segments, sub, at);
  const credit = customRefundCredit(sub.cancel.custom_refund_cents, billed);
  if (credit === 0) return [];
  return [
    { ...amountLine({ name: 'Refund (custom amount)', amount: credit, period: { start: at, end: at } }), product_metric_pricing_id: null },
  ];
}

/** The refund and remaining-balance lines of the final invoice at `at` (credits of later invoices: cancellation.ts). */
export function cancelTermLines(seg: Segment, coverage: Coverage | null, at: Date, ctx: PlanContext): LineDraft[] {
  const { sub } = ctx;
  if (sub.cancel.charge_remaining_balance) return remainingBalanceLines(seg, coverage, at, sub.committed_term_end);
  const covered = coverage !== null && t(coverage.end) > t(at);
  const billedKey = covered ? `${sub.id}@${periodOf(coverage.seg, at).start.toISOString()}` : null;
  const billedDoc = billedKey ? ctx.written('SUBSCRIPTION_PERIOD', billedKey) : undefined;
  const unused =
    sub.cancel.refund_type === 'PRORATED' && covered && !voidedByCancel(sub, billedDoc) ? creditLines(coverage.seg, at, coverage.end) : [];
  return [...unused, ...customRefundLines(ctx, at, billedDoc)];
}
