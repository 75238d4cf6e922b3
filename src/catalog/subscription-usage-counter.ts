import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** How many subscriptions use pricings and bundles: what catalog needs from subscriptions (the module above it). */
export interface SubscriptionUsageSource {
  countByPricing(companyId: string, pricingIds: string[], manager?: EntityManager): Promise<Map<string, number>>;
  countByBundle(companyId: string, bundleIds: string[], manager?: EntityManager): Promise<Map<string, number>>;
}

/**
 * How many subscriptions use pricings and bundles (`num_subs`; a used pricing's prices cannot
 * change). `manager`, when given, is the caller's transaction (count inside it). Catalog
 * declares it; SubscriptionsModule provides the counting when it starts, and a missing
 * provider stops the application start.
 */
@Injectable()
export class SubscriptionUsageCounter implements OnApplicationBootstrap {
  private source: SubscriptionUsageSource | null = null;

  provide(source: SubscriptionUsageSource): void {
    this.source = source;
  }

  onApplicationBootstrap(): void {
    if (!this.source) {
      throw new Error('CatalogModule: hooks not provided: subscription usage counts (SubscriptionsModule) — import it in the application');
    }
  }

  countByPricing(companyId: string, pricingIds: string[], manager?: EntityManager): Promise<Map<string, number>> {
    return this.required().countByPricing(companyId, pricingIds, manager);
  }

  countByBundle(companyId: string, bundleIds: string[], manager?: EntityManager): Promise<Map<string, number>> {
    return this.required().countByBundle(companyId, bundleIds, manager);
  }

  private required(): SubscriptionUsageSource {
    if (!this.source) throw new Error('SubscriptionUsageCounter has no source');
    return this.source;
  }
}
