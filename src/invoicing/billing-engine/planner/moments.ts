/**
 * The moments of a subscription's history, in time order (pure): each plan change, each billing
 * date of the schedule in effect (from `billing_start`: a trial bills nothing), and the end. An
 * infinite sequence for a subscription without end.
 */
import { boundaryAtOrAfter, EngineSubscription, nextBoundary, Segment, segmentAt } from '../model';
import { maxDate, Moment, PlanContext, segmentOfPhase, t } from './state';

/**
 * A change at a billing date of the schedule it leaves (where the billed period ends) onto a
 * schedule with no billing date there (another term on the same anchor): nothing is billed in
 * advance past that instant, so the change itself bills the new plan up to its next billing date.
 */
export function startsBetweenBillingDates(prev: Segment, seg: Segment, billingStart: Date): boolean {
  const at = seg.from;
  return t(at) >= t(billingStart) && t(boundaryAtOrAfter(prev, at)) === t(at) && t(boundaryAtOrAfter(seg, at)) > t(at);
}

function changeMoment(sub: EngineSubscription, segments: readonly Segment[], seg: Segment): Moment {
  const change = seg.change!;
  const invoiced =
    change.reset || change.proration === 'IMMEDIATE' || startsBetweenBillingDates(segments[seg.index - 1], seg, sub.billing_start);
  return {
    type: 'CHANGE',
    date: seg.from,
    seg,
    kind: invoiced ? 'SUBSCRIPTION_CHANGE' : null,
    key: invoiced ? `${sub.id}@change@${change.event_seq}` : null,
  };
}

const periodMoment = (sub: EngineSubscription, seg: Segment, at: Date): Moment => ({
  type: 'PERIOD',
  date: at,
  seg,
  kind: 'SUBSCRIPTION_PERIOD',
  key: `${sub.id}@${at.toISOString()}`,
});

/**
 * The invoice of a billing date at a change's own instant, written before the change was made
 * (it billed another plan, on the old schedule): history is replayed as it happened, that billing
 * date first, under the plan it billed. Null when there is none.
 */
function writtenBeforeChange(ctx: PlanContext, seg: Segment): Moment | null {
  if (!seg.change || seg.change.reset) return null;
  const moment = periodMoment(ctx.sub, seg, seg.from);
  const written = ctx.written('SUBSCRIPTION_PERIOD', moment.key!);
  if (!written || written.phase_seq === null || written.phase_seq === seg.phase.seq || written.period_end === null) return null;
  const billed = segmentOfPhase(ctx.segments, written.phase_seq, seg.from) ?? ctx.segments[seg.index - 1];
  return { ...moment, seg: billed };
}

/**
 * Calendar billing's first, partial period: a billing date at billing_start itself, in the
 * segment in effect then, when billing starts between two calendar boundaries.
 */
function startsPartWay(sub: EngineSubscription, seg: Segment, firstDate: Date): boolean {
  const at = sub.billing_start;
  if (!sub.calendar_anchor || t(firstDate) <= t(at) || t(seg.from) > t(at)) return false;
  return !(seg.to && t(at) >= t(seg.to)) && !(sub.end_date && t(at) >= t(sub.end_date));
}

/** The billing dates of one segment, in order. */
function* periodMoments(sub: EngineSubscription, seg: Segment): Generator<Moment> {
  const end = sub.end_date;
  let at = boundaryAtOrAfter(seg, maxDate(seg.from, sub.billing_start));
  if (seg.change?.reset && t(at) === t(seg.from)) at = nextBoundary(seg, at);
  if (startsPartWay(sub, seg, at)) yield periodMoment(sub, seg, sub.billing_start);
  while (!(seg.to && t(at) >= t(seg.to)) && !(end && t(at) >= t(end))) {
    yield periodMoment(sub, seg, at);
    at = nextBoundary(seg, at);
  }
}

export function* billingMoments(ctx: PlanContext): Generator<Moment> {
  const { sub, segments } = ctx;
  const end = sub.end_date;
  for (const seg of segments) {
    if (end && t(seg.from) >= t(end)) break;
    const before = writtenBeforeChange(ctx, seg);
    if (before) yield before;
    if (seg.change) yield changeMoment(sub, segments, seg);
    for (const moment of periodMoments(sub, seg)) if (!before || t(moment.date) !== t(before.date)) yield moment;
  }
  if (end && segments.length > 0 && t(end) > t(segments[0].from)) {
    yield {
      type: 'CANCEL',
      date: end,
      seg: segmentAt(segments, new Date(t(end) - 1))!,
      kind: 'SUBSCRIPTION_CANCEL',
      key: `${sub.id}@cancel`,
    };
  }
}
