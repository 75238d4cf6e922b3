/**
 * Annual contract value (pure): the recurring charges for the configured quantities
 * normalised to 12 months (monthly × 12, yearly × 1), after discounts, one-time items
 * excluded — the subscription's MRR formula (subscriptions/mrr.ts) over a year.
 *
 * computeMrr normalises each period's charge to ONE month by dividing it by
 * (months per period × term count). Dividing the term counts by 12 makes that divisor the
 * share of a YEAR instead, so the same code (same licence quantities, same discount rules,
 * amount discounts scaled the same way) yields the yearly figure, rounded once to the cent —
 * a yearly price counts exactly once instead of 12 × a rounded monthly share.
 */
import { computeMrr, MrrDiscount, MrrPrice } from '../subscriptions/mrr';
import type { Term } from '../billing-math/periods';

export interface AcvInput {
  prices: MrrPrice[];
  discounts: MrrDiscount[];
  billing_term: Term;
  now: Date;
}

export function computeAcv(input: AcvInput): number {
  // count / 12 as a double lies a hair BELOW the exact value (1/12 = 0.0833…), so the result lies
  // a hair above the exact one: far below a cent, and an exact half still rounds away from zero.
  const perYear = (count: number) => count / 12;
  return computeMrr({
    prices: input.prices.map((p) => ({ ...p, term_count: perYear(p.term_count) })),
    discounts: input.discounts,
    billing_term: { count: perYear(input.billing_term.count), frequency: input.billing_term.frequency },
    now: input.now,
  });
}
