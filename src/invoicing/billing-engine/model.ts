/**
 * The engine's view of a subscription (pure): its phases become SEGMENTS of time, each with the
 * plan in effect, the billing anchor and the billing term; the segments give the billing dates.
 * See src/invoicing/README-billing.md for the rules.
 */
import { addMonthsClamped, CancelTerms, Discount, periodAt, periodIndexAt, Term } from '../../billing-math';
import type { StoredConfigItem } from '../../subscriptions/subscription.entity';
import { effectivePhase } from '../../subscriptions/phases';
import type { PlanPrice } from './catalog-loader';

export type ChangeProration = 'NEXT' | 'IMMEDIATE' | 'NONE';

export interface EnginePhase {
  seq: number;
  event_seq: number;
  starts_at: Date;
  superseded: boolean;
  change_kind: 'CREATE' | 'CHANGE';
  proration_type: ChangeProration;
  reset_billing_anchor: boolean;
  /** The billing term of the plan. */
  term: Term;
  prices: PlanPrice[];
  config_items: StoredConfigItem[];
  /** A change's own one-time items (its change_config.onetime_items), billed on the change's invoice. */
  onetime_items: EngineOneTimeItem[];
}

export interface EngineOneTimeItem {
  name: string;
  quantity: string;
  /** cents per unit (custom price) */
  unit_price_cents: number | null;
  prices: PlanPrice[];
  product_pricing_id: string | null;
}

export interface EngineSubscription {
  id: string;
  customer_id: string;
  currency: string;
  start_date: Date;
  /** Billing starts here (the trial end, or the anchor): nothing is charged before. */
  billing_start: Date;
  /**
   * Calendar billing: the first calendar boundary after billing_start, the first schedule's
   * anchor; [billing_start, calendar_anchor) is the prorated first period. Null otherwise (the
   * anchor is billing_start).
   */
  calendar_anchor?: Date | null;
  end_date: Date | null;
  /** What the cancellation asks of the final invoice (NO_CANCEL_TERMS without one). */
  cancel: CancelTerms;
  /** The end of the committed term the end_date falls in (what charge_remaining_balance bills up to); null without end. */
  committed_term_end: Date | null;
  discounts: Discount[];
  minimum_spend_cents: number | null;
  due_days: number;
  auto_charges: boolean;
  /** The subscription's own one-time items, billed on its first invoice. */
  onetime_items: EngineOneTimeItem[];
}

export interface Segment {
  index: number;
  phase: EnginePhase;
  from: Date;
  /** null: open-ended */
  to: Date | null;
  anchor: Date;
  term: Term;
  /** The change that started this segment (null for the first). */
  change: { at: Date; proration: ChangeProration; reset: boolean; event_seq: number } | null;
}

const t = (d: Date) => d.getTime();

/** Consecutive time ranges with one phase in effect each, anchors chained (a reset re-anchors at the change). */
export function buildSegments(phases: EnginePhase[], billingStart: Date): Segment[] {
  const live = phases.filter((p) => !p.superseded);
  if (live.length === 0) return [];
  const instants = [...new Set(live.map((p) => t(p.starts_at)))].sort((a, b) => a - b);
  const segments: Segment[] = [];
  for (const at of instants) {
    const phase = effectivePhase(live, new Date(at))!;
    const prev = segments[segments.length - 1];
    if (prev && prev.phase.seq === phase.seq) continue;
    if (prev) prev.to = new Date(at);
    const isChange = !!prev;
    const anchor = !prev ? billingStart : phase.reset_billing_anchor ? new Date(at) : prev.anchor;
    segments.push({
      index: segments.length,
      phase,
      from: new Date(at),
      to: null,
      anchor,
      term: phase.term,
      change: isChange
        ? { at: new Date(at), proration: phase.proration_type, reset: phase.reset_billing_anchor, event_seq: phase.event_seq }
        : null,
    });
  }
  return segments;
}

/** The anchor of the first schedule: the calendar boundary under calendar billing, else where billing starts. */
export const firstAnchorOf = (sub: Pick<EngineSubscription, 'billing_start' | 'calendar_anchor'>): Date =>
  sub.calendar_anchor ?? sub.billing_start;

export function segmentAt(segments: readonly Segment[], at: Date): Segment | null {
  for (let i = segments.length - 1; i >= 0; i--) if (t(segments[i].from) <= t(at)) return segments[i];
  return segments[0] ?? null;
}

/** The billing period of a segment's schedule that contains `at`. */
export function periodOf(seg: Segment, at: Date): { start: Date; end: Date; index: number } {
  const p = periodAt(seg.anchor, seg.term, at);
  return { start: p.start, end: p.end, index: p.index };
}

/** The first boundary of the segment's schedule at or after `at`. */
export function boundaryAtOrAfter(seg: Segment, at: Date): Date {
  const p = periodAt(seg.anchor, seg.term, at);
  return t(p.start) === t(at) ? p.start : p.end;
}

export function periodIndex(seg: Segment, at: Date): number {
  return Math.max(0, periodIndexAt(seg.anchor, seg.term, at));
}

/** The end of the segment's period that starts (or contains) `b`. */
export function nextBoundary(seg: Segment, b: Date): Date {
  return periodAt(seg.anchor, seg.term, b).end;
}

export const addDays = (d: Date, days: number) => new Date(t(d) + days * 86_400_000);
export { addMonthsClamped };
