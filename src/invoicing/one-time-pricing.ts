import { BillingMathError, Dec, amountLine, pricingLines } from '../billing-math';
import type { ProductPricingEntity } from '../catalog/catalog.entity';
import type { PriceGraph } from '../catalog/price-loader';
import { DomainError } from '../platform/errors/domain-error';
import { newId } from '../platform/ids/ids';
import { assertDerivedAmount } from '../platform/validation/limits';
import { toPricing } from './billing-engine/pricing.mapper';
import type { OneTimeItemDto } from './dto/one-time.dto';
import type { LineDraft } from './invoice-writer.service';

/** A requested one-time item with its new id, name, exact aggregate and invoice lines. */
export interface PricedItem {
  index: number;
  dto: OneTimeItemDto;
  id: string;
  name: string;
  aggregate: string;
  pricing: ProductPricingEntity | null;
  lines: LineDraft[];
}

/** A number as an exact decimal string (JSON numbers such as 0.1 keep their shortest form). */
function decimalOf(n: number): string {
  return new Dec(n).toString();
}

/**
 * The lines of each item, rounded once per line: a custom price is amount × aggregate (it wins
 * over a product pricing given with it); a product pricing is each of its item pricings'
 * charge for `aggregate` units (billing-math chargeForPeriod, first period, base price included).
 */
export function priceOneTimeItems(
  items: OneTimeItemDto[],
  pricingById: Map<string, ProductPricingEntity>,
  graph: PriceGraph,
): PricedItem[] {
  return items.map((dto, index) => {
    const path = `onetime_items[${index}]`;
    const aggregate = decimalOf(dto.aggregate ?? 1);
    const pricing = dto.product_pricing_id != null ? pricingById.get(dto.product_pricing_id)! : null;
    const id = newId('oneTime');
    const custom = dto.custom_price;
    const name = custom?.description ?? (pricing ? (pricing.external_name ?? pricing.name) : 'One-time charge');
    const ctx = { name, product_pricing_id: pricing?.id ?? null };
    let lines: LineDraft[];
    try {
      if (custom) {
        const unit = custom.amount.value_in_cents;
        lines = [
          { ...amountLine({ ...ctx, amount: new Dec(unit).times(aggregate), quantity: aggregate, unit_price: unit }), one_time_id: id },
        ];
      } else {
        lines = graph.prices(pricing!.id).flatMap(({ pmp, item_pricing, tiers, scheduled }) =>
          // the engine's mapper (billing-engine/pricing.mapper.ts): one-times priced exactly as NEXT ones
          pricingLines({
            ...ctx,
            item_id: item_pricing.item_id,
            pricing: toPricing(item_pricing, tiers, scheduled),
            quantity: aggregate,
            period_index: 0,
          }).map((l): LineDraft => ({ ...l, product_metric_pricing_id: pmp.id, one_time_id: id })),
        );
        if (lines.length === 0) throw DomainError.invalidField(`${path}.product_pricing_id`, 'has no price');
      }
    } catch (err) {
      if (err instanceof BillingMathError) throw DomainError.invalidField(`${path}.product_pricing_id`, `cannot be priced: ${err.message}`);
      throw err;
    }
    assertDerivedAmount(
      lines.reduce((sum, l) => sum + l.amount_cents, 0),
      `${path}.aggregate`,
      'the amount of the one-time item',
    );
    return { index, dto, id, name, aggregate, pricing, lines };
  });
}
