/**
 * Minimum spend per period: when a period's charges for a price (or a whole subscription)
 * come to less than `minimum_spend`, a separate "minimum spend true-up" line adds the
 * difference.
 *
 * Decisions:
 * - The charges compared are the period's lines BEFORE discounts and credits (the minimum is a
 *   commitment on list price; discounts and credits then apply to the true-up line like to any
 *   other line of the pricing — it carries the pricing's id).
 * - A partial period (share < 1, e.g. the first period of a mid-period start, or the last of a
 *   cancellation) owes the minimum × share, rounded once half away from zero; the true-up line
 *   is then marked prorated.
 * - Charges at or above the (prorated) minimum → no line. A minimum of 0 → no line.
 */
import { BillingMathError } from './errors';
import { Cents, assertCents, roundCents } from './money';
import { InvoiceLine, LineContext, amountLine, linesTotal } from './lines';
import { FULL_SHARE, Share, applyShare, isFullShare } from './proration';

export interface TrueUp {
  /** The minimum owed for the period (prorated and rounded when the share is partial). */
  minimum_cents: Cents;
  /** What the period's charges came to. */
  charged_cents: Cents;
  /** max(0, minimum − charged). */
  true_up_cents: Cents;
  prorated: boolean;
}

/** The true-up owed for a period whose charges came to `charged_cents`. */
export function minimumSpendTrueUp(minimumSpend: Cents, chargedCents: Cents, share: Share | null = null): TrueUp {
  assertCents(minimumSpend, 'minimum_spend');
  assertCents(chargedCents, 'charged');
  if (minimumSpend < 0) throw new BillingMathError('minimum_spend must be >= 0');
  const s = share ?? FULL_SHARE;
  const minimum = roundCents(applyShare(minimumSpend, s));
  return {
    minimum_cents: minimum,
    charged_cents: chargedCents,
    true_up_cents: Math.max(0, minimum - chargedCents),
    prorated: !isFullShare(s),
  };
}

/**
 * The "minimum spend true-up" line for a period, or null when none is due. `lines` are the
 * period's lines of the price (or subscription) the minimum applies to.
 */
export function minimumSpendLine(
  ctx: Omit<LineContext, 'name' | 'credit' | 'kind'> & {
    name?: string;
    minimum_spend: Cents | null | undefined;
    lines: readonly InvoiceLine[];
  },
): InvoiceLine | null {
  if (ctx.minimum_spend == null || ctx.minimum_spend === 0) return null;
  const t = minimumSpendTrueUp(ctx.minimum_spend, linesTotal(ctx.lines), ctx.share ?? null);
  if (t.true_up_cents === 0) return null;
  // The true-up is already rounded; the line carries the share only to mark it prorated.
  const line = amountLine({
    ...ctx,
    name: ctx.name ?? 'Minimum spend true-up',
    kind: 'MINIMUM_SPEND',
    amount: t.true_up_cents,
    share: null,
  });
  return { ...line, prorated: t.prorated, share: ctx.share ?? FULL_SHARE };
}

/**
 * A price's minimum over time (docs/billing-rules.md#minimum-spend): a flat minimum per period,
 * or a schedule of minimums, one per period in turn (the last repeats); assessed every
 * `window_periods` billing periods (true_up_frequency), and with `pull_forward` the spend above
 * a window's minimum counts toward the next windows' minimums.
 */
export interface MinimumSchedule {
  /** Minimum of each period in turn, cents (the last repeats); null: `flat` every period. */
  amounts: readonly Cents[] | null;
  flat: Cents | null;
  pull_forward: boolean;
  /** Billing periods per assessment window (1: each period on its own). */
  window_periods: number;
}

/** The minimum of the period with index `index` (counted from the anchor, 0 first). */
export function periodMinimum(s: MinimumSchedule, index: number): Cents {
  if (s.amounts && s.amounts.length > 0) return s.amounts[Math.min(Math.max(0, index), s.amounts.length - 1)];
  return s.flat ?? 0;
}

/** Where a price's minimum stands between periods: the open window's sums and the spend pulled forward. */
export interface MinimumState {
  window_minimum: Cents;
  window_charged: Cents;
  /** Spend above earlier windows' minimums not used yet (pull forward only). */
  carried: Cents;
}

export const NO_MINIMUM_STATE: MinimumState = Object.freeze({ window_minimum: 0, window_charged: 0, carried: 0 });

/**
 * Closes the billing period `index` (its charges `charged`, the share of it billed — a partial
 * last period owes its minimum × share, rounded once): adds it to the open window, and when the
 * window closes (its last period, or `final`) gives the top-up owed:
 * `max(0, Σ window minimums − (Σ window charges + carried))`, carrying forward what is above.
 */
export function closeMinimumPeriod(
  s: MinimumSchedule,
  state: MinimumState,
  period: { index: number; charged: Cents; share?: Share | null; final?: boolean },
): { top_up: Cents; closed: boolean; minimum: Cents; state: MinimumState } {
  assertCents(period.charged, 'charged');
  if (!Number.isSafeInteger(s.window_periods) || s.window_periods < 1) throw new BillingMathError('window_periods must be >= 1');
  const own = roundCents(applyShare(periodMinimum(s, period.index), period.share ?? FULL_SHARE));
  const windowMinimum = state.window_minimum + own;
  const windowCharged = state.window_charged + period.charged;
  const closed = period.final === true || (Math.max(0, period.index) + 1) % s.window_periods === 0;
  if (!closed)
    return { top_up: 0, closed, minimum: windowMinimum, state: { ...state, window_minimum: windowMinimum, window_charged: windowCharged } };
  const available = windowCharged + (s.pull_forward ? state.carried : 0);
  const topUp = Math.max(0, windowMinimum - available);
  const carried = s.pull_forward ? Math.max(0, available - windowMinimum) : 0;
  return { top_up: topUp, closed, minimum: windowMinimum, state: { window_minimum: 0, window_charged: 0, carried } };
}
