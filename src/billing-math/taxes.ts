/**
 * Taxes on an invoice's lines.
 *
 * - A line's **taxable amount** is its amount after the discounts that apply to it. A discount
 *   is spread over the positive lines of its scope (its pricing's lines, or the whole invoice)
 *   in proportion to what remains of each after the discounts before it, each share rounded
 *   once, the rounding remainder on the largest line (the first of equals). A negative line
 *   (a proration credit) takes no discount: the discounts never reached it (discounts.ts).
 * - **Exclusive** rate: tax = round(taxable × percentage / 100), per rate and per line.
 * - **Inclusive** rates: the taxable amount already holds them. net = round(taxable × 100 /
 *   (100 + Σ inclusive percentages)); each rate's tax = round(net × percentage / 100), the last
 *   inclusive rate taking the remainder so that net + inclusive taxes = taxable exactly.
 *   Exclusive rates on the same line are taken on the taxable amount, like on any other line.
 * - Negative lines carry negative tax by the same rule (rounding is symmetric around zero).
 *
 * Percentages are exact decimals (decimal.js): 8.875 % of 3333 cents is 295.80375 → 296.
 */
import { BillingMathError } from './errors';
import { Cents, Decimal, DecimalInput, ZERO, decimalString, roundCents, sumCents, toDecimal } from './money';
import { InvoiceLine } from './lines';
import type { Discount } from './discounts';

/** What taxes read of a line: its amount and pricing (the scope of a pricing's discounts). */
export type TaxableLine = Pick<InvoiceLine, 'amount_cents' | 'product_pricing_id'>;
/** What taxes read of an applied discount (discounts.ts `AppliedDiscount`): its scope and the cents it took. */
export interface DiscountTaken {
  discount: Pick<Discount, 'product_pricing_id'>;
  discount_cents: Cents;
}

/** A tax rate as it applies to a line. */
export interface TaxRate {
  tax_id: string;
  code: string;
  name: string;
  /** Percent, 0..100 (20 = 20 %), up to 4 decimals. */
  percentage: DecimalInput;
  inclusive: boolean;
}

/** One rate's tax on one line. */
export interface LineTax {
  tax_id: string;
  /** The percentage as a canonical decimal string ("8.875"). */
  percentage: string;
  inclusive: boolean;
  amount_cents: Cents;
}

export interface TaxedLine {
  /** The line's amount after its share of the discounts. */
  taxable_cents: Cents;
  /** The taxable amount without its inclusive taxes (= taxable without inclusive rates). */
  net_cents: Cents;
  taxes: LineTax[];
  /** Σ of the line's taxes, inclusive and exclusive. */
  tax_cents: Cents;
  /** Σ of the line's exclusive taxes (what the line adds to the invoice's total). */
  exclusive_cents: Cents;
}

/** One rate over the whole invoice. */
export interface TaxDetail extends Omit<TaxRate, 'percentage'> {
  percentage: string;
  /** The lines' amount the rate was taken on: taxable amounts, or net amounts for an inclusive rate. */
  taxable_cents: Cents;
  amount_cents: Cents;
}

export interface InvoiceTaxes {
  /** One per charge line, in the order given. */
  lines: TaxedLine[];
  tax_cents: Cents;
  exclusive_cents: Cents;
  inclusive_cents: Cents;
  /** One per rate, in the order the rates first appear on the lines. */
  details: TaxDetail[];
}

const HUNDRED = toDecimal(100);

/** Reads a percentage: 0..100, at most 4 decimals. */
export function taxPercentage(p: DecimalInput, what = 'percentage'): Decimal {
  const d = toDecimal(p, what);
  if (d.isNegative() || d.greaterThan(HUNDRED)) throw new BillingMathError(`${what} must be between 0 and 100`);
  if (d.decimalPlaces() > 4) throw new BillingMathError(`${what} must have at most 4 decimals`);
  return d;
}

/**
 * Spreads `off` cents over lines of the given remaining amounts (only positive ones take a
 * share): each round(off × amount / Σ), the remainder on the largest line.
 */
export function spreadCents(off: Cents, amounts: readonly Cents[]): Cents[] {
  const out = amounts.map(() => 0);
  const positive = amounts.map((a, i) => ({ a, i })).filter((x) => x.a > 0);
  if (off === 0 || positive.length === 0) return out;
  const base = sumCents(positive.map((x) => x.a));
  for (const { a, i } of positive) out[i] = roundCents(toDecimal(off).times(a).dividedBy(base));
  const largest = positive.reduce((best, x) => (x.a > best.a ? x : best));
  out[largest.i] += off - sumCents(out);
  return out;
}

/** The taxable amount of each charge line: its amount less its share of each applied discount, in the order applied. */
export function taxableAmounts(lines: readonly TaxableLine[], applied: readonly DiscountTaken[]): Cents[] {
  const remaining = lines.map((l) => l.amount_cents);
  for (const a of applied) {
    const scope = a.discount.product_pricing_id ?? null;
    const inScope = lines.map((l, i) => (scope === null || l.product_pricing_id === scope ? remaining[i] : 0));
    const shares = spreadCents(a.discount_cents, inScope);
    shares.forEach((s, i) => (remaining[i] -= s));
  }
  return remaining;
}

/** The taxes of one line of taxable amount `taxable` under `rates` (see the file comment). */
export function taxLine(taxable: Cents, rates: readonly TaxRate[]): TaxedLine {
  const inclusive = rates.filter((r) => r.inclusive);
  const sumIncl = inclusive.reduce<Decimal>((s, r) => s.plus(taxPercentage(r.percentage)), ZERO);
  const net = inclusive.length ? roundCents(toDecimal(taxable).times(HUNDRED).dividedBy(HUNDRED.plus(sumIncl))) : taxable;
  const inclTaxes = new Map<TaxRate, Cents>();
  let left = taxable - net;
  inclusive.forEach((r, k) => {
    const amount = k === inclusive.length - 1 ? left : roundCents(toDecimal(net).times(taxPercentage(r.percentage)).dividedBy(HUNDRED));
    left -= amount;
    inclTaxes.set(r, amount);
  });
  const taxes: LineTax[] = rates.map((r) => ({
    tax_id: r.tax_id,
    percentage: decimalString(taxPercentage(r.percentage)),
    inclusive: r.inclusive,
    amount_cents: r.inclusive ? inclTaxes.get(r)! : roundCents(toDecimal(taxable).times(taxPercentage(r.percentage)).dividedBy(HUNDRED)),
  }));
  const exclusive = sumCents(taxes.filter((t) => !t.inclusive).map((t) => t.amount_cents));
  return {
    taxable_cents: taxable,
    net_cents: net,
    taxes,
    tax_cents: sumCents(taxes.map((t) => t.amount_cents)),
    exclusive_cents: exclusive,
  };
}

/**
 * The taxes of an invoice: `lines` its charge lines, `applied` the discounts applied to them
 * (discounts.ts, in the order applied), `rates[i]` the rates of line i.
 */
export function taxInvoice(
  lines: readonly TaxableLine[],
  applied: readonly DiscountTaken[],
  rates: readonly (readonly TaxRate[])[],
): InvoiceTaxes {
  if (rates.length !== lines.length) throw new BillingMathError(`taxInvoice needs the rates of each of the ${lines.length} lines`);
  const taxable = taxableAmounts(lines, applied);
  const taxed = lines.map((_, i) => taxLine(taxable[i], rates[i]));
  const details = new Map<string, TaxDetail>();
  taxed.forEach((t, i) =>
    rates[i].forEach((r, k) => {
      const d =
        details.get(r.tax_id) ??
        details
          .set(r.tax_id, { ...r, percentage: decimalString(taxPercentage(r.percentage)), taxable_cents: 0, amount_cents: 0 })
          .get(r.tax_id)!;
      d.taxable_cents += r.inclusive ? t.net_cents : t.taxable_cents;
      d.amount_cents += t.taxes[k].amount_cents;
    }),
  );
  const all = taxed.flatMap((t) => t.taxes);
  return {
    lines: taxed,
    tax_cents: sumCents(all.map((t) => t.amount_cents)),
    exclusive_cents: sumCents(all.filter((t) => !t.inclusive).map((t) => t.amount_cents)),
    inclusive_cents: sumCents(all.filter((t) => t.inclusive).map((t) => t.amount_cents)),
    details: [...details.values()],
  };
}

/**
 * The tax share of a refund: refunds of R cents in all on an invoice that charged `gross` cents
 * (its total before credits) with `tax` cents of tax give back round(R × tax / gross) of tax in
 * all, each refund the part earlier ones did not, so a whole refund gives back the whole tax.
 */
export function refundTaxShare(taxCents: Cents, grossCents: Cents, refundedBeforeCents: Cents, refundCents: Cents): Cents {
  if (taxCents === 0 || grossCents <= 0) return 0;
  const upTo = (refunded: Cents) => roundCents(toDecimal(refunded).times(taxCents).dividedBy(grossCents));
  return upTo(refundedBeforeCents + refundCents) - upTo(refundedBeforeCents);
}
