import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ModuleHooks } from '../platform/hooks/module-hooks';

/**
 * How many subscriptions use pricings and bundles (`num_subs`; a used pricing's prices cannot
 * change). `manager`, when given, is the caller's transaction (count inside it).
 */
export interface SubscriptionUsageCounter {
  countByPricing(companyId: string, pricingIds: string[], manager?: EntityManager): Promise<Map<string, number>>;
  countByBundle(companyId: string, bundleIds: string[], manager?: EntityManager): Promise<Map<string, number>>;
}

/** The hooks catalog declares, by name. */
export interface CatalogHookSet {
  subscriptionUsage: SubscriptionUsageCounter;
}

/**
 * What the catalog needs from the modules above it, declared with the platform's ModuleHooks:
 * SubscriptionsModule fills `subscriptionUsage` at start; the application does not start without it.
 */
@Injectable()
export class CatalogHooks extends ModuleHooks<CatalogHookSet> {
  constructor() {
    super('CatalogModule', { subscriptionUsage: { filledBy: 'SubscriptionsModule', label: 'subscription usage' } });
  }

  get subscriptionUsage(): SubscriptionUsageCounter {
    return this.get('subscriptionUsage');
  }
}
