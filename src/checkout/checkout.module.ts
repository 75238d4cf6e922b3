import { Module } from '@nestjs/common';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { CatalogModule } from '../catalog/catalog.module';
import { CustomersModule } from '../customers/customers.module';
import { MetricsModule } from '../metrics/metrics.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { InvoicingModule } from '../invoicing/invoicing.module';
import { PaymentsModule } from '../payments/payments.module';
import { CheckoutController } from './checkout.controller';
import { CheckoutService } from './checkout.service';
import { CheckoutViews } from './checkout.views';
import { CheckoutSessionsRepository } from './checkout.repository';
import { CheckoutPayment } from './checkout-payment';
import { CheckoutPageController } from './page/checkout-page.controller';
import { CheckoutPageService } from './page/checkout-page.service';

/**
 * Checkout sessions (#10, #20) and the hosted checkout page. The first invoice is computed and
 * written by the billing engine (InvoicingModule); the charge (CheckoutPayment) calls the payments
 * module directly (payment methods, processor, transactions).
 */
@Module({
  imports: [WebhooksModule, CatalogModule, CustomersModule, MetricsModule, SubscriptionsModule, InvoicingModule, PaymentsModule],
  controllers: [CheckoutController, CheckoutPageController],
  providers: [CheckoutSessionsRepository, CheckoutService, CheckoutViews, CheckoutPageService, CheckoutPayment],
  exports: [CheckoutService],
})
export class CheckoutModule {}
