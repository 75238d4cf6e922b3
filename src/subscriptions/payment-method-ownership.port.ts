import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DomainError } from '../platform/errors/domain-error';

/**
 * Who owns a payment method: the customer id of the card `paymentMethodId` in the company, or
 * null when the company has no such card. Read inside the caller's transaction.
 */
export type PaymentMethodOwnerSource = (m: EntityManager, companyId: string, paymentMethodId: string) => Promise<string | null>;

/**
 * The hook through which subscriptions check that a `payment_method_id` is a card of the
 * subscription's customer. Payment methods belong to the payments module, which sits above this
 * one (it imports subscriptions): it registers the source at start-up (`provide`), as the
 * subscriptions module does for CustomerEntitlementsPort. Unlike that port there is no safe
 * default — a subscription must never store a card it cannot vouch for — so the application
 * refuses to start when no source was registered.
 */
@Injectable()
export class PaymentMethodOwnership implements OnApplicationBootstrap {
  private source: PaymentMethodOwnerSource | null = null;

  provide(source: PaymentMethodOwnerSource): void {
    this.source = source;
  }

  onApplicationBootstrap(): void {
    if (!this.source) {
      throw new Error(
        'SubscriptionsModule: hooks not provided: payment-method ownership (PaymentsModule) — import those modules in the application',
      );
    }
  }

  /**
   * Throws a 404 not_found naming `field` unless `paymentMethodId` is a payment method of
   * `customerId` in the company. An unknown id, a card of another customer and a card of
   * another company all read the same (the caller learns nothing about other customers' cards).
   * Call it with the customer row locked: deleting a card locks it too, so the card cannot go
   * away before the caller's transaction commits.
   */
  async assertOwnedBy(
    m: EntityManager,
    companyId: string,
    customerId: string,
    paymentMethodId: string,
    field = 'payment_method_id',
  ): Promise<void> {
    if (!this.source) throw new Error('PaymentMethodOwnership has no source');
    const owner = await this.source(m, companyId, paymentMethodId);
    if (owner !== customerId) throw DomainError.notFound('payment method of this customer', field);
  }
}
