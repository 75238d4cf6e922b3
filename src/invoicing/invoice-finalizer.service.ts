import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { DomainError } from '../platform/errors/domain-error';
import { InvoiceEntity } from './invoicing.entity';
import { InvoiceGenerator } from './billing-engine/invoice-generator.service';
import { InvoiceLedger, LedgerSource } from './invoice-ledger.service';
import { InvoiceTaxes } from './invoice-taxes.service';

/**
 * DRAFT → PENDING (or PAID at once when nothing is due). A usage draft (one with
 * `finalize_after`) first gets its usage lines recomputed, so late events count; then the
 * InvoiceLedger finalizes it: the customer's credits, the status, the ledger entries and the
 * first auto-charge in the payments outbox.
 *
 * Used by the billing run (drafts whose grace has passed), `POST /invoices/{uuid}/finalize`,
 * one-time IMMEDIATE invoices and checkout. Call it inside a transaction; the invoice row is
 * locked (FOR UPDATE) and re-read, so two finalizations at once finalize once: the second sees
 * a non-DRAFT invoice and gets a 409.
 */
@Injectable()
export class InvoiceFinalizer {
  constructor(
    private readonly ledger: InvoiceLedger,
    private readonly generator: InvoiceGenerator,
    private readonly taxes: InvoiceTaxes,
  ) {}

  async finalize(
    manager: EntityManager,
    companyId: string,
    invoice: InvoiceEntity,
    now: Date,
    source: LedgerSource = 'BILLING_RUN',
  ): Promise<InvoiceEntity> {
    const locked = await this.ledger.lock(manager, companyId, { id: invoice.id });
    if (!locked) throw DomainError.notFound('invoice');
    if (locked.status !== 'DRAFT') throw DomainError.invalidState(`invoice is ${locked.status}, only a DRAFT invoice can be finalized`);
    // a draft is final with the rates as they stand: a usage draft's recompute taxes it again, any other draft is retaxed
    if (locked.finalize_after !== null) await this.generator.recompute(manager, companyId, locked, now);
    else await this.taxes.retax(manager, companyId, locked, now);
    return this.ledger.finalize(manager, companyId, locked.id, now, source);
  }
}
