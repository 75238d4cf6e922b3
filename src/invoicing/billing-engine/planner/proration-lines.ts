/**
 * Proration (pure): the credit of the old plan for the unused time [at, oldEnd) and the charge of
 * the new plan for [at, chargeEnd), each advance price × its proration share. Plan changes,
 * anchor resets and PRORATED cancellations (a credit only) are all billed through here.
 * docs/billing-rules.md "Changes" and "Cancellations".
 */
import { prorationFor } from '../../../billing-math';
import type { LineDraft } from '../../invoice-writer.service';
import { periodOf, Segment } from '../model';
import { isAdvance, priceLines, quantityOf } from './price-lines';
import { ChangeProration, t } from './state';

const prorated = (lines: LineDraft[]) => lines.map((l) => ({ ...l, kind: 'CHARGE' as const, prorated: true }));

/** The advance prices of a segment's plan for [at, end) × share, as credits or charges. */
function shareLines(seg: Segment, at: Date, end: Date, credit: boolean): LineDraft[] {
  if (t(end) <= t(at)) return [];
  const period = periodOf(seg, at);
  const out: LineDraft[] = [];
  for (const price of seg.phase.prices.filter(isAdvance)) {
    const share = prorationFor(price.price.proration_type, period, at, end);
    if (!share) continue;
    const quantity = quantityOf(seg.phase, price);
    const opts = credit ? { credit: true, prefix: 'Unused time: ' } : { prefix: 'Remaining time: ' };
    out.push(...prorated(priceLines(price, quantity, Math.max(0, period.index), share, { start: at, end }, opts)));
  }
  return out;
}

/** Credit of the old plan for [at, oldEnd) and charge of the new one for [at, chargeEnd). */
export function prorationLines(p: ChangeProration): LineDraft[] {
  return [...shareLines(p.oldSeg, p.at, p.oldEnd, true), ...shareLines(p.newSeg, p.at, p.chargeEnd, false)];
}

/** A credit of a plan for [at, end) (a PRORATED cancellation). */
export const creditLines = (seg: Segment, at: Date, end: Date): LineDraft[] =>
  prorationLines({ at, oldSeg: seg, oldEnd: end, newSeg: seg, chargeEnd: at });
