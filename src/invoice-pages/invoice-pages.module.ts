import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { InvoicingModule } from '../invoicing/invoicing.module';
import { PaymentsModule } from '../payments/payments.module';
import { CatalogModule } from '../catalog/catalog.module';
import { InvoicePageController } from './invoice-page.controller';
import { InvoicePageService } from './invoice-page.service';
import { InvoicePagePayment } from './invoice-page-payment.service';
import { InvoiceDocuments } from './invoice-documents.service';

/**
 * The hosted invoice page and PDF (top of the stack, beside checkout): reads invoices through
 * invoicing, pays them through payments and the InvoiceLedger. It owns no table.
 */
@Module({
  imports: [CustomersModule, SubscriptionsModule, InvoicingModule, PaymentsModule, CatalogModule],
  controllers: [InvoicePageController],
  providers: [InvoicePageService, InvoicePagePayment, InvoiceDocuments],
  exports: [InvoiceDocuments],
})
export class InvoicePagesModule {}
