import type { ModuleSchema } from '../platform/database/module-schema';
import {
  CompanyCounterEntity,
  InvoiceEntity,
  InvoiceLedgerEntryEntity,
  InvoiceLineEntity,
  OneTimeBillableEntity,
} from './invoicing.entity';
import { BillingCursorEntity } from './billing-engine/billing-cursor.entity';
import { Invoicing1700000006000 } from './migrations/1700000006000-invoicing';
import { InvoiceLedger1700000011500 } from './migrations/1700000011500-invoice-ledger';
import { InvoiceLinkSecret1700000014000 } from './migrations/1700000014000-invoice-link-secret';
import { InvoiceLinkBackfill1700000016200 } from './migrations/1700000016200-invoice-link-backfill';
import { InvoicesWritePath1700000016900 } from './migrations/1700000016900-invoices-write-path';
import { InvoicePageSecretHash1700000017410 } from './migrations/1700000017410-invoice-page-secret-hash';
import { InvoiceTaxes1700000017902 } from './migrations/1700000017902-invoice-taxes';
import { RefundTaxShare1700000017904 } from './migrations/1700000017904-refund-tax-share';
import { UsageThresholdInvoices1700000018052 } from './migrations/1700000018052-usage-threshold-invoices';
import { InvoiceFormattedNumber1700000018150 } from './migrations/1700000018150-invoice-formatted-number';
import { RollupInvoices1700000018250 } from './migrations/1700000018250-rollup-invoices';
import { InvoiceDisplayFields1700000018400 } from './migrations/1700000018400-invoice-display-fields';
import { AdvanceUsageInvoices1700000018520 } from './migrations/1700000018520-advance-usage-invoices';

export const invoicingSchema: ModuleSchema = {
  entities: [CompanyCounterEntity, InvoiceEntity, InvoiceLineEntity, OneTimeBillableEntity, BillingCursorEntity, InvoiceLedgerEntryEntity],
  migrations: [
    Invoicing1700000006000,
    InvoiceLedger1700000011500,
    InvoiceLinkSecret1700000014000,
    InvoiceLinkBackfill1700000016200,
    InvoicesWritePath1700000016900,
    InvoicePageSecretHash1700000017410,
    InvoiceTaxes1700000017902,
    RefundTaxShare1700000017904,
    UsageThresholdInvoices1700000018052,
    InvoiceFormattedNumber1700000018150,
    RollupInvoices1700000018250,
    InvoiceDisplayFields1700000018400,
    AdvanceUsageInvoices1700000018520,
  ],
};
