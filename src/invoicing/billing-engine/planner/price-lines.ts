/** The lines of one plan price (pure): the building block every rule's lines are made of. */
import { InvoiceLine, pricingLines, Share } from '../../../billing-math';
import type { LineDraft } from '../../invoice-writer.service';
import type { PlanPrice } from '../catalog-loader';
import type { EnginePhase } from '../model';

/** The quantity of a price under a phase: licences (at least the minimum units) or 1. */
export function quantityOf(phase: EnginePhase, price: PlanPrice): number {
  if (price.kind !== 'LICENSE') return 1;
  const item = phase.config_items.find((c) => c.product_metric_pricing_id === price.product_metric_pricing_id);
  return item ? Math.max(item.num_licenses, item.minimum_units ?? 0) : 0;
}

/** Billed in advance: recurring PRE_POST licence and fixed prices. */
export const isAdvance = (p: PlanPrice) => p.price.recurring && p.price.charge_type === 'PRE_POST' && p.kind !== 'USAGE';
/**
 * Billed in arrears: recurring usage prices and POST_ONLY prices. A usage price paid in advance
 * is billed event by event as they arrive (advance-usage.ts), so no period invoice bills it.
 */
export const isArrears = (p: PlanPrice) =>
  p.price.recurring && !p.price.pay_in_advance && (p.kind === 'USAGE' || p.price.charge_type === 'POST_ONLY');

export function tag(lines: InvoiceLine[], price: PlanPrice | null, extra: Partial<LineDraft> = {}): LineDraft[] {
  return lines.map((l) => ({ ...l, product_metric_pricing_id: price?.product_metric_pricing_id ?? null, ...extra }));
}

/** The lines of a price for a period (× share), named after the price. */
export function priceLines(
  price: PlanPrice,
  quantity: number | string,
  periodIndex: number,
  share: Share | null,
  period: { start: Date; end: Date },
  opts: { credit?: boolean; prefix?: string } = {},
): LineDraft[] {
  const name = `${opts.prefix ?? ''}${price.name}`;
  const lines = pricingLines({
    name,
    base_name: `${name} - base price`,
    pricing: price.price.pricing,
    quantity,
    period_index: periodIndex,
    share,
    credit: opts.credit,
    period,
    product_pricing_id: price.product_pricing_id,
    item_id: price.item_id,
  });
  return tag(lines, price);
}
