/**
 * What any invoice of a billing moment closes (pure): the arrears window since the last billing
 * date (with its minimum spend true-ups), the change prorations waiting for it, and the one-time
 * charges due by its date.
 */
import type { LineDraft } from '../../invoice-writer.service';
import { arrearsLines } from './arrears-lines';
import { keepsRunningState, scheduledMinimumLines } from './minimum-schedule';
import { minimumSpendLines } from './minimum-spend';
import { prorationLines } from './proration-lines';
import { Moment, PlanContext, PlanState, t } from './state';
import { thresholdDeduction } from './threshold-lines';

/**
 * The arrears of [last billing date, to) and the minimum spend true-ups of that window, with the
 * state after it (units carried over, running minimums). `final`: the end closes the open
 * true-up window.
 */
export function closeArrears(
  state: PlanState,
  to: Date,
  ctx: PlanContext,
  final = false,
): { lines: LineDraft[]; has_usage: boolean; state: PlanState } {
  const from = state.lastBillingDate;
  if (from === null) return { lines: [], has_usage: false, state };
  const arrears = arrearsLines(ctx.segments, from, to, ctx.usage, state.carriedUnits);
  const periodLines = [...state.lastAdvance, ...arrears.lines];
  const scheduled = scheduledMinimumLines(ctx.segments, from, to, periodLines, state.minimums, final);
  const minimum = minimumSpendLines(ctx.sub, ctx.segments, from, to, periodLines, scheduled.lines);
  return {
    lines: [...arrears.lines, ...scheduled.lines, ...minimum, ...thresholdDeduction(ctx, from, to)],
    has_usage: arrears.has_usage,
    state: { ...state, carriedUnits: arrears.carried, minimums: scheduled.states },
  };
}

/** The state after a billing date whose invoice is not computed: the running state still advances through it. */
export const passArrears = (state: PlanState, to: Date, ctx: PlanContext): PlanState =>
  keepsRunningState(ctx.segments) ? closeArrears(state, to, ctx).state : state;

/** The prorations of changes billed NEXT, waiting for this invoice. */
export const pendingProrationLines = (state: PlanState): LineDraft[] => state.pending.flatMap(prorationLines);

/** The one-time charges that go on the invoice of this moment (each taken once). */
export function takeOneTimes(state: PlanState, moment: Moment, ctx: PlanContext): { lines: LineDraft[]; state: PlanState } {
  if (ctx.oneTimes.length === 0 || (moment.type === 'CHANGE' && !moment.seg.change?.reset)) return { lines: [], state };
  const taken = new Set(state.oneTimesTaken);
  const due = ctx.oneTimes.filter((o) => !taken.has(o.id) && (ctx.allOneTimes || t(o.created_at) <= t(moment.date)));
  if (due.length === 0) return { lines: [], state };
  return {
    lines: due.flatMap((o) => o.lines),
    state: { ...state, oneTimesTaken: [...state.oneTimesTaken, ...due.map((o) => o.id)] },
  };
}
