import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { InvoiceEntity } from '../invoicing/invoicing.entity';
import { InvoiceLedger } from '../invoicing/invoice-ledger.service';
import type { PaymentMethodEntity } from './payment-processing.entity';
import type { ProviderType } from './payment-transaction.entity';
import { PaymentTransactionsService } from './payment-transactions.service';
import { PaymentProcessor } from './processor/payment-processor';

/** Where a payer typed the card (the payment transaction's initiated_by_type and the ledger's source). */
export type CardChargeSource = 'CHECKOUT' | 'INVOICE_PAGE';

export interface CardChargeRequest {
  /** The invoice, locked or written by the caller's transaction, PENDING with something due. */
  invoice: InvoiceEntity;
  method: PaymentMethodEntity;
  source: CardChargeSource;
  /** The processor's idempotency key (one charge per key, whatever is retried). */
  idempotencyKey: string;
  metadata: Record<string, unknown>;
  now: Date;
}

export type CardChargeResult = { ok: true; transactionId: string } | { ok: false; message: string };

/**
 * Charges what is due on an invoice to a card a payer just gave (the hosted checkout and invoice
 * pages), inside the caller's transaction: the processor charges the due amount, a SUCCEEDED
 * payment transaction is recorded and the InvoiceLedger applies it, so the invoice reads PAID. A
 * decline answers `ok: false` and the caller rolls its transaction back (the sandbox keeps its
 * record in that same transaction; a network processor is protected by the idempotency key).
 */
@Injectable()
export class CardChargeService {
  constructor(
    private readonly processor: PaymentProcessor,
    private readonly transactions: PaymentTransactionsService,
    private readonly ledger: InvoiceLedger,
  ) {}

  async chargeDue(m: EntityManager, companyId: string, req: CardChargeRequest): Promise<CardChargeResult> {
    const { invoice: inv, method, now } = req;
    const result = await this.processor.charge(
      {
        company_id: companyId,
        idempotency_key: req.idempotencyKey,
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
        customer_id: inv.billed_customer_id,
        invoice: { id: inv.id, uuid: inv.uuid, number: inv.number },
        currency: inv.currency,
        total_amount_cents: inv.due_cents,
        provider_type: this.processor.providerType as ProviderType,
        provider_transaction_id: result.provider_transaction_id,
        status: 'SUCCEEDED',
        transaction_type: 'PAYMENT',
        payment_method_id: method.id,
        payment_method: { brand: method.brand, last_4: method.last_4, name: null, type: method.type },
        initiated_by_type: req.source,
        processed_at: now,
        metadata: req.metadata,
      },
      now,
    );
    const applied = await this.ledger.recordPayment(
      m,
      companyId,
      inv.id,
      { payment_transaction_id: txn.id, amount_cents: inv.due_cents, currency: inv.currency, paid_at: now, source: req.source },
      now,
    );
    // the caller locked (or wrote) the invoice in this transaction and checked it: a refusal is a
    // bug, and throwing rolls the charge back with everything else
    if (!applied.applied) throw new Error(`${req.source}: the invoice refused its payment: ${applied.reason}`);
    return { ok: true, transactionId: txn.id };
  }
}
