/**
 * Invoice lines: where an unrounded amount becomes cents, once per line, half away from zero.
 *
 * A line carries the full quantity of its period and the share of the period it covers;
 * `amount_cents` = round(quantity × unit_price × share) (or round(amount × share) for a
 * priced model), and `prorated` is true when the share is not the whole period. A credit line
 * (the unused part of an old price after a change) is the exact negative of the charge line
 * it mirrors, because rounding is symmetric around zero.
 */
import { AmountOverflowError } from './errors';
import { Cents, DecimalInput, decimalString, roundCents, toDecimal, toNonNegativeDecimal } from './money';
import { ChargeOptions, Pricing, chargeForPeriod } from './pricing';
import { FULL_SHARE, Share, applyShare, isFullShare, share as checkShare } from './proration';

/** What a line is for. Discount and credit lines are negative; the others are charges (negative only for proration credits). */
export type LineKind = 'CHARGE' | 'BASE' | 'MINIMUM_SPEND' | 'DISCOUNT' | 'CREDIT';

/** One invoice line. */
export interface InvoiceLine {
  name: string;
  kind: LineKind;
  /** Quantity of the period (decimal string; "1" for base fees and adjustments). */
  quantity: string;
  /** Price per unit in cents (decimal string), or null when the model has no single unit price (tiers, steps). */
  unit_price: string | null;
  /** The line's amount: rounded once, half away from zero. */
  amount_cents: Cents;
  /** True when the line covers part of its period (share < 1). */
  prorated: boolean;
  /** Share of the period the line covers (FULL_SHARE for a whole period). */
  share: Share;
  period_start: Date | null;
  period_end: Date | null;
  /** The product pricing the line belongs to (pricing-scoped discounts match on it). */
  product_pricing_id: string | null;
  /** The billable item of the line (unit credits match on it). */
  item_id: string | null;
}

/** Fields every line builder accepts. */
export interface LineContext {
  name: string;
  kind?: LineKind;
  /** Share of the period; null/undefined = the whole period. */
  share?: Share | null;
  /** Write the negative of the amount (a proration credit for an old price). */
  credit?: boolean;
  period?: { start: Date; end: Date } | null;
  product_pricing_id?: string | null;
  item_id?: string | null;
}

function finish(ctx: LineContext, quantity: string, unitPrice: string | null, unrounded: DecimalInput, defaultKind: LineKind): InvoiceLine {
  const s = ctx.share ?? FULL_SHARE;
  checkShare(s.numerator, s.denominator);
  const shared = applyShare(unrounded, s);
  const amount = roundCents(ctx.credit ? shared.negated() : shared);
  return {
    name: ctx.name,
    kind: ctx.kind ?? defaultKind,
    quantity,
    unit_price: unitPrice,
    amount_cents: amount,
    prorated: !isFullShare(s),
    share: s,
    period_start: ctx.period?.start ?? null,
    period_end: ctx.period?.end ?? null,
    product_pricing_id: ctx.product_pricing_id ?? null,
    item_id: ctx.item_id ?? null,
  };
}

/** A line of quantity × unit_price (× share): amount rounded once. */
export function unitPriceLine(ctx: LineContext & { quantity: DecimalInput; unit_price: DecimalInput }): InvoiceLine {
  const q = toNonNegativeDecimal(ctx.quantity, 'quantity');
  const p = toDecimal(ctx.unit_price, 'unit_price');
  return finish(ctx, decimalString(q), decimalString(p), q.times(p), 'CHARGE');
}

/** A line of a given unrounded amount (× share), e.g. a model's tiered charge: amount rounded once. */
export function amountLine(
  ctx: LineContext & { amount: DecimalInput; quantity?: DecimalInput | null; unit_price?: DecimalInput | null },
): InvoiceLine {
  const q = ctx.quantity == null ? '1' : decimalString(toNonNegativeDecimal(ctx.quantity, 'quantity'));
  const p = ctx.unit_price == null ? null : decimalString(ctx.unit_price);
  return finish(ctx, q, p, toDecimal(ctx.amount, 'amount'), 'CHARGE');
}

/**
 * The lines of one period of a price for `quantity`: a BASE line for base_price (when it is
 * above 0; its quantity is 1 and it names the included units nowhere else) and a CHARGE line
 * for the model's charge of the units beyond base_units (always written, 0 when nothing is
 * due). Both are multiplied by the share and rounded once each.
 */
export function pricingLines(
  ctx: LineContext & { pricing: Pricing; quantity: DecimalInput; base_name?: string } & ChargeOptions,
): InvoiceLine[] {
  const charge = chargeForPeriod(ctx.pricing, ctx.quantity, { period_index: ctx.period_index });
  const lines: InvoiceLine[] = [];
  if (!charge.base_amount.isZero()) {
    lines.push(
      finish({ ...ctx, name: ctx.base_name ?? ctx.name, kind: 'BASE' }, '1', decimalString(charge.base_amount), charge.base_amount, 'BASE'),
    );
  }
  const unitPrice = charge.unit_price === null ? null : decimalString(charge.unit_price);
  lines.push(finish(ctx, decimalString(charge.billable_units), unitPrice, charge.usage_amount, 'CHARGE'));
  return lines;
}

/** Sum of the lines' cents. */
export function linesTotal(lines: readonly InvoiceLine[]): Cents {
  let total = 0n;
  for (const l of lines) total += BigInt(l.amount_cents);
  const n = Number(total);
  if (!Number.isSafeInteger(n)) throw new AmountOverflowError('lines total outside the safe-integer range');
  return n === 0 ? 0 : n;
}

/** Sum of the prorated lines' cents (the invoice's `prorated_amount`). */
export function proratedTotal(lines: readonly InvoiceLine[]): Cents {
  return linesTotal(lines.filter((l) => l.prorated));
}
