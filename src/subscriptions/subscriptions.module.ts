import { Module } from '@nestjs/common';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { CatalogModule } from '../catalog/catalog.module';
import { CustomersModule } from '../customers/customers.module';
import { EntitlementsModule } from '../entitlements/entitlements.module';
import { MetricsModule } from '../metrics/metrics.module';
import { SubscriptionsController } from './subscriptions.controller';
import { SubscriptionLookup } from './subscription-lookup.service';
import { SubscriptionSearch } from './subscription-search.service';
import { SubscriptionWriter } from './subscription-writer.service';
import { CustomerMrr } from './customer-mrr.service';
import { SubscriptionOnetimeItems } from './subscription-onetime-items.service';
import { CreateSubscriptionUseCase } from './create-subscription.use-case';
import { UpdateSubscriptionUseCase } from './update-subscription.use-case';
import { ChangeSubscriptionUseCase } from './change-subscription.use-case';
import { CancelSubscriptionUseCase } from './cancel-subscription.use-case';
import { SubscriptionLifecycleUseCase } from './subscription-lifecycle.use-case';
import { ScheduledChangesUseCase } from './scheduled-changes.use-case';
import { SubscriptionUsageUseCase } from './subscription-usage.use-case';
import { PricingUsageCounts } from './pricing-usage-counts.service';
import { SubscriptionReadService } from './subscription-read.service';
import { SUBSCRIPTION_REPOSITORIES } from './subscriptions.repository';
import { PlanCatalog } from './plan-catalog';
import { SubscriptionViews } from './subscriptions.views';
import { CustomerEntitlementsService } from './customer-entitlements.service';
import { PaymentMethodOwnership } from './payment-method-ownership.service';
import { SubscriptionsHooks } from './subscriptions.hooks';
import { SubscriptionBillingStateService } from './subscription-billing-state.service';

@Module({
  imports: [WebhooksModule, CatalogModule, CustomersModule, EntitlementsModule, MetricsModule],
  controllers: [SubscriptionsController],
  providers: [
    ...SUBSCRIPTION_REPOSITORIES,
    PlanCatalog,
    SubscriptionViews,
    CustomerEntitlementsService,
    SubscriptionsHooks,
    PaymentMethodOwnership,
    SubscriptionLookup,
    SubscriptionSearch,
    SubscriptionWriter,
    CustomerMrr,
    SubscriptionOnetimeItems,
    CreateSubscriptionUseCase,
    UpdateSubscriptionUseCase,
    ChangeSubscriptionUseCase,
    CancelSubscriptionUseCase,
    SubscriptionLifecycleUseCase,
    ScheduledChangesUseCase,
    SubscriptionUsageUseCase,
    PricingUsageCounts,
    SubscriptionReadService,
    SubscriptionBillingStateService,
  ],
  exports: [
    CustomerEntitlementsService,
    SubscriptionViews,
    SubscriptionLookup,
    CreateSubscriptionUseCase,
    ChangeSubscriptionUseCase,
    CancelSubscriptionUseCase,
    SubscriptionUsageUseCase,
    SubscriptionBillingStateService,
    PlanCatalog,
    SubscriptionsHooks,
    ...SUBSCRIPTION_REPOSITORIES,
  ],
})
export class SubscriptionsModule {}
