import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { insertRows } from '../../platform/database/insert-rows';
import { summarizeInvoice } from '../../billing-math';
import { displayPhase } from '../../subscriptions/phases';
import { nextInvoiceDate } from '../../subscriptions/subscription-dates';
import { dateInputs } from '../../subscriptions/subscription-state';
import { SubscriptionBillingStateService } from '../../subscriptions/subscription-billing-state.service';
import type { BillingError } from '../../subscriptions/subscription.entity';
import { InvoiceEntity, InvoiceLineEntity, OneTimeBillableEntity } from '../invoicing.entity';
import { InvoiceDraft, invoiceRow, InvoiceWriter, LineDraft, lineRows } from '../invoice-writer.service';
import { WebhookEventsService } from '../../webhooks/events/webhook-events.service';
import { InvoiceTaxes } from '../invoice-taxes.service';
import type { Loaded } from './load';
import { addDays } from './model';
import type { PlanResult } from './planner/drivers';
import type { PlannedInvoice } from './planner/state';
import { RollupConfig, rollupDateOf } from './rollup-dates';

/**
 * The billing engine's write stage: the computed invoices written through InvoiceWriter, the
 * one-time charges they took marked INVOICED, each subscription's next_invoice_date and billing
 * cursor, and a recomputed draft's lines and totals.
 */

export interface WriteParams {
  at: Date;
  now: Date;
  deferNumbers?: boolean;
  /** The pending one-time charges of the batch's customers (those the invoices take are marked INVOICED). */
  oneTimes: OneTimeBillableEntity[];
}

/**
 * Marks the one-time charges a planned invoice takes INVOICED in `oneTimes` (the batch's rows in
 * memory), so that a later subscription of the customer walked in the same transaction does not
 * take them again.
 */
export function takeOneTimes(invoice: PlannedInvoice, oneTimes: OneTimeBillableEntity[]): void {
  const ids = new Set(invoice.lines.map((x) => x.one_time_id).filter((x): x is string => !!x));
  if (ids.size === 0) return;
  for (const o of oneTimes) if (ids.has(o.id)) o.state = 'INVOICED';
}

/** Where a subscription's processing stopped (for its cursor). */
export interface Position {
  l: Loaded;
  plan: PlanResult;
  /** The cursor was written for the subscription row as it is now. */
  sameSub: boolean;
  /** A cut catch-up: the instant of the first invoice left for the next transaction. */
  resumeAt: Date | null;
}

/**
 * The invoice to write for a planned invoice: a DRAFT while a usage invoice's grace period runs at
 * `at`; billed to `payer` (payers.ts) when given, else to the subscription's customer. Billed to a
 * parent that rolls its children up (`rollup`) at a date its roll-up covers: ROLLED_UP, gathered
 * at that roll-up date (rollups.ts; a usage one is recomputed then, `finalize_after` says so).
 */
export function draftOf(
  l: Loaded,
  invoice: PlannedInvoice,
  grace: number,
  at: Date,
  payer?: string,
  rollup?: RollupConfig | null,
): InvoiceDraft {
  const finalizeAfter = invoice.has_usage ? new Date(invoice.date.getTime() + grace * 1000) : null;
  const draft = finalizeAfter !== null && finalizeAfter.getTime() > at.getTime();
  const rollupDate = rollup ? rollupDateOf(rollup, invoice.date) : null;
  return {
    kind: invoice.kind,
    billing_key: invoice.key,
    customer_id: l.sub.customer_id,
    billed_customer_id: payer ?? l.sub.customer_id,
    subscription_id: l.sub.id,
    currency: l.sub.currency,
    status: rollupDate ? 'ROLLED_UP' : draft ? 'DRAFT' : 'PENDING',
    rollup_date: rollupDate,
    name: null,
    invoice_date: invoice.date,
    period_start: invoice.period_start,
    period_end: invoice.period_end,
    due_date: addDays(invoice.date, l.engineSub.due_days),
    finalize_after: finalizeAfter,
    auto_charges: l.sub.auto_charges,
    payment_instructions: l.sub.invoice_payment_instructions,
    display_fields: l.sub.invoice_additional_display_fields,
    lines: invoice.lines,
    discounts: l.engineSub.discounts,
  };
}

/** An unsaved DRAFT invoice entity and its lines for a draft (the preview of the next invoice). */
export function unsavedInvoice(companyId: string, draft: InvoiceDraft, now: Date): { invoice: InvoiceEntity; lines: InvoiceLineEntity[] } {
  const totals = summarizeInvoice({ lines: draft.lines, invoice_date: draft.invoice_date, discounts: draft.discounts ?? [] });
  // a preview: never written, no ids; a draft without name, metadata or notes, billed as the invoice would be
  const preview: InvoiceDraft = {
    ...draft,
    status: 'DRAFT',
    name: null,
    metadata: undefined,
    notes: undefined,
  };
  const invoice = invoiceRow(companyId, preview, totals, now, null, null);
  return { invoice, lines: lineRows(companyId, '', totals) };
}

/**
 * The billing cursors of the company $1's subscriptions $2: next work at $3, processed through
 * $4, the subscription row seen as updated at $6; written at $5.
 */
const BILLING_CURSORS_UPSERT_SQL = `INSERT INTO billing_cursors (company_id, subscription_id, next_work_at, processed_through, seen_updated_at, created_at, updated_at)
  SELECT $1, v.id, v.next_work_at, v.through, v.seen, $5, $5
  FROM unnest($2::text[], $3::timestamptz[], $4::timestamptz[], $6::timestamptz[]) AS v(id, next_work_at, through, seen)
  ON CONFLICT (company_id, subscription_id) DO UPDATE SET next_work_at = EXCLUDED.next_work_at, processed_through = EXCLUDED.processed_through,
    seen_updated_at = EXCLUDED.seen_updated_at, updated_at = EXCLUDED.updated_at`;

@Injectable()
export class EngineWriter {
  constructor(
    private readonly writer: InvoiceWriter,
    private readonly subscriptionState: SubscriptionBillingStateService,
    private readonly events: WebhookEventsService,
    private readonly taxes: InvoiceTaxes,
  ) {}

  /**
   * Writes the computed invoices of the subscriptions of a batch (in the caller's transaction),
   * in a fixed number of statements whatever their count: their
   * invoices through InvoiceWriter.createMany (one INSERT of the invoices, one of the lines, the
   * ledger's opening), and the one-time charges they took marked INVOICED in one UPDATE. The
   * caller marks the rows in `p.oneTimes` as it walks the subscriptions (`takeOneTimes`); a
   * charge whose invoice turns out to exist already stays PENDING in the table.
   */
  async writeMany(
    m: EntityManager,
    companyId: string,
    subs: { l: Loaded; invoices: PlannedInvoice[]; grace: number; applyCredits: boolean; payer?: string; rollup?: RollupConfig | null }[],
    p: WriteParams,
  ): Promise<{ created: InvoiceEntity[]; finalized: number }[]> {
    const items = subs.flatMap(({ l, invoices, grace, applyCredits, payer, rollup }) =>
      invoices.map((invoice) => ({ sub: l, invoice, create: { draft: draftOf(l, invoice, grace, p.at, payer, rollup), applyCredits } })),
    );
    const written = await this.writer.createMany(
      m,
      companyId,
      items.map((x) => x.create),
      p.now,
      { deferNumber: p.deferNumbers },
    );
    const taken: { id: string; invoice_id: string }[] = [];
    const bySub = new Map<string, { created: InvoiceEntity[]; finalized: number }>(
      subs.map((x) => [x.l.sub.id, { created: [], finalized: 0 }]),
    );
    items.forEach(({ sub: l, invoice }, k) => {
      const res = written[k];
      if (!res) return;
      const inv = res.invoice;
      for (const id of new Set(invoice.lines.map((x) => x.one_time_id).filter((x): x is string => !!x)))
        taken.push({ id, invoice_id: inv.id });
      const r = bySub.get(l.sub.id)!;
      // a ROLLED_UP invoice is not issued, its roll-up is: no charge, number or count for it
      if (inv.status !== 'ROLLED_UP') {
        if (inv.status !== 'DRAFT') r.finalized++;
        r.created.push(inv);
      }
      // a period after the first: the subscription renews (one event per subscription and transaction)
      if (invoice.kind === 'SUBSCRIPTION_PERIOD' && invoice.date.getTime() > l.engineSub.billing_start.getTime())
        this.events.later(m, companyId, 'subscription.renewed', l.sub.id);
    });
    if (taken.length) {
      await m.query(
        `UPDATE one_time_billables o SET state = 'INVOICED', invoice_id = v.invoice_id, updated_at = $2
         FROM unnest($3::text[], $4::text[]) AS v(id, invoice_id)
         WHERE o.company_id = $1 AND o.id = v.id AND o.state = 'PENDING'`,
        [companyId, p.now, taken.map((t) => t.id), taken.map((t) => t.invoice_id)],
      );
    }
    return subs.map((x) => bySub.get(x.l.sub.id)!);
  }

  /** Stores, for each processed subscription, its next_invoice_date and billing cursor (two statements for all). */
  async savePositions(m: EntityManager, companyId: string, positions: Position[], at: Date, now: Date): Promise<void> {
    if (positions.length === 0) return;
    const dates: { id: string; next: Date | null }[] = [];
    for (const { l, plan } of positions) {
      // what the subscription shows (subscription-state.ts): the next billing date by the clock,
      // or the one after it when the engine has invoiced that one already
      const phase = displayPhase(l.phaseRows, now);
      const computed = phase ? nextInvoiceDate(dateInputs(l.sub, phase), now) : null;
      const next =
        computed && plan.next_invoice_date && plan.next_invoice_date.getTime() > computed.getTime() ? plan.next_invoice_date : computed;
      if (next?.getTime() !== l.sub.next_invoice_date?.getTime()) dates.push({ id: l.sub.id, next });
    }
    await this.subscriptionState.setNextInvoiceDates(m, companyId, dates);
    await m.query(BILLING_CURSORS_UPSERT_SQL, [
      companyId,
      positions.map((p) => p.l.sub.id),
      // a cut catch-up: work is due again at once, and every point before the first invoice left was computed
      positions.map((p) => p.resumeAt ?? p.plan.next_work_at),
      positions.map((p) => {
        if (p.resumeAt) return new Date(p.resumeAt.getTime() - 1);
        return p.sameSub && p.l.cursor && p.l.cursor.processed_through.getTime() > at.getTime() ? p.l.cursor.processed_through : at;
      }),
      now,
      positions.map((p) => p.l.sub.updated_at),
    ]);
  }

  /**
   * The `billing_error` flag of the batch's locked subscriptions: set on those `failed` names
   * (kept as it is when already set with the same code: `at` says since when), cleared on those
   * billed now. One statement, none when nothing changes.
   */
  async saveBillingErrors(
    m: EntityManager,
    companyId: string,
    locked: Loaded[],
    failed: Map<string, { code: string; message: string }>,
    now: Date,
  ): Promise<void> {
    const changes: { id: string; error: BillingError | null }[] = [];
    for (const { sub } of locked) {
      const error = failed.get(sub.id);
      if (error) {
        if (sub.billing_error?.code !== error.code) changes.push({ id: sub.id, error: { ...error, at: now.toISOString() } });
      } else if (sub.billing_error) changes.push({ id: sub.id, error: null });
    }
    await this.subscriptionState.setBillingErrors(m, companyId, changes);
  }

  /**
   * Rewrites a draft's lines and totals from its recomputed lines (credits and payments already on
   * it kept), with the discounts and display fields of its subscription `l` as they stand now.
   */
  async rewriteDraft(
    m: EntityManager,
    companyId: string,
    invoice: InvoiceEntity,
    lines: LineDraft[],
    l: Pick<Loaded, 'sub' | 'engineSub'>,
    now: Date,
  ): Promise<InvoiceEntity> {
    const discounts = l.engineSub.discounts;
    const totals = summarizeInvoice({ lines, invoice_date: invoice.invoice_date, discounts });
    await m.delete(InvoiceLineEntity, { company_id: companyId, invoice_id: invoice.id });
    const recomputed: InvoiceEntity = {
      ...invoice,
      sub_total_cents: totals.sub_total_cents,
      discount_cents: totals.discount_cents,
      total_cents: totals.total_cents - invoice.credits_applied_cents,
      prorated_amount_cents: totals.prorated_amount_cents,
    };
    // a draft takes the rates as they stand now
    const [taxed] = await this.taxes.apply(m, companyId, [{ invoice: recomputed, lines: lineRows(companyId, invoice.id, totals) }]);
    await insertRows(m, InvoiceLineEntity, taxed.lines);
    const patch: Partial<InvoiceEntity> = {
      sub_total_cents: taxed.invoice.sub_total_cents,
      discount_cents: taxed.invoice.discount_cents,
      total_cents: taxed.invoice.total_cents,
      due_cents: taxed.invoice.due_cents,
      prorated_amount_cents: taxed.invoice.prorated_amount_cents,
      tax_cents: taxed.invoice.tax_cents,
      tax_details: taxed.invoice.tax_details,
      display_fields: (l.sub.invoice_additional_display_fields ?? []).map((f) => ({ name: f.name, value: f.value })),
      updated_at: now,
    };
    await m.update(InvoiceEntity, { company_id: companyId, id: invoice.id }, patch as never);
    return { ...invoice, ...patch };
  }
}
