/**
 * The usage line(s) of the usage-only price shapes (pure): a PERCENTAGE price's one line, the
 * exact sum of its events' charges; a price with group_prices, one line per group. Each line is
 * rounded once. docs/billing-rules.md#percentage-charges and #prices-per-group.
 */
import { amountLine, decimalString, groupCharges, percentageCharge, unitPriceLine } from '../../../billing-math';
import type { LineDraft } from '../../invoice-writer.service';
import type { PlanPrice } from '../catalog-loader';
import { tag } from './price-lines';
import { decodeAmounts, decodeGroups } from './usage-detail';

interface LineContext {
  period: { start: Date; end: Date };
  product_pricing_id: string;
  item_id: string;
}

/** The one line of a PERCENTAGE price: quantity the events charged, its amount the sum of their charges. */
export function percentageLines(price: PlanPrice, usage: string, ctx: LineContext): LineDraft[] {
  const charge = percentageCharge(price.price.pricing.percentage_price!, decodeAmounts(usage));
  const line = amountLine({ ...ctx, name: price.name, amount: charge.amount, quantity: charge.events, unit_price: null });
  const details = { usage: decimalString(charge.total_amount), events: decimalString(charge.events), metric_id: price.metric_id };
  return tag([line], price, { details });
}

/** One line per group of a price with group_prices, named "<price> (<key>: <value>)". */
export function groupLines(price: PlanPrice, usage: string, ctx: LineContext): LineDraft[] {
  const groups = price.price.pricing.group_prices!;
  const fallback = price.price.pricing.fixed_price?.price_per_unit ?? '0';
  return groupCharges(groups, fallback, decodeGroups(usage)).flatMap((g) => {
    const label = g.value === null ? `no ${groups.group_key}` : `${groups.group_key}: ${g.value}`;
    const line = unitPriceLine({ ...ctx, name: `${price.name} (${label})`, quantity: g.quantity, unit_price: g.unit_price });
    const details = { usage: decimalString(g.quantity), metric_id: price.metric_id, group: { [groups.group_key]: g.value } };
    return tag([line], price, { details });
  });
}
