/**
 * Assembling an invoice's totals from its charge lines.
 *
 * Order: unit credits cover units of their item's lines → discounts apply to what remains
 * (scoped ones see their pricing's lines net of unit credits) → amount credits pay the rest.
 *
 * - `sub_total` = the charge lines (CHARGE, BASE, MINIMUM_SPEND), before credits AND
 *   discounts (the spec says "before credits"; keeping discounts out too lets a reader check
 *   sub_total − discounts − credits = total).
 * - `total` = sub_total − unit credits − discounts − amount credits. It is negative only when
 *   the charges themselves are (proration credits exceeding new charges); credits and
 *   discounts never push it below zero.
 * - `prorated_amount` = the sum of the prorated charge lines.
 */
import { BillingMathError } from './errors';
import { Cents } from './money';
import { InvoiceLine, linesTotal, proratedTotal } from './lines';
import { Discount, DiscountResult, applyDiscounts } from './discounts';
import { AmountCredit, CreditApplication, UnitCredit, UnitCreditApplication, applyCredits, applyUnitCredits } from './credits';

export interface InvoiceInput {
  /** The invoice's charge lines (kinds CHARGE, BASE, MINIMUM_SPEND). */
  lines: readonly InvoiceLine[];
  /** The billing date the invoice closes (decides expirations). */
  invoice_date: Date;
  discounts?: readonly Discount[];
  unit_credits?: readonly UnitCredit[];
  credits?: readonly AmountCredit[];
}

export interface InvoiceTotals {
  /** Charge lines, then unit-credit lines, then discount lines. */
  lines: InvoiceLine[];
  sub_total_cents: Cents;
  unit_credit_cents: Cents;
  discount_cents: Cents;
  credit_cents: Cents;
  total_cents: Cents;
  prorated_amount_cents: Cents;
  unit_credits: UnitCreditApplication;
  discounts: DiscountResult;
  credits: CreditApplication;
}

/** The totals of an invoice (see the file comment for the order). */
export function summarizeInvoice(input: InvoiceInput): InvoiceTotals {
  for (const l of input.lines) {
    if (l.kind !== 'CHARGE' && l.kind !== 'BASE' && l.kind !== 'MINIMUM_SPEND') {
      throw new BillingMathError(`summarizeInvoice takes charge lines only, got a ${l.kind} line`);
    }
  }
  const subTotal = linesTotal(input.lines);
  const unit = applyUnitCredits(input.lines, input.unit_credits ?? [], input.invoice_date);
  const afterUnits = [...input.lines, ...unit.lines];
  const discounts = applyDiscounts(afterUnits, input.discounts ?? [], input.invoice_date);
  const credits = applyCredits(discounts.total_cents, input.credits ?? [], input.invoice_date);
  return {
    lines: [...afterUnits, ...discounts.lines],
    sub_total_cents: subTotal,
    unit_credit_cents: unit.applied_cents,
    discount_cents: discounts.discount_cents,
    credit_cents: credits.applied_cents,
    total_cents: discounts.total_cents - credits.applied_cents,
    prorated_amount_cents: proratedTotal(input.lines),
    unit_credits: unit,
    discounts,
    credits,
  };
}
