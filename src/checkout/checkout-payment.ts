import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { InvoiceEntity } from '../invoicing/invoicing.entity';
import { InvoiceLedger } from '../invoicing/invoice-ledger.service';
import { PaymentTransactionsService } from '../payments/payment-transactions.service';
import { PaymentMethodsService } from '../payments/payment-methods.service';
import { PaymentProcessor } from '../payments/processor/payment-processor';
import type { ProviderType } from '../payments/payment-transaction.entity';
import { SubscriptionBillingStateService } from '../subscriptions/subscription-billing-state.service';

/** The sandbox payment tokens the hosted page offers. */
export const SANDBOX_TOKENS = ['tok_visa', 'tok_chargeDeclined', 'tok_insufficientFunds'] as const;
export type SandboxToken = (typeof SANDBOX_TOKENS)[number];

export interface CheckoutChargeRequest {
  customerId: string;
  /** The subscription the checkout started (its payment method becomes the attached card). */
  subscriptionId: string | null;
  /** The first invoice, already finalized (PENDING, or PAID when nothing is due); null when there is none yet (trial). */
  invoice: InvoiceEntity | null;
  token: SandboxToken;
  /** The checkout session id: the processor's idempotency key (one charge per session). */
  idempotencyKey: string;
  now: Date;
}

export type CheckoutChargeResult = { ok: true; transactionId: string | null } | { ok: false; message: string };

/**
 * How checkout attaches the customer's payment token and charges the first invoice, through the
 * payments module (below checkout). It runs inside the completion transaction (session row
 * locked); a declined charge makes the caller roll that whole transaction back, so nothing else
 * changes.
 *
 * The token's card is attached to the customer
 * (the first card becomes its default) and set as the subscription's payment method, the
 * invoice's due amount is charged through the PaymentProcessor with the session id as the
 * idempotency key (one charge per session, whatever is retried), and a SUCCEEDED payment
 * transaction settles the invoice through the InvoiceLedger. All of it inside the completion transaction: a decline (or
 * any failure) rolls everything back — the sandbox keeps its own record in that same
 * transaction; a network processor would be protected by the idempotency key on a retry.
 */
@Injectable()
export class CheckoutPayment {
  constructor(
    private readonly methods: PaymentMethodsService,
    private readonly processor: PaymentProcessor,
    private readonly transactions: PaymentTransactionsService,
    private readonly ledger: InvoiceLedger,
    private readonly subscriptionState: SubscriptionBillingStateService,
  ) {}

  async charge(m: EntityManager, companyId: string, req: CheckoutChargeRequest): Promise<CheckoutChargeResult> {
    const method = await this.methods.attachWithin(m, companyId, req.customerId, req.token);
    if (req.subscriptionId) await this.subscriptionState.setPaymentMethod(m, companyId, req.subscriptionId, method.id, req.now);
    const inv = req.invoice;
    if (!inv || inv.status !== 'PENDING' || inv.due_cents <= 0) return { ok: true, transactionId: null };
    const result = await this.processor.charge(
      {
        company_id: companyId,
        idempotency_key: `checkout:${req.idempotencyKey}`,
        amount_cents: inv.due_cents,
        currency: inv.currency,
        payment_method: { id: method.id, provider_reference: method.provider_reference },
      },
      { manager: m },
    );
    if (result.status !== 'SUCCEEDED') return { ok: false, message: result.status_message ?? 'The payment was declined.' };
    const txn = await this.transactions.record(
      m,
      companyId,
      {
        customer_id: inv.billed_customer_id ?? req.customerId,
        invoice: { id: inv.id, uuid: inv.uuid, number: inv.number },
        currency: inv.currency,
        total_amount_cents: inv.due_cents,
        provider_type: this.processor.providerType as ProviderType,
        provider_transaction_id: result.provider_transaction_id,
        status: 'SUCCEEDED',
        transaction_type: 'PAYMENT',
        payment_method_id: method.id,
        payment_method: { brand: method.brand, last_4: method.last_4, name: null, type: method.type },
        initiated_by_type: 'CHECKOUT',
        processed_at: req.now,
        metadata: { checkout_session_id: req.idempotencyKey },
      },
      req.now,
    );
    const applied = await this.ledger.recordPayment(
      m,
      companyId,
      inv.id,
      { payment_transaction_id: txn.id, amount_cents: inv.due_cents, currency: inv.currency, paid_at: req.now, source: 'CHECKOUT' },
      req.now,
    );
    // the invoice was written in this same transaction: refusing the charge here is a bug, and
    // throwing rolls the charge (kept by the sandbox in this transaction) back with everything else
    if (!applied.applied) throw new Error(`checkout: the first invoice refused its payment: ${applied.reason}`);
    return { ok: true, transactionId: txn.id };
  }
}
