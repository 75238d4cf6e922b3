/**
 * The first invoice (pure): the plan's one-time prices and the subscription's own one-time items
 * go on the first billing date — the start, or a trial's end (`billing_start`); so do the
 * one-time items of a change made before the start (it took the first plan's place).
 * docs/billing-rules.md "One-time items"; decision 1 of src/invoicing/README-billing.md.
 */
import { unitPriceLine } from '../../../billing-math';
import type { LineDraft } from '../../invoice-writer.service';
import type { EngineOneTimeItem, EngineSubscription, Segment } from '../model';
import { priceLines, quantityOf, tag } from './price-lines';

export function firstInvoiceLines(sub: EngineSubscription, seg: Segment, at: Date): LineDraft[] {
  const out: LineDraft[] = [];
  for (const price of seg.phase.prices.filter((p) => !p.price.recurring)) {
    out.push(...priceLines(price, quantityOf(seg.phase, price), 0, null, { start: at, end: at }));
  }
  out.push(...oneTimeItemLines(sub.onetime_items, at));
  // a change made before the start took the first plan's place (no change moment of its own): its items here
  if (seg.change === null && seg.phase.change_kind === 'CHANGE') out.push(...oneTimeItemLines(seg.phase.onetime_items, at));
  return out;
}

/** The lines of one-time items (the subscription's, or a change's), dated `at`. */
export function oneTimeItemLines(items: readonly EngineOneTimeItem[], at: Date): LineDraft[] {
  const out: LineDraft[] = [];
  for (const item of items) {
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
