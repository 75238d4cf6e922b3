/**
 * Discounts on an invoice's lines.
 *
 * - DISCOUNT_AMOUNT takes `amount` cents off; DISCOUNT_PERCENT takes `percent` (a fraction,
 *   0.5 = 50 %) of what remains in its scope, rounded once half away from zero, then limited
 *   by `cap` cents when given.
 * - Scope: with `product_pricing_id`, the lines of that pricing only; without, the whole
 *   invoice.
 * - A discount whose `expiration_date` is before the invoice date is skipped (on the exact
 *   instant it still applies).
 * - A discount never takes its scope or the invoice below zero: a discount is computed on what
 *   remains of its scope after the discounts before it (a percent of that), then limited to
 *   that remainder AND to what remains of the whole invoice (a scope or invoice already at or
 *   below zero, e.g. from proration credits, gets no discount).
 *
 * Order (several discounts): pricing-scoped discounts first, then invoice-wide ones; within
 * each group amounts before percents; otherwise in the order given. Why: a pricing's own
 * discount is part of its price, so an invoice-wide percentage should see the already
 * discounted pricing; and taking amounts first makes a percentage apply to what the customer
 * actually pays, never to money already given away, which is also the order that does not
 * depend on how the list was written. Percents compound (two 50 % → 75 % off).
 *
 * Each applied discount is one negative line (kind DISCOUNT, rounded once).
 */
import { BillingMathError } from './errors';
import { Cents, DecimalInput, roundCents, toDecimal } from './money';
import { InvoiceLine, linesTotal } from './lines';
import { MoneyLike, moneyCents } from './pricing';
import { FULL_SHARE } from './proration';

export const DISCOUNT_TYPES = ['DISCOUNT_AMOUNT', 'DISCOUNT_PERCENT'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** A discount as the API describes it (money as cents or `{value_in_cents}`). */
export interface Discount {
  id?: string | null;
  name: string;
  type: DiscountType;
  /** Cents off (DISCOUNT_AMOUNT). */
  amount?: MoneyLike | null;
  /** Fraction off, 0..1 (DISCOUNT_PERCENT). */
  percent?: DecimalInput | null;
  /** Most cents a percent discount takes off. */
  cap?: MoneyLike | null;
  expiration_date?: Date | null;
  product_pricing_id?: string | null;
}

export interface AppliedDiscount {
  discount: Discount;
  /** What remained of the scope when the discount applied (cents, >= 0). */
  base_cents: Cents;
  /** Cents taken off (>= 0; the line carries the negative). */
  discount_cents: Cents;
  line: InvoiceLine;
}

export interface SkippedDiscount {
  discount: Discount;
  /** EXPIRED: invoice date after expiration_date; NOTHING_TO_DISCOUNT: its scope had nothing left. */
  reason: 'EXPIRED' | 'NOTHING_TO_DISCOUNT';
}

export interface DiscountResult {
  applied: AppliedDiscount[];
  skipped: SkippedDiscount[];
  /** The discount lines (negative cents), in the order applied. */
  lines: InvoiceLine[];
  /** Sum of the input lines. */
  charges_cents: Cents;
  /** Cents taken off in all (>= 0). */
  discount_cents: Cents;
  /** charges − discounts. */
  total_cents: Cents;
}

/** True when the discount still applies at `invoiceDate` (not after its expiration_date). */
export function isDiscountActive(d: Discount, invoiceDate: Date): boolean {
  if (d.expiration_date == null) return true;
  return invoiceDate.getTime() <= d.expiration_date.getTime();
}

/** The order discounts are applied in (see the file comment). Stable. */
export function discountOrder<T extends Discount>(discounts: readonly T[]): T[] {
  const rank = (d: Discount) => (d.product_pricing_id != null ? 0 : 2) + (d.type === 'DISCOUNT_AMOUNT' ? 0 : 1);
  return discounts
    .map((d, i) => ({ d, i }))
    .sort((a, b) => rank(a.d) - rank(b.d) || a.i - b.i)
    .map((x) => x.d);
}

/** What one discount takes off a base of `baseCents` (>= 0), before the scope limits. */
export function discountValue(d: Discount, baseCents: Cents): Cents {
  if (baseCents <= 0) return 0;
  if (d.type === 'DISCOUNT_AMOUNT') {
    const amount = moneyCents(d.amount, 'discount.amount');
    if (amount < 0) throw new BillingMathError('discount.amount must be >= 0');
    return Math.min(amount, baseCents);
  }
  if (d.type === 'DISCOUNT_PERCENT') {
    if (d.percent == null) throw new BillingMathError('discount.percent is required for DISCOUNT_PERCENT');
    const p = toDecimal(d.percent, 'discount.percent');
    if (p.isNegative() || p.greaterThan(1)) throw new BillingMathError('discount.percent must be a fraction between 0 and 1');
    let off = roundCents(p.times(baseCents));
    if (d.cap != null) {
      const cap = moneyCents(d.cap, 'discount.cap');
      if (cap < 0) throw new BillingMathError('discount.cap must be >= 0');
      off = Math.min(off, cap);
    }
    return Math.min(off, baseCents);
  }
  throw new BillingMathError(`unknown discount type ${String((d as Discount).type)}`);
}

/** Applies discounts to the lines of an invoice dated `invoiceDate`. */
export function applyDiscounts(lines: readonly InvoiceLine[], discounts: readonly Discount[], invoiceDate: Date): DiscountResult {
  const charges = linesTotal(lines);
  const scopeRemaining = new Map<string, Cents>();
  for (const l of lines) {
    if (l.product_pricing_id != null)
      scopeRemaining.set(l.product_pricing_id, (scopeRemaining.get(l.product_pricing_id) ?? 0) + l.amount_cents);
  }
  let invoiceRemaining = charges;
  const applied: AppliedDiscount[] = [];
  const skipped: SkippedDiscount[] = [];
  for (const d of discountOrder(discounts)) {
    if (!isDiscountActive(d, invoiceDate)) {
      skipped.push({ discount: d, reason: 'EXPIRED' });
      continue;
    }
    const scope = d.product_pricing_id ?? null;
    const base = Math.max(0, scope === null ? invoiceRemaining : (scopeRemaining.get(scope) ?? 0));
    // computed on its scope, then limited so the invoice does not go below zero either
    const off = Math.min(discountValue(d, base), Math.max(0, invoiceRemaining));
    if (off === 0) {
      skipped.push({ discount: d, reason: 'NOTHING_TO_DISCOUNT' });
      continue;
    }
    invoiceRemaining -= off;
    if (scope !== null) scopeRemaining.set(scope, scopeRemaining.get(scope)! - off);
    const line: InvoiceLine = {
      name: d.name,
      kind: 'DISCOUNT',
      quantity: '1',
      unit_price: null,
      amount_cents: -off,
      prorated: false,
      share: FULL_SHARE,
      period_start: null,
      period_end: null,
      product_pricing_id: scope,
      item_id: null,
    };
    applied.push({ discount: d, base_cents: base, discount_cents: off, line });
  }
  const discountCents = applied.reduce((s, a) => s + a.discount_cents, 0);
  return {
    applied,
    skipped,
    lines: applied.map((a) => a.line),
    charges_cents: charges,
    discount_cents: discountCents,
    total_cents: charges - discountCents,
  };
}
