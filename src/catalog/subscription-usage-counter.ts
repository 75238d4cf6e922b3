import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * How many subscriptions use pricings and bundles (`num_subs`; a used pricing's prices cannot
 * change). Subscriptions arrive in a later step: that step provides its own implementation in
 * place of this default (CatalogModule binds the token), which counts none.
 * `manager`, when given, is the caller's transaction (count inside it).
 */
export abstract class SubscriptionUsageCounter {
  abstract countByPricing(companyId: string, pricingIds: string[], manager?: EntityManager): Promise<Map<string, number>>;
  abstract countByBundle(companyId: string, bundleIds: string[], manager?: EntityManager): Promise<Map<string, number>>;
}

@Injectable()
export class NoSubscriptionsUsageCounter extends SubscriptionUsageCounter {
  countByPricing(_companyId: string, pricingIds: string[]): Promise<Map<string, number>> {
    return Promise.resolve(new Map(pricingIds.map((id) => [id, 0])));
  }

  countByBundle(_companyId: string, bundleIds: string[]): Promise<Map<string, number>> {
    return Promise.resolve(new Map(bundleIds.map((id) => [id, 0])));
  }
}
