import { TaxesModule } from '../taxes/taxes.module';
import { Module } from '@nestjs/common';
import { EntitlementsModule } from '../entitlements/entitlements.module';
import { MetricsModule } from '../metrics/metrics.module';
import { CATALOG_REPOSITORIES } from './catalog.repository';
import { CatalogViews } from './catalog.views';
import { CatalogPriceLoader } from './price-loader';
import { ProductsService } from './products.service';
import { PricingsService } from './pricings.service';
import { BundlesService } from './bundles.service';
import { ProductsController } from './products.controller';
import { PricingsController } from './pricings.controller';
import { BundlesController } from './bundles.controller';
import { CatalogHooks } from './catalog.hooks';

@Module({
  imports: [MetricsModule, EntitlementsModule, TaxesModule],
  controllers: [ProductsController, PricingsController, BundlesController],
  providers: [
    ...CATALOG_REPOSITORIES,
    CatalogViews,
    CatalogPriceLoader,
    ProductsService,
    PricingsService,
    BundlesService,
    // `num_subs` and the used-pricing rule count subscriptions: SubscriptionsModule fills this hook
    CatalogHooks,
  ],
  exports: [...CATALOG_REPOSITORIES, CatalogViews, CatalogPriceLoader, ProductsService, PricingsService, BundlesService, CatalogHooks],
})
export class CatalogModule {}
