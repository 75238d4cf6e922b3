/**
 * What any invoice of a billing moment closes (pure): the arrears window since the last billing
 * date (with its minimum spend true-ups), the change prorations waiting for it, and the one-time
 * charges due by its date.
 */
import type { LineDraft } from '../../invoice-writer.service';
import { arrearsLines } from './arrears-lines';
import { minimumSpendLines } from './minimum-spend';
import { prorationLines } from './proration-lines';
import { Moment, PlanContext, PlanState, t } from './state';

/** The arrears of [last billing date, to) and the minimum spend true-ups of that window. */
export function closeArrears(state: PlanState, to: Date, ctx: PlanContext): { lines: LineDraft[]; has_usage: boolean } {
  if (state.lastBillingDate === null) return { lines: [], has_usage: false };
  const arrears = arrearsLines(ctx.segments, state.lastBillingDate, to, ctx.usage);
  const minimum = minimumSpendLines(ctx.sub, ctx.segments, state.lastBillingDate, to, [...state.lastAdvance, ...arrears.lines]);
  return { lines: [...arrears.lines, ...minimum], has_usage: arrears.has_usage };
}

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
