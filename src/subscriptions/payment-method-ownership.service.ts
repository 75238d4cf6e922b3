import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DomainError } from '../platform/errors/domain-error';
import { SubscriptionsHooks } from './subscriptions.hooks';

/**
 * The subscriptions rule for a `payment_method_id`: it must be a card of the subscription's
 * customer. Who owns a card comes from the payments module through SubscriptionsHooks.
 */
@Injectable()
export class PaymentMethodOwnership {
  constructor(private readonly hooks: SubscriptionsHooks) {}

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
    const owner = await this.hooks.get('paymentMethodOwner').ownerOf(m, companyId, paymentMethodId);
    if (owner !== customerId) throw DomainError.notFound('payment method of this customer', field);
  }
}
