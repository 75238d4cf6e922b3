import { PortalBillingDetails } from './page/portal-billing-details.service';
import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { CustomersModule } from '../customers/customers.module';
import { MetricsModule } from '../metrics/metrics.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { InvoicingModule } from '../invoicing/invoicing.module';
import { PaymentsModule } from '../payments/payments.module';
import { CustomerPortalController } from './customer-portal.controller';
import { CustomerPortalLinksRepository } from './customer-portal.repository';
import { CustomerPortalService } from './customer-portal.service';
import { PortalPageController, UsagePageController } from './page/portal-page.controller';
import { PortalPageService } from './page/portal-page.service';
import { UsagePageService } from './page/usage-page.service';

/**
 * What a company's customer sees of its billing (#15): the customer portal (subscriptions,
 * invoices, cards, cancelling at period end) and the embeddable usage page, behind expiring
 * secret links made by `POST /customer_dashboards/{customer_id}/portal|usage`. At the top of the
 * stack: it reads through the other modules' views and acts through their services only.
 */
@Module({
  imports: [CatalogModule, CustomersModule, MetricsModule, SubscriptionsModule, InvoicingModule, PaymentsModule],
  controllers: [CustomerPortalController, PortalPageController, UsagePageController],
  providers: [CustomerPortalLinksRepository, CustomerPortalService, PortalPageService, PortalBillingDetails, UsagePageService],
})
export class CustomerPortalModule {}
