/**
 * Usage thresholds (docs/billing-rules.md#usage-thresholds), pure: the levels a period's usage
 * charges reach. The fixed thresholds are levels as they are; a recurring threshold R adds the
 * levels M + R, M + 2R, … beyond M, the largest fixed threshold (0 without one).
 */
import type { Cents } from './money';

export interface Threshold {
  amount_cents: Cents;
  recurring: boolean;
}

/**
 * The levels in (`above`, `usage`], ascending, at most `max` of them (the largest kept): the
 * thresholds a period's usage charges of `usage` cents have crossed since it had crossed `above`.
 */
export function crossedLevels(thresholds: readonly Threshold[], usage: Cents, above: Cents, max = 100): Cents[] {
  const fixed = thresholds.filter((t) => !t.recurring).map((t) => t.amount_cents);
  const out = fixed.filter((a) => a > above && a <= usage);
  const recurring = thresholds.find((t) => t.recurring)?.amount_cents;
  if (recurring && recurring > 0) {
    const base = fixed.length ? Math.max(...fixed) : 0;
    const first = Math.max(1, Math.floor((above - base) / recurring) + 1);
    const last = Math.floor((usage - base) / recurring);
    for (let k = Math.max(first, last - max + 1); k <= last; k++) out.push(base + k * recurring);
  }
  return [...new Set(out)].sort((a, b) => a - b).slice(-max);
}
