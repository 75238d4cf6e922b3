/**
 * What checkout tells a buyer about the plan beyond today's charge (pure): every price of the
 * plan — usage prices included, "$0.02 per API call", the unit named by the price's billable
 * metric — and what renews after today ("Then $174.00 per month, plus usage. Renews monthly on
 * 10 February 2028."). The amounts are the billing-math charge of one full period at the
 * session's quantities, each rounded once as an invoice line is; what cannot be said exactly
 * (discounts, prices of different periods, a plan that does not renew) is not promised.
 */
import { chargeForPeriod, roundCents, termEnd } from '../../billing-math';
import type { Frequency } from '../../catalog/catalog.entity';
import { formatDate, formatMoney, formatPeriod } from '../../platform/hosted-pages/format';
import { PlanCatalogData, toBillingPricing } from '../../subscriptions/plan-catalog';
import type { StoredConfigItem } from '../../subscriptions/subscription.entity';

export interface PlanPriceRow {
  name: string;
  /** "$58.00 per seat per month", "$0.02 per API call" */
  price: string;
}

const ADVERBS: Partial<Record<Frequency, string>> = {
  DAY: 'daily',
  WEEK: 'weekly',
  MONTH: 'monthly',
  QUARTER: 'quarterly',
  YEAR: 'yearly',
};

/** One unit of what a metric counts: "API calls" → "API call" (English plurals of unit names). */
export function singularUnit(name: string): string {
  const n = name.trim();
  if (/ies$/i.test(n)) return n.replace(/ies$/i, 'y');
  if (/(ss|us|is)$/i.test(n)) return n;
  return n.replace(/s$/i, '');
}

/** "monthly", "every 3 months". */
export function renewalWord(count: number, frequency: Frequency): string {
  return count === 1 && ADVERBS[frequency] ? ADVERBS[frequency]! : `every ${formatPeriod(count, frequency)}`;
}

/** Every price of the plan, in the plan's order, as the buyer reads it. */
export function planPriceRows(
  data: PlanCatalogData,
  pricingIds: string[],
  metricNames: Map<string, string>,
  currency: string,
): PlanPriceRow[] {
  const rows: PlanPriceRow[] = [];
  for (const id of pricingIds) {
    const pricing = data.pricings.get(id);
    for (const p of data.pmpsByPricing.get(id) ?? []) {
      const s = p.shape;
      const unit = p.licence ? 'seat' : singularUnit(metricNames.get(p.pmp.metric_id) ?? 'unit');
      const every = s.frequency === 'ONETIME' ? ' once' : ` per ${formatPeriod(s.term_count, s.frequency)}`;
      const base = s.base_price_in_cents > 0 ? `${formatMoney(s.base_price_in_cents, currency)}${every}, then ` : '';
      const model =
        s.pricing_type === 'FIXED' && s.fixed_price_per_unit !== null
          ? `${formatMoney(s.fixed_price_per_unit, currency)} per ${unit}`
          : s.pricing_type === 'STEP' && s.step_price_per_step !== null
            ? `${formatMoney(s.step_price_per_step, currency)} per ${s.step_size ?? 1} ${s.step_size === 1 ? unit : `${unit}s`}`
            : `priced in tiers per ${unit}`;
      const period = p.licence && s.frequency !== 'ONETIME' ? every : '';
      rows.push({ name: pricing ? (pricing.external_name ?? pricing.name) : 'Price', price: `${base}${model}${period}` });
    }
  }
  return rows;
}

/**
 * What the buyer pays each period after today's charge and when it renews; null when nothing
 * renews. `then` is null when it cannot be one exact amount (discounts, mixed periods).
 */
export function renewalOf(input: {
  data: PlanCatalogData;
  pricingIds: string[];
  configItems: StoredConfigItem[];
  autoRenews: boolean;
  hasDiscounts: boolean;
  firstInvoiceDate: Date | null;
  currency: string;
  /** The company's zone: billing dates step on its calendar and print as its days. */
  timeZone?: string;
}): { then: string | null; renews: string } | null {
  const recurring = input.pricingIds.flatMap((id) =>
    (input.data.pmpsByPricing.get(id) ?? []).filter((p) => p.shape.type === 'RECURRING' && p.shape.frequency !== 'ONETIME'),
  );
  if (recurring.length === 0 || !input.firstInvoiceDate) return null;
  const term = { count: recurring[0].shape.term_count, frequency: recurring[0].shape.frequency, zone: input.timeZone };
  const next = termEnd(input.firstInvoiceDate, term);
  const renews = `Renews ${renewalWord(term.count, term.frequency)} on ${formatDate(next, input.timeZone)}${input.autoRenews ? '' : ' until the end of the term'}`;
  const oneTerm = recurring.every((p) => p.shape.term_count === term.count && p.shape.frequency === term.frequency);
  if (!oneTerm || input.hasDiscounts) return { then: null, renews };
  const quantities = new Map(input.configItems.map((c) => [c.product_metric_pricing_id, Math.max(c.num_licenses, c.minimum_units)]));
  let cents = 0;
  let usage = false;
  for (const p of recurring) {
    if (!p.licence) usage = true;
    // a usage price's charge depends on the period's usage: its base price is what is certain
    const quantity = p.licence ? (quantities.get(p.pmp.id) ?? 1) : 0;
    cents += roundCents(chargeForPeriod(toBillingPricing(p.shape), quantity, { period_index: 1 }).amount);
  }
  const then = `Then ${formatMoney(cents, input.currency)} per ${formatPeriod(term.count, term.frequency)}${usage ? ', plus usage' : ''}`;
  return { then, renews };
}
