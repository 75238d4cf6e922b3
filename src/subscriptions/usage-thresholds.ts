import { DomainError } from '../platform/errors/domain-error';
import type { UsageThreshold } from './subscription.entity';

/**
 * The stored usage thresholds of a subscription from its request (null: none): distinct
 * amounts, at most one recurring, in ascending order. docs/billing-rules.md#usage-thresholds.
 */
export function usageThresholds(input: { amount_cents: number; recurring?: boolean | null }[] | null | undefined): UsageThreshold[] | null {
  if (!input || input.length === 0) return null;
  const seen = new Set<number>();
  input.forEach((t, i) => {
    if (seen.has(t.amount_cents)) throw DomainError.invalidField(`usage_thresholds[${i}].amount_cents`, 'is listed twice');
    seen.add(t.amount_cents);
  });
  const recurring = input.filter((t) => t.recurring === true);
  if (recurring.length > 1) throw DomainError.invalidField('usage_thresholds', 'may hold at most one recurring threshold');
  return input
    .map((t) => ({ amount_cents: t.amount_cents, recurring: t.recurring === true }))
    .sort((a, b) => Number(a.recurring) - Number(b.recurring) || a.amount_cents - b.amount_cents);
}
