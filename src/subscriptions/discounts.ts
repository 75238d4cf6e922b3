import { DomainError } from '../platform/errors/domain-error';
import { isId, newId } from '../platform/ids/ids';
import type { DiscountInputDto } from './dto/subscription.dto';

const money = (currency: string, cents: number) => ({ currency, value_in_cents: cents });

/** A discount as stored on subscriptions, contracts and one-time charges (spec "Discount", `disc_` id kept or new). */
export function storedDiscount(d: DiscountInputDto, currency: string, expiration: Date | null, now: Date): Record<string, unknown> {
  return {
    amount: d.amount ? money(currency, d.amount.value_in_cents) : null,
    cap: d.cap ? money(currency, d.cap.value_in_cents) : null,
    company_id: null,
    coupon_id: d.coupon_id ?? null,
    created_at: now.toISOString(),
    customer_id: d.customer_id ?? null,
    deleted_at: null,
    expiration_date: expiration ? expiration.toISOString() : null,
    id: d.id && isId('discount', d.id) ? d.id : newId('discount'),
    import_created_at_ref: d.import_created_at_ref ?? null,
    import_ref: d.import_ref ?? null,
    imported_from: d.imported_from ?? null,
    item_pricing_id: d.item_pricing_id ?? null,
    name: d.name,
    onetime_billable: null,
    onetime_billable_id: d.onetime_billable_id ?? null,
    percent: d.percent ?? null,
    product_id: d.product_id ?? null,
    product_pricing_id: d.product_pricing_id ?? null,
    proposal_id: d.proposal_id ?? null,
    state: d.state ?? 'ACTIVE',
    subscription_id: null,
    type: d.type,
  };
}

/**
 * Discounts of a plan (a subscription's or a contract's), checked and as stored: amounts in the
 * plan's currency, the value the type needs present, a pricing scope among the plan's pricings.
 * `owner` names the plan in messages ("subscription", "contract").
 */
export function normaliseDiscounts(
  inputs: DiscountInputDto[] | null | undefined,
  currency: string,
  pricingIds: string[],
  now: Date,
  owner: string,
): Record<string, unknown>[] {
  return (inputs ?? []).map((d, i) => {
    const path = `discounts[${i}]`;
    for (const [field, given] of [
      ['amount', d.amount?.currency],
      ['cap', d.cap?.currency],
    ] as const) {
      if (given != null && given !== currency)
        throw DomainError.invalidField(`${path}.${field}.currency`, `must be in the ${owner} currency (${currency})`);
    }
    if (d.type === 'DISCOUNT_AMOUNT' && !d.amount) throw DomainError.invalidField(`${path}.amount`, 'is required for DISCOUNT_AMOUNT');
    if (d.type === 'DISCOUNT_PERCENT' && d.percent == null)
      throw DomainError.invalidField(`${path}.percent`, 'is required for DISCOUNT_PERCENT');
    if (d.product_pricing_id != null && !pricingIds.includes(d.product_pricing_id)) {
      throw DomainError.invalidField(`${path}.product_pricing_id`, `is not one of the ${owner}'s pricings`);
    }
    const expiration = d.expiration_date != null ? new Date(d.expiration_date) : null;
    if (expiration && Number.isNaN(expiration.getTime()))
      throw DomainError.invalidField(`${path}.expiration_date`, 'must be an ISO 8601 date-time');
    return storedDiscount(d, currency, expiration, now);
  });
}
