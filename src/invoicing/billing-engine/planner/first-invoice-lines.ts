/**
 * The first invoice (pure): the plan's one-time prices and the subscription's own one-time items
 * go on the first billing date — the start, or a trial's end (`billing_start`).
 * docs/billing-rules.md "One-time items"; decision 1 of src/invoicing/README-billing.md.
 */
import { unitPriceLine } from '../../../billing-math';
import type { LineDraft } from '../../invoice-writer.service';
import type { EngineSubscription, Segment } from '../model';
import { priceLines, quantityOf, tag } from './price-lines';

export function firstInvoiceLines(sub: EngineSubscription, seg: Segment, at: Date): LineDraft[] {
  const out: LineDraft[] = [];
  for (const price of seg.phase.prices.filter((p) => !p.price.recurring)) {
    out.push(...priceLines(price, quantityOf(seg.phase, price), 0, null, { start: at, end: at }));
  }
  for (const item of sub.onetime_items) {
    if (item.unit_price_cents === null) {
      for (const price of item.prices) out.push(...priceLines(price, item.quantity, 0, null, { start: at, end: at }));
      continue;
    }
    const line = unitPriceLine({
      name: item.name,
      quantity: item.quantity,
      unit_price: item.unit_price_cents,
      product_pricing_id: item.product_pricing_id,
    });
    out.push(...tag([line], null));
  }
  return out;
}
