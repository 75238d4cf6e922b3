import { Injectable } from '@nestjs/common';
import type { SearchPage } from '../platform/search/search';
import { CustomerLookupService } from '../customers/customer-lookup.service';
import { toCustomerSummary } from '../customers/customers.mapper';
import type { PaymentTransactionEntity } from './payment-transaction.entity';
import type { PaymentMethodEntity } from './payment-processing.entity';
import { toPaymentMethodResponse, toPaymentTransactionResponse } from './payments.mapper';
import type { PaymentTransactionResponse } from './dto/payment-transaction.dto';
import type { PaymentMethodResponse } from './dto/payment-method.dto';

/**
 * Payment transactions and payment methods as responses. A page of transactions loads its
 * customers, then those customers' parents, in two batched queries (never one per row); a
 * payment method embeds nothing.
 */
@Injectable()
export class PaymentsViews {
  constructor(private readonly customers: CustomerLookupService) {}

  async transactionViews(companyId: string, rows: PaymentTransactionEntity[]): Promise<PaymentTransactionResponse[]> {
    if (rows.length === 0) return [];
    const customers = await this.customers.getMany(
      companyId,
      rows.map((r) => r.customer_id),
    );
    const parentIds = [...customers.values()].map((c) => c.parent_customer_id).filter((id): id is string => !!id);
    const parents = await this.customers.getMany(companyId, parentIds);
    return rows.map((r) => {
      const c = customers.get(r.customer_id);
      return toPaymentTransactionResponse(
        r,
        c ? toCustomerSummary(c, c.parent_customer_id ? parents.get(c.parent_customer_id) : null) : null,
      );
    });
  }

  async transactionView(companyId: string, row: PaymentTransactionEntity): Promise<PaymentTransactionResponse> {
    return (await this.transactionViews(companyId, [row]))[0];
  }

  async transactionPage(companyId: string, page: SearchPage<PaymentTransactionEntity>): Promise<SearchPage<PaymentTransactionResponse>> {
    return { pagination: page.pagination, results: await this.transactionViews(companyId, page.results) };
  }

  paymentMethodView(method: PaymentMethodEntity): PaymentMethodResponse {
    return toPaymentMethodResponse(method);
  }

  paymentMethodViews(methods: PaymentMethodEntity[]): PaymentMethodResponse[] {
    return methods.map(toPaymentMethodResponse);
  }
}
