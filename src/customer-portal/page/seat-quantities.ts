/**
 * Which seat (licence) quantities the portal lets a customer change, and within what range
 * (pure). The range is the config item's `quantity_config`: `min_quantity` (else 1: the portal
 * does not take a subscription's seats to zero unless the company allowed it with
 * `min_quantity: 0`) to `max_quantity` (else the API's bound on `num_licenses`), whole numbers.
 * A config item with `allow_custom_quantity: false` is not offered: its quantity is the
 * company's to set. The API (PlanCatalog.resolve) checks the same bounds again on the change.
 */
import type { StoredConfigItem } from '../../subscriptions/subscription.entity';

/** The API's bound on `num_licenses` (ConfigItemDto). */
export const MAX_LICENCES = 1_000_000_000;

export interface SeatRange {
  productMetricPricingId: string;
  productPricingId: string;
  current: number;
  min: number;
  max: number;
}

/** The seat quantities of a phase the customer may change, in the phase's order. */
export function seatRanges(items: readonly StoredConfigItem[]): SeatRange[] {
  return items
    .filter((ci) => ci.quantity_config?.allow_custom_quantity !== false)
    .map((ci) => ({
      productMetricPricingId: ci.product_metric_pricing_id,
      productPricingId: ci.product_pricing_id,
      current: ci.num_licenses,
      min: ci.quantity_config?.min_quantity ?? 1,
      max: ci.quantity_config?.max_quantity ?? MAX_LICENCES,
    }));
}

/**
 * The quantity a form posted, checked against its range: the number, or why not (a sentence
 * fragment naming the field, as DomainError.invalidField takes it).
 */
export function checkSeatQuantity(range: SeatRange, posted: string): { quantity: number } | { problem: string } {
  if (!/^\d{1,10}$/.test(posted.trim())) return { problem: 'must be a whole number' };
  const quantity = Number(posted.trim());
  if (quantity < range.min || quantity > range.max) {
    const unbounded = range.max === MAX_LICENCES && quantity < range.min;
    return { problem: unbounded ? `must be at least ${range.min}` : `must be between ${range.min} and ${range.max}` };
  }
  if (quantity === range.current) return { problem: `is already ${range.current}` };
  return { quantity };
}
