import { Module } from '@nestjs/common';
import { InvoicingModule } from '../invoicing/invoicing.module';
import { PaymentsModule } from '../payments/payments.module';
import { CreditsModule } from '../credits/credits.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { AuditService } from './audit.service';

/** The reconciliation of invoices, payments and credits, and the subscriptions billing could not bill (`npm run cli -- audit`): top of the module graph, beside checkout. */
@Module({
  imports: [InvoicingModule, PaymentsModule, CreditsModule, SubscriptionsModule],
  providers: [AuditService],
  exports: [AuditService],
})
export class AuditModule {}
