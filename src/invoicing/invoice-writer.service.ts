import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { newId } from '../platform/ids/ids';
import { PageSecrets } from '../platform/hosted-pages/page-secrets';
import { Discount, InvoiceLine, InvoiceTotals, summarizeInvoice } from '../billing-math';
import { DisplayField, InvoiceEntity, InvoiceKind, InvoiceLineEntity, InvoiceStatus, StoredLineTax } from './invoicing.entity';
import type { GatheredTaxes } from './invoice-taxes';
import { InvoicesRepository } from './invoicing.repository';
import { AssignedNumber } from './invoicing.mapper';
import { writeFormattedNumbers } from './invoice-number-formats';
import { CompanySettingsService } from '../platform/company-settings/company-settings.service';
import { plainInvoiceNumbers } from '../platform/company-settings/invoice-number-format';
import { InvoiceLedger, LedgerSource } from './invoice-ledger.service';
import { WebhookEventsService } from '../webhooks/events/webhook-events.service';
import { InvoiceTaxes } from './invoice-taxes.service';

/** A line to write: billing-math's line plus the references the invoice keeps. */
export interface LineDraft extends InvoiceLine {
  product_metric_pricing_id?: string | null;
  one_time_id?: string | null;
  details?: Record<string, unknown> | null;
  /** On a roll-up invoice: the child and the subscription the line was charged for. */
  customer_id?: string | null;
  subscription_id?: string | null;
  /** On a roll-up invoice: the taxes the child's invoice charged on the line (never computed again). */
  tax_cents?: number;
  taxes?: StoredLineTax[];
}

/** What writing an invoice reads of its totals (billing-math's `summarizeInvoice`, or a roll-up's sums). */
export type WrittenTotals = Pick<InvoiceTotals, 'lines' | 'sub_total_cents' | 'discount_cents' | 'total_cents' | 'prorated_amount_cents'>;

export interface InvoiceDraft {
  kind: InvoiceKind;
  /** Unique within (company, kind): a second draft with the same key writes nothing. */
  billing_key: string;
  customer_id: string;
  billed_customer_id?: string;
  subscription_id: string | null;
  currency: string;
  /** ROLLED_UP: a child invoice gathered into its parent's roll-up at `rollup_date` (never shown nor opened). */
  status: Extract<InvoiceStatus, 'DRAFT' | 'PENDING' | 'ROLLED_UP'>;
  rollup_date?: Date | null;
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
  /** The `{name, value}` pairs the invoice shows (its subscription's, or its roll-up parent's config's), as they are now. */
  display_fields?: DisplayField[] | null;
  /** Charge lines (CHARGE, BASE, MINIMUM_SPEND; proration credits are negative CHARGE lines). */
  lines: LineDraft[];
  discounts?: Discount[];
  /**
   * Totals computed already, with `lines` their lines (a roll-up: the sums of the invoices it
   * gathers, whose discounts were rounded on each of them): `lines` and `discounts` are then unused.
   */
  totals?: WrittenTotals;
  /**
   * With `totals` (then before taxes, as billing-math's are): the taxes the gathered invoices
   * charged, added to the total as an invoice's own taxes are. A roll-up is not taxed again: its children were taxed on their own
   * invoices, for the same billed customer, and the roll-up charges what they would have.
   */
  gathered_taxes?: GatheredTaxes;
}

/**
 * The one place invoices are written: totals from billing-math (rounded once per line), a
 * gapless number, and the exactly-once guarantee — an existing (company, kind, billing_key)
 * makes the insert a no-op (`null`), whatever ran first. An invoice written final (PENDING) is
 * opened on the InvoiceLedger in the same transaction (credits with `applyCredits`, PAID at once
 * when nothing is due): the writer sets no money state itself.
 */
/**
 * The unsaved invoice row of a draft and its totals; `id` and `uuid` are null for a preview that
 * is never written.
 */
export function invoiceRow(
  companyId: string,
  draft: InvoiceDraft,
  totals: WrittenTotals,
  now: Date,
  id: string | null,
  uuid: string | null,
): InvoiceEntity {
  return {
    company_id: companyId,
    id: id as unknown as string,
    uuid: uuid as unknown as string,
    // NULL until the invoice is certain to exist: numbers have no gaps
    number: null as unknown as number,
    formatted_number: null,
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
    link_hash: null,
    link_nonce: null,
    link_legacy_hash: null,
    finalize_after: draft.finalize_after,
    voided_at: null,
    rollup_date: draft.rollup_date ?? null,
    rollup_invoice_id: null,
    sub_total_cents: totals.sub_total_cents,
    discount_cents: totals.discount_cents,
    credits_applied_cents: 0,
    total_cents: totals.total_cents,
    paid_cents: 0,
    due_cents: Math.max(totals.total_cents, 0),
    prorated_amount_cents: totals.prorated_amount_cents,
    // taxes come after the totals (InvoiceTaxes.apply), on the rows
    tax_cents: 0,
    tax_details: [],
    auto_charges: draft.auto_charges,
    metadata: draft.metadata ?? {},
    notes: draft.notes ?? null,
    payment_instructions: draft.payment_instructions ?? null,
    display_fields: (draft.display_fields ?? []).map((f) => ({ name: f.name, value: f.value })),
    created_at: now,
    updated_at: now,
  };
}

/** Invoice line rows of an invoice's totals (unsaved). */
export function lineRows(companyId: string, invoiceId: string, totals: WrittenTotals): InvoiceLineEntity[] {
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
      customer_id: d.customer_id ?? null,
      subscription_id: d.subscription_id ?? null,
      // a prorated line keeps its exact share of the period: a credit pack grants that share of its credits
      details:
        line.prorated && line.share
          ? { ...(d.details ?? {}), share: { numerator: line.share.numerator, denominator: line.share.denominator } }
          : (d.details ?? null),
      tax_cents: d.tax_cents ?? 0,
      taxes: d.taxes ?? [],
    };
  });
}

/** One invoice to write with `createMany`. */
export interface InvoiceToCreate {
  draft: InvoiceDraft;
  /** Credits of the customer go to it at once when it is written final. */
  applyCredits?: boolean;
}

export interface CreateOptions {
  /** Leave the numbers to the caller (`assignNumbers` before its commit). */
  deferNumber?: boolean;
  source?: LedgerSource;
}

/**
 * Numbers the invoices $2 (ids, in order) of the company $1 from its counter, taking $3 (their
 * count) numbers at once; answers the counter's new value and how many were numbered.
 */
const ASSIGN_NUMBERS_SQL = `WITH counter AS (
    INSERT INTO company_counters (company_id, name, value) VALUES ($1, 'invoice_number', $3)
    ON CONFLICT (company_id, name) DO UPDATE SET value = company_counters.value + $3
    RETURNING value
  ), numbered AS (
    UPDATE invoices i SET number = counter.value - $3 + v.n
    FROM counter, unnest($2::text[]) WITH ORDINALITY AS v(id, n)
    WHERE i.company_id = $1 AND i.id = v.id AND i.number IS NULL
    RETURNING i.id
  )
  SELECT counter.value, (SELECT count(*) FROM numbered) AS numbered FROM counter`;

@Injectable()
export class InvoiceWriter {
  constructor(
    private readonly invoices: InvoicesRepository,
    private readonly ledger: InvoiceLedger,
    private readonly events: WebhookEventsService,
    private readonly secrets: PageSecrets,
    private readonly settings: CompanySettingsService,
    private readonly taxes: InvoiceTaxes,
  ) {}

  /** Writes the invoice inside the caller's transaction; null when its billing_key exists already. */
  async create(
    manager: EntityManager,
    companyId: string,
    draft: InvoiceDraft,
    now: Date,
    options: CreateOptions & { skipExistingCheck?: boolean; applyCredits?: boolean } = {},
  ): Promise<{ invoice: InvoiceEntity; lines: InvoiceLineEntity[] } | null> {
    // skipExistingCheck: the caller read the existing keys under a lock already (the billing
    // engine); the insert stays exactly-once either way (ON CONFLICT DO NOTHING).
    if (!options.skipExistingCheck) {
      const existing = await this.invoices.with(manager).findOne(companyId, { kind: draft.kind, billing_key: draft.billing_key });
      if (existing) return null;
    }
    const [written] = await this.createMany(manager, companyId, [{ draft, applyCredits: options.applyCredits }], now, options);
    return written;
  }

  /**
   * Writes several invoices inside the caller's transaction, in a fixed number of statements
   * whatever their count: one INSERT of the invoices, one of their lines, the ledger's opening of
   * those written final, and their numbers (unless deferred). Each result is null when its
   * (kind, billing_key) exists already — it was written before, or by a concurrent transaction
   * (the insert waits for it, then writes nothing).
   */
  async createMany(
    manager: EntityManager,
    companyId: string,
    items: InvoiceToCreate[],
    now: Date,
    options: CreateOptions = {},
  ): Promise<({ invoice: InvoiceEntity; lines: InvoiceLineEntity[] } | null)[]> {
    if (items.length === 0) return [];
    const untaxed = items.map(({ draft }) => {
      const totals =
        draft.totals ?? summarizeInvoice({ lines: draft.lines, invoice_date: draft.invoice_date, discounts: draft.discounts ?? [] });
      const invoiceId = newId('invoice');
      const invoice = invoiceRow(companyId, draft, totals, now, invoiceId, randomUUID());
      // a final invoice has its hosted page and PDF from the start
      if (invoice.status === 'PENDING') {
        const link = this.secrets.issue('invoice', companyId, invoiceId);
        Object.assign(invoice, { link_nonce: link.nonce, link_hash: link.hash });
      }
      return { invoice, lines: lineRows(companyId, invoiceId, totals) };
    });
    const docs = await this.taxes.apply(
      manager,
      companyId,
      untaxed,
      items.map(({ draft }) => draft.gathered_taxes ?? null),
    );
    const col = <T>(f: (i: InvoiceEntity) => T) => docs.map((d) => f(d.invoice));
    // one statement for all; a key that exists (or a concurrent writer's, once it commits) writes nothing
    const inserted: { id: string }[] = await manager.query(
      `INSERT INTO invoices (company_id, id, uuid, number, kind, billing_key, customer_id, billed_customer_id, subscription_id,
         currency, status, name, invoice_date, period_start, period_end, due_date, finalized_at, finalize_after,
         sub_total_cents, discount_cents, credits_applied_cents, total_cents, paid_cents, due_cents, prorated_amount_cents,
         auto_charges, metadata, notes, payment_instructions, created_at, updated_at, link_hash, link_nonce, tax_cents, tax_details,
         rollup_date, display_fields)
       SELECT $1, v.id, v.uuid, NULL, v.kind, v.billing_key, v.customer_id, v.billed_customer_id, v.subscription_id,
         v.currency, v.status, v.name, v.invoice_date, v.period_start, v.period_end, v.due_date, v.finalized_at, v.finalize_after,
         v.sub_total_cents, v.discount_cents, 0, v.total_cents, 0, v.due_cents, v.prorated_amount_cents,
         v.auto_charges, v.metadata::jsonb, v.notes, v.payment_instructions, $2, $2, v.link_hash, v.link_nonce, v.tax_cents, v.tax_details::jsonb,
         v.rollup_date, v.display_fields::jsonb
       FROM unnest($3::text[], $4::uuid[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[],
         $12::text[], $13::timestamptz[], $14::timestamptz[], $15::timestamptz[], $16::timestamptz[], $17::timestamptz[],
         $18::timestamptz[], $19::bigint[], $20::bigint[], $21::bigint[], $22::bigint[], $23::bigint[], $24::boolean[], $25::text[],
         $26::text[], $27::text[], $28::text[], $29::text[], $30::bigint[], $31::text[], $32::timestamptz[], $33::text[])
         WITH ORDINALITY AS v(id, uuid, kind, billing_key, customer_id, billed_customer_id, subscription_id, currency, status,
           name, invoice_date, period_start, period_end, due_date, finalized_at, finalize_after, sub_total_cents, discount_cents,
           total_cents, due_cents, prorated_amount_cents, auto_charges, metadata, notes, payment_instructions, link_hash, link_nonce,
           tax_cents, tax_details, rollup_date, display_fields, n)
       ORDER BY v.n
       ON CONFLICT DO NOTHING
       RETURNING id`,
      [
        companyId,
        now,
        col((i) => i.id),
        col((i) => i.uuid),
        col((i) => i.kind),
        col((i) => i.billing_key),
        col((i) => i.customer_id),
        col((i) => i.billed_customer_id),
        col((i) => i.subscription_id),
        col((i) => i.currency),
        col((i) => i.status),
        col((i) => i.name),
        col((i) => i.invoice_date),
        col((i) => i.period_start),
        col((i) => i.period_end),
        col((i) => i.due_date),
        col((i) => i.finalized_at),
        col((i) => i.finalize_after),
        col((i) => i.sub_total_cents),
        col((i) => i.discount_cents),
        col((i) => i.total_cents),
        col((i) => i.due_cents),
        col((i) => i.prorated_amount_cents),
        col((i) => i.auto_charges),
        col((i) => JSON.stringify(i.metadata)),
        col((i) => i.notes),
        col((i) => i.payment_instructions),
        col((i) => i.link_hash),
        col((i) => i.link_nonce),
        col((i) => i.tax_cents),
        col((i) => JSON.stringify(i.tax_details)),
        col((i) => i.rollup_date),
        col((i) => JSON.stringify(i.display_fields)),
      ],
    );
    const written = new Set(inserted.map((r) => r.id));
    const out = docs.map((d) => (written.has(d.invoice.id) ? d : null));
    const kept = docs.filter((d) => written.has(d.invoice.id));
    if (kept.length === 0) return out;
    // a ROLLED_UP child invoice is never shown: no event, no number (its roll-up has them)
    const shown = kept.filter((d) => d.invoice.status !== 'ROLLED_UP');
    for (const d of shown) this.events.later(manager, companyId, 'invoice.created', d.invoice.id);
    await this.insertLines(
      manager,
      companyId,
      kept.flatMap((d) => d.lines),
    );
    // written final: the ledger opens them (credits, PAID at once when nothing is due)
    const opening = items.map((item, k) => ({ item, doc: out[k] })).filter((x) => x.doc !== null && x.doc.invoice.status === 'PENDING');
    if (opening.length) {
      const opened = await this.ledger.openMany(
        manager,
        companyId,
        opening.map((x) => ({ invoice: x.doc!.invoice, applyCredits: x.item.applyCredits ?? false })),
        now,
        options.source ?? 'BILLING_RUN',
      );
      opening.forEach((x, k) => (x.doc!.invoice = opened[k]));
      await this.taxes.freeze(
        manager,
        companyId,
        opening.map((x) => x.doc!.invoice),
        now,
      );
    }
    // The number is taken only once the invoice is certain to exist: no gaps. It is the last lock
    // (src/platform/README.md, "Lock order"): a caller that locks anything more afterwards — a
    // finalization applying credits — passes deferNumber and numbers with assignNumbers() just
    // before its commit (the billing run numbers a whole batch at once that way).
    if (!options.deferNumber) {
      const numbers = await this.assignNumbers(
        manager,
        companyId,
        shown.map((d) => d.invoice.id),
      );
      for (const d of shown) {
        const n = numbers.get(d.invoice.id)!;
        d.invoice.number = n.number;
        if (n.formatted !== String(n.number)) d.invoice.formatted_number = n.formatted;
      }
    }
    return out;
  }

  /** Invoice lines of invoices just written, in one statement. */
  private async insertLines(manager: EntityManager, companyId: string, rows: InvoiceLineEntity[]): Promise<void> {
    if (rows.length === 0) return;
    const col = <T>(f: (l: InvoiceLineEntity) => T) => rows.map(f);
    await manager.query(
      `INSERT INTO invoice_lines (company_id, invoice_id, position, kind, name, product_pricing_id, product_metric_pricing_id, item_id,
         one_time_id, period_start, period_end, quantity, unit_price, amount_cents, prorated, details, tax_cents, taxes,
         customer_id, subscription_id)
       SELECT $1, v.invoice_id, v.position, v.kind, v.name, v.product_pricing_id, v.product_metric_pricing_id, v.item_id,
         v.one_time_id, v.period_start, v.period_end, v.quantity, v.unit_price, v.amount_cents, v.prorated, v.details::jsonb,
         v.tax_cents, v.taxes::jsonb, v.customer_id, v.subscription_id
       FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
         $10::timestamptz[], $11::timestamptz[], $12::numeric[], $13::numeric[], $14::bigint[], $15::boolean[], $16::text[],
         $17::bigint[], $18::text[], $19::text[], $20::text[])
         AS v(invoice_id, position, kind, name, product_pricing_id, product_metric_pricing_id, item_id, one_time_id,
           period_start, period_end, quantity, unit_price, amount_cents, prorated, details, tax_cents, taxes, customer_id, subscription_id)`,
      [
        companyId,
        col((l) => l.invoice_id),
        col((l) => l.position),
        col((l) => l.kind),
        col((l) => l.name),
        col((l) => l.product_pricing_id),
        col((l) => l.product_metric_pricing_id),
        col((l) => l.item_id),
        col((l) => l.one_time_id),
        col((l) => l.period_start),
        col((l) => l.period_end),
        col((l) => (l.quantity === null || l.quantity === undefined ? null : String(l.quantity))),
        col((l) => (l.unit_price === null || l.unit_price === undefined ? null : String(l.unit_price))),
        col((l) => l.amount_cents),
        col((l) => l.prorated),
        col((l) => (l.details === null || l.details === undefined ? null : JSON.stringify(l.details))),
        col((l) => l.tax_cents ?? 0),
        col((l) => JSON.stringify(l.taxes ?? [])),
        col((l) => l.customer_id ?? null),
        col((l) => l.subscription_id ?? null),
      ],
    );
  }

  /**
   * Numbers invoices written with `deferNumber`, in the given order, from the company's counter:
   * one statement takes the numbers (one increment for all, in the caller's transaction:
   * gapless, a rollback gives them back) and writes them on the invoices. The counter row stays
   * locked until the caller's commit: call it last — after the invoices' finalization and
   * credits, the last lock of the transaction (src/platform/README.md, "Lock order").
   */
  async assignNumbers(manager: EntityManager, companyId: string, invoiceIds: string[]): Promise<Map<string, AssignedNumber>> {
    const out = new Map<string, AssignedNumber>();
    if (invoiceIds.length === 0) return out;
    // read before the counter's lock, which is held until the commit
    const format = await this.settings.get(companyId, manager);
    const rows: { value: string; numbered: string }[] = await manager.query(ASSIGN_NUMBERS_SQL, [companyId, invoiceIds, invoiceIds.length]);
    if (Number(rows[0].numbered) !== invoiceIds.length)
      throw new Error(`invoice numbers: ${rows[0].numbered} of ${invoiceIds.length} invoices were unnumbered in this transaction`);
    const first = Number(rows[0].value) - invoiceIds.length + 1;
    const numbers = new Map(invoiceIds.map((id, i) => [id, first + i]));
    const formatted = plainInvoiceNumbers(format) ? null : await writeFormattedNumbers(manager, companyId, format, numbers);
    for (const [id, number] of numbers) out.set(id, { number, formatted: formatted?.get(id) ?? String(number) });
    return out;
  }
}
