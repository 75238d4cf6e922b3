import { Module } from '@nestjs/common';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { CustomersModule } from '../customers/customers.module';
import { MetricsModule } from '../metrics/metrics.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { InvoicingModule } from '../invoicing/invoicing.module';
import { CreditsController } from './credits.controller';
import { CreditLogsRepository, CreditsRepository } from './credits.repository';
import { CreditLedger } from './credit-ledger';
import { CreditsApplier } from './credits-applier.service';
import { CreditsExpirer, CreditsScheduler } from './credits-expirer.service';
import { CreditsService } from './credits.service';
import { CreditViews } from './credits.views';
import { CreditsAudit } from './credits.audit';
import { CreditPacksService } from './credit-packs.service';

/**
 * Credits: grant, find, revoke, consume, the credit log, application to invoices and expiry.
 *
 * Above invoicing: this module imports InvoicingModule, fills the invoice ledger's credits hook
 * (`CreditsApplier`: allocation on finalization, restoration on void) and adds the expirations
 * step to billing runs (`CreditsExpirer`), both through InvoicingHooks; amounts reach invoices
 * only through the InvoiceLedger. Subscriptions are read through the repository SubscriptionsModule
 * exports.
 */
@Module({
  imports: [WebhooksModule, CustomersModule, MetricsModule, SubscriptionsModule, InvoicingModule],
  controllers: [CreditsController],
  providers: [
    CreditsRepository,
    CreditLogsRepository,
    CreditLedger,
    CreditsApplier,
    CreditPacksService,
    CreditsExpirer,
    CreditsScheduler,
    CreditsService,
    CreditViews,
    CreditsAudit,
  ],
  exports: [CreditsApplier, CreditsExpirer, CreditsAudit],
})
export class CreditsModule {}
