import { DynamicModule, Module } from '@nestjs/common';
import { PlatformModule, PlatformOptions } from './platform/platform.module';
import { EntitlementsModule } from './entitlements/entitlements.module';
import { TaxesModule } from './taxes/taxes.module';
import { CustomersModule } from './customers/customers.module';
import { MetricsModule } from './metrics/metrics.module';
import { CatalogModule } from './catalog/catalog.module';
import { InvoicingModule } from './invoicing/invoicing.module';
import { SubscriptionsModule } from './subscriptions/subscriptions.module';
import { PaymentsModule } from './payments/payments.module';
import { CreditsModule } from './credits/credits.module';
import { ContractsModule } from './contracts/contracts.module';
import { CheckoutModule } from './checkout/checkout.module';
import { InvoicePagesModule } from './invoice-pages/invoice-pages.module';
import { CustomerPortalModule } from './customer-portal/customer-portal.module';
import { AuditModule } from './audit/audit.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { NotificationsModule } from './notifications/notifications.module';
import { ReportsModule } from './reports/reports.module';
import { TALLY_SCHEMA } from './schema';

/** How the service is started: its configuration and database (the schema is the composition root's own). */
export type AppOptions = Omit<PlatformOptions, 'schema'>;

/** The whole service: the platform plus one module per billing domain. */
@Module({})
export class AppModule {
  static forRoot(options: AppOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({ ...options, schema: TALLY_SCHEMA }),
        WebhooksModule,
        EntitlementsModule,
        TaxesModule,
        CustomersModule,
        MetricsModule,
        CatalogModule,
        SubscriptionsModule,
        InvoicingModule,
        PaymentsModule,
        CreditsModule,
        ContractsModule,
        CheckoutModule,
        InvoicePagesModule,
        CustomerPortalModule,
        NotificationsModule,
        ReportsModule,
        AuditModule,
      ],
    };
  }
}
