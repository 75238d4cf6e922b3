/**
 * Minimum spend (pure): at the close of an arrears window, a true-up line per price with a
 * minimum whose lines came to less, then one for the subscription's own minimum over all of the
 * period's lines. docs/billing-rules.md "Minimum spend".
 */
import { isFullShare, minimumSpendLine, prorationShare } from '../../../billing-math';
import type { LineDraft } from '../../invoice-writer.service';
import type { PlanPrice } from '../catalog-loader';
import { EngineSubscription, periodOf, Segment, segmentAt } from '../model';
import { tag } from './price-lines';
import { maxDate, t } from './state';

/** The recurring prices with a minimum of the segments in effect over [from, to), by price id. */
function pricesWithMinimum(segments: readonly Segment[], from: Date, to: Date): PlanPrice[] {
  const prices = new Map<string, PlanPrice>();
  for (const s of segments) {
    if (t(s.from) >= t(to) || (s.to && t(s.to) <= t(from))) continue;
    for (const p of s.phase.prices)
      if (p.price.recurring && p.price.minimum_spend_cents && !p.price.minimum_schedule) prices.set(p.product_metric_pricing_id, p);
  }
  return [...prices.values()];
}

/**
 * Minimum spend true-ups of [from, to): per price with a flat minimum (scheduled ones: see
 * minimum-schedule.ts, whose true-ups `scheduled` count toward the subscription's) and for the
 * subscription's.
 */
export function minimumSpendLines(
  sub: EngineSubscription,
  segments: readonly Segment[],
  from: Date,
  to: Date,
  periodLines: readonly LineDraft[],
  scheduled: readonly LineDraft[] = [],
): LineDraft[] {
  if (t(to) <= t(from)) return [];
  const period = periodOf(segmentAt(segments, from)!, from);
  const share = prorationShare(period.start, maxDate(period.end, to), from, to);
  const shareOrNull = isFullShare(share) ? null : share;
  const window = { start: from, end: to };
  const out: LineDraft[] = [];
  for (const p of pricesWithMinimum(segments, from, to)) {
    const line = minimumSpendLine({
      name: `Minimum spend true-up: ${p.name}`,
      minimum_spend: p.price.minimum_spend_cents,
      lines: periodLines.filter((l) => l.product_metric_pricing_id === p.product_metric_pricing_id),
      share: shareOrNull,
      period: window,
      product_pricing_id: p.product_pricing_id,
      item_id: p.item_id,
    });
    if (line) out.push(...tag([line], p));
  }
  if (sub.minimum_spend_cents) {
    const line = minimumSpendLine({
      name: 'Minimum spend true-up',
      minimum_spend: sub.minimum_spend_cents,
      lines: [...periodLines, ...scheduled, ...out],
      share: shareOrNull,
      period: window,
    });
    if (line) out.push(...tag([line], null));
  }
  return out;
}
