import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BillingError, SubscriptionEntity } from './subscription.entity';

/** The next invoice date of the company $1's subscriptions $2 (ids), each set to $3 (instants). */
const NEXT_INVOICE_DATES_SQL = `UPDATE subscriptions s SET next_invoice_date = v.next
  FROM unnest($2::text[], $3::timestamptz[]) AS v(id, next)
  WHERE s.company_id = $1 AND s.id = v.id`;

/**
 * The billing state of subscriptions as the modules above change it: the next invoice date and
 * the `billing_error` flag (the billing engine), the card a subscription is charged on and its `unpaid` flag (payments,
 * checkout). Every method runs in the caller's transaction (`m`); the UPDATEs lock the rows they
 * change until it ends.
 */
@Injectable()
export class SubscriptionBillingStateService {
  /** The billing engine's next invoice date of each subscription, in one statement. */
  async setNextInvoiceDates(m: EntityManager, companyId: string, dates: { id: string; next: Date | null }[]): Promise<void> {
    if (dates.length === 0) return;
    await m.query(NEXT_INVOICE_DATES_SQL, [companyId, dates.map((d) => d.id), dates.map((d) => d.next)]);
  }

  /**
   * The billing engine's `billing_error` of each subscription (null clears it), in one
   * statement. Like next_invoice_date, engine state: updated_at is left as it is.
   */
  async setBillingErrors(m: EntityManager, companyId: string, changes: { id: string; error: BillingError | null }[]): Promise<void> {
    if (changes.length === 0) return;
    await m.query(
      `UPDATE subscriptions s SET billing_error = v.error
       FROM unnest($2::text[], $3::jsonb[]) AS v(id, error)
       WHERE s.company_id = $1 AND s.id = v.id`,
      [companyId, changes.map((c) => c.id), changes.map((c) => (c.error ? JSON.stringify(c.error) : null))],
    );
  }

  /** The company's subscriptions the billing engine flagged (their `billing_error`), by id. */
  async flagged(m: EntityManager, companyId: string): Promise<{ id: string; billing_error: BillingError }[]> {
    return m.query('SELECT id, billing_error FROM subscriptions WHERE company_id = $1 AND billing_error IS NOT NULL ORDER BY id', [
      companyId,
    ]);
  }

  /** Retries exhausted: the subscription becomes unpaid (unchanged when it already is). */
  async markUnpaid(m: EntityManager, companyId: string, subscriptionId: string, now: Date): Promise<void> {
    await m.query('UPDATE subscriptions SET unpaid = true, updated_at = $3 WHERE company_id = $1 AND id = $2 AND NOT unpaid', [
      companyId,
      subscriptionId,
      now,
    ]);
  }

  /** A charge succeeded: the subscription is no longer unpaid (unchanged when it was not). */
  async clearUnpaid(m: EntityManager, companyId: string, subscriptionId: string, now: Date): Promise<void> {
    await m.query('UPDATE subscriptions SET unpaid = false, updated_at = $3 WHERE company_id = $1 AND id = $2 AND unpaid', [
      companyId,
      subscriptionId,
      now,
    ]);
  }

  /** The customer's live subscriptions (not ended at `now`) that name another card move to `paymentMethodId`. */
  async movePaymentMethodOfLive(
    m: EntityManager,
    companyId: string,
    customerId: string,
    paymentMethodId: string,
    now: Date,
  ): Promise<void> {
    await m.query(
      `UPDATE subscriptions SET payment_method_id = $3, updated_at = $4
       WHERE company_id = $1 AND customer_id = $2 AND payment_method_id IS NOT NULL AND payment_method_id <> $3 AND (end_date IS NULL OR end_date > $4)`,
      [companyId, customerId, paymentMethodId, now],
    );
  }

  /** The subscription is charged on `paymentMethodId` (a card of its customer: the caller vouches for it). */
  async setPaymentMethod(m: EntityManager, companyId: string, subscriptionId: string, paymentMethodId: string, now: Date): Promise<void> {
    await m.update(
      SubscriptionEntity,
      { company_id: companyId, id: subscriptionId },
      { payment_method_id: paymentMethodId, updated_at: now },
    );
  }
}
