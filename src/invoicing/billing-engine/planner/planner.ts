/**
 * The billing planner (pure and synchronous): replays a subscription's moments in time order
 * (moments.ts), each through the one rule of its kind, over one immutable state record
 * (state.ts), and proposes the invoice of every moment that calls for one. It reads only the
 * data handed in (PlanInput): no I/O, clock or randomness. Which invoices' lines to compute is
 * the driver's choice (drivers.ts); what is written already is settled by reconcile.ts.
 *
 * A usage window missing from the usage table counts 0 and is reported to `missingUsage`: the
 * caller plans once with an empty table to learn the windows, loads them in one batch, and plans
 * again.
 */
import type { PlanPrice } from '../catalog-loader';
import { decimalString, Dec, isFullShare, prorationShare } from '../../../billing-math';
import { buildSegments, firstAnchorOf, periodOf, Segment, segmentAt } from '../model';
import { anchorReset } from './anchor-reset';
import { cancellation } from './cancellation';
import { billingMoments } from './moments';
import { periodBoundary } from './period-boundary';
import { planChange } from './plan-change';
import { usageVariant } from './usage-detail';
import { thresholdBilled } from './threshold-lines';
import {
  INITIAL_STATE,
  InvoiceDraft,
  Moment,
  PlanContext,
  PlanInput,
  PlanState,
  Rule,
  t,
  usageKey,
  UsageWindow,
  WrittenInvoice,
} from './state';

/** A moment as planned: its written invoice (if any) and, when asked for, its invoice's lines. */
export interface PlannedMoment {
  moment: Moment;
  written: WrittenInvoice | undefined;
  draft: InvoiceDraft | null;
}

/** The rule of a moment: one per kind. */
function ruleOf(moment: Moment, sub: PlanInput['sub']): Rule {
  if (moment.type === 'PERIOD') return periodBoundary;
  if (moment.type === 'CANCEL') return cancellation;
  return moment.seg.change!.reset && t(moment.date) >= t(sub.billing_start) ? anchorReset : planChange;
}

/** A WEIGHTED_SUM metric: its usage is a quantity averaged over the window it was read for. */
const weighsTime = (price: PlanPrice) => price.metric?.metering_rule?.aggregator === 'WEIGHTED_SUM';

/**
 * A time-weighted quantity read over part of a billing period (a window cut by a change, the end,
 * or a calendar start) counts for that part: quantity × window / period, so 20 seats for half a
 * month bill 10 seat-months. Kept to the 12 decimals the metric is read to.
 */
function timeWeighted(quantity: string, segments: readonly Segment[], start: Date, end: Date): string {
  const period = periodOf(segmentAt(segments, start)!, start);
  const share = prorationShare(period.start, period.end, start, end);
  if (isFullShare(share)) return quantity;
  return decimalString(new Dec(quantity).mul(share.numerator).div(share.denominator).toDecimalPlaces(12, Dec.ROUND_HALF_UP));
}

export function contextOf(input: PlanInput, segments: Segment[], missingUsage: UsageWindow[], allOneTimes: boolean): PlanContext {
  const { sub } = input;
  return {
    sub,
    segments,
    written: (kind, key) => input.written.get(`${kind}|${key}`),
    usage: (price: PlanPrice, start: Date, end: Date) => {
      const found = input.usage.get(usageKey(sub.customer_id, price.metric_id, start, end, usageVariant(price)));
      if (found !== undefined) return weighsTime(price) ? timeWeighted(found, segments, start, end) : found;
      missingUsage.push({ customer_id: sub.customer_id, price, start, end });
      return '0';
    },
    thresholdBilled: (from, to) => thresholdBilled(input.written, from, to),
    oneTimes: input.oneTimes,
    allOneTimes,
  };
}

export interface PlanOptions {
  /** Whether to compute the lines of a moment's invoice. */
  wanted: (moment: Moment, written: WrittenInvoice | undefined) => boolean;
  /** Usage windows found missing are added here. */
  missingUsage: UsageWindow[];
  /** All pending one-time charges go on the (one) invoice computed: a recompute. */
  allOneTimes?: boolean;
  /** Safety limit on the moments visited. */
  maxMoments?: number;
}

/** The subscription's moments as planned, in time order (an infinite sequence without an end date). */
export function* planSubscription(input: PlanInput, opts: PlanOptions): Generator<PlannedMoment> {
  const segments = buildSegments(input.phases, firstAnchorOf(input.sub));
  if (segments.length === 0) return;
  const ctx = contextOf(input, segments, opts.missingUsage, opts.allOneTimes ?? false);
  const maxMoments = opts.maxMoments ?? 100_000;
  let state: PlanState = INITIAL_STATE;
  let visited = 0;
  for (const moment of billingMoments(ctx)) {
    if (++visited > maxMoments) return;
    const written = moment.kind && moment.key ? ctx.written(moment.kind, moment.key) : undefined;
    const step = ruleOf(moment, input.sub)(state, moment, ctx, opts.wanted(moment, written));
    state = step.state;
    yield { moment, written, draft: step.draft };
    if (moment.type === 'CANCEL') return;
  }
}
