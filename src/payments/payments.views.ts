import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { WebhookEventsService } from '../webhooks/events/webhook-events.service';
import { PaymentTransactionsRepository } from './payments.repository';
import type { SearchPage } from '../platform/search/search';
import { CustomerLookupService } from '../customers/customer-lookup.service';
import { toCustomerSummary } from '../customers/customers.mapper';
import type { PaymentTransactionEntity } from './payment-transaction.entity';
import type { PaymentMethodEntity } from './payment-processing.entity';
import { toPaymentMethodResponse, toPaymentTransactionResponse } from './payments.mapper';
import type { PaymentTransactionResponse } from './dto/payment-transaction.dto';
import type { PaymentMethodResponse, UpdatePaymentMethodResponse } from './dto/payment-method.dto';
import { SubscriptionViews } from '../subscriptions/subscriptions.views';
import type { PaymentMethodUpdate } from './payment-methods.service';

/**
 * Payment transactions and payment methods as responses. A page of transactions loads its
 * customers, then those customers' parents, in two batched queries (never one per row); a
 * payment method embeds nothing.
 */
@Injectable()
export class PaymentsViews implements OnModuleInit {
  constructor(
    private readonly customers: CustomerLookupService,
    private readonly subscriptions: SubscriptionViews,
    private readonly transactions: PaymentTransactionsRepository,
    private readonly events: WebhookEventsService,
  ) {}

  /** Webhook events carry payment transactions as their GET answers them, read in the transaction of the change. */
  onModuleInit(): void {
    this.events.objects('payment', async (m, companyId, ids) => {
      const rows = await this.transactions.with(m).find(companyId, { where: { id: In(ids) } });
      return new Map((await this.transactionViews(companyId, rows, m)).map((v, i) => [rows[i].id, v]));
    });
  }

  /** `m`: read inside that transaction. */
  async transactionViews(companyId: string, rows: PaymentTransactionEntity[], m?: EntityManager): Promise<PaymentTransactionResponse[]> {
    if (rows.length === 0) return [];
    const customers = await this.customers.getMany(
      companyId,
      rows.map((r) => r.customer_id),
      m,
    );
    const parentIds = [...customers.values()].map((c) => c.parent_customer_id).filter((id): id is string => !!id);
    const parents = await this.customers.getMany(companyId, parentIds, m);
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

  /** An update's answer: the card, and each live subscription of the customer with the card that pays it. */
  async paymentMethodUpdateView(companyId: string, u: PaymentMethodUpdate): Promise<UpdatePaymentMethodResponse> {
    const method = toPaymentMethodResponse(u.method);
    const subs = await this.subscriptions.many(companyId, u.subscriptions);
    const byId = new Map(u.methods.map((pm) => [pm.id, pm]));
    const fallback = u.methods.find((pm) => pm.is_default) ?? null;
    return {
      ...method,
      method,
      subscription_customer_pm: u.subscriptions.map((s, i) => {
        const pays = s.payment_method_id ? (byId.get(s.payment_method_id) ?? null) : fallback;
        return { method: pays ? toPaymentMethodResponse(pays) : null, subscription: subs[i] as unknown as Record<string, unknown> };
      }),
    };
  }
}
