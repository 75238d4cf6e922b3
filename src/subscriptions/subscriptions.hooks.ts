import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ModuleHooks } from '../platform/hooks/module-hooks';

/** Who owns payment methods: payment methods belong to the payments module, above this one. */
export interface PaymentMethodOwnerHook {
  /** The customer id of the card `paymentMethodId` in the company, or null when the company has no such card. Read in the caller's transaction. */
  ownerOf(m: EntityManager, companyId: string, paymentMethodId: string): Promise<string | null>;
}

/** The hooks subscriptions declares, by name. */
export interface SubscriptionsHookSet {
  paymentMethodOwner: PaymentMethodOwnerHook;
}

/**
 * What the subscriptions module needs from the modules above it, declared with the platform's
 * ModuleHooks: PaymentsModule fills `paymentMethodOwner` at start (PaymentMethodsService). There
 * is no safe default — a subscription must never store a card it cannot vouch for — so the
 * application refuses to start when it is not filled.
 */
@Injectable()
export class SubscriptionsHooks extends ModuleHooks<SubscriptionsHookSet> {
  constructor() {
    super('SubscriptionsModule', { paymentMethodOwner: { filledBy: 'PaymentsModule', label: 'payment-method ownership' } });
  }
}
