/**
 * Minimum spend over time (pure): the true-ups of the prices whose minimum is a schedule, pulls
 * spend forward or is assessed over a true-up window (BillingPrice.minimum_schedule). Each
 * arrears window closes one period of each such price in its running state (PlanState.minimums,
 * kept through periods already invoiced too) and tops up every window it closes.
 * docs/billing-rules.md "Minimum spend".
 */
import {
  amountLine,
  closeMinimumPeriod,
  isFullShare,
  linesTotal,
  MinimumState,
  NO_MINIMUM_STATE,
  prorationShare,
} from '../../../billing-math';
import type { LineDraft } from '../../invoice-writer.service';
import type { PlanPrice } from '../catalog-loader';
import { periodOf, Segment, segmentAt } from '../model';
import { tag } from './price-lines';
import { maxDate, t } from './state';

/** The recurring prices with a minimum schedule of the segments in effect over [from, to). */
function scheduledPrices(segments: readonly Segment[], from: Date, to: Date): PlanPrice[] {
  const prices = new Map<string, PlanPrice>();
  for (const s of segments) {
    if (t(s.from) >= t(to) || (s.to && t(s.to) <= t(from))) continue;
    for (const p of s.phase.prices) if (p.price.recurring && p.price.minimum_schedule) prices.set(p.product_metric_pricing_id, p);
  }
  return [...prices.values()];
}

/** Whether any price of the plan keeps a running state from period to period (a minimum schedule, carry_over). */
export const keepsRunningState = (segments: readonly Segment[]): boolean =>
  segments.some((s) => s.phase.prices.some((p) => p.price.minimum_schedule !== null || p.price.carry_over));

/** The scheduled true-ups closing [from, to), and the running minimums after it (`final`: the end closes the open window). */
export function scheduledMinimumLines(
  segments: readonly Segment[],
  from: Date,
  to: Date,
  periodLines: readonly LineDraft[],
  states: ReadonlyMap<string, MinimumState>,
  final: boolean,
): { lines: LineDraft[]; states: ReadonlyMap<string, MinimumState> } {
  if (t(to) <= t(from)) return { lines: [], states };
  const period = periodOf(segmentAt(segments, from)!, from);
  const share = prorationShare(period.start, maxDate(period.end, to), from, to);
  const next = new Map(states);
  const out: LineDraft[] = [];
  for (const p of scheduledPrices(segments, from, to)) {
    const pmp = p.product_metric_pricing_id;
    const charged = linesTotal(periodLines.filter((l) => l.product_metric_pricing_id === pmp));
    const r = closeMinimumPeriod(p.price.minimum_schedule!, states.get(pmp) ?? NO_MINIMUM_STATE, {
      index: Math.max(0, period.index),
      charged,
      share: isFullShare(share) ? null : share,
      final,
    });
    next.set(pmp, r.state);
    if (r.top_up <= 0) continue;
    const line = amountLine({
      name: `Minimum spend true-up: ${p.name}`,
      kind: 'MINIMUM_SPEND',
      amount: r.top_up,
      period: { start: from, end: to },
      product_pricing_id: p.product_pricing_id,
      item_id: p.item_id,
    });
    out.push(...tag([{ ...line, prorated: !isFullShare(share) }], p, { details: { window_minimum: r.minimum } }));
  }
  return { lines: out, states: next };
}
