import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { InvoiceEntity } from '../invoicing/invoicing.entity';
import { InvoicingHooks } from '../invoicing/invoicing.hooks';
import { PaymentMethodsService } from '../payments/payment-methods.service';
import { CardChargeService } from '../payments/card-charge.service';
import { SubscriptionBillingStateService } from '../subscriptions/subscription-billing-state.service';

export type PagePaymentOutcome =
  | { kind: 'paid' }
  | { kind: 'declined'; message: string }
  /** The invoice no longer takes a payment (PAID, VOID, nothing due). */
  | { kind: 'closed' }
  /** The amount due is not the one the payer saw: nothing was charged. */
  | { kind: 'changed'; dueCents: number }
  /** An automatic charge of this invoice is being processed. */
  | { kind: 'in_flight' };

class Declined extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * Pays what is due on an invoice with a card typed on its hosted page, in ONE transaction with
 * the invoice row locked: the token's card is attached to the invoice's billed customer
 * (payments' PaymentMethodsService; the first card becomes the default), the processor charges
 * the due amount (a fresh idempotency key per payment; without a token the customer's default card
 * on file is charged and nothing is attached), a SUCCEEDED payment transaction is
 * recorded (initiated_by_type INVOICE_PAGE) and the InvoiceLedger applies it (source
 * INVOICE_PAGE), so the invoice reads PAID. A decline rolls the whole transaction back: nothing
 * is charged, stored or attached. The payer agreed to an amount (`agreedDueCents`, posted by
 * the page): if the invoice's due amount moved meanwhile, nothing is charged.
 */
@Injectable()
export class InvoicePagePayment {
  constructor(
    private readonly dataSource: DataSource,
    private readonly methods: PaymentMethodsService,
    private readonly cards: CardChargeService,
    private readonly hooks: InvoicingHooks,
    private readonly subscriptionState: SubscriptionBillingStateService,
  ) {}

  async pay(companyId: string, invoiceId: string, token: string | null, agreedDueCents: number, now: Date): Promise<PagePaymentOutcome> {
    try {
      return await this.dataSource.transaction(async (m): Promise<PagePaymentOutcome> => {
        const inv = await m.findOne(InvoiceEntity, {
          where: { company_id: companyId, id: invoiceId },
          lock: { mode: 'pessimistic_write' },
        });
        if (!inv || inv.status !== 'PENDING' || !(inv.due_cents > 0)) return { kind: 'closed' };
        if (inv.due_cents !== agreedDueCents) return { kind: 'changed', dueCents: inv.due_cents };
        if (await this.hooks.payments.chargeInFlight(m, companyId, inv.id, now)) return { kind: 'in_flight' };
        // no token: the customer's card on file pays, and no card is added
        let method;
        if (token === null) {
          const onFile = await this.methods.forCharge(m, companyId, inv.billed_customer_id, null);
          if (!onFile.method) throw new Declined('There is no card on file. Please choose a card.');
          method = onFile.method;
        } else {
          method = await this.methods.attachWithin(m, companyId, inv.billed_customer_id, token);
        }
        const key = `invoice-page:${inv.id}:${randomUUID()}`;
        const charged = await this.cards.chargeDue(m, companyId, {
          invoice: inv,
          method,
          source: 'INVOICE_PAGE',
          idempotencyKey: key,
          metadata: { idempotency_key: key },
          now,
        });
        if (!charged.ok) throw new Declined(charged.message);
        if (inv.subscription_id) await this.subscriptionState.clearUnpaid(m, companyId, inv.subscription_id, now);
        return { kind: 'paid' };
      });
    } catch (err) {
      if (err instanceof Declined) return { kind: 'declined', message: err.reason };
      throw err;
    }
  }
}
