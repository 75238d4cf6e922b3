/**
 * Credit packs, pure (no Nest, no SQL): what an invoice line of a price with `credit_price`
 * grants once its invoice is paid, and how much of a grant a refund takes back. Rounding is
 * billing-math's, once per line, half away from zero (docs/billing-rules.md, "Credit packs").
 */
import { roundCents, toDecimal } from '../billing-math';

/** A price's `credit_price` as catalog stores it (per unit bought). */
export interface StoredCreditPrice {
  type: 'AMOUNT' | 'UNITS';
  amount: { currency: string; value_in_cents: number } | null;
  item_id: string | null;
  units: number | null;
}

/** The invoice line that bought a pack, as stored. */
export interface PackLine {
  kind: string;
  quantity: string;
  amount_cents: number;
  details: Record<string, unknown> | null;
}

export type PackGrant =
  | { type: 'AMOUNT'; currency: string; cents: number; units: 0; item_id: null }
  | { type: 'UNITS'; currency: null; cents: 0; units: number; item_id: string };

/** The share of its period a prorated line covers (stored on the line), else the whole period. */
function shareOf(line: PackLine): { numerator: number; denominator: number } {
  const s = line.details?.share as { numerator?: unknown; denominator?: unknown } | undefined;
  if (s && typeof s.numerator === 'number' && typeof s.denominator === 'number' && s.denominator > 0) {
    return { numerator: s.numerator, denominator: s.denominator };
  }
  return { numerator: 1, denominator: 1 };
}

/**
 * What one line grants: the units it charges (its quantity; a CHARGE line, never the base fee
 * nor a proration credit) × the credit per unit × the share of the period it covers, rounded once
 * to whole cents or whole units. Null when it grants nothing (no units, nothing left after
 * rounding, or a credit_price that names no amount or item).
 */
export function packGrant(line: PackLine, price: StoredCreditPrice): PackGrant | null {
  if (line.kind !== 'CHARGE' || line.amount_cents < 0) return null;
  const quantity = toDecimal(line.quantity, 'quantity');
  if (!quantity.greaterThan(0)) return null;
  const share = shareOf(line);
  const times = (perUnit: number) => roundCents(quantity.times(perUnit).times(share.numerator).dividedBy(share.denominator));
  if (price.type === 'AMOUNT') {
    if (!price.amount || !(price.amount.value_in_cents > 0)) return null;
    const cents = times(price.amount.value_in_cents);
    return cents > 0 ? { type: 'AMOUNT', currency: price.amount.currency, cents, units: 0, item_id: null } : null;
  }
  if (!price.item_id || !(price.units != null && price.units > 0)) return null;
  const units = times(price.units);
  return units > 0 ? { type: 'UNITS', currency: null, cents: 0, units, item_id: price.item_id } : null;
}

/**
 * How much of a grant the refunds of its invoice take back in all: the refunded share of what
 * the invoice charged (its total before credits), rounded once, never more than was granted.
 */
export function refundedShare(issued: number, refundedCents: number, chargedCents: number): number {
  if (!(chargedCents > 0) || !(refundedCents > 0)) return 0;
  if (refundedCents >= chargedCents) return issued;
  return Math.min(issued, roundCents(toDecimal(issued, 'issued').times(refundedCents).dividedBy(chargedCents)));
}
