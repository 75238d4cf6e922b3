import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { DomainError } from '../platform/errors/domain-error';
import { CancellationEffectsHook, SubscriptionsHooks } from '../subscriptions/subscriptions.hooks';
import { EngineLoader } from './billing-engine/load';
import { cancelledPeriodBilled } from './billing-engine/planner/cancel-terms';
import { InvoiceLedger, LedgerSource } from './invoice-ledger.service';

/**
 * What a cancellation does to invoices (docs/billing-rules.md#cancellations), for the
 * subscriptions module (its `cancellationEffects` hook) and the billing run: the bound of a
 * CUSTOM refund, and `cancel_pending_invoices` — voiding the subscription's open invoices with
 * nothing paid, through the ledger (which gives back the credits they consumed), when the
 * cancellation takes effect.
 */
@Injectable()
export class CancellationEffects implements CancellationEffectsHook, OnModuleInit {
  constructor(
    private readonly loader: EngineLoader,
    private readonly ledger: InvoiceLedger,
    private readonly subscriptionsHooks: SubscriptionsHooks,
  ) {}

  onModuleInit(): void {
    this.subscriptionsHooks.fill('cancellationEffects', this);
  }

  async cancelledPeriodBilled(m: EntityManager, companyId: string, subscriptionId: string, end: Date): Promise<number> {
    const [l] = await this.loader.subscriptions(m, companyId, [subscriptionId], { lock: false });
    return l ? cancelledPeriodBilled(l.engineSub, l.phases, end) : 0;
  }

  voidPendingInvoices(m: EntityManager, companyId: string, subscriptionId: string, now: Date): Promise<number> {
    return this.voidOpen(m, companyId, subscriptionId, now, 'API');
  }

  /**
   * Voids the open (DRAFT, PENDING) invoices of the subscription with nothing paid, oldest first,
   * but its final invoice (what the cancellation itself bills). Partly paid ones are kept, and so
   * is one whose card charge is in flight (the ledger refuses it; the charge decides).
   */
  async voidOpen(m: EntityManager, companyId: string, subscriptionId: string, now: Date, source: LedgerSource): Promise<number> {
    const rows: { id: string }[] = await m.query(
      `SELECT id FROM invoices
        WHERE company_id = $1 AND subscription_id = $2 AND status IN ('DRAFT', 'PENDING') AND paid_cents = 0
          AND kind <> 'SUBSCRIPTION_CANCEL'
        ORDER BY invoice_date, id`,
      [companyId, subscriptionId],
    );
    let voided = 0;
    for (const r of rows) {
      try {
        await this.ledger.void(m, companyId, r.id, now, source);
        voided++;
      } catch (err) {
        // refused before anything was written (a charge in flight): the invoice is kept
        if (!(err instanceof DomainError)) throw err;
      }
    }
    return voided;
  }
}
