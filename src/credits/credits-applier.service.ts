import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { InvoiceEntity } from '../invoicing/invoicing.entity';
import { InvoiceLinesRepository } from '../invoicing/invoicing.repository';
import { InvoiceLedger } from '../invoicing/invoice-ledger.service';
import { InvoiceCreditsHook, InvoicingHooks, PostRunStep } from '../invoicing/invoicing.hooks';
import { CreditEntity } from './credit.entity';
import { CreditLedger, NewLog } from './credit-ledger';
import { allocateToInvoice } from './credit-allocation';
import { CreditsExpirer } from './credits-expirer.service';
import { CreditPacksService } from './credit-packs.service';

export interface ApplyOptions {
  /** Only these credits (e.g. a credit just granted with `apply_to_open_invoices`). */
  creditIds?: readonly string[];
}

/**
 * Credits against invoices — the credits module's side of the invoice ledger (it fills the
 * ledger's credits hook at start). The allocation (which credit gives how much) and the credit
 * rows and logs are decided and written here; the amounts reach the invoice only through the
 * InvoiceLedger, which calls these methods with the invoice row locked.
 */
@Injectable()
export class CreditsApplier implements InvoiceCreditsHook, OnModuleInit {
  constructor(
    private readonly ledger: CreditLedger,
    private readonly lines: InvoiceLinesRepository,
    private readonly invoiceLedger: InvoiceLedger,
    private readonly hooks: InvoicingHooks,
    private readonly expirer: CreditsExpirer,
    private readonly packs: CreditPacksService,
  ) {}

  onModuleInit(): void {
    this.hooks.fill('credits', this);
  }

  /** Billing runs end with the credit expirations due at their instant. */
  get postRunStep(): PostRunStep {
    return this.expirer.postRunStep;
  }

  /**
   * Applies the customer's usable credits to a DRAFT or PENDING invoice through the ledger and
   * returns the invoice as it now is (a PENDING one with nothing left due is PAID; a DRAFT
   * keeps its status). Invoices in another state, or with a card charge in flight, come back
   * unchanged. Works only through `manager` (the caller's transaction).
   */
  async applyToInvoice(
    manager: EntityManager,
    companyId: string,
    invoice: InvoiceEntity,
    now: Date,
    options: ApplyOptions = {},
  ): Promise<InvoiceEntity> {
    return (await this.invoiceLedger.applyCredits(manager, companyId, invoice.id, now, { creditIds: options.creditIds })).invoice;
  }

  /** The ledger's hook for invoices just PAID: the credit packs their lines bought (CreditPacksService.grant). */
  async grantPacks(m: EntityManager, companyId: string, invoiceIds: string[], now: Date): Promise<void> {
    await this.packs.grant(m, companyId, invoiceIds, now);
  }

  /** The ledger's hook for a refund of an invoice: the unused part of its packs, up to the refunded share (CreditPacksService.revokeRefunded). */
  revokeRefundedPacks(m: EntityManager, companyId: string, invoice: InvoiceEntity, refundedCents: number, now: Date): Promise<void> {
    return this.packs.revokeRefunded(m, companyId, invoice, refundedCents, now);
  }

  async customersWithCredits(m: EntityManager, companyId: string, customerIds: string[], now: Date): Promise<Set<string>> {
    return this.ledger.customersWithUsable(m, companyId, customerIds, now);
  }

  /** The customers' usable credits locked in id order (CreditLedger.lockUsableOf), before credits go to several invoices. */
  lockUsableOf(m: EntityManager, companyId: string, customerIds: string[], now: Date): Promise<void> {
    return this.ledger.lockUsableOf(m, companyId, customerIds, now);
  }

  /**
   * The hook the ledger calls (invoice locked, `invoice` as it is under the lock):
   * - UNITS credits of the invoice's billed customer (the parent for a parent-billed invoice) cover whole units of charge lines of their item
   *   (valued at the line's unit price), then AMOUNT credits in the invoice's currency cover what
   *   is still due; soonest-expiring first; expired credits never count; never more than due.
   * - Debits the credits (locked FOR UPDATE in id order) and writes one CONSUMED log per credit
   *   used, with the invoice id. Returns the cents applied.
   */
  async allocate(
    manager: EntityManager,
    companyId: string,
    invoice: InvoiceEntity,
    now: Date,
    options: ApplyOptions = {},
  ): Promise<number> {
    if (invoice.due_cents <= 0) return 0;
    const lines = await this.lines.with(manager).find(companyId, { where: { invoice_id: invoice.id } });
    const itemIds = [
      ...new Set(lines.filter((l) => l.item_id !== null && l.unit_price !== null && l.amount_cents > 0).map((l) => l.item_id!)),
    ];
    const credits = await this.ledger.lockUsable(
      manager,
      companyId,
      { customerId: invoice.billed_customer_id, currency: invoice.currency, itemIds, creditIds: options.creditIds },
      now,
    );
    if (credits.length === 0) return 0;

    const covered = itemIds.length > 0 ? await this.ledger.unitsCovered(manager, companyId, invoice.id) : new Map<string, number>();
    const allocation = allocateToInvoice({
      due_cents: invoice.due_cents,
      lines,
      amount_credits: credits
        .filter((c) => c.type === 'AMOUNT')
        .map((c) => ({ id: c.id, amount_cents: c.remaining_cents, expiration_date: c.expiration_date, created_at: c.created_at })),
      unit_credits: credits
        .filter((c) => c.type === 'UNITS')
        .map((c) => ({
          id: c.id,
          item_id: c.item_id!,
          units: c.remaining_units,
          expiration_date: c.expiration_date,
          created_at: c.created_at,
        })),
      covered_units: covered,
      at: now,
    });
    if (allocation.takes.size === 0) return 0;

    const byId = new Map(credits.map((c) => [c.id, c]));
    const entries: NewLog[] = [];
    for (const [creditId, take] of allocation.takes) {
      const credit = byId.get(creditId)!;
      await this.ledger.debit(manager, companyId, credit, take, now);
      entries.push(
        this.ledger.entry(credit, 'CONSUMED', take, {
          invoice_id: invoice.id,
          currency: invoice.currency,
          note: `Applied to invoice ${invoice.number ?? invoice.uuid}`,
        }),
      );
    }
    await this.ledger.log(manager, companyId, entries, now);
    return allocation.applied_cents;
  }

  /**
   * The hook the ledger calls when it voids an invoice: what each credit gave the invoice and
   * has not been given back (CONSUMED − RESTORED logs of the invoice) returns to that credit,
   * logged RESTORED. A credit that has ended since (EXPIRED, REVOKED, or past its
   * expiration_date) does not come back to life: the restored value is closed again at once
   * with an EXPIRED / REVOKED log of the same size, so its balance stays 0 and every log adds up.
   * Returns the cents given back to the invoice's credited amount.
   */
  async restore(manager: EntityManager, companyId: string, invoice: InvoiceEntity, now: Date): Promise<number> {
    const owed = await this.ledger.owedToCredits(manager, companyId, invoice.id);
    if (owed.length === 0) return 0;
    let restoredCents = 0;
    const logs: NewLog[] = [];
    const note = `Given back: invoice ${invoice.number ?? invoice.uuid} was voided`;
    for (const o of owed) {
      const credit = await this.ledger.lockOne(manager, companyId, o.credit_id);
      if (!credit) throw new Error(`credit ${o.credit_id} of invoice ${invoice.id} not found`);
      const take = { cents: credit.type === 'AMOUNT' ? o.cents : 0, units: credit.type === 'UNITS' ? o.units : 0 };
      const logged = { cents: o.cents, units: o.units };
      logs.push(
        this.ledger.entry(credit, 'RESTORED', logged, { invoice_id: invoice.id, currency: this.currencyOf(credit, invoice), note }),
      );
      const ended =
        credit.state === 'EXPIRED' ||
        credit.state === 'REVOKED' ||
        (credit.expiration_date !== null && credit.expiration_date.getTime() <= now.getTime());
      if (ended) {
        const closing = credit.state === 'REVOKED' ? 'REVOKED' : 'EXPIRED';
        if (credit.state === 'ACTIVE') {
          // past its expiration_date but not expired by the expirer yet: it ends now, with what it held
          await this.ledger.close(manager, companyId, credit, 'EXPIRED', now);
          logs.push(
            this.ledger.entry(
              credit,
              'EXPIRED',
              { cents: credit.remaining_cents + take.cents, units: credit.remaining_units + take.units },
              { note },
            ),
          );
        } else {
          if (credit.state === 'CONSUMED') await this.ledger.expireConsumed(manager, companyId, credit, now);
          logs.push(this.ledger.entry(credit, closing, take, { note }));
        }
      } else {
        await this.ledger.credit(manager, companyId, credit, take, now);
      }
      restoredCents += o.cents;
    }
    await this.ledger.log(manager, companyId, logs, now);
    return restoredCents;
  }

  private currencyOf(credit: CreditEntity, invoice: InvoiceEntity): string | null {
    return credit.type === 'AMOUNT' ? credit.currency : invoice.currency;
  }
}
