import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module';
import { MetricsModule } from '../metrics/metrics.module';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repositories';
import { InvoiceLinesRepository, InvoicesRepository } from '../invoicing/invoicing.repositories';
import { CreditsController } from './credits.controller';
import { CreditLogsRepository, CreditsRepository } from './credits.repositories';
import { CreditLedger } from './credit-ledger';
import { CreditsApplier } from './credits-applier.service';
import { CreditsExpirer, CreditsScheduler } from './credits-expirer.service';
import { CreditsService } from './credits.service';
import { CreditViews } from './credit-views';

/**
 * Credits: grant, find, revoke, consume, the credit log, application to invoices
 * (`CreditsApplier`, called by the invoice finalizer) and expiry (`CreditsExpirer`).
 *
 * The invoice and subscription repositories are provided here directly (they are plain
 * company-scoped repositories over those tables) instead of importing InvoicingModule and
 * SubscriptionsModule, so InvoicingModule can import CreditsModule for the finalizer without
 * a module cycle.
 */
@Module({
  imports: [CustomersModule, MetricsModule],
  controllers: [CreditsController],
  providers: [
    CreditsRepository,
    CreditLogsRepository,
    InvoicesRepository,
    InvoiceLinesRepository,
    SubscriptionsRepository,
    CreditLedger,
    CreditsApplier,
    CreditsExpirer,
    CreditsScheduler,
    CreditsService,
    CreditViews,
  ],
  exports: [CreditsApplier, CreditsExpirer],
})
export class CreditsModule {}
