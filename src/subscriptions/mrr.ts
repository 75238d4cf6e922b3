/**
 * Monthly recurring revenue of one subscription (pure, exact decimals, rounded once).
 *
 * - Each RECURRING price of the plan contributes its charge for ONE period: licence prices for
 *   the configured quantity (max(num_licenses, minimum_units)) under their pricing type, plus
 *   base_price; usage prices only their base_price (usage is unknown in advance).
 * - A period's charge is normalised to a month: YEAR ÷ 12, BI_ANNUAL ÷ 6, QUARTER ÷ 3,
 *   BI_MONTH ÷ 2, MONTH × 1, WEEK × 52/12, DAY × 365/12, HOUR × 8760/12, then ÷ term count.
 * - Discounts not expired at `now`: a pricing-scoped discount applies to that pricing's period
 *   charge (amount off, or percent limited by cap); an invoice-wide one to the monthly total
 *   (a percent as is; an amount, being per invoice, normalised by the billing term). Never
 *   below zero.
 * - The result is rounded once, half away from zero; ARR = MRR × 12.
 */
import { chargeForPeriod, Pricing } from '../billing-math/pricing';
import { Dec, Decimal, roundCents, ZERO } from '../billing-math/money';
import type { Frequency, Term } from '../billing-math/periods';

export interface MrrPrice {
  product_pricing_id: string;
  frequency: Frequency;
  term_count: number;
  pricing: Pricing;
  licence: boolean;
  /** Units charged for a licence price (ignored for usage prices). */
  quantity: number;
}

export interface MrrDiscount {
  type: 'DISCOUNT_AMOUNT' | 'DISCOUNT_PERCENT';
  amount_in_cents: number | null;
  percent: string | number | null;
  cap_in_cents: number | null;
  expiration_date: Date | null;
  product_pricing_id: string | null;
}

const MONTHS_PER_UNIT: Record<Exclude<Frequency, 'ONETIME'>, Decimal> = {
  YEAR: new Dec(12),
  BI_ANNUAL: new Dec(6),
  QUARTER: new Dec(3),
  BI_MONTH: new Dec(2),
  MONTH: new Dec(1),
  WEEK: new Dec(12).div(52),
  DAY: new Dec(12).div(365),
  HOUR: new Dec(12).div(8760),
};

/** An amount per period of `count` × `frequency`, as an amount per month (exact, unrounded). */
export function monthly(amount: Decimal, frequency: Frequency, count: number): Decimal {
  if (frequency === 'ONETIME') return ZERO;
  return amount.div(MONTHS_PER_UNIT[frequency].times(count));
}

function applyDiscount(base: Decimal, d: MrrDiscount, amountScale: Decimal): Decimal {
  if (base.lessThanOrEqualTo(0)) return base;
  let off: Decimal;
  if (d.type === 'DISCOUNT_AMOUNT') off = new Dec(d.amount_in_cents ?? 0).times(amountScale);
  else {
    off = base.times(new Dec(d.percent ?? 0));
    if (d.cap_in_cents !== null) {
      const cap = new Dec(d.cap_in_cents).times(amountScale);
      if (off.greaterThan(cap)) off = cap;
    }
  }
  if (off.greaterThan(base)) off = base;
  return base.minus(off);
}

export function computeMrr(input: {
  prices: MrrPrice[];
  discounts: MrrDiscount[];
  billing_term: Term;
  now: Date;
  period_index?: number;
}): number {
  const active = input.discounts.filter((d) => d.expiration_date === null || input.now.getTime() <= d.expiration_date.getTime());
  let total = ZERO;
  const byPricing = new Map<string, { period: Decimal; frequency: Frequency; count: number }>();
  for (const p of input.prices) {
    if (p.frequency === 'ONETIME') continue;
    const charge = p.licence
      ? chargeForPeriod(p.pricing, Math.max(0, p.quantity), { period_index: input.period_index ?? 0 }).amount
      : new Dec(typeof p.pricing.base_price === 'number' ? p.pricing.base_price : (p.pricing.base_price?.value_in_cents ?? 0));
    const prev = byPricing.get(p.product_pricing_id);
    // a pricing's prices share one frequency; monthly amounts are summed per pricing
    const m = monthly(charge, p.frequency, p.term_count);
    byPricing.set(p.product_pricing_id, { period: (prev?.period ?? ZERO).plus(m), frequency: p.frequency, count: p.term_count });
  }
  for (const [pricingId, v] of byPricing) {
    let amount = v.period;
    for (const d of active.filter((x) => x.product_pricing_id === pricingId)) {
      amount = applyDiscount(amount, d, monthly(new Dec(1), v.frequency, v.count));
    }
    total = total.plus(amount);
  }
  const billingScale =
    input.billing_term.frequency === 'ONETIME' ? new Dec(1) : monthly(new Dec(1), input.billing_term.frequency, input.billing_term.count);
  for (const d of active.filter((x) => x.product_pricing_id === null)) total = applyDiscount(total, d, billingScale);
  return roundCents(total);
}
