import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { DomainError } from '../platform/errors/domain-error';
import { newId } from '../platform/ids/ids';
import { PageSecrets } from '../platform/hosted-pages/page-secrets';
import { InvoiceTaxes } from './invoice-taxes.service';
import { refundTaxShare } from '../billing-math';
import { InvoiceEntity, InvoiceLedgerEntryEntity, InvoiceStatus, LedgerEntryKind } from './invoicing.entity';
import { InvoiceLedgerEntriesRepository, InvoicesRepository } from './invoicing.repository';
import { InvoicingHooks, OfflineProviderType } from './invoicing.hooks';
import { WebhookEventsService } from '../webhooks/events/webhook-events.service';

/** Who moved the money (kept on the ledger entry). */
export type LedgerSource = 'BILLING_RUN' | 'API' | 'AUTO_CHARGE' | 'CHECKOUT' | 'INVOICE_PAGE' | 'CREDITS' | 'REFUND' | 'ONE_TIME';

/** A processor charge (auto-charge) or a checkout payment to apply to an invoice. */
export interface PaymentToApply {
  payment_transaction_id: string;
  amount_cents: number;
  currency: string;
  /** When the money arrived (the invoice's paid_date when it settles it). */
  paid_at: Date;
  source: LedgerSource;
}

export interface ManualPayment {
  amount_cents: number;
  /** null: the invoice's currency. */
  currency: string | null;
  provider_type: OfflineProviderType;
  note: string | null;
  paid_at: Date | null;
}

export type PaymentOutcome = { applied: true; invoice: InvoiceEntity } | { applied: false; reason: string; invoice: InvoiceEntity | null };

interface Sums {
  total: number;
  paid: number;
  credited: number;
}

const chargeInFlight = () =>
  DomainError.invalidState(
    'a card charge of this invoice is in progress: try again once it has completed (its payment then shows on the invoice)',
  );

/**
 * THE INVOICE LEDGER — the only code that changes an invoice's status and its total, paid, due
 * and credited amounts (see README-billing.md, "Ledger").
 *
 * States: DRAFT → PENDING (open; partial payments keep it PENDING) → PAID, and DRAFT/PENDING →
 * VOID. A refund of an applied payment moves money back out: PAID → PENDING when something is
 * due again. Every operation runs in the caller's transaction, locks the invoice row
 * (`SELECT … FOR UPDATE`, scoped by company), checks the transition against the row as it is
 * under the lock, updates the row once and writes one ledger entry per movement. CHECK
 * constraints on `invoices` refuse any row that breaks the arithmetic, whoever writes it.
 *
 * Callers: the billing engine (`open` through InvoiceWriter, `finalize` through
 * InvoiceFinalizer), the invoice API (`void`, `markPaid`), credits (`applyCredits`), payments
 * (`recordPayment` for charges, `recordRefund`) and checkout (`recordPayment`). Credits and
 * payments are reached back through InvoicingHooks.
 */
@Injectable()
export class InvoiceLedger {
  constructor(
    private readonly invoices: InvoicesRepository,
    private readonly entries: InvoiceLedgerEntriesRepository,
    private readonly hooks: InvoicingHooks,
    private readonly events: WebhookEventsService,
    private readonly secrets: PageSecrets,
    private readonly taxes: InvoiceTaxes,
  ) {}

  /** The link columns of an invoice becoming final: its own when it has one, else a new one. */
  private linkOf(companyId: string, invoice: InvoiceEntity): Pick<InvoiceEntity, 'link_nonce' | 'link_hash'> {
    if (invoice.link_nonce && invoice.link_hash) return { link_nonce: invoice.link_nonce, link_hash: invoice.link_hash };
    const { nonce, hash } = this.secrets.issue('invoice', companyId, invoice.id);
    return { link_nonce: nonce, link_hash: hash };
  }

  /** The invoice row locked FOR UPDATE in the caller's transaction (null when the company has no such invoice). */
  lock(m: EntityManager, companyId: string, where: { id: string } | { uuid: string }): Promise<InvoiceEntity | null> {
    return this.invoices.with(m).findOneForUpdate(companyId, where);
  }

  private async lockOrFail(m: EntityManager, companyId: string, invoiceId: string): Promise<InvoiceEntity> {
    const invoice = await this.lock(m, companyId, { id: invoiceId });
    if (!invoice) throw DomainError.notFound('invoice');
    return invoice;
  }

  /**
   * An invoice just written final (PENDING) by InvoiceWriter in this transaction: OPENED with its
   * total, then the customer's credits when `applyCredits`, then PAID at once when nothing is due
   * (a zero or negative total included).
   */
  async open(
    m: EntityManager,
    companyId: string,
    invoice: InvoiceEntity,
    now: Date,
    options: { applyCredits: boolean; source: LedgerSource },
  ): Promise<InvoiceEntity> {
    if (invoice.status !== 'PENDING')
      throw new Error(`ledger.open: invoice ${invoice.id} is ${invoice.status}, not a just-written PENDING invoice`);
    const opened = this.entry(invoice, 'OPENED', Math.max(invoice.total_cents, 0), options.source, {
      total: invoice.total_cents,
      paid: invoice.paid_cents,
      credited: invoice.credits_applied_cents,
    });
    return this.settle(m, companyId, invoice, opened, now, options);
  }

  /**
   * DRAFT → PENDING, or PAID at once when nothing is due after the customer's credits. The
   * caller (InvoiceFinalizer) has recomputed a usage draft's lines first. The FINALIZED entry
   * takes the total the draft reached (a draft's lines may change until then). The first
   * charge of an auto-charging invoice goes into the payments outbox in this transaction.
   */
  async finalize(m: EntityManager, companyId: string, invoiceId: string, now: Date, source: LedgerSource): Promise<InvoiceEntity> {
    const invoice = await this.lockOrFail(m, companyId, invoiceId);
    if (invoice.status !== 'DRAFT') throw DomainError.invalidState(`invoice is ${invoice.status}, only a DRAFT invoice can be finalized`);
    const prior = await this.sums(m, companyId, invoice.id);
    const finalized = this.entry(invoice, 'FINALIZED', Math.max(invoice.total_cents, 0), source, {
      total: invoice.total_cents - prior.total,
      paid: invoice.paid_cents - prior.paid,
      credited: invoice.credits_applied_cents - prior.credited,
    });
    // a final invoice has its hosted page and PDF: their link's secret is set here
    const link = this.linkOf(companyId, invoice);
    const pending: InvoiceEntity = { ...invoice, status: 'PENDING', finalized_at: now, ...link };
    finalized.status_after = 'PENDING';
    const result = await this.settle(m, companyId, pending, finalized, now, {
      applyCredits: true,
      source,
      patch: { finalized_at: now, ...link },
    });
    // its rates are on a final invoice from now on
    await this.taxes.freeze(m, companyId, [result], now);
    await this.hooks.payments.enqueueCharges(m, companyId, [result], now);
    return result;
  }

  /**
   * `open` for several invoices just written (the billing run's batch), in a fixed number of
   * statements for those whose customer has no credits to apply: their entries in one INSERT,
   * the ones with nothing due marked PAID in one UPDATE. Invoices that take credits are opened
   * one by one, in order (each allocation sees the credits the previous one consumed). Returns
   * the invoices as opened, in the order given.
   */
  async openMany(
    m: EntityManager,
    companyId: string,
    items: { invoice: InvoiceEntity; applyCredits: boolean }[],
    now: Date,
    source: LedgerSource,
  ): Promise<InvoiceEntity[]> {
    const out: InvoiceEntity[] = [];
    const rows: InvoiceLedgerEntryEntity[] = [];
    const paid: InvoiceEntity[] = [];
    // several invoices taking credits: all their customers' credits locked first, in id order
    // (src/platform/README.md, "Lock order"), not customer by customer in the invoices' order
    const crediting = items.filter((x) => x.applyCredits && x.invoice.due_cents > 0);
    if (crediting.length > 1)
      await this.hooks.credits.lockUsableOf(
        m,
        companyId,
        crediting.map((x) => x.invoice.billed_customer_id),
        now,
      );
    for (const { invoice, applyCredits } of items) {
      if (invoice.status !== 'PENDING')
        throw new Error(`ledger.open: invoice ${invoice.id} is ${invoice.status}, not a just-written PENDING invoice`);
      if (applyCredits && invoice.due_cents > 0) {
        out.push(await this.open(m, companyId, invoice, now, { applyCredits, source }));
        continue;
      }
      const opened = this.entry(invoice, 'OPENED', Math.max(invoice.total_cents, 0), source, {
        total: invoice.total_cents,
        paid: invoice.paid_cents,
        credited: invoice.credits_applied_cents,
      });
      const { after, entries, patch } = this.settled(invoice, opened, now, 0, undefined);
      rows.push(...entries);
      out.push(after);
      if (Object.keys(patch).length === 0) continue;
      // a just-written invoice changes here only when nothing is due: PAID at once
      if (Object.keys(patch).some((k) => !['status', 'paid_date', 'updated_at'].includes(k)) || patch.status !== 'PAID')
        throw new Error(`ledger.openMany: unexpected change of invoice ${invoice.id} (${Object.keys(patch).join(', ')})`);
      paid.push(after);
    }
    if (paid.length) {
      await m.query(
        `UPDATE invoices i SET status = 'PAID', paid_date = v.paid_date, updated_at = $2
         FROM unnest($3::text[], $4::timestamptz[]) AS v(id, paid_date)
         WHERE i.company_id = $1 AND i.id = v.id`,
        [companyId, now, paid.map((i) => i.id), paid.map((i) => i.paid_date)],
      );
    }
    await this.write(m, companyId, rows, now);
    return out;
  }

  /** The credits step shared by open and finalize: applies credits, settles PAID when nothing is due, one update, the entries. */
  private async settle(
    m: EntityManager,
    companyId: string,
    invoice: InvoiceEntity,
    first: InvoiceLedgerEntryEntity,
    now: Date,
    options: { applyCredits: boolean; source: LedgerSource; patch?: Partial<InvoiceEntity> },
  ): Promise<InvoiceEntity> {
    const applied = options.applyCredits && invoice.due_cents > 0 ? await this.hooks.credits.allocate(m, companyId, invoice, now, {}) : 0;
    const { after, entries, patch } = this.settled(invoice, first, now, applied, options.patch);
    if (Object.keys(patch).length > 0) await this.invoices.with(m).update(companyId, { id: invoice.id }, patch);
    await this.write(m, companyId, entries, now);
    return after;
  }

  /** What settling does to the invoice once `applied` cents of credits went to it: the row's patch (empty: unchanged), the invoice after it, the entries. */
  private settled(
    invoice: InvoiceEntity,
    first: InvoiceLedgerEntryEntity,
    now: Date,
    applied: number,
    extra: Partial<InvoiceEntity> | undefined,
  ): { after: InvoiceEntity; entries: InvoiceLedgerEntryEntity[]; patch: Partial<InvoiceEntity> } {
    const total = invoice.total_cents - applied;
    const due = Math.max(0, total - invoice.paid_cents);
    const status: InvoiceStatus = due === 0 ? 'PAID' : 'PENDING';
    const patch: Partial<InvoiceEntity> = { ...(extra ?? {}) };
    if (applied > 0)
      Object.assign(patch, { total_cents: total, credits_applied_cents: invoice.credits_applied_cents + applied, due_cents: due });
    if (due !== invoice.due_cents) patch.due_cents = due;
    if (status !== invoice.status || extra) patch.status = status;
    if (status === 'PAID') patch.paid_date = invoice.paid_date ?? now;
    const after: InvoiceEntity = { ...invoice, ...patch };
    const entries = [first];
    if (applied > 0) {
      first.status_after = 'PENDING';
      first.due_after_cents = invoice.due_cents;
      entries.push(this.entry(after, 'CREDITS_APPLIED', applied, 'CREDITS', { total: -applied, paid: 0, credited: applied }));
    } else {
      first.status_after = status;
      first.due_after_cents = due;
    }
    if (Object.keys(patch).length > 0) {
      patch.updated_at = now;
      after.updated_at = now;
    }
    return { after, entries, patch };
  }

  /**
   * Applies the customer's credits (all usable ones, or `creditIds`) to a DRAFT or PENDING
   * invoice; a PENDING one with nothing left due becomes PAID. `strict` (an invoice the caller
   * named): anything else is a 409 — a VOID or PAID invoice, or one with a card charge in
   * flight; otherwise such an invoice is left as it is (applied 0).
   */
  async applyCredits(
    m: EntityManager,
    companyId: string,
    invoiceId: string,
    now: Date,
    options: { creditIds?: readonly string[]; strict?: boolean } = {},
  ): Promise<{ invoice: InvoiceEntity; applied_cents: number }> {
    const invoice = await this.lockOrFail(m, companyId, invoiceId);
    const skip = (error: DomainError) => {
      if (options.strict) throw error;
      return { invoice, applied_cents: 0 };
    };
    if (invoice.status !== 'DRAFT' && invoice.status !== 'PENDING') {
      return skip(DomainError.invalidState(`invoice is ${invoice.status}, credits apply only to DRAFT or PENDING invoices`));
    }
    if (invoice.status === 'PENDING' && (await this.hooks.payments.chargeInFlight(m, companyId, invoice.id, now)))
      return skip(chargeInFlight());
    if (invoice.due_cents <= 0) return { invoice, applied_cents: 0 };
    const applied = await this.hooks.credits.allocate(m, companyId, invoice, now, { creditIds: options.creditIds });
    if (applied === 0) return { invoice, applied_cents: 0 };
    const total = invoice.total_cents - applied;
    const due = Math.max(0, total - invoice.paid_cents);
    const patch: Partial<InvoiceEntity> = {
      total_cents: total,
      credits_applied_cents: invoice.credits_applied_cents + applied,
      due_cents: due,
      updated_at: now,
    };
    if (invoice.status === 'PENDING' && due === 0) Object.assign(patch, { status: 'PAID', paid_date: invoice.paid_date ?? now });
    await this.invoices.with(m).update(companyId, { id: invoice.id }, patch);
    const after = { ...invoice, ...patch };
    await this.write(
      m,
      companyId,
      [this.entry(after, 'CREDITS_APPLIED', applied, 'CREDITS', { total: -applied, paid: 0, credited: applied })],
      now,
    );
    return { invoice: after, applied_cents: applied };
  }

  /** Why the invoice would not take this payment now (null: it would). */
  refusal(invoice: InvoiceEntity | null, amountCents: number, currency: string): string | null {
    if (!invoice) return 'the invoice does not exist';
    if (invoice.status !== 'PENDING') return `the invoice is ${invoice.status}`;
    if (currency !== invoice.currency) return `the payment is in ${currency}, the invoice in ${invoice.currency}`;
    if (!(amountCents > 0)) return 'the amount is not positive';
    if (amountCents > invoice.due_cents) return `the amount (${amountCents}) is more than the amount due (${invoice.due_cents})`;
    return null;
  }

  /**
   * A processor charge or a checkout payment, already recorded as a payment transaction: applied
   * when the invoice (locked, as it is now) takes it — PENDING, same currency, at most what is
   * due — else `applied: false` with the reason and nothing changes (the caller refunds it).
   */
  async recordPayment(m: EntityManager, companyId: string, invoiceId: string, payment: PaymentToApply, now: Date): Promise<PaymentOutcome> {
    const invoice = await this.lock(m, companyId, { id: invoiceId });
    const reason = this.refusal(invoice, payment.amount_cents, payment.currency);
    if (reason) return { applied: false, reason, invoice };
    return { applied: true, invoice: await this.applyPayment(m, companyId, invoice!, payment, now) };
  }

  /**
   * mark_paid (#9): a payment received outside any processor. Only a PENDING invoice (OVERDUE
   * included) takes it, in its own currency, up to what is due, and not while a card charge of
   * it is in flight. The payment transaction is written through the payments hook.
   */
  async markPaid(m: EntityManager, companyId: string, invoiceId: string, payment: ManualPayment, now: Date): Promise<InvoiceEntity> {
    const invoice = await this.lockOrFail(m, companyId, invoiceId);
    if (invoice.status !== 'PENDING') throw DomainError.invalidState(`invoice is ${invoice.status}: only a PENDING invoice can be paid`);
    const currency = payment.currency ?? invoice.currency;
    if (currency !== invoice.currency) {
      throw new DomainError('currency_mismatch', 'request', `amount.currency must be the invoice's currency ${invoice.currency}`, {
        'amount.currency': `must be the invoice's currency ${invoice.currency}`,
      });
    }
    if (payment.amount_cents > invoice.due_cents) {
      throw new DomainError(
        'amount_exceeds_due',
        'request',
        `amount ${payment.amount_cents} is more than the amount due (${invoice.due_cents})`,
        {
          'amount.value_in_cents': `must be at most the amount due (${invoice.due_cents})`,
        },
      );
    }
    if (await this.hooks.payments.chargeInFlight(m, companyId, invoice.id, now)) throw chargeInFlight();
    const paidAt = payment.paid_at ?? now;
    const txnId = await this.hooks.payments.recordManualPayment(
      m,
      companyId,
      {
        invoice: { id: invoice.id, uuid: invoice.uuid, number: invoice.number },
        customer_id: invoice.billed_customer_id,
        currency: invoice.currency,
        amount_cents: payment.amount_cents,
        provider_type: payment.provider_type,
        note: payment.note,
        paid_at: paidAt,
      },
      now,
    );
    return this.applyPayment(
      m,
      companyId,
      invoice,
      { payment_transaction_id: txnId, amount_cents: payment.amount_cents, currency, paid_at: paidAt, source: 'API' },
      now,
    );
  }

  private async applyPayment(
    m: EntityManager,
    companyId: string,
    invoice: InvoiceEntity,
    payment: PaymentToApply,
    now: Date,
  ): Promise<InvoiceEntity> {
    const paid = invoice.paid_cents + payment.amount_cents;
    const due = Math.max(0, invoice.total_cents - paid);
    const patch: Partial<InvoiceEntity> = { paid_cents: paid, due_cents: due, updated_at: now };
    if (due === 0) Object.assign(patch, { status: 'PAID', paid_date: payment.paid_at });
    await this.invoices.with(m).update(companyId, { id: invoice.id }, patch);
    const after = { ...invoice, ...patch };
    const entry = this.entry(after, 'PAYMENT', payment.amount_cents, payment.source, { total: 0, paid: payment.amount_cents, credited: 0 });
    entry.payment_transaction_id = payment.payment_transaction_id;
    await this.write(m, companyId, [entry], now);
    return after;
  }

  /**
   * A refund of a payment, once it has succeeded. Only a payment the ledger applied to the
   * invoice moves its money: `paid` drops by the refund, and a PAID invoice with something due
   * again is PENDING (open) again. A refund of a payment that was never applied (a late charge
   * refunded automatically) changes nothing: `applied: false`.
   */
  async recordRefund(
    m: EntityManager,
    companyId: string,
    refund: { invoice_id: string; payment_transaction_id: string; refund_transaction_id: string; amount_cents: number },
    now: Date,
  ): Promise<{ applied: boolean; invoice: InvoiceEntity | null }> {
    const invoice = await this.lock(m, companyId, { id: refund.invoice_id });
    if (!invoice) return { applied: false, invoice: null };
    const appliedPayment = await this.entries
      .with(m)
      .exists(companyId, { invoice_id: invoice.id, kind: 'PAYMENT', payment_transaction_id: refund.payment_transaction_id });
    if (!appliedPayment) return { applied: false, invoice };
    if (refund.amount_cents > invoice.paid_cents) {
      throw new Error(
        `ledger: refund ${refund.refund_transaction_id} of ${refund.amount_cents} is more than invoice ${invoice.id} holds (${invoice.paid_cents})`,
      );
    }
    const refundedBefore = await this.refundedCents(m, companyId, invoice.id);
    const paid = invoice.paid_cents - refund.amount_cents;
    const due = invoice.status === 'VOID' ? 0 : Math.max(0, invoice.total_cents - paid);
    const patch: Partial<InvoiceEntity> = { paid_cents: paid, due_cents: due, updated_at: now };
    if (invoice.status === 'PAID' && due > 0) Object.assign(patch, { status: 'PENDING', paid_date: null });
    await this.invoices.with(m).update(companyId, { id: invoice.id }, patch);
    const after = { ...invoice, ...patch };
    const entry = this.entry(after, 'PAYMENT_REFUNDED', refund.amount_cents, 'REFUND', {
      total: 0,
      paid: -refund.amount_cents,
      credited: 0,
    });
    entry.payment_transaction_id = refund.payment_transaction_id;
    entry.refund_transaction_id = refund.refund_transaction_id;
    // its share of the tax, for the taxes report: of the invoice's charge before credits
    const gross = invoice.total_cents + invoice.credits_applied_cents;
    entry.tax_refunded_cents = refundTaxShare(invoice.tax_cents, gross, refundedBefore, refund.amount_cents);
    await this.write(m, companyId, [entry], now);
    await this.hooks.credits.revokeRefundedPacks(m, companyId, after, refundedBefore + refund.amount_cents, now);
    return { applied: true, invoice: after };
  }

  /**
   * DRAFT or PENDING (OVERDUE included) → VOID. Refused (409) while money is paid on it (refund
   * the payments first) or a card charge of it is in flight. The credits it consumed go back to
   * their grants (credits hook; RESTORED logs), so `credits_applied` returns to 0 and `total` to
   * the amount before credits; nothing is due on a void invoice.
   */
  async void(m: EntityManager, companyId: string, invoiceId: string, now: Date, source: LedgerSource): Promise<InvoiceEntity> {
    const invoice = await this.lockOrFail(m, companyId, invoiceId);
    if (invoice.status !== 'DRAFT' && invoice.status !== 'PENDING') {
      throw DomainError.invalidState(`invoice is ${invoice.status}: only a DRAFT or PENDING invoice can be voided`);
    }
    if (invoice.paid_cents > 0) {
      throw DomainError.invalidState(`invoice has ${invoice.paid_cents} cents paid on it: refund its payments first, then void it`);
    }
    if (invoice.status === 'PENDING' && (await this.hooks.payments.chargeInFlight(m, companyId, invoice.id, now))) throw chargeInFlight();
    const prior = invoice.status === 'DRAFT' ? await this.sums(m, companyId, invoice.id) : null;
    const restored = invoice.credits_applied_cents > 0 ? await this.hooks.credits.restore(m, companyId, invoice, now) : 0;
    const patch: Partial<InvoiceEntity> = {
      status: 'VOID',
      voided_at: now,
      due_cents: 0,
      updated_at: now,
      ...this.linkOf(companyId, invoice),
    };
    if (restored > 0)
      Object.assign(patch, {
        total_cents: invoice.total_cents + restored,
        credits_applied_cents: invoice.credits_applied_cents - restored,
      });
    await this.invoices.with(m).update(companyId, { id: invoice.id }, patch);
    const after = { ...invoice, ...patch };
    const rows: InvoiceLedgerEntryEntity[] = [];
    if (restored > 0) {
      const r = this.entry(after, 'CREDITS_RESTORED', restored, 'CREDITS', { total: restored, paid: 0, credited: -restored });
      r.status_after = invoice.status;
      r.due_after_cents = Math.max(0, after.total_cents - invoice.paid_cents);
      rows.push(r);
    }
    // a DRAFT's total was never entered: the VOIDED entry carries it (so the entries add up)
    const carried = prior
      ? {
          total: invoice.total_cents - prior.total,
          paid: invoice.paid_cents - prior.paid,
          credited: invoice.credits_applied_cents - prior.credited,
        }
      : { total: 0, paid: 0, credited: 0 };
    rows.push(this.entry(after, 'VOIDED', invoice.due_cents, source, carried));
    await this.write(m, companyId, rows, now);
    return after;
  }

  /** The invoice's entries, oldest first. */
  history(companyId: string, invoiceId: string, m?: EntityManager): Promise<InvoiceLedgerEntryEntity[]> {
    const repo = m ? this.entries.with(m) : this.entries;
    return repo.find(companyId, { where: { invoice_id: invoiceId }, order: { id: 'ASC' } });
  }

  private async sums(m: EntityManager, companyId: string, invoiceId: string): Promise<Sums> {
    const rows: { total: string | null; paid: string | null; credited: string | null }[] = await m.query(
      `SELECT SUM(total_delta_cents)::text AS total, SUM(paid_delta_cents)::text AS paid, SUM(credited_delta_cents)::text AS credited
       FROM invoice_ledger_entries WHERE company_id = $1 AND invoice_id = $2`,
      [companyId, invoiceId],
    );
    return { total: Number(rows[0]?.total ?? 0), paid: Number(rows[0]?.paid ?? 0), credited: Number(rows[0]?.credited ?? 0) };
  }

  /** What the refunds of the invoice's applied payments have given back in all (its PAYMENT_REFUNDED entries). */
  private async refundedCents(m: EntityManager, companyId: string, invoiceId: string): Promise<number> {
    const rows: { cents: string | null }[] = await m.query(
      `SELECT SUM(amount_cents)::text AS cents FROM invoice_ledger_entries WHERE company_id = $1 AND invoice_id = $2 AND kind = 'PAYMENT_REFUNDED'`,
      [companyId, invoiceId],
    );
    return Number(rows[0]?.cents ?? 0);
  }

  /** An entry of the invoice as it is after the movement (status and due taken from `after`). */
  private entry(after: InvoiceEntity, kind: LedgerEntryKind, amount: number, source: LedgerSource, delta: Sums): InvoiceLedgerEntryEntity {
    return {
      company_id: after.company_id,
      id: newId('invoiceLedgerEntry'),
      invoice_id: after.id,
      kind,
      amount_cents: amount,
      total_delta_cents: delta.total,
      paid_delta_cents: delta.paid,
      credited_delta_cents: delta.credited,
      status_after: after.status,
      due_after_cents: after.due_cents,
      payment_transaction_id: null,
      refund_transaction_id: null,
      tax_refunded_cents: 0,
      source,
      note: null,
      created_at: new Date(0),
    };
  }

  /**
   * Writes the entries, and the webhook events of the movements they record (every change of an
   * invoice's status passes here): OPENED or FINALIZED → `invoice.finalized`, an entry leaving
   * the invoice PAID (none is written on an invoice that was PAID already) → `invoice.paid`,
   * VOIDED → `invoice.voided`. An invoice becoming PAID also gets the credit packs its lines
   * bought, in this transaction (credits hook, exactly once per line).
   */
  private async write(m: EntityManager, companyId: string, rows: InvoiceLedgerEntryEntity[], now: Date): Promise<void> {
    if (rows.length === 0) return;
    await this.entries.with(m).insert(
      companyId,
      rows.map(({ company_id: _c, ...r }) => ({ ...r, created_at: now })),
    );
    const paid = new Set<string>();
    for (const r of rows) {
      if (r.kind === 'OPENED' || r.kind === 'FINALIZED') this.events.later(m, companyId, 'invoice.finalized', r.invoice_id);
      if (r.kind === 'VOIDED') this.events.later(m, companyId, 'invoice.voided', r.invoice_id);
      if (r.status_after === 'PAID' && r.kind !== 'PAYMENT_REFUNDED') {
        this.events.later(m, companyId, 'invoice.paid', r.invoice_id);
        paid.add(r.invoice_id);
      }
    }
    if (paid.size > 0) await this.hooks.credits.grantPacks(m, companyId, [...paid], now);
  }
}
