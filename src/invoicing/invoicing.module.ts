import { Module } from '@nestjs/common';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { CustomersModule } from '../customers/customers.module';
import { CatalogModule } from '../catalog/catalog.module';
import { MetricsModule } from '../metrics/metrics.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import {
  InvoiceLedgerEntriesRepository,
  InvoiceLinesRepository,
  InvoicesRepository,
  OneTimeBillablesRepository,
} from './invoicing.repository';
import { InvoiceWriter } from './invoice-writer.service';
import { ENGINE_CONTROLLERS, ENGINE_EXPORTS, ENGINE_PROVIDERS } from './billing-engine/engine.providers';
import { InvoicesController } from './invoices.controller';
import { InvoicesService } from './invoices.service';
import { OneTimesController } from './one-times.controller';
import { OneTimesService } from './one-times.service';
import { InvoicingViews } from './invoicing.views';
import { InvoiceLedger } from './invoice-ledger.service';
import { InvoicingHooks } from './invoicing.hooks';
import { InvoiceLedgerAudit } from './invoice-ledger.audit';
import { InvoiceLinks } from './invoice-links.service';
import { CancellationEffects } from './cancellation-effects.service';
import { InvoiceTaxes } from './invoice-taxes.service';
import { TaxesModule } from '../taxes/taxes.module';

/**
 * Invoices, one-time charges, billing runs and the invoice ledger (the one owner of every
 * invoice's money). Engine (generation, runs, scheduler, preview) and API (invoice endpoints,
 * one-times) are separate services over the same tables.
 *
 * Imports nothing above it: credits and payments import this module, call the InvoiceLedger,
 * and fill the InvoicingHooks it declares (checked at start).
 */
@Module({
  imports: [WebhooksModule, CustomersModule, CatalogModule, MetricsModule, SubscriptionsModule, TaxesModule],
  controllers: [...ENGINE_CONTROLLERS, InvoicesController, OneTimesController],
  providers: [
    InvoicesRepository,
    InvoiceLinesRepository,
    InvoiceLedgerEntriesRepository,
    OneTimeBillablesRepository,
    InvoicingHooks,
    InvoiceLedger,
    InvoiceLedgerAudit,
    InvoiceWriter,
    InvoiceLinks,
    InvoiceTaxes,
    CancellationEffects,
    ...ENGINE_PROVIDERS,
    InvoicesService,
    OneTimesService,
    InvoicingViews,
  ],
  exports: [
    InvoicesRepository,
    InvoiceLinesRepository,
    OneTimeBillablesRepository,
    InvoicingHooks,
    InvoiceLedger,
    InvoiceLedgerAudit,
    InvoiceWriter,
    InvoiceLinks,
    InvoicingViews,
    InvoiceTaxes,
    ...ENGINE_EXPORTS,
    InvoicesService,
  ],
})
export class InvoicingModule {}
