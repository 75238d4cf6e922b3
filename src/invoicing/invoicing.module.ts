import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module';
import { CatalogModule } from '../catalog/catalog.module';
import { MetricsModule } from '../metrics/metrics.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { CompanyCountersRepository, InvoiceLinesRepository, InvoicesRepository, OneTimeBillablesRepository } from './invoicing.repositories';
import { InvoiceWriter } from './invoice-writer.service';
import { ENGINE_CONTROLLERS, ENGINE_EXPORTS, ENGINE_PROVIDERS } from './billing-engine/engine.providers';
import { PaymentsModule } from '../payments/payments.module';
import { CreditsModule } from '../credits/credits.module';
import { InvoicesController } from './invoices.controller';
import { InvoicesService } from './invoices.service';
import { OneTimesController } from './one-times.controller';
import { OneTimesService } from './one-times.service';

/**
 * Invoices, one-time charges and billing runs. Engine (generation, runs, scheduler, preview)
 * and API (invoice endpoints, one-times) are separate services over the same tables.
 */
@Module({
  imports: [CustomersModule, CatalogModule, MetricsModule, SubscriptionsModule, PaymentsModule, CreditsModule],
  controllers: [...ENGINE_CONTROLLERS, InvoicesController, OneTimesController],
  providers: [InvoicesRepository, InvoiceLinesRepository, OneTimeBillablesRepository, CompanyCountersRepository, InvoiceWriter, ...ENGINE_PROVIDERS, InvoicesService, OneTimesService],
  exports: [InvoicesRepository, InvoiceLinesRepository, OneTimeBillablesRepository, InvoiceWriter, ...ENGINE_EXPORTS, InvoicesService],
})
export class InvoicingModule {}
