import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { newId } from '../platform/ids/ids';
import { newPageToken } from '../platform/hosted-pages/token';
import { Discount, InvoiceLine, InvoiceTotals, summarizeInvoice } from '../billing-math';
import { InvoiceEntity, InvoiceKind, InvoiceLineEntity, InvoiceStatus } from './invoicing.entity';
import { CompanyCountersRepository, InvoiceLinesRepository, InvoicesRepository } from './invoicing.repository';
import { InvoiceLedger, LedgerSource } from './invoice-ledger.service';
import { WebhookEventsService } from '../webhooks/events/webhook-events.service';

/** A line to write: billing-math's line plus the references the invoice keeps. */
export interface LineDraft extends InvoiceLine {
  product_metric_pricing_id?: string | null;
  one_time_id?: string | null;
  details?: Record<string, unknown> | null;
}

export interface InvoiceDraft {
  kind: InvoiceKind;
  /** Unique within (company, kind): a second draft with the same key writes nothing. */
  billing_key: string;
  customer_id: string;
  billed_customer_id?: string;
  subscription_id: string | null;
  currency: string;
  status: Extract<InvoiceStatus, 'DRAFT' | 'PENDING'>;
  name: string | null;
  invoice_date: Date;
  period_start: Date | null;
  period_end: Date | null;
  due_date: Date;
  finalize_after: Date | null;
  auto_charges: boolean;
  metadata?: Record<string, unknown>;
  notes?: string | null;
  payment_instructions?: string | null;
  /** Charge lines (CHARGE, BASE, MINIMUM_SPEND; proration credits are negative CHARGE lines). */
  lines: LineDraft[];
  discounts?: Discount[];
}

/**
 * The one place invoices are written: totals from billing-math (rounded once per line), a
 * gapless number, and the exactly-once guarantee — an existing (company, kind, billing_key)
 * makes the insert a no-op (`null`), whatever ran first. An invoice written final (PENDING) is
 * opened on the InvoiceLedger in the same transaction (credits with `applyCredits`, PAID at once
 * when nothing is due): the writer sets no money state itself.
 */
/** Invoice line rows of an invoice's totals (unsaved). */
export function lineRows(companyId: string, invoiceId: string, totals: InvoiceTotals): InvoiceLineEntity[] {
  return totals.lines.map((line, position) => {
    const d = line as LineDraft;
    return {
      company_id: companyId,
      invoice_id: invoiceId,
      position,
      kind: line.kind,
      name: line.name,
      product_pricing_id: line.product_pricing_id,
      product_metric_pricing_id: d.product_metric_pricing_id ?? null,
      item_id: line.item_id,
      one_time_id: d.one_time_id ?? null,
      period_start: line.period_start,
      period_end: line.period_end,
      quantity: line.quantity,
      unit_price: line.unit_price,
      amount_cents: line.amount_cents,
      prorated: line.prorated,
      details: d.details ?? null,
    };
  });
}

@Injectable()
export class InvoiceWriter {
  constructor(
    private readonly invoices: InvoicesRepository,
    private readonly lines: InvoiceLinesRepository,
    private readonly counters: CompanyCountersRepository,
    private readonly ledger: InvoiceLedger,
    private readonly events: WebhookEventsService,
  ) {}

  /** Writes the invoice inside the caller's transaction; null when its billing_key exists already. */
  async create(
    manager: EntityManager,
    companyId: string,
    draft: InvoiceDraft,
    now: Date,
    options: { deferNumber?: boolean; skipExistingCheck?: boolean; applyCredits?: boolean; source?: LedgerSource } = {},
  ): Promise<{ invoice: InvoiceEntity; lines: InvoiceLineEntity[] } | null> {
    // skipExistingCheck: the caller read the existing keys under a lock already (the billing
    // engine); the insert below stays exactly-once either way (ON CONFLICT DO NOTHING).
    if (!options.skipExistingCheck) {
      const existing = await this.invoices.with(manager).findOne(companyId, { kind: draft.kind, billing_key: draft.billing_key });
      if (existing) return null;
    }
    const totals = summarizeInvoice({ lines: draft.lines, invoice_date: draft.invoice_date, discounts: draft.discounts ?? [] });
    const id = newId('invoice');
    const invoice: InvoiceEntity = {
      company_id: companyId,
      id,
      uuid: randomUUID(),
      number: 0,
      kind: draft.kind,
      billing_key: draft.billing_key,
      customer_id: draft.customer_id,
      billed_customer_id: draft.billed_customer_id ?? draft.customer_id,
      subscription_id: draft.subscription_id,
      currency: draft.currency,
      status: draft.status,
      name: draft.name,
      invoice_date: draft.invoice_date,
      period_start: draft.period_start,
      period_end: draft.period_end,
      due_date: draft.due_date,
      paid_date: null,
      finalized_at: draft.status === 'PENDING' ? now : null,
      link_secret: draft.status === 'PENDING' ? newPageToken(companyId) : null,
      finalize_after: draft.finalize_after,
      voided_at: null,
      sub_total_cents: totals.sub_total_cents,
      discount_cents: totals.discount_cents,
      credits_applied_cents: 0,
      total_cents: totals.total_cents,
      paid_cents: 0,
      due_cents: Math.max(totals.total_cents, 0),
      prorated_amount_cents: totals.prorated_amount_cents,
      auto_charges: draft.auto_charges,
      metadata: draft.metadata ?? {},
      notes: draft.notes ?? null,
      payment_instructions: draft.payment_instructions ?? null,
      created_at: now,
      updated_at: now,
    };
    // A concurrent writer of the same key: this insert waits for it, then does nothing (null).
    // The number stays NULL until the invoice is certain to exist, so numbers have no gaps.
    const inserted: unknown[] = await manager.query(
      `INSERT INTO invoices (company_id, id, uuid, number, kind, billing_key, customer_id, billed_customer_id, subscription_id,
         currency, status, name, invoice_date, period_start, period_end, due_date, finalized_at, finalize_after,
         sub_total_cents, discount_cents, credits_applied_cents, total_cents, paid_cents, due_cents, prorated_amount_cents,
         auto_charges, metadata, notes, payment_instructions, created_at, updated_at, link_secret)
       VALUES ($1, $2, $3, NULL, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, 0, $20, 0, $21, $22, $23, $24, $25, $26, $27, $27, $28)
       ON CONFLICT DO NOTHING
       RETURNING id`,
      [
        companyId,
        id,
        invoice.uuid,
        invoice.kind,
        invoice.billing_key,
        invoice.customer_id,
        invoice.billed_customer_id,
        invoice.subscription_id,
        invoice.currency,
        invoice.status,
        invoice.name,
        invoice.invoice_date,
        invoice.period_start,
        invoice.period_end,
        invoice.due_date,
        invoice.finalized_at,
        invoice.finalize_after,
        invoice.sub_total_cents,
        invoice.discount_cents,
        invoice.total_cents,
        invoice.due_cents,
        invoice.prorated_amount_cents,
        invoice.auto_charges,
        JSON.stringify(invoice.metadata),
        invoice.notes,
        invoice.payment_instructions,
        now,
        invoice.link_secret,
      ],
    );
    if (inserted.length === 0) return null;
    this.events.later(manager, companyId, 'invoice.created', id);
    // The number is taken only once the invoice is certain to exist: no gaps. With deferNumber the
    // caller numbers a whole batch at once with assignNumbers() before its commit (the billing run:
    // the counter row is then locked only for the end of the transaction).
    if (options.deferNumber) invoice.number = null as unknown as number;
    else {
      invoice.number = await this.counters.next(companyId, 'invoice_number', manager);
      await this.invoices.with(manager).update(companyId, { id }, { number: invoice.number });
    }
    const rows = lineRows(companyId, id, totals);
    await this.lines.with(manager).insert(
      companyId,
      rows.map(({ company_id: _c, ...r }) => r),
    );
    if (invoice.status === 'PENDING') {
      const opened = await this.ledger.open(manager, companyId, invoice, now, {
        applyCredits: options.applyCredits ?? false,
        source: options.source ?? 'BILLING_RUN',
      });
      return { invoice: opened, lines: rows };
    }
    return { invoice, lines: rows };
  }

  /**
   * Numbers invoices written with `deferNumber`, in the given order, from the company's counter
   * (one increment for all, in the caller's transaction: gapless, a rollback gives them back).
   */
  async assignNumbers(manager: EntityManager, companyId: string, invoiceIds: string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (invoiceIds.length === 0) return out;
    const rows: { value: string }[] = await manager.query(
      `INSERT INTO company_counters (company_id, name, value) VALUES ($1, 'invoice_number', $2)
       ON CONFLICT (company_id, name) DO UPDATE SET value = company_counters.value + $2
       RETURNING value`,
      [companyId, invoiceIds.length],
    );
    const first = Number(rows[0].value) - invoiceIds.length + 1;
    invoiceIds.forEach((id, i) => out.set(id, first + i));
    await manager.query(
      `UPDATE invoices i SET number = v.number
       FROM unnest($2::text[], $3::bigint[]) AS v(id, number)
       WHERE i.company_id = $1 AND i.id = v.id AND i.number IS NULL`,
      [companyId, invoiceIds, invoiceIds.map((id) => out.get(id))],
    );
    return out;
  }
}
