import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { DomainError } from '../platform/errors/domain-error';
import { InvoiceEntity } from './invoicing.entities';
import { InvoicesRepository } from './invoicing.repositories';
import { DraftRecomputer } from './billing-engine/draft-recompute';
import { CreditsApplier } from '../credits/credits-applier.service';
import { AutoChargeService } from '../payments/auto-charge.service';

/**
 * DRAFT → PENDING (or PAID at once when nothing is due). A usage draft (one with
 * `finalize_after`) first gets its usage lines recomputed, so late events count; then the
 * customer's credits are applied (CreditsApplier), then the status is set.
 *
 * Used by the billing run (drafts whose grace has passed) and by `POST /invoices/{uuid}/finalize`.
 * Call it inside a transaction; the invoice row is locked (FOR UPDATE) and re-read, so two
 * finalizations at once finalize once: the second sees a non-DRAFT invoice and gets a 409.
 */
@Injectable()
export class InvoiceFinalizer {
  constructor(
    private readonly invoices: InvoicesRepository,
    private readonly recomputer: DraftRecomputer,
    private readonly credits: CreditsApplier,
    private readonly autoCharge: AutoChargeService,
  ) {}

  async finalize(manager: EntityManager, companyId: string, invoice: InvoiceEntity, now: Date): Promise<InvoiceEntity> {
    const repo = this.invoices.with(manager);
    const locked = await repo.findOneForUpdate(companyId, { id: invoice.id });
    if (!locked) throw DomainError.notFound('invoice');
    if (locked.status !== 'DRAFT') throw DomainError.invalidState(`invoice is ${locked.status}, only a DRAFT invoice can be finalized`);
    const recomputed = locked.finalize_after !== null ? await this.recomputer.recompute(manager, companyId, locked, now) : locked;
    // the customer's credits pay what they can (the applier keeps a DRAFT a DRAFT and re-reads the row)
    const current = await this.credits.applyToInvoice(manager, companyId, recomputed, now);
    // total is net of discounts and applied credits
    const due = Math.max(0, current.total_cents - current.paid_cents);
    const paid = due === 0;
    const patch: Partial<InvoiceEntity> = {
      status: paid ? 'PAID' : 'PENDING',
      due_cents: due,
      finalized_at: now,
      paid_date: paid ? (current.paid_date ?? now) : current.paid_date,
      updated_at: now,
    };
    await repo.update(companyId, { id: current.id }, patch);
    const finalized = { ...current, ...patch };
    // auto_charges: the charge goes into the payments outbox in this transaction, dispatched after commit
    await this.autoCharge.enqueue(manager, companyId, finalized, now);
    return finalized;
  }
}
