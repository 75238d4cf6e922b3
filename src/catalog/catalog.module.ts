import { Module } from '@nestjs/common';
import { EntitlementsModule } from '../entitlements/entitlements.module';
import { MetricsModule } from '../metrics/metrics.module';
import { CATALOG_REPOSITORIES } from './catalog.repositories';
import { CatalogViews } from './catalog.views';
import { ProductsService } from './products.service';
import { PricingsService } from './pricings.service';
import { BundlesService } from './bundles.service';
import { ProductsController } from './products.controller';
import { PricingsController } from './pricings.controller';
import { BundlesController } from './bundles.controller';
import { SubscriptionUsageCounter } from './subscription-usage-counter';

@Module({
  imports: [MetricsModule, EntitlementsModule],
  controllers: [ProductsController, PricingsController, BundlesController],
  providers: [
    ...CATALOG_REPOSITORIES,
    CatalogViews,
    ProductsService,
    PricingsService,
    BundlesService,
    // replaced by the subscriptions step with a counter that reads subscriptions
    SubscriptionUsageCounter,
  ],
  exports: [...CATALOG_REPOSITORIES, CatalogViews, ProductsService, PricingsService, BundlesService, SubscriptionUsageCounter],
})
export class CatalogModule {}
