import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CustomerEntity } from './customer.entity';
import { CustomersRepository } from './customers.repository';
import { WebhookEventsService } from '../webhooks/events/webhook-events.service';

/** A customer's name, email and (optionally) postal address, as a buyer gives them on the checkout page. */
export interface CustomerContactDetails {
  name: string;
  email: string;
  address: Record<string, string> | null;
}

/**
 * The writes the modules above customers make to a customer's row: its contact details (checkout),
 * its address (contract signing) and its recurring revenue rolled up from its subscriptions (subscriptions). Each runs in the
 * caller's transaction.
 */
@Injectable()
export class CustomerDetailsService {
  constructor(
    private readonly customers: CustomersRepository,
    private readonly events: WebhookEventsService,
  ) {}

  /**
   * Sets the customer's name and email, and its address when one is given (without a place id),
   * in the caller's transaction.
   */
  async setContactDetails(
    m: EntityManager,
    companyId: string,
    customerId: string,
    details: CustomerContactDetails,
    now: Date,
  ): Promise<void> {
    const patch: Partial<CustomerEntity> = { name: details.name, email: details.email, updated_at: now };
    if (details.address) patch.address = { place_id: null, ...details.address };
    await this.customers.with(m).update(companyId, { id: customerId }, patch);
    this.events.later(m, companyId, 'customer.updated', customerId);
  }

  /** Sets the customer's postal address (without a place id), in the caller's transaction (contract signing). */
  async setAddress(m: EntityManager, companyId: string, customerId: string, address: Record<string, string>, now: Date): Promise<void> {
    await this.customers.with(m).update(companyId, { id: customerId }, { address: { place_id: null, ...address }, updated_at: now });
    this.events.later(m, companyId, 'customer.updated', customerId);
  }

  /** The customer's MRR and ARR in cents (ARR = 12 × MRR), and the currency they are in when known. */
  async setRecurringRevenue(
    m: EntityManager,
    companyId: string,
    customerId: string,
    mrrCents: number,
    currency: string | null,
  ): Promise<void> {
    const patch: Partial<CustomerEntity> = { mrr_in_cents: mrrCents, arr_in_cents: mrrCents * 12 };
    if (currency) patch.mrr_currency = currency;
    await this.customers.with(m).update(companyId, { id: customerId }, patch);
  }
}
