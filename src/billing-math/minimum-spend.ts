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
