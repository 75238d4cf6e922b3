/**
 * The billing walk (pure and synchronous): goes through a subscription's billing points in time
 * order — billing dates, plan changes, the end — keeping what was billed in advance (the
 * "coverage"), and computes the lines of every invoice the rules call for
 * (src/invoicing/README-billing.md). Invoices that exist already are not recomputed: their
 * stored period tells how far they billed in advance.
 *
 * Everything it reads is data handed in by the load stage (load.ts): the existing invoices, the
 * pending one-time charges, and the metered usage of each window. A window missing from the usage
 * table counts 0 and is listed in `missing_usage`: the caller walks once with an empty table to
 * learn the windows, loads them in one batch, and walks again.
 */
import {
  amountLine,
  carryOver,
  chargeForPeriod,
  closeMinimumPeriod,
  customRefundCredit,
  decimalString,
  Decimal,
  sumDecimals,
  FULL_SHARE,
  InvoiceLine,
  isFullShare,
  linesTotal,
  MinimumState,
  minimumSpendLine,
  NO_MINIMUM_STATE,
  pricingLines,
  prorationFor,
  prorationShare,
  remainingBalanceWindows,
  Share,
  unitPriceLine,
} from '../../billing-math';
import type { InvoiceKind } from '../invoicing.entity';
import type { LineDraft } from '../invoice-writer.service';
import type { PlanPrice } from './catalog-loader';
import {
  boundaryAtOrAfter,
  buildSegments,
  ChangeProration,
  EngineOneTimeItem,
  EnginePhase,
  EngineSubscription,
  nextBoundary,
  periodIndex,
  periodOf,
  Segment,
  segmentAt,
} from './model';

const t = (d: Date) => d.getTime();
const minDate = (a: Date, b: Date | null) => (b !== null && t(b) < t(a) ? b : a);
const maxDate = (a: Date, b: Date) => (t(a) >= t(b) ? a : b);

export type PointType = 'PERIOD' | 'CHANGE' | 'CANCEL';

export interface BillingPoint {
  type: PointType;
  date: Date;
  /** The segment in effect from this point on (for CANCEL: the last one). */
  seg: Segment;
  /** Set for points that may produce an invoice. */
  kind: InvoiceKind | null;
  key: string | null;
}

export interface ExistingDoc {
  id: string;
  status: string;
  period_start: Date | null;
  period_end: Date | null;
  /** Cents paid on it (an open invoice with nothing paid is voided by cancel_pending_invoices). */
  paid_cents?: number;
  /** The phase whose plan the invoice billed in advance (from its lines), when known. */
  phase_seq: number | null;
}

/** A pending one-time charge of the customer, priced: it goes on the first invoice dated at or after its creation. */
export interface OneTimeCharge {
  id: string;
  created_at: Date;
  lines: LineDraft[];
}

/** A window of metered usage the walk needs: the customer's usage of the price's metric over [start, end). */
export interface UsageWindow {
  customer_id: string;
  price: PlanPrice;
  start: Date;
  end: Date;
}

/** The key of a usage window in a usage table. */
export const usageKey = (customerId: string, metricId: string, start: Date, end: Date) =>
  `${customerId}|${metricId}|${start.toISOString()}|${end.toISOString()}`;

/** What the walk reads, all loaded beforehand. */
export interface WalkInput {
  /** Invoices written already, by `${kind}|${key}`. */
  existing: ReadonlyMap<string, ExistingDoc>;
  /** Non-existing invoices dated at or before this were computed before and found empty (null: recompute). */
  emptyThrough: Date | null;
  /** Metered usage (decimal strings) by usageKey. */
  usage: ReadonlyMap<string, string>;
  /**
   * The customer's NEXT one-time charges, oldest first. write / preview: each goes on the first
   * invoice dated at or after its creation; recompute: all go on the target invoice.
   */
  oneTimes: readonly OneTimeCharge[];
}

export interface WalkOptions {
  /** write: every invoice dated <= until; preview: the first invoice not written yet; recompute: the invoice with targetKey. */
  mode: 'write' | 'preview' | 'recompute';
  until?: Date;
  targetKey?: string;
  /** Safety limit on the points visited. */
  maxPoints?: number;
  /**
   * write: stop once more than this many invoices are computed and the last is at a later
   * instant than the first (the caller writes at most this many, cut at an instant boundary:
   * computing the rest of a long catch-up would be wasted).
   */
  stopAfterDocs?: number;
}

export interface ComputedDoc {
  point: BillingPoint;
  kind: InvoiceKind;
  key: string;
  date: Date;
  lines: LineDraft[];
  has_usage: boolean;
  period_start: Date;
  period_end: Date;
}

export interface WalkResult {
  docs: ComputedDoc[];
  /** Usage windows the walk needed and did not find in the usage table (counted 0): the result is complete only when empty. */
  missing_usage: UsageWindow[];
  /** The first point after `until` that may produce an invoice (the next work), null when none. */
  next_work_at: Date | null;
  /** The first billing date (period or final invoice) not yet invoiced, null when none. */
  next_invoice_date: Date | null;
}

interface Coverage {
  seg: Segment;
  end: Date;
}

interface PendingProration {
  at: Date;
  oldSeg: Segment;
  oldEnd: Date;
  newSeg: Segment;
  chargeEnd: Date;
}

/**
 * A change at a billing date of the schedule it leaves (where the billed period ends) onto a
 * schedule with no billing date there (another term on the same anchor): nothing is billed in
 * advance past that instant, so the change itself bills the new plan up to its next billing date.
 */
function startsBetweenBillingDates(prev: Segment, seg: Segment, billingStart: Date): boolean {
  const at = seg.from;
  return t(at) >= t(billingStart) && t(boundaryAtOrAfter(prev, at)) === t(at) && t(boundaryAtOrAfter(seg, at)) > t(at);
}

/** Billing points in time order (an infinite sequence for a subscription without end). */
export function* billingPoints(sub: EngineSubscription, segments: Segment[]): Generator<BillingPoint> {
  const e = sub.end_date;
  const bs = sub.billing_start;
  for (const seg of segments) {
    if (e && t(seg.from) >= t(e)) break;
    const ch = seg.change;
    if (ch) {
      const withDoc = ch.reset || ch.proration === 'IMMEDIATE' || startsBetweenBillingDates(segments[seg.index - 1], seg, bs);
      yield {
        type: 'CHANGE',
        date: seg.from,
        seg,
        kind: withDoc ? 'SUBSCRIPTION_CHANGE' : null,
        key: withDoc ? `${sub.id}@change@${ch.event_seq}` : null,
      };
    }
    let b = boundaryAtOrAfter(seg, maxDate(seg.from, bs));
    if (ch?.reset && t(b) === t(seg.from)) b = nextBoundary(seg, b);
    for (;;) {
      if (seg.to && t(b) >= t(seg.to)) break;
      if (e && t(b) >= t(e)) break;
      yield { type: 'PERIOD', date: b, seg, kind: 'SUBSCRIPTION_PERIOD', key: `${sub.id}@${b.toISOString()}` };
      b = nextBoundary(seg, b);
    }
  }
  if (e && segments.length > 0 && t(e) > t(segments[0].from)) {
    yield { type: 'CANCEL', date: e, seg: segmentAt(segments, new Date(t(e) - 1))!, kind: 'SUBSCRIPTION_CANCEL', key: `${sub.id}@cancel` };
  }
}

function quantityOf(phase: EnginePhase, price: PlanPrice): number {
  if (price.kind !== 'LICENSE') return 1;
  const ci = phase.config_items.find((c) => c.product_metric_pricing_id === price.product_metric_pricing_id);
  return ci ? Math.max(ci.num_licenses, ci.minimum_units ?? 0) : 0;
}

const isAdvance = (p: PlanPrice) => p.price.recurring && p.price.charge_type === 'PRE_POST' && p.kind !== 'USAGE';
const isArrears = (p: PlanPrice) => p.price.recurring && (p.kind === 'USAGE' || p.price.charge_type === 'POST_ONLY');

function tag(lines: InvoiceLine[], price: PlanPrice | null, extra: Partial<LineDraft> = {}): LineDraft[] {
  return lines.map((l) => ({ ...l, product_metric_pricing_id: price?.product_metric_pricing_id ?? null, ...extra }));
}

/** The lines of a price for a period (× share), named after the price. */
function priceLines(
  price: PlanPrice,
  quantity: number | string,
  periodIndexN: number,
  share: Share | null,
  period: { start: Date; end: Date },
  opts: { credit?: boolean; prefix?: string } = {},
): LineDraft[] {
  const name = `${opts.prefix ?? ''}${price.name}`;
  const lines = pricingLines({
    name,
    base_name: `${name} - base price`,
    pricing: price.price.pricing,
    quantity,
    period_index: periodIndexN,
    share,
    credit: opts.credit,
    period,
    product_pricing_id: price.product_pricing_id,
    item_id: price.item_id,
  });
  return tag(lines, price);
}

/** Advance lines of a segment's plan for [b, covEnd) of the period [b, periodEnd). */
export function advanceLines(seg: Segment, b: Date, covEnd: Date, periodEnd: Date): LineDraft[] {
  const out: LineDraft[] = [];
  const idx = periodIndex(seg, b);
  for (const price of seg.phase.prices.filter(isAdvance)) {
    const full = price.price.proration_type === 'NONE' || t(covEnd) >= t(periodEnd);
    const share = full ? null : prorationShare(b, periodEnd, b, covEnd);
    const end = full ? periodEnd : covEnd;
    if (share && share.numerator === 0) continue;
    out.push(...priceLines(price, quantityOf(seg.phase, price), idx, share, { start: b, end }));
  }
  return out.map((l) => ({ ...l, details: { ...(l.details ?? {}), phase_seq: seg.phase.seq } }));
}

/** One-time prices of the plan and the subscription's one-time items: on its first invoice. */
function firstInvoiceLines(sub: EngineSubscription, seg: Segment, b: Date): LineDraft[] {
  const out: LineDraft[] = [];
  for (const price of seg.phase.prices.filter((p) => !p.price.recurring)) {
    out.push(...priceLines(price, quantityOf(seg.phase, price), 0, null, { start: b, end: b }));
  }
  out.push(...oneTimeItemLines(sub.onetime_items, b));
  // a change made before the start took the first plan's place (no change point of its own): its items here
  if (seg.change === null && seg.phase.change_kind === 'CHANGE') out.push(...oneTimeItemLines(seg.phase.onetime_items, b));
  return out;
}

/** The lines of one-time items (the subscription's, or a change's), dated `b`. */
function oneTimeItemLines(items: readonly EngineOneTimeItem[], b: Date): LineDraft[] {
  const out: LineDraft[] = [];
  for (const item of items) {
    if (item.unit_price_cents !== null) {
      out.push(
        ...tag(
          [
            unitPriceLine({
              name: item.name,
              quantity: item.quantity,
              unit_price: item.unit_price_cents,
              product_pricing_id: item.product_pricing_id,
            }),
          ],
          null,
        ),
      );
    } else {
      for (const price of item.prices) out.push(...priceLines(price, item.quantity, 0, null, { start: b, end: b }));
    }
  }
  return out;
}

/** Credit of the old plan for [at, oldEnd) and charge of the new one for [at, chargeEnd) (proration lines). */
export function prorationLines(p: PendingProration): LineDraft[] {
  const out: LineDraft[] = [];
  const mark = (lines: LineDraft[]) => lines.map((l) => ({ ...l, kind: 'CHARGE' as const, prorated: true }));
  if (t(p.oldEnd) > t(p.at)) {
    const period = periodOf(p.oldSeg, p.at);
    for (const price of p.oldSeg.phase.prices.filter(isAdvance)) {
      const share = prorationFor(price.price.proration_type, period, p.at, p.oldEnd);
      if (!share) continue;
      out.push(
        ...mark(
          priceLines(
            price,
            quantityOf(p.oldSeg.phase, price),
            Math.max(0, period.index),
            share,
            { start: p.at, end: p.oldEnd },
            { credit: true, prefix: 'Unused time: ' },
          ),
        ),
      );
    }
  }
  if (t(p.chargeEnd) > t(p.at)) {
    const period = periodOf(p.newSeg, p.at);
    for (const price of p.newSeg.phase.prices.filter(isAdvance)) {
      const share = prorationFor(price.price.proration_type, period, p.at, p.chargeEnd);
      if (!share) continue;
      out.push(
        ...mark(
          priceLines(
            price,
            quantityOf(p.newSeg.phase, price),
            Math.max(0, period.index),
            share,
            { start: p.at, end: p.chargeEnd },
            { prefix: 'Remaining time: ' },
          ),
        ),
      );
    }
  }
  return out;
}

/**
 * Arrears of [from, to): usage prices (usage of each piece of the window under the plan in
 * effect; the base price prorated by the piece's share) and POST_ONLY prices (prorated by the
 * piece's share of its period).
 */
function arrearsLines(
  segments: Segment[],
  from: Date,
  to: Date,
  usage: (price: PlanPrice, start: Date, end: Date) => string,
  carried: Map<string, string> = new Map(),
): { lines: LineDraft[]; has_usage: boolean } {
  const out: LineDraft[] = [];
  let hasUsage = false;
  if (t(to) <= t(from)) return { lines: out, has_usage: false };
  // --- carry_over of included units (carryOver): carried in on a price's first piece of the window ---
  const carryIn = new Map(carried);
  const usedOf = new Map<string, { price: PlanPrice; used: Decimal }>();
  carried.clear();
  for (const seg of segments) {
    const s = maxDate(seg.from, from);
    const e = minDate(to, seg.to);
    if (t(e) <= t(s)) continue;
    const period = periodOf(seg, s);
    const last = t(e) === t(to);
    const share = prorationShare(period.start, period.end, s, e);
    const idx = Math.max(0, period.index);
    for (const price of seg.phase.prices.filter(isArrears)) {
      const none = price.price.proration_type === 'NONE';
      if (none && !last) continue;
      const lineShare = none || isFullShare(share) ? null : share;
      const window = { start: s, end: e };
      if (price.kind === 'USAGE') {
        hasUsage = true;
        const qty = usage(price, s, e);
        const pmp = price.product_metric_pricing_id;
        const extra = price.price.carry_over && !usedOf.has(pmp) ? Number(carryIn.get(pmp) ?? '0') : 0;
        if (price.price.carry_over) usedOf.set(pmp, { price, used: sumDecimals([usedOf.get(pmp)?.used ?? '0', qty]) });
        const pricing =
          extra > 0 ? { ...price.price.pricing, base_units: (price.price.pricing.base_units ?? 0) + extra } : price.price.pricing;
        const charge = chargeForPeriod(pricing, qty, { period_index: idx });
        const ctx = { period: window, product_pricing_id: price.product_pricing_id, item_id: price.item_id };
        if (!charge.base_amount.isZero()) {
          out.push(
            ...tag(
              [
                amountLine({
                  ...ctx,
                  name: `${price.name} - base price`,
                  kind: 'BASE',
                  amount: charge.base_amount,
                  unit_price: charge.base_amount,
                  share: lineShare,
                }),
              ],
              price,
            ),
          );
        }
        out.push(
          ...tag(
            [
              amountLine({
                ...ctx,
                name: extra > 0 ? `${price.name} (${pricing.base_units} units included, ${extra} carried over)` : price.name,
                amount: charge.usage_amount,
                quantity: charge.billable_units,
                unit_price: charge.unit_price === null ? null : decimalString(charge.unit_price),
              }),
            ],
            price,
            { details: { usage: qty, metric_id: price.metric_id, ...(extra > 0 ? { carried_over_units: extra } : {}) } },
          ),
        );
      } else {
        out.push(...priceLines(price, quantityOf(seg.phase, price), idx, lineShare, window));
      }
    }
  }
  for (const [pmp, { price, used }] of usedOf) {
    carried.set(pmp, carryOver(price.price.pricing.base_units ?? 0, carryIn.get(pmp) ?? '0', used).carried_out);
  }
  return { lines: out, has_usage: hasUsage };
}

/** Minimum spend true-ups of [from, to): per price with a minimum and for the subscription's. */
function minimumSpendLines(
  sub: EngineSubscription,
  segments: Segment[],
  from: Date,
  to: Date,
  periodLines: LineDraft[],
  scheduledTrueUps: LineDraft[] = [],
): LineDraft[] {
  if (t(to) <= t(from)) return [];
  const seg = segmentAt(segments, from)!;
  const period = periodOf(seg, from);
  const share = prorationShare(period.start, maxDate(period.end, to), from, to);
  const shareOrNull = isFullShare(share) ? null : share;
  const window = { start: from, end: to };
  const prices = new Map<string, PlanPrice>();
  for (const s of segments) {
    if (t(s.from) >= t(to) || (s.to && t(s.to) <= t(from))) continue;
    for (const p of s.phase.prices)
      if (p.price.recurring && p.price.minimum_spend_cents && !p.price.minimum_schedule) prices.set(p.product_metric_pricing_id, p);
  }
  const out: LineDraft[] = [];
  for (const p of prices.values()) {
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
      lines: [...periodLines, ...scheduledTrueUps, ...out],
      share: shareOrNull,
      period: window,
    });
    if (line) out.push(...tag([line], null));
  }
  return out;
}

/** Whether the cancellation voids this invoice when it takes effect (or it is void already): nothing of it is credited then. */
function voidedByCancel(sub: EngineSubscription, doc: ExistingDoc | undefined): boolean {
  if (!doc) return false;
  if (doc.status === 'VOID') return true;
  return sub.cancel.cancel_pending_invoices && (doc.status === 'DRAFT' || doc.status === 'PENDING') && (doc.paid_cents ?? 0) === 0;
}

/**
 * What the cancelled period billed in advance: the advance charge of the plan in effect at the
 * end for the whole billing period the subscription ends in (or at the end of). The bound of a
 * CUSTOM refund; 0 when the end comes before billing starts.
 */
export function cancelledPeriodBilled(sub: EngineSubscription, phases: EnginePhase[], end: Date): number {
  const segments = buildSegments(phases, sub.billing_start);
  return segments.length === 0 ? 0 : periodBilledAt(segments, sub, end);
}

/**
 * The refund and remaining-balance lines of the final invoice at `at` (docs/billing-rules.md#cancellations):
 * - charge_remaining_balance: the plan's advance prices for every window from the end of the
 *   billed coverage to the end of the committed term, and no credit for the unused time;
 * - PRORATED: a credit of the advance billed past the end (unless its invoice is voided);
 * - CUSTOM: a credit of the amount asked, at most what the cancelled period billed;
 * - PRORATED and CUSTOM: invoices of billing dates at or after the end, written before the
 *   cancellation was known, credited whole (decision 4).
 */
function cancellationLines(
  sub: EngineSubscription,
  segments: Segment[],
  seg: Segment,
  coverage: Coverage | null,
  at: Date,
  existingDoc: (kind: InvoiceKind, key: string) => ExistingDoc | undefined,
  segOfPhase: (seq: number, at: Date) => Segment | null,
): LineDraft[] {
  const terms = sub.cancel;
  const out: LineDraft[] = [];
  const covered = coverage !== null && t(coverage.end) > t(at);
  const billedDoc = covered ? existingDoc('SUBSCRIPTION_PERIOD', `${sub.id}@${periodOf(coverage.seg, at).start.toISOString()}`) : undefined;
  if (terms.charge_remaining_balance) {
    if (coverage !== null && sub.committed_term_end) {
      const from = maxDate(coverage.end, at);
      for (const w of remainingBalanceWindows(seg.anchor, seg.term, from, sub.committed_term_end)) {
        for (const price of seg.phase.prices.filter(isAdvance)) {
          const share = price.price.proration_type === 'NONE' ? null : w.share;
          out.push(
            ...priceLines(price, quantityOf(seg.phase, price), Math.max(0, w.period.index), share, w, { prefix: 'Remaining balance: ' }),
          );
        }
      }
    }
    return out;
  }
  if (terms.refund_type === 'PRORATED' && covered && !voidedByCancel(sub, billedDoc)) {
    out.push(...prorationLines({ at, oldSeg: coverage!.seg, oldEnd: coverage!.end, newSeg: coverage!.seg, chargeEnd: at }));
  }
  if (terms.refund_type === 'CUSTOM' && terms.custom_refund_cents) {
    const billed = voidedByCancel(sub, billedDoc) ? 0 : periodBilledAt(segments, sub, at);
    const credit = customRefundCredit(terms.custom_refund_cents, billed);
    if (credit !== 0) {
      out.push({
        ...amountLine({ name: 'Refund (custom amount)', amount: credit, period: { start: at, end: at } }),
        product_metric_pricing_id: null,
      });
    }
  }
  if (terms.refund_type === 'PRORATED' || terms.refund_type === 'CUSTOM') {
    // invoices of billing dates at or after the end, written before the cancellation was known: credited whole
    const last = segments[segments.length - 1];
    let b = boundaryAtOrAfter(seg, at);
    for (let k = 0; k < 1000; k++) {
      const doc = existingDoc('SUBSCRIPTION_PERIOD', `${sub.id}@${b.toISOString()}`);
      if (!doc || !doc.period_end) break;
      const docSeg = (doc.phase_seq !== null ? segOfPhase(doc.phase_seq, b) : null) ?? segmentAt(segments, b) ?? last;
      if (t(doc.period_end) > t(b) && !voidedByCancel(sub, doc))
        out.push(...prorationLines({ at: b, oldSeg: docSeg, oldEnd: doc.period_end, newSeg: docSeg, chargeEnd: b }));
      b = nextBoundary(segmentAt(segments, b) ?? last, b);
    }
  }
  return out;
}

/** cancelledPeriodBilled over segments already built. */
function periodBilledAt(segments: Segment[], sub: EngineSubscription, end: Date): number {
  if (t(end) <= t(sub.billing_start)) return 0;
  const before = new Date(t(end) - 1);
  const seg = segmentAt(segments, before)!;
  const p = periodOf(seg, before);
  return linesTotal(advanceLines(seg, p.start, p.end, p.end));
}

/**
 * True-ups of the prices whose minimum is a schedule, pulls forward or is assessed over a
 * true-up window (BillingPrice.minimum_schedule): closes the period [from, to) of each in its
 * running state (`states`, by product metric pricing) and gives the top-up of every window it
 * closes (docs/billing-rules.md#minimum-spend).
 */
function scheduledMinimumLines(
  segments: Segment[],
  from: Date,
  to: Date,
  periodLines: LineDraft[],
  states: Map<string, MinimumState>,
  final: boolean,
): LineDraft[] {
  if (t(to) <= t(from)) return [];
  const seg = segmentAt(segments, from)!;
  const period = periodOf(seg, from);
  const share = prorationShare(period.start, maxDate(period.end, to), from, to);
  const prices = new Map<string, PlanPrice>();
  for (const s of segments) {
    if (t(s.from) >= t(to) || (s.to && t(s.to) <= t(from))) continue;
    for (const p of s.phase.prices) if (p.price.recurring && p.price.minimum_schedule) prices.set(p.product_metric_pricing_id, p);
  }
  const out: LineDraft[] = [];
  for (const p of prices.values()) {
    const charged = linesTotal(periodLines.filter((l) => l.product_metric_pricing_id === p.product_metric_pricing_id));
    const r = closeMinimumPeriod(p.price.minimum_schedule!, states.get(p.product_metric_pricing_id) ?? NO_MINIMUM_STATE, {
      index: Math.max(0, period.index),
      charged,
      share: isFullShare(share) ? null : share,
      final,
    });
    states.set(p.product_metric_pricing_id, r.state);
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
  return out;
}

/**
 * Walks the subscription's billing points and computes the invoices asked for by `opts`.
 */
export function walkSubscription(sub: EngineSubscription, phases: EnginePhase[], input: WalkInput, opts: WalkOptions): WalkResult {
  const segments = buildSegments(phases, sub.billing_start);
  const result: WalkResult = { docs: [], missing_usage: [], next_work_at: null, next_invoice_date: null };
  if (segments.length === 0) return result;
  const bs = sub.billing_start;
  const e = sub.end_date;
  const maxPoints = opts.maxPoints ?? 100_000;

  let coverage = null as Coverage | null;
  let pending: PendingProration[] = [];
  /** One-time items of changes that had no invoice of their own: on the next invoice. */
  let pendingItems: LineDraft[] = [];
  /** Running minimums of the prices with a minimum schedule (kept through every period, invoiced or not). */
  const minimumStates = new Map<string, MinimumState>();
  /** Included units carried to the next period, by product metric pricing (carry_over). */
  const carriedUnits = new Map<string, string>();
  const statefulMinimums = phases.some((ph) => ph.prices.some((p) => p.price.minimum_schedule || p.price.carry_over));
  /** Start of the open arrears window (the last billing date). */
  let prev: Date | null = null;
  /** Advance lines billed at `prev` (for minimum spend). */
  let prevAdvance: LineDraft[] = [];
  let visited = 0;
  /** Key of a billing-date invoice taken over by a change at its instant (see CHANGE). */
  let takenOverKey: string | null = null;
  const existingDoc = (kind: InvoiceKind, key: string) => input.existing.get(`${kind}|${key}`);
  const usage = (price: PlanPrice, start: Date, end: Date): string => {
    const found = input.usage.get(usageKey(sub.customer_id, price.metric_id, start, end));
    if (found !== undefined) return found;
    result.missing_usage.push({ customer_id: sub.customer_id, price, start, end });
    return '0';
  };
  const taken = new Set<OneTimeCharge>();
  /** The one-time charges that go on the invoice of this point (taken once). */
  const takeOneTimes = (point: BillingPoint): LineDraft[] => {
    if (point.type === 'CHANGE' && !point.seg.change?.reset) return [];
    const due = input.oneTimes.filter((o) => !taken.has(o) && (opts.mode === 'recompute' || t(o.created_at) <= t(point.date)));
    due.forEach((o) => taken.add(o));
    return due.flatMap((o) => o.lines);
  };
  /** The latest segment of a phase started at or before `at`. */
  const segOfPhase = (seq: number, at: Date): Segment | null => {
    let found: Segment | null = null;
    for (const sg of segments) if (sg.phase.seq === seq && t(sg.from) <= t(at)) found = sg;
    return found;
  };

  for (const point of billingPoints(sub, segments)) {
    if (++visited > maxPoints) break;
    const existing = point.kind && point.key ? existingDoc(point.kind, point.key) : undefined;
    const isTarget = opts.mode === 'recompute' && point.key === opts.targetKey;
    const future = opts.mode === 'write' && t(point.date) > t(opts.until!);
    if (future && point.kind) {
      result.next_work_at ??= point.date;
      if (point.type !== 'CHANGE') {
        result.next_invoice_date ??= point.date;
        break;
      }
      continue;
    }
    if (future) continue;
    // whether to compute this point's lines
    const compute = isTarget || (!existing && !(input.emptyThrough && t(point.date) <= t(input.emptyThrough)) && opts.mode !== 'recompute');
    const lines: LineDraft[] = [];
    let hasUsage = false;
    let periodStart = point.date;
    let periodEnd = point.date;
    let writable = false;

    const closeArrears = (to: Date, final = false) => {
      if (prev === null) return;
      const arrears = arrearsLines(segments, prev, to, usage, carriedUnits);
      hasUsage = arrears.has_usage;
      const periodLines = [...prevAdvance, ...arrears.lines];
      // --- minimum spend schedules, pull forward, true-up windows: scheduledMinimumLines ---
      const scheduled = scheduledMinimumLines(segments, prev, to, periodLines, minimumStates, final);
      const min = minimumSpendLines(sub, segments, prev, to, periodLines, scheduled);
      lines.push(...arrears.lines, ...scheduled, ...min);
    };
    const takePending = () => {
      for (const p of pending) lines.push(...prorationLines(p));
    };
    /** A change's charge for the new plan: on this point's invoice now, or pending for the next one. */
    const chargeChange = (p: PendingProration, now: boolean) => {
      if (!now) {
        pending.push(p);
        coverage = { seg: p.newSeg, end: p.chargeEnd };
        return;
      }
      const covEnd: Date = existing?.period_end ?? p.chargeEnd;
      if (compute) {
        lines.push(...prorationLines(p));
        writable = lines.length > 0;
      }
      periodStart = p.at;
      periodEnd = covEnd;
      coverage = { seg: p.newSeg, end: covEnd };
    };

    if (point.type === 'PERIOD') {
      const seg = point.seg;
      const nb = nextBoundary(seg, point.date);
      const covEnd = existing?.period_end ?? minDate(nb, e);
      const takenOver = takenOverKey === point.key;
      // the running minimums advance through periods already invoiced too
      if (!compute && statefulMinimums) closeArrears(point.date);
      if (compute) {
        closeArrears(point.date);
        takePending();
        lines.push(...takeOneTimes(point), ...pendingItems);
        if (prev === null) lines.push(...firstInvoiceLines(sub, seg, point.date));
        lines.push(...advanceLines(seg, point.date, covEnd, nb));
        // the first billing date gets an invoice only when it has something to bill
        writable = prev !== null || lines.length > 0;
      }
      periodStart = point.date;
      periodEnd = covEnd;
      // an invoice written before a change at its own instant billed the old plan: the change took it over
      if (!takenOver)
        coverage = { seg: existing?.phase_seq != null ? (segOfPhase(existing.phase_seq, point.date) ?? seg) : seg, end: covEnd };
      pending = pending.filter((p) => t(p.chargeEnd) > t(point.date));
      pendingItems = [];
      prev = point.date;
      prevAdvance = advanceLines(seg, point.date, covEnd, nb);
    } else if (point.type === 'CHANGE') {
      const ch = point.seg.change!;
      const at = point.date;
      // the invoice of a billing date at this very instant, written before the change (with the old plan)
      const sameInstant = ch.reset ? undefined : existingDoc('SUBSCRIPTION_PERIOD', `${sub.id}@${at.toISOString()}`);
      if (sameInstant && sameInstant.phase_seq !== null && sameInstant.phase_seq !== point.seg.phase.seq && sameInstant.period_end) {
        coverage = { seg: segOfPhase(sameInstant.phase_seq, at) ?? coverage?.seg ?? point.seg, end: sameInstant.period_end };
        takenOverKey = `${sub.id}@${at.toISOString()}`;
      }
      const billed = coverage !== null && t(at) >= t(bs) && t(coverage.end) > t(at);
      // the billed period ends at this very instant and the new schedule has no billing date here
      const gap =
        !ch.reset && coverage !== null && t(at) >= t(bs) && t(coverage.end) === t(at) && t(boundaryAtOrAfter(point.seg, at)) > t(at);
      const proration: ChangeProration = ch.proration;
      if (ch.reset && t(at) >= t(bs)) {
        const nb = nextBoundary(point.seg, at);
        const covEnd = existing?.period_end ?? minDate(nb, e);
        if (!compute && statefulMinimums) closeArrears(at);
        if (compute) {
          closeArrears(at);
          takePending();
          if (billed && proration !== 'NONE')
            lines.push(...prorationLines({ at, oldSeg: coverage!.seg, oldEnd: coverage!.end, newSeg: point.seg, chargeEnd: at }));
          lines.push(...takeOneTimes(point), ...pendingItems);
          if (prev === null) lines.push(...firstInvoiceLines(sub, point.seg, at));
          lines.push(...advanceLines(point.seg, at, covEnd, nb));
          writable = lines.length > 0;
        }
        periodStart = at;
        periodEnd = covEnd;
        coverage = { seg: point.seg, end: covEnd };
        pending = [];
        pendingItems = [];
        prev = at;
        prevAdvance = advanceLines(point.seg, at, covEnd, nb);
      } else if (gap) {
        // Whatever the proration: nothing of the old plan is left to credit, and without this
        // charge the new plan would run unbilled until its next billing date. Billed in advance
        // on the change's own invoice; should the point carry no invoice, on the next one.
        const p: PendingProration = {
          at,
          oldSeg: coverage!.seg,
          oldEnd: at,
          newSeg: point.seg,
          chargeEnd: minDate(boundaryAtOrAfter(point.seg, at), e),
        };
        chargeChange(p, point.kind !== null);
      } else if (billed && proration !== 'NONE') {
        // taken over: the new plan is charged to its own next billing date (the invoice at this
        // instant, written already, stays as it is)
        const chargeEnd: Date =
          takenOverKey === `${sub.id}@${at.toISOString()}`
            ? minDate(nextBoundary(point.seg, at), e)
            : minDate(boundaryAtOrAfter(point.seg, at), e);
        const p: PendingProration = { at, oldSeg: coverage!.seg, oldEnd: coverage!.end, newSeg: point.seg, chargeEnd };
        chargeChange(p, proration === 'IMMEDIATE');
      }
      // --- one-time items of the change: on its own invoice, else on the next one (oneTimeItemLines) ---
      if (point.seg.phase.onetime_items.length > 0) {
        const items = oneTimeItemLines(point.seg.phase.onetime_items, at);
        if (point.kind !== null && t(at) >= t(bs)) {
          if (compute) {
            lines.push(...items);
            writable = true;
          }
        } else pendingItems.push(...items);
      }
    } else {
      // CANCEL at e
      const at = point.date;
      if (compute) {
        closeArrears(at, true);
        takePending();
        // --- cancellation options (refund, remaining balance): cancellationLines ---
        lines.push(...cancellationLines(sub, segments, point.seg, coverage, at, existingDoc, segOfPhase));
        lines.push(...takeOneTimes(point), ...pendingItems);
        writable = lines.length > 0;
      }
      periodStart = prev ?? at;
      periodEnd = at;
    }

    if (point.kind && point.key && !existing) {
      if (compute && writable) {
        const doc: ComputedDoc = {
          point,
          kind: point.kind,
          key: point.key,
          date: point.date,
          lines,
          has_usage: hasUsage,
          period_start: periodStart,
          period_end: periodEnd,
        };
        if (opts.mode === 'preview') {
          result.docs.push(doc);
          result.next_invoice_date = point.date;
          return result;
        }
        if (opts.mode === 'write') {
          result.docs.push(doc);
          const n = result.docs.length;
          if (opts.stopAfterDocs !== undefined && n > opts.stopAfterDocs && t(doc.date) > t(result.docs[0].date)) return result;
        }
      }
    }
    if (isTarget) {
      result.docs.push({
        point,
        kind: point.kind!,
        key: point.key!,
        date: point.date,
        lines,
        has_usage: hasUsage,
        period_start: periodStart,
        period_end: periodEnd,
      });
      return result;
    }
    if (point.type === 'CANCEL') break;
  }
  return result;
}

export { FULL_SHARE };
