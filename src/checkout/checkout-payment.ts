import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { InvoiceEntity } from '../invoicing/invoicing.entity';
import { CardChargeService } from '../payments/card-charge.service';
import { PaymentMethodsService } from '../payments/payment-methods.service';
import { SubscriptionBillingStateService } from '../subscriptions/subscription-billing-state.service';

import type { SandboxToken } from '../payments/sandbox-cards';
export { SANDBOX_TOKENS, type SandboxToken } from '../payments/sandbox-cards';

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
    private readonly cards: CardChargeService,
    private readonly subscriptionState: SubscriptionBillingStateService,
  ) {}

  async charge(m: EntityManager, companyId: string, req: CheckoutChargeRequest): Promise<CheckoutChargeResult> {
    const method = await this.methods.attachWithin(m, companyId, req.customerId, req.token);
    if (req.subscriptionId) await this.subscriptionState.setPaymentMethod(m, companyId, req.subscriptionId, method.id, req.now);
    const inv = req.invoice;
    if (!inv || inv.status !== 'PENDING' || inv.due_cents <= 0) return { ok: true, transactionId: null };
    return this.cards.chargeDue(m, companyId, {
      invoice: inv,
      method,
      source: 'CHECKOUT',
      idempotencyKey: `checkout:${req.idempotencyKey}`,
      metadata: { checkout_session_id: req.idempotencyKey },
      now: req.now,
    });
  }
}
