import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { isId } from '../platform/ids/ids';
import { ProductPricingsRepository } from '../catalog/catalog.repository';
import { normaliseOneTimeItems } from '../catalog/one-time-items';
import type { OnetimeItemDto } from './dto/subscription.dto';

/** A subscription's one-time items, checked (pricings exist, in the subscription currency) and as stored (catalog's one normaliser). */
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
    return normaliseOneTimeItems(list, currency, byId, 'subscription') as unknown as Record<string, unknown>[];
  }
}
