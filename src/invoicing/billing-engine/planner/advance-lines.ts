/**
 * Billing in advance (pure): at a billing date, the plan's PRE_POST licence and fixed prices for
 * the period ahead — prorated when the period is cut short (by the end date, or by a written
 * invoice's period), except prices with proration_type NONE. docs/billing-rules.md "Periods and anchors".
 */
import { prorationShare } from '../../../billing-math';
import type { LineDraft } from '../../invoice-writer.service';
import { periodIndex, periodOf, Segment } from '../model';
import { isAdvance, priceLines, quantityOf } from './price-lines';
import { t } from './state';

/**
 * Advance lines of a segment's plan for [start, coveredTo) of the period that holds `start` and
 * ends at `periodEnd`. `start` is a billing date, or — calendar billing's first period — the
 * instant billing starts inside a period: the share is then of the whole period it enters.
 */
export function advanceLines(seg: Segment, start: Date, coveredTo: Date, periodEnd: Date): LineDraft[] {
  const out: LineDraft[] = [];
  const index = periodIndex(seg, start);
  const periodStart = periodOf(seg, start).start;
  const whole = t(periodStart) === t(start) && t(coveredTo) >= t(periodEnd);
  for (const price of seg.phase.prices.filter(isAdvance)) {
    const full = price.price.proration_type === 'NONE' || whole;
    const share = full ? null : prorationShare(periodStart, periodEnd, start, coveredTo);
    const end = full ? periodEnd : coveredTo;
    if (share && share.numerator === 0) continue;
    out.push(...priceLines(price, quantityOf(seg.phase, price), index, share, { start, end }));
  }
  return out.map((l) => ({ ...l, details: { ...(l.details ?? {}), phase_seq: seg.phase.seq } }));
}
