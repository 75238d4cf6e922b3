import { Module } from '@nestjs/common';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { CustomersModule } from '../customers/customers.module';
import { InvoicingModule } from '../invoicing/invoicing.module';
import { PaymentsInvoicingHook } from './payments-invoicing.service';
import { PaymentsAudit } from './payments.audit';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { PaymentAttemptsRepository, PaymentMethodsRepository, PaymentTransactionsRepository } from './payments.repository';
import { PaymentTransactionsService } from './payment-transactions.service';
import { PaymentsViews } from './payments.views';
import { PaymentTransactionsController } from './payments.controller';
import { PaymentMethodsService } from './payment-methods.service';
import { PaymentMethodsController } from './payment-methods.controller';
import { AutoChargeService } from './auto-charge.service';
import { PaymentProcessor } from './processor/payment-processor';
import { SandboxProcessor } from './processor/sandbox-processor';
import { CardChargeService } from './card-charge.service';

/**
 * Payment transactions (payments and refunds), payment methods, the processor port and the
 * auto-charge outbox. Above invoicing: this module imports InvoicingModule, reaches invoices
 * only through the InvoiceLedger (lock, record a payment or a refund) and fills the ledger's
 * payments hook (`PaymentsInvoicingHook`: charges in flight, mark_paid's transaction, the
 * outbox, the billing run's charges step). It never writes an invoice row.
 * It fills the subscriptions module's payment-method ownership hook (SubscriptionsHooks: who owns
 * each card; the application does not start without it).
 *
 * The processor: `{ provide: PaymentProcessor, useExisting: SandboxProcessor }`; a real one is
 * another class extending PaymentProcessor bound here instead (see payment-processor.ts).
 */
@Module({
  imports: [WebhooksModule, CustomersModule, SubscriptionsModule, InvoicingModule],
  controllers: [PaymentTransactionsController, PaymentMethodsController],
  providers: [
    PaymentTransactionsRepository,
    PaymentMethodsRepository,
    PaymentAttemptsRepository,
    SandboxProcessor,
    { provide: PaymentProcessor, useExisting: SandboxProcessor },
    PaymentTransactionsService,
    PaymentMethodsService,
    PaymentsViews,
    AutoChargeService,
    PaymentsInvoicingHook,
    PaymentsAudit,
    CardChargeService,
  ],
  exports: [
    CardChargeService,
    PaymentsAudit,
    PaymentTransactionsRepository,
    PaymentTransactionsService,
    PaymentMethodsService,
    AutoChargeService,
    PaymentProcessor,
  ],
})
export class PaymentsModule {}
