/**
 * The estimated charge of a usage price for the usage so far in the period (pure): the price's
 * charge for that quantity (billing-math, rounded once as an invoice line is). An estimate: the
 * invoice also applies discounts, credits, minimum spend and units carried over, and the
 * period's usage can still grow; the page says so.
 */
import { chargeForPeriod, roundCents } from '../../billing-math';
import { formatMoney } from '../../platform/hosted-pages/format';
import type { PriceShape } from '../../catalog/pricing.rules';
import { toBillingPricing } from '../../subscriptions/plan-catalog';

export function estimatedCharge(shape: PriceShape, quantity: string | number, currency: string): string | null {
  try {
    return formatMoney(roundCents(chargeForPeriod(toBillingPricing(shape), quantity).amount), currency);
  } catch {
    // a price the billing math cannot read without its subscription's context: no estimate
    return null;
  }
}
