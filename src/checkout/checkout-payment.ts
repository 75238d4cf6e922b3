import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { InvoiceEntity } from '../invoicing/invoicing.entities';
import { PaymentTransactionsService } from '../payments/payment-transactions.service';

/** The sandbox payment tokens the hosted page offers. */
export const SANDBOX_TOKENS = ['tok_visa', 'tok_chargeDeclined', 'tok_insufficientFunds'] as const;
export type SandboxToken = (typeof SANDBOX_TOKENS)[number];

export interface CheckoutChargeRequest {
  customerId: string;
  /** The first invoice, already finalized (PENDING, or PAID when nothing is due). */
  invoice: InvoiceEntity;
  token: SandboxToken;
  /** The checkout session id: the processor's idempotency key (one charge per session). */
  idempotencyKey: string;
  now: Date;
}

export type CheckoutChargeResult = { ok: true; transactionId: string | null } | { ok: false; message: string };

/**
 * THE single port through which checkout attaches the customer's payment token and charges the
 * first invoice. It runs inside the completion transaction (session row locked); a declined
 * charge makes the caller roll that whole transaction back, so nothing else changes.
 *
 * Replace the provider with one built on the payments module (PaymentMethodsService.attach +
 * the sandbox processor, keyed by `idempotencyKey`) once it exists: bind it in CheckoutModule
 * with `{ provide: CheckoutPayment, useClass: ... }`. Nothing else in checkout changes.
 */
export abstract class CheckoutPayment {
  abstract charge(m: EntityManager, companyId: string, req: CheckoutChargeRequest): Promise<CheckoutChargeResult>;
}

const DECLINES: Record<Exclude<SandboxToken, 'tok_visa'>, string> = {
  tok_chargeDeclined: 'Your card was declined.',
  tok_insufficientFunds: 'Your card has insufficient funds.',
};

/**
 * Interim implementation while the payments module has no payment methods / processor yet:
 * the sandbox tokens behave as conventions.md says (tok_visa pays; tok_chargeDeclined and
 * tok_insufficientFunds decline), a successful charge is recorded as a SUCCEEDED PAYMENT
 * transaction through PaymentTransactionsService (same transaction) and the invoice is PAID.
 */
@Injectable()
export class SandboxCheckoutPayment extends CheckoutPayment {
  constructor(private readonly transactions: PaymentTransactionsService) {
    super();
  }

  async charge(m: EntityManager, companyId: string, req: CheckoutChargeRequest): Promise<CheckoutChargeResult> {
    if (req.token !== 'tok_visa') return { ok: false, message: DECLINES[req.token] };
    const inv = req.invoice;
    if (inv.status !== 'PENDING' || inv.due_cents <= 0) return { ok: true, transactionId: null };
    const txn = await this.transactions.record(
      m,
      companyId,
      {
        customer_id: inv.billed_customer_id ?? req.customerId,
        invoice: { id: inv.id, uuid: inv.uuid, number: inv.number },
        currency: inv.currency,
        total_amount_cents: inv.due_cents,
        provider_type: 'PROVIDER_A',
        provider_transaction_id: `sandbox_${req.idempotencyKey}`,
        status: 'SUCCEEDED',
        transaction_type: 'PAYMENT',
        payment_method: { brand: 'visa', last_4: '4242', name: null, type: 'card' },
        initiated_by_type: 'CHECKOUT',
        processed_at: req.now,
        metadata: { checkout_session_id: req.idempotencyKey, payment_token: req.token },
      },
      req.now,
    );
    await m.update(
      InvoiceEntity,
      { company_id: companyId, id: inv.id, status: 'PENDING' },
      { status: 'PAID', paid_cents: inv.paid_cents + inv.due_cents, due_cents: 0, paid_date: req.now, updated_at: req.now },
    );
    return { ok: true, transactionId: txn.id };
  }
}
