import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ModuleHooks } from '../platform/hooks/module-hooks';

/** Who owns payment methods: payment methods belong to the payments module, above this one. */
export interface PaymentMethodOwnerHook {
  /** The customer id of the card `paymentMethodId` in the company, or null when the company has no such card. Read in the caller's transaction. */
  ownerOf(m: EntityManager, companyId: string, paymentMethodId: string): Promise<string | null>;
}

/** What a cancellation needs of invoicing (above this module): the bound of a custom refund, and voiding open invoices. */
export interface CancellationEffectsHook {
  /** Cents the billing period a cancellation at `end` ends in bills in advance (the bound of a CUSTOM refund). Reads only. */
  cancelledPeriodBilled(m: EntityManager, companyId: string, subscriptionId: string, end: Date): Promise<number>;
  /** Voids, through the invoice ledger, the subscription's DRAFT and PENDING invoices with nothing paid (not its final invoice); returns how many. */
  voidPendingInvoices(m: EntityManager, companyId: string, subscriptionId: string, now: Date): Promise<number>;
}

/** The hooks subscriptions declares, by name. */
export interface SubscriptionsHookSet {
  paymentMethodOwner: PaymentMethodOwnerHook;
  cancellationEffects: CancellationEffectsHook;
}

/**
 * What the subscriptions module needs from the modules above it, declared with the platform's
 * ModuleHooks: PaymentsModule fills `paymentMethodOwner` at start (PaymentMethodsService),
 * InvoicingModule `cancellationEffects` (CancellationEffects). There
 * is no safe default — a subscription must never store a card it cannot vouch for — so the
 * application refuses to start when it is not filled.
 */
@Injectable()
export class SubscriptionsHooks extends ModuleHooks<SubscriptionsHookSet> {
  constructor() {
    super('SubscriptionsModule', {
      paymentMethodOwner: { filledBy: 'PaymentsModule', label: 'payment-method ownership' },
      cancellationEffects: { filledBy: 'InvoicingModule', label: 'cancellation effects' },
    });
  }
}
