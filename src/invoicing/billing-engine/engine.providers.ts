import { Provider, Type } from '@nestjs/common';
import { InvoiceFinalizer } from '../invoice-finalizer.service';
import { BillingRunBatches } from './billing-run-batch';
import { BillingRunService } from './billing-run.service';
import { BillingScheduler } from './billing-scheduler';
import { CreatedInvoices } from './created-invoices';
import { InvoicePreviewService } from './invoice-preview.service';
import { NextInvoiceController } from '../next-invoice.controller';
import { CatalogLoader } from './catalog-loader';
import { InvoiceGenerator } from './invoice-generator.service';
import { EngineLoader } from './load';
import { UsageDetailLoader } from './usage-detail-loader';
import { UsageThresholdService } from './usage-threshold.service';
import { AdvanceUsageService } from './advance-usage.service';
import { EngineWriter } from './write';
import { RollupInvoices } from './rollups';

/** The billing engine's providers, exported ones and controllers (listed once, spread into InvoicingModule). */
export const ENGINE_PROVIDERS: Provider[] = [
  CatalogLoader,
  EngineLoader,
  UsageDetailLoader,
  EngineWriter,
  InvoiceGenerator,
  InvoiceFinalizer,
  CreatedInvoices,
  BillingRunBatches,
  BillingRunService,
  UsageThresholdService,
  AdvanceUsageService,
  RollupInvoices,
  BillingScheduler,
  InvoicePreviewService,
];
export const ENGINE_EXPORTS: Array<Type | symbol | string | Provider> = [InvoiceFinalizer, InvoiceGenerator, BillingRunService];
export const ENGINE_CONTROLLERS: Type[] = [NextInvoiceController];
