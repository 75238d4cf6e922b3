/**
 * Usage a price needs in more detail than one total (pure): a PERCENTAGE price needs its events'
 * amounts (counts per distinct amount), a price with group_prices its usage per group value.
 * The detail travels in the usage table as JSON under a key of its own (usageKey's variant), so
 * the planner stays a function of a loaded table.
 */
import type { AmountCount } from '../../../billing-math';
import type { PlanPrice } from '../catalog-loader';

/** '' (the total), 'amounts' (PERCENTAGE) or 'group:<key>' (group_prices). */
export function usageVariant(price: Pick<PlanPrice, 'price'>): string {
  const pricing = price.price.pricing;
  if (pricing.pricing_type === 'PERCENTAGE') return 'amounts';
  if (pricing.group_prices) return `group:${pricing.group_prices.group_key}`;
  return '';
}

/** A usage table's value of an 'amounts' window: [[amount, count], …]. */
export const encodeAmounts = (rows: readonly { amount: string; count: string }[]) => JSON.stringify(rows.map((r) => [r.amount, r.count]));

export function decodeAmounts(value: string): AmountCount[] {
  if (value === '0') return [];
  return (JSON.parse(value) as [string, string][]).map(([amount, count]) => ({ amount, count }));
}

/** A usage table's value of a 'group:<key>' window: [[value or null, quantity], …]. */
export const encodeGroups = (rows: readonly { value: string | null; quantity: string }[]) =>
  JSON.stringify(rows.map((r) => [r.value, r.quantity]));

export function decodeGroups(value: string): { value: string | null; quantity: string }[] {
  if (value === '0') return [];
  return (JSON.parse(value) as [string | null, string][]).map(([v, quantity]) => ({ value: v, quantity }));
}
