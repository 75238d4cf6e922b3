import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { PaymentAttemptsRepository, PaymentMethodsRepository, PaymentTransactionsRepository } from './payments.repositories';
import { PaymentTransactionsService } from './payment-transactions.service';
import { PaymentTransactionsController } from './payments.controller';
import { PaymentMethodsService } from './payment-methods.service';
import { PaymentMethodsController } from './payment-methods.controller';
import { AutoChargeService } from './auto-charge.service';
import { PaymentProcessor } from './processor/payment-processor';
import { SandboxProcessor } from './processor/sandbox-processor';

/**
 * Payment transactions (payments and refunds), payment methods, the processor port and the
 * auto-charge outbox. Other modules record payments through PaymentTransactionsService inside
 * their own transaction (invoicing's mark_paid) and enqueue charges through AutoChargeService;
 * this module imports no invoicing code (it reads and settles invoices with scoped SQL).
 * It registers the owner of each payment method with the subscriptions module's
 * PaymentMethodOwnership hook (the application does not start without it).
 *
 * The processor: `{ provide: PaymentProcessor, useExisting: SandboxProcessor }`; a real one is
 * another class extending PaymentProcessor bound here instead (see payment-processor.ts).
 */
@Module({
  imports: [CustomersModule, SubscriptionsModule],
  controllers: [PaymentTransactionsController, PaymentMethodsController],
  providers: [
    PaymentTransactionsRepository,
    PaymentMethodsRepository,
    PaymentAttemptsRepository,
    SandboxProcessor,
    { provide: PaymentProcessor, useExisting: SandboxProcessor },
    PaymentTransactionsService,
    PaymentMethodsService,
    AutoChargeService,
  ],
  exports: [PaymentTransactionsRepository, PaymentTransactionsService, PaymentMethodsService, AutoChargeService, PaymentProcessor],
})
export class PaymentsModule {}
