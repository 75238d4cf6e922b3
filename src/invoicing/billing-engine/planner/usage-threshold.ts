/**
 * Usage thresholds (pure): the invoice a period's usage so far calls for when its usage charges
 * cross a threshold of the subscription, and the deduction of what such invoices billed from the
 * period's own invoice, so nothing is billed twice. docs/billing-rules.md#usage-thresholds.
 *
 * A threshold invoice is keyed by its period's start and the highest level it crossed: the
 * levels a period has crossed are read back from those keys, so each level is reached, invoiced
 * and announced once per period, whatever the runs, retries and instances.
 */
import { crossedLevels, linesTotal, Threshold } from '../../../billing-math';
import { buildSegments, periodOf, segmentAt } from '../model';
import { arrearsLines } from './arrears-lines';
import { contextOf } from './planner';
import { maxDate, PlanInput, PlannedInvoice, t, UsageWindow } from './state';
import { deductionLine, KIND, thresholdInvoices, thresholdKey } from './threshold-lines';

export interface ThresholdInvoice {
  invoice: PlannedInvoice;
  /** The levels newly crossed, ascending (one webhook event each). */
  levels: number[];
  /** The usage charges of the period so far (cents). */
  usage_cents: number;
}

/**
 * The threshold invoice due at `at` (null when no new level is crossed): the usage lines of the
 * current period's [start, at), less what its earlier threshold invoices billed. Only the usage
 * charges count toward a threshold (not base prices, licences or fixed fees).
 */
export function planThreshold(
  input: PlanInput,
  thresholds: readonly Threshold[],
  at: Date,
  missing: UsageWindow[],
): ThresholdInvoice | null {
  const segments = buildSegments(input.phases, input.sub.billing_start);
  if (segments.length === 0 || t(at) <= t(input.sub.billing_start)) return null;
  if (input.sub.end_date && t(at) >= t(input.sub.end_date)) return null;
  const seg = segmentAt(segments, at)!;
  const period = periodOf(seg, at);
  const from = maxDate(period.start, input.sub.billing_start);
  if (t(at) <= t(from)) return null;
  const ctx = contextOf(input, segments, missing, false);
  const usagePmps = new Set(
    segments.flatMap((s) => s.phase.prices.filter((p) => p.kind === 'USAGE').map((p) => p.product_metric_pricing_id)),
  );
  const lines = arrearsLines(segments, from, at, ctx.usage).lines.filter(
    (l) => l.kind === 'CHARGE' && !!l.product_metric_pricing_id && usagePmps.has(l.product_metric_pricing_id),
  );
  const usage = linesTotal(lines);
  const earlier = thresholdInvoices(input.written, from, new Date(t(from) + 1));
  const above = Math.max(0, ...earlier.map((x) => x.level));
  const levels = crossedLevels(thresholds, usage, above);
  if (levels.length === 0) return null;
  const billed = earlier.reduce((sum, x) => sum + (x.invoice.sub_total_cents ?? 0), 0);
  const window = { start: from, end: at };
  if (billed > 0) lines.push(deductionLine(billed, 'Usage billed at earlier usage thresholds', window));
  const key = thresholdKey(input.sub.id, from, levels[levels.length - 1]);
  const moment = { type: 'PERIOD' as const, date: at, seg, kind: KIND, key } as const;
  const invoice: PlannedInvoice = { moment, kind: KIND, key, date: at, lines, has_usage: false, period_start: from, period_end: at };
  return { invoice, levels, usage_cents: usage };
}
