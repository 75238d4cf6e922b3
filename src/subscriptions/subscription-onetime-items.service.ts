import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { DomainError } from '../platform/errors/domain-error';
import { isId } from '../platform/ids/ids';
import { ProductPricingsRepository } from '../catalog/catalog.repository';
import { checkCurrency, money } from './change.rules';
import type { OnetimeItemDto } from './dto/subscription.dto';

/** A subscription's one-time items, checked (pricings exist, in the subscription currency) and as stored. */
@Injectable()
export class SubscriptionOnetimeItems {
  constructor(private readonly pricings: ProductPricingsRepository) {}

  async normalise(
    m: EntityManager,
    companyId: string,
    inputs: OnetimeItemDto[] | null | undefined,
    currency: string,
  ): Promise<Record<string, unknown>[]> {
    const list = inputs ?? [];
    const ids = list.map((o) => o.product_pricing_id).filter((x): x is string => !!x && isId('productPricing', x));
    const found = ids.length ? await this.pricings.with(m).find(companyId, { where: { id: In(ids) } }) : [];
    const byId = new Map(found.map((p) => [p.id, p]));
    return list.map((o, i) => {
      const path = `onetime_items[${i}]`;
      if (o.product_pricing_id != null) {
        const p = byId.get(o.product_pricing_id);
        if (!p) throw DomainError.notFound('product pricing', `${path}.product_pricing_id`);
        if (p.currency !== currency)
          throw DomainError.invalidField(`${path}.product_pricing_id`, `must be in the subscription currency (${currency})`);
      } else if (!o.custom_price) {
        throw DomainError.invalidField(`${path}.product_pricing_id`, 'is required (or custom_price)');
      }
      checkCurrency(o.custom_price?.amount.currency, currency, `${path}.custom_price.amount.currency`);
      return {
        aggregate: o.aggregate ?? 1,
        custom_price: o.custom_price
          ? {
              amount: money(currency, o.custom_price.amount.value_in_cents),
              product_id: o.custom_price.product_id ?? null,
              description: o.custom_price.description ?? null,
            }
          : null,
        product_pricing_id: o.product_pricing_id ?? null,
        quantity_config: o.quantity_config
          ? {
              allow_custom_quantity: o.quantity_config.allow_custom_quantity ?? null,
              max_quantity: o.quantity_config.max_quantity ?? null,
              min_quantity: o.quantity_config.min_quantity ?? null,
            }
          : null,
        sort_order: o.sort_order ?? null,
      };
    });
  }
}
