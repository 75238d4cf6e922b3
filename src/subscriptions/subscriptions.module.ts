import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { CustomersModule } from '../customers/customers.module';
import { EntitlementsModule } from '../entitlements/entitlements.module';
import { MetricsModule } from '../metrics/metrics.module';
import { SubscriptionsController } from './subscriptions.controller';
import { SubscriptionsService } from './subscriptions.service';
import { SUBSCRIPTION_REPOSITORIES } from './subscriptions.repositories';
import { PlanCatalog } from './plan-catalog';
import { SubscriptionViews } from './subscription.views';
import { CustomerEntitlementsService } from './customer-entitlements.service';
import { PaymentMethodOwnership } from './payment-method-ownership.port';
import { SubscriptionsHooks } from './subscriptions.hooks';
import { SqlSubscriptionUsageCounter } from './subscription-usage-counter';
import { SubscriptionBillingStateService } from './subscription-billing-state.service';

@Module({
  imports: [CatalogModule, CustomersModule, EntitlementsModule, MetricsModule],
  controllers: [SubscriptionsController],
  providers: [
    ...SUBSCRIPTION_REPOSITORIES,
    PlanCatalog,
    SubscriptionViews,
    CustomerEntitlementsService,
    SubscriptionsHooks,
    PaymentMethodOwnership,
    SqlSubscriptionUsageCounter,
    SubscriptionBillingStateService,
    SubscriptionsService,
  ],
  exports: [
    CustomerEntitlementsService,
    SubscriptionViews,
    SubscriptionsService,
    SubscriptionBillingStateService,
    PlanCatalog,
    SubscriptionsHooks,
    ...SUBSCRIPTION_REPOSITORIES,
  ],
})
export class SubscriptionsModule {}
