import { DomainError } from '../platform/errors/domain-error';
import { isId, newId } from '../platform/ids/ids';
import type { Discount } from '../billing-math';
import type { MrrDiscount } from './mrr';
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

// ------------------------------------------------------------------ reading stored discounts back

/** An amount as stored in a discount (`{ currency, value_in_cents }`). */
export interface StoredMoney {
  currency: string | null;
  value_in_cents: number;
}

/**
 * A discount as stored (JSON) on subscriptions, contracts and checkout sessions, read back
 * typed: the one parser of that JSON (parseStoredDiscount); every reader maps from it.
 */
export interface StoredDiscount {
  id: string | null;
  name: string | null;
  type: 'DISCOUNT_AMOUNT' | 'DISCOUNT_PERCENT';
  amount: StoredMoney | null;
  cap: StoredMoney | null;
  percent: number | string | null;
  expiration_date: string | null;
  product_pricing_id: string | null;
  state: string | null;
  coupon_id: string | null;
  customer_id: string | null;
  item_pricing_id: string | null;
  onetime_billable_id: string | null;
  product_id: string | null;
  proposal_id: string | null;
  import_created_at_ref: string | null;
  import_ref: string | null;
  imported_from: string | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function storedMoney(v: unknown): StoredMoney | null {
  if (typeof v === 'number') return { currency: null, value_in_cents: v };
  if (v && typeof v === 'object' && typeof (v as { value_in_cents?: unknown }).value_in_cents === 'number')
    return { currency: str((v as { currency?: unknown }).currency), value_in_cents: (v as { value_in_cents: number }).value_in_cents };
  return null;
}

export function parseStoredDiscount(d: Record<string, unknown>): StoredDiscount {
  return {
    id: str(d.id),
    name: str(d.name),
    type: d.type === 'DISCOUNT_PERCENT' ? 'DISCOUNT_PERCENT' : 'DISCOUNT_AMOUNT',
    amount: storedMoney(d.amount),
    cap: storedMoney(d.cap),
    percent: typeof d.percent === 'number' || typeof d.percent === 'string' ? d.percent : null,
    expiration_date: str(d.expiration_date),
    product_pricing_id: str(d.product_pricing_id),
    state: str(d.state),
    coupon_id: str(d.coupon_id),
    customer_id: str(d.customer_id),
    item_pricing_id: str(d.item_pricing_id),
    onetime_billable_id: str(d.onetime_billable_id),
    product_id: str(d.product_id),
    proposal_id: str(d.proposal_id),
    import_created_at_ref: str(d.import_created_at_ref),
    import_ref: str(d.import_ref),
    imported_from: str(d.imported_from),
  };
}

export const parseStoredDiscounts = (stored: Record<string, unknown>[] | null | undefined): StoredDiscount[] =>
  (stored ?? []).map(parseStoredDiscount);

/** Stored discounts as the billing engine applies them (billing-math), inactive ones dropped. */
export function billingDiscounts(stored: Record<string, unknown>[] | null | undefined): Discount[] {
  return parseStoredDiscounts(stored)
    .filter((d) => d.state === null || d.state === 'ACTIVE')
    .map((d) => ({
      id: d.id,
      name: d.name ?? 'Discount',
      type: d.type,
      amount: d.amount?.value_in_cents ?? null,
      percent: d.percent,
      cap: d.cap?.value_in_cents ?? null,
      expiration_date: d.expiration_date !== null ? new Date(d.expiration_date) : null,
      product_pricing_id: d.product_pricing_id,
    }));
}

/** Stored discounts as MRR inputs (mrr.ts). */
export function storedDiscountsForMrr(stored: Record<string, unknown>[]): MrrDiscount[] {
  return parseStoredDiscounts(stored).map((d) => ({
    type: d.type,
    amount_in_cents: d.amount?.value_in_cents ?? null,
    percent: d.percent,
    cap_in_cents: d.cap?.value_in_cents ?? null,
    expiration_date: d.expiration_date !== null ? new Date(d.expiration_date) : null,
    product_pricing_id: d.product_pricing_id,
  }));
}
