/**
 * The largest amounts a customer's subscriptions can produce, checked on every subscription
 * write before it commits (docs/api.md, "Limits"): each recurring price's charge for one period, each
 * subscription's MRR and the customer's MRR (before discounts, trials and start dates, which
 * only lower them), and each one-time item's amount. Any of them above MAX_MONEY_CENTS is a
 * 400 `amount_out_of_range`: a stored subscription can always be read (ARR = MRR × 12 stays a
 * safe integer) and billed. Pure: no Nest, no SQL.
 */
import { chargeForPeriod } from '../billing-math/pricing';
import { Dec, Decimal, ZERO } from '../billing-math/money';
import { BillingMathError } from '../billing-math/errors';
import { assertDerivedAmount, MAX_MONEY_CENTS } from '../platform/validation/limits';
import { monthly } from './mrr';
import { mrrPrices, PlanCatalogData, toBillingPricing } from './plan-catalog';
import type { StoredConfigItem } from './subscription.entity';

export interface PhasePlan {
  product_pricing_ids: string[];
  config_items: StoredConfigItem[];
}

export interface StoredOnetimeItem {
  aggregate?: number | null;
  custom_price?: { amount?: { value_in_cents?: number } | null } | null;
  product_pricing_id?: string | null;
}

const TOO_LARGE = new Dec(MAX_MONEY_CENTS).plus(1);

/** Runs a computation that may overflow billing-math's safe-integer checks: an overflow reads as "too large". */
function guarded(work: () => Decimal): Decimal {
  try {
    return work();
  } catch (err) {
    if (err instanceof BillingMathError) return TOO_LARGE;
    throw err;
  }
}

/** The undiscounted MRR of a plan, checking each recurring price's charge for one period (every scheduled period). */
export function planMaxMrr(data: PlanCatalogData, plan: PhasePlan): Decimal {
  let mrr = ZERO;
  for (const p of mrrPrices(data, plan.product_pricing_ids, plan.config_items)) {
    const periods = Math.max(1, p.pricing.scheduled_price?.price_per_unit_per_period?.length ?? 1);
    let largest = ZERO;
    for (let i = 0; i < periods; i++) {
      const charge = guarded(() =>
        p.licence
          ? chargeForPeriod(p.pricing, Math.max(0, p.quantity), { period_index: i }).amount
          : new Dec(chargeForPeriod(p.pricing, 0).base_amount),
      );
      assertDerivedAmount(charge, 'config_items', "a price's charge for one period");
      if (charge.greaterThan(largest)) largest = charge;
    }
    mrr = mrr.plus(monthly(largest, p.frequency, p.term_count));
  }
  assertDerivedAmount(mrr, 'config_items', 'the MRR of the subscription');
  return mrr;
}

/** Each one-time item's amount: custom price × aggregate, or the pricing's charge for the aggregate. */
export function checkOnetimeItems(data: PlanCatalogData, items: StoredOnetimeItem[] | null): void {
  (items ?? []).forEach((o, i) => {
    const path = `onetime_items[${i}]`;
    const aggregate = o.aggregate ?? 1;
    const custom = o.custom_price?.amount?.value_in_cents;
    let amount = ZERO;
    if (custom != null) {
      amount = new Dec(custom).times(aggregate);
    } else if (o.product_pricing_id) {
      for (const p of data.pmpsByPricing.get(o.product_pricing_id) ?? []) {
        amount = amount.plus(guarded(() => chargeForPeriod(toBillingPricing(p.shape), aggregate, { period_index: 0 }).amount));
      }
    }
    assertDerivedAmount(amount, `${path}.aggregate`, 'the amount of the one-time item');
  });
}

/** The customer's MRR as the sum of its live subscriptions' largest MRR (in one currency). */
export function checkCustomerMrr(total: Decimal): void {
  assertDerivedAmount(total, 'config_items', "the customer's MRR");
}
