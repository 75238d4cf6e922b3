import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module';
import { CatalogModule } from '../catalog/catalog.module';
import { MetricsModule } from '../metrics/metrics.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { CompanyCountersRepository, InvoiceLinesRepository, InvoicesRepository, OneTimeBillablesRepository } from './invoicing.repositories';
import { InvoiceWriter } from './invoice-writer.service';

/**
 * Invoices, one-time charges and billing runs. Engine (generation, runs, scheduler, preview)
 * and API (invoice endpoints, one-times) are separate services over the same tables.
 */
@Module({
  imports: [CustomersModule, CatalogModule, MetricsModule, SubscriptionsModule],
  controllers: [],
  providers: [InvoicesRepository, InvoiceLinesRepository, OneTimeBillablesRepository, CompanyCountersRepository, InvoiceWriter],
  exports: [InvoicesRepository, InvoiceLinesRepository, OneTimeBillablesRepository, InvoiceWriter],
})
export class InvoicingModule {}
