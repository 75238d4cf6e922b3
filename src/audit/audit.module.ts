import { Module } from '@nestjs/common';
import { InvoicingModule } from '../invoicing/invoicing.module';
import { PaymentsModule } from '../payments/payments.module';
import { CreditsModule } from '../credits/credits.module';
import { AuditService } from './audit.service';

/** The reconciliation of invoices, payments and credits (`npm run cli -- audit`): top of the module graph, beside checkout. */
@Module({
  imports: [InvoicingModule, PaymentsModule, CreditsModule],
  providers: [AuditService],
  exports: [AuditService],
})
export class AuditModule {}
