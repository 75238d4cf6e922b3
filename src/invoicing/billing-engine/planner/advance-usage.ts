/**
 * Usage paid in advance (pure): the invoices one arriving event calls for. For each usage price
 * of the subscription paid in advance on the event's metric, in the plan in effect at the event's
 * timestamp: charge(the period's usage with the event) − charge(the same without it), each charge
 * rounded once as the period's line would be (half away from zero), so a period's in-advance
 * invoices add up to exactly what its one line would have billed. An event worth nothing (inside
 * a free tier, filtered out by the metric, a share of a cent not reaching the next whole cent)
 * calls for none. docs/billing-rules.md#usage-charged-as-events-arrive.
 */
import { amountLine, chargeForPeriod, decimalString, percentageCharge, roundCents, toDecimal } from '../../../billing-math';
import type { InvoiceKind } from '../../invoicing.entity';
import type { PlanPrice } from '../catalog-loader';
import { buildSegments, firstAnchorOf, periodOf, segmentAt } from '../model';
import { contextOf } from './planner';
import { tag } from './price-lines';
import { maxDate, minDate, PlanInput, PlannedInvoice, t, UsageWindow } from './state';
import { decodeAmounts, encodeAmounts } from './usage-detail';

export const ADVANCE_KIND: InvoiceKind = 'ADVANCE_USAGE';

/** One event as the rule needs it. */
export interface AdvanceEvent {
  id: string;
  item_id: string;
  timestamp: Date;
  /** What the event adds to each metric of its item (by metric id): a decimal string, or null when the metric does not count it. */
  values: ReadonlyMap<string, string | null>;
  /**
   * The events of the customer and item stored with this one but billed after it (later in its
   * batch): already in the usage read, they are taken out of it, so each event of a batch is
   * billed as if it had arrived alone, in the batch's order.
   */
  later: readonly { timestamp: Date; values: ReadonlyMap<string, string | null> }[];
}

/** The billing key of an event's in-advance invoice (unique in its company with the kind): subscription, price, event. */
export const advanceKey = (subscriptionId: string, productMetricPricingId: string, eventId: string) =>
  `${subscriptionId}@${productMetricPricingId}@${eventId}`;

/** The cents a period's usage line of the price comes to (rounded once, as arrears-lines.ts bills it). */
function chargeCents(price: PlanPrice, usage: string, periodIndex: number): number {
  const pricing = price.price.pricing;
  if (pricing.pricing_type === 'PERCENTAGE') return roundCents(percentageCharge(pricing.percentage_price!, decodeAmounts(usage)).amount);
  return roundCents(chargeForPeriod(pricing, usage, { period_index: periodIndex }).usage_amount);
}

/** The period's usage without some events: the total less their values, or (PERCENTAGE) each amount counted once less per event. */
function without(price: PlanPrice, usage: string, values: readonly string[]): string {
  if (values.length === 0) return usage;
  if (price.price.pricing.pricing_type !== 'PERCENTAGE') return decimalString(values.reduce((u, v) => u.minus(v), toDecimal(usage)));
  const rows = decodeAmounts(usage).map((a) => ({ amount: decimalString(a.amount), count: toDecimal(a.count) }));
  for (const v of values) {
    const row = rows.find((r) => r.count.greaterThan(0) && toDecimal(r.amount).equals(v));
    if (row) row.count = row.count.minus(1);
  }
  const left = rows.filter((r) => r.count.greaterThan(0)).map((r) => ({ amount: r.amount, count: decimalString(r.count) }));
  return left.length === 0 ? '0' : encodeAmounts(left);
}

/** The in-advance invoices of one event for one subscription, written at `at`; usage windows not loaded yet go to `missing`. */
export function planAdvanceUsage(input: PlanInput, event: AdvanceEvent, at: Date, missing: UsageWindow[]): PlannedInvoice[] {
  const { sub } = input;
  const ts = event.timestamp;
  const segments = buildSegments(input.phases, firstAnchorOf(sub));
  if (segments.length === 0 || t(ts) < t(sub.billing_start) || (sub.end_date && t(ts) >= t(sub.end_date))) return [];
  const seg = segmentAt(segments, ts);
  if (!seg || t(seg.from) > t(ts)) return [];
  const period = periodOf(seg, ts);
  const window = { start: maxDate(maxDate(period.start, seg.from), sub.billing_start), end: minDate(period.end, seg.to) };
  const ctx = contextOf(input, segments, missing, false);
  const out: PlannedInvoice[] = [];
  for (const price of seg.phase.prices) {
    const value = event.values.get(price.metric_id);
    if (price.kind !== 'USAGE' || !price.price.pay_in_advance || price.metric?.item_id !== event.item_id || value == null) continue;
    const read = ctx.usage(price, window.start, window.end);
    if (missing.length > 0) continue;
    const inWindow = (at: Date) => t(at) >= t(window.start) && t(at) < t(window.end);
    const later = event.later.filter((e) => inWindow(e.timestamp)).map((e) => e.values.get(price.metric_id));
    const usage = without(
      price,
      read,
      later.filter((v): v is string => v != null),
    );
    const index = Math.max(0, period.index);
    const amount = chargeCents(price, usage, index) - chargeCents(price, without(price, usage, [value]), index);
    if (amount <= 0) continue;
    const percentage = price.price.pricing.pricing_type === 'PERCENTAGE';
    const line = amountLine({
      name: price.name,
      amount,
      quantity: percentage ? 1 : value,
      unit_price: null,
      period: window,
      product_pricing_id: price.product_pricing_id,
      item_id: price.item_id,
    });
    const details = { usage: percentage ? decimalString(value) : usage, metric_id: price.metric_id, event_id: event.id };
    const key = advanceKey(sub.id, price.product_metric_pricing_id, event.id);
    const moment = { type: 'PERIOD' as const, date: at, seg, kind: ADVANCE_KIND, key };
    const lines = tag([line], price, { details });
    out.push({ moment, kind: ADVANCE_KIND, key, date: at, lines, has_usage: false, period_start: window.start, period_end: window.end });
  }
  return out;
}
