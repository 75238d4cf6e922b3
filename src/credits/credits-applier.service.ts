import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { InvoiceEntity } from '../invoicing/invoicing.entities';
import { InvoiceLinesRepository, InvoicesRepository } from '../invoicing/invoicing.repositories';
import { CreditLogEntity } from './credit.entities';
import { CreditLedger } from './credit-ledger';
import { allocateToInvoice } from './credit-allocation';

export interface ApplyOptions {
  /** Only these credits (e.g. a credit just granted with `apply_to_open_invoices`). */
  creditIds?: readonly string[];
}

export interface InvoiceApplication {
  invoice: InvoiceEntity;
  logs: CreditLogEntity[];
}

/** Invoice states credits are applied to. */
const OPEN = new Set(['DRAFT', 'PENDING']);

/**
 * Applies a customer's credits to what an invoice has due. Called by the invoice finalizer
 * (inside its transaction) and by `POST /credits` with `apply_to_open_invoices`.
 */
@Injectable()
export class CreditsApplier {
  constructor(
    private readonly ledger: CreditLedger,
    private readonly invoices: InvoicesRepository,
    private readonly lines: InvoiceLinesRepository,
  ) {}

  /**
   * Applies the customer's usable credits to the invoice and returns the invoice as it now is.
   *
   * - Works only through `manager` (the caller's transaction); commits nothing itself.
   * - Re-reads the invoice row FOR UPDATE through that manager: `invoice` gives its id; the row
   *   as stored in this transaction is what counts (so call it after lines/totals are written).
   * - Only DRAFT and PENDING invoices with something due take credits; others come back unchanged.
   * - UNITS credits of the invoice's customer cover whole units of charge lines of their item
   *   (valued at the line's unit price), then AMOUNT credits in the invoice's currency cover what
   *   is still due; soonest-expiring first; expired credits never count; never more than due.
   * - Updates `credits_applied_cents` (+applied), `total_cents` (−applied), `due_cents`
   *   (= max(0, total − paid)) and `updated_at`; a PENDING invoice whose due reaches 0 becomes
   *   PAID (paid_date = now). A DRAFT keeps its status (the finalizer decides).
   * - Writes one CONSUMED log per credit used, with the invoice id.
   */
  async applyToInvoice(manager: EntityManager, companyId: string, invoice: InvoiceEntity, now: Date, options: ApplyOptions = {}): Promise<InvoiceEntity> {
    return (await this.apply(manager, companyId, invoice, now, options)).invoice;
  }

  /** `applyToInvoice` that also returns the log entries it wrote. */
  async apply(manager: EntityManager, companyId: string, invoice: InvoiceEntity, now: Date, options: ApplyOptions = {}): Promise<InvoiceApplication> {
    const invoices = this.invoices.with(manager);
    const current = await invoices.findOneForUpdate(companyId, { id: invoice.id });
    if (!current) throw new Error(`invoice ${invoice.id} not found in company ${companyId}`);
    if (!OPEN.has(current.status) || current.due_cents <= 0) return { invoice: current, logs: [] };

    const lines = await this.lines.with(manager).find(companyId, { where: { invoice_id: current.id } });
    const itemIds = [...new Set(lines.filter((l) => l.item_id !== null && l.unit_price !== null && l.amount_cents > 0).map((l) => l.item_id!))];
    const credits = await this.ledger.lockUsable(
      manager,
      companyId,
      { customerId: current.customer_id, currency: current.currency, itemIds, creditIds: options.creditIds },
      now,
    );
    if (credits.length === 0) return { invoice: current, logs: [] };

    const covered = itemIds.length > 0 ? await this.coveredUnits(manager, companyId, current.id) : new Map<string, number>();
    const allocation = allocateToInvoice({
      due_cents: current.due_cents,
      lines,
      amount_credits: credits
        .filter((c) => c.type === 'AMOUNT')
        .map((c) => ({ id: c.id, amount_cents: c.remaining_cents, expiration_date: c.expiration_date, created_at: c.created_at })),
      unit_credits: credits
        .filter((c) => c.type === 'UNITS')
        .map((c) => ({ id: c.id, item_id: c.item_id!, units: c.remaining_units, expiration_date: c.expiration_date, created_at: c.created_at })),
      covered_units: covered,
      at: now,
    });
    if (allocation.takes.size === 0) return { invoice: current, logs: [] };

    const byId = new Map(credits.map((c) => [c.id, c]));
    const entries = [];
    for (const [creditId, take] of allocation.takes) {
      const credit = byId.get(creditId)!;
      await this.ledger.debit(manager, companyId, credit, take, now);
      entries.push(
        this.ledger.entry(credit, 'CONSUMED', take, {
          invoice_id: current.id,
          currency: current.currency,
          note: `Applied to invoice ${current.number ?? current.uuid}`,
        }),
      );
    }
    const logs = await this.ledger.log(manager, companyId, entries, now);

    const applied = allocation.applied_cents;
    const total = current.total_cents - applied;
    const due = Math.max(0, total - current.paid_cents);
    const paidNow = current.status === 'PENDING' && due === 0;
    const patch: Partial<InvoiceEntity> = {
      credits_applied_cents: current.credits_applied_cents + applied,
      total_cents: total,
      due_cents: due,
      updated_at: now,
      ...(paidNow ? { status: 'PAID' as const, paid_date: current.paid_date ?? now } : {}),
    };
    await invoices.update(companyId, { id: current.id }, patch);
    return { invoice: { ...current, ...patch }, logs };
  }

  /** Units per item this invoice already took from unit credits (earlier applications). */
  private async coveredUnits(manager: EntityManager, companyId: string, invoiceId: string): Promise<Map<string, number>> {
    const rows: { item_id: string; units: string }[] = await manager.query(
      `SELECT item_id, SUM(units_applied)::text AS units FROM credit_logs
        WHERE company_id = $1 AND invoice_id = $2 AND action_type = 'CONSUMED' AND type = 'UNITS' AND item_id IS NOT NULL
        GROUP BY item_id`,
      [companyId, invoiceId],
    );
    return new Map(rows.map((r) => [r.item_id, Number(r.units)]));
  }
}
