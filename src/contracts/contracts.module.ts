import { Module } from '@nestjs/common';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { CatalogModule } from '../catalog/catalog.module';
import { CustomersModule } from '../customers/customers.module';
import { MetricsModule } from '../metrics/metrics.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { PaymentsModule } from '../payments/payments.module';
import { ContractsController } from './contracts.controller';
import { ContractTemplatesController } from './contract-templates.controller';
import { ContractTemplatesService } from './contract-templates.service';
import { ContractsService } from './contracts.service';
import { ContractViews } from './contracts.views';
import { CONTRACT_REPOSITORIES } from './contracts.repository';
import { ContractsHooks } from './contracts.hooks';
import { SigningPageController } from './signing-page/signing-page.controller';
import { SigningPageService } from './signing-page/signing-page.service';

/**
 * Contracts and their hosted signing pages (plans are read and checked by the subscriptions
 * module's PlanCatalog).
 */
@Module({
  imports: [WebhooksModule, CatalogModule, CustomersModule, MetricsModule, SubscriptionsModule, PaymentsModule],
  controllers: [ContractsController, ContractTemplatesController, SigningPageController],
  providers: [...CONTRACT_REPOSITORIES, ContractViews, ContractsService, ContractTemplatesService, SigningPageService, ContractsHooks],
  exports: [ContractsService, ContractsHooks],
})
export class ContractsModule {}
