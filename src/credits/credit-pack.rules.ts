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
 * What one line is worth in credit, signed: the units it charges (its quantity, on a CHARGE line,
 * never the base fee) × the credit per unit × the share of the period it covers, rounded once to
 * whole cents or whole units; negative for a proration credit (the unused time of the pack's
 * units after a change, a negative amount). 0 when the line charges no units or the
 * credit_price names no amount or item.
 */
export function lineCredit(line: PackLine, price: StoredCreditPrice): number {
  if (line.kind !== 'CHARGE') return 0;
  const quantity = toDecimal(line.quantity, 'quantity');
  if (!quantity.greaterThan(0)) return 0;
  const perUnit = price.type === 'AMOUNT' ? (price.amount?.value_in_cents ?? 0) : price.item_id ? (price.units ?? 0) : 0;
  if (!(perUnit > 0)) return 0;
  const share = shareOf(line);
  const value = roundCents(quantity.times(perUnit).times(share.numerator).dividedBy(share.denominator));
  return line.amount_cents < 0 ? -value : value;
}

/**
 * What the lines of one invoice grant: per price (`key`, the line's item pricing in the
 * subscription or one-time), the net of its lines — a change's "Remaining time" charge less the
 * "Unused time" credit of the same price — as one credit at the position of its first charge
 * line. Nothing for a price whose net is 0 or less.
 */
export function packGrants(lines: readonly (PackLine & { position: number; key: string; price: StoredCreditPrice })[]): {
  position: number;
  grant: PackGrant;
}[] {
  const byKey = new Map<string, { position: number | null; net: number; price: StoredCreditPrice }>();
  for (const l of lines) {
    const value = lineCredit(l, l.price);
    const acc = byKey.get(l.key) ?? { position: null, net: 0, price: l.price };
    acc.net += value;
    if (value > 0 && acc.position === null) acc.position = l.position;
    byKey.set(l.key, acc);
  }
  const out: { position: number; grant: PackGrant }[] = [];
  for (const { position, net, price } of byKey.values()) {
    if (net <= 0 || position === null) continue;
    out.push({
      position,
      grant:
        price.type === 'AMOUNT'
          ? { type: 'AMOUNT', currency: price.amount!.currency, cents: net, units: 0, item_id: null }
          : { type: 'UNITS', currency: null, cents: 0, units: net, item_id: price.item_id! },
    });
  }
  return out.sort((a, b) => a.position - b.position);
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
