import { customerIdOrIdentifierFilter } from '../customers/customer-lookup.service';
import { WebhookEventsService } from '../webhooks/events/webhook-events.service';
import { Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { baseSortKeys, runSearch, SearchPage, SearchSpec } from '../platform/search/search';
import { DomainError } from '../platform/errors/domain-error';
import { isId, newId } from '../platform/ids/ids';
import {
  PaymentMethodSnapshot,
  PaymentTransactionEntity,
  ProviderType,
  TransactionStatus,
  TransactionType,
} from './payment-transaction.entity';
import { PaymentTransactionsRepository } from './payments.repository';
import { refundableCents } from './payments.mapper';
import type { FindPaymentTransactionsDto, RefundTransactionDto } from './dto/payment-transaction.dto';
import { PaymentProcessor } from './processor/payment-processor';
import { InvoiceLedger } from '../invoicing/invoice-ledger.service';
import { crossCompany } from '../platform/database/cross-company';

const SEARCH: SearchSpec = {
  alias: 't',
  sortKeys: {
    ...baseSortKeys('t'),
    totalAmountAsc: { column: 't.total_amount_cents', direction: 'ASC', kind: 'number' },
    totalAmountDesc: { column: 't.total_amount_cents', direction: 'DESC', kind: 'number' },
  },
  filters: {
    currency: { kind: 'ci_exact', column: 't.currency' },
    customer_id: customerIdOrIdentifierFilter('t.customer_id'),
    invoice_number: { kind: 'exact', column: 't.invoice_number' },
    invoice_uuid: {
      kind: 'custom',
      apply: (qb, value, p) => qb.andWhere(`t.invoice_uuid::text = lower(:${p})`, { [p]: String(value) }),
    },
    provider_transaction_ids: {
      kind: 'custom',
      apply: (qb, value: string[], p) =>
        value.length === 0 ? qb.andWhere('1 = 0') : qb.andWhere(`t.provider_transaction_id IN (:...${p})`, { [p]: value }),
    },
    provider_type: { kind: 'ci_exact', column: 't.provider_type' },
    search: {
      kind: 'search',
      columns: [
        't.id',
        't.note',
        't.provider_transaction_id',
        't.status_message',
        'CAST(t.invoice_number AS text)',
        '(SELECT c.name FROM customers c WHERE c.company_id = t.company_id AND c.id = t.customer_id)',
      ],
    },
    show_connected_account: {
      kind: 'custom',
      apply: (qb, value: boolean) => {
        if (value !== true) qb.andWhere('t.connected_account_transaction = false');
      },
    },
    status: { kind: 'ci_exact', column: 't.status' },
    total_amount: { kind: 'range', column: 't.total_amount_cents' },
    transaction_type: { kind: 'ci_exact', column: 't.transaction_type' },
  },
};

/** A PENDING refund not updated for this long is taken for interrupted (its request died) and sent again. */
export const REFUND_LEASE_MS = 15 * 60 * 1000;

/** Processors whose payments are refunded through the PaymentProcessor (others: offline, recorded only). */
const PROCESSOR_TYPES = new Set<string>(['SANDBOX']);

/** The invoice a transaction pays (or refunds); its uuid and number are copied onto the row. */
export interface InvoiceRef {
  id: string;
  uuid: string;
  number: number | null;
}

/** Everything a new transaction needs; the rest takes its default (no fees, not connected, ...). */
export interface TransactionDraft {
  customer_id: string;
  invoice?: InvoiceRef | null;
  currency: string;
  /** Positive cents (a refund's amount is what goes back). */
  total_amount_cents: number;
  provider_type: ProviderType;
  provider_transaction_id?: string | null;
  status: TransactionStatus;
  transaction_type: TransactionType;
  parent_transaction_id?: string | null;
  payment_method_id?: string | null;
  payment_method?: PaymentMethodSnapshot | null;
  note?: string | null;
  status_message?: string | null;
  initiated_by?: string | null;
  initiated_by_type?: string | null;
  processed_at?: Date | null;
  application_fee_cents?: number;
  processor_fee_cents?: number;
  disallow_partial_refund?: boolean | null;
  metadata?: Record<string, unknown>;
}

/** A payment received outside any processor (wire, cheque, cash, ...), recorded by mark_paid. */
export interface ManualPaymentInput {
  invoice: InvoiceRef;
  /** The paying customer (the invoice's billed customer). */
  customer_id: string;
  currency: string;
  amount_cents: number;
  provider_type: ProviderType;
  note?: string | null;
  /** When the money arrived (mark_paid's paid_date). */
  paid_at: Date;
}

/**
 * Payment transactions: the one place they are written (inside the caller's transaction, so a
 * payment and the invoice it pays commit together) and read; `PaymentsViews` turns them into responses.
 */
@Injectable()
export class PaymentTransactionsService {
  private readonly logger = new Logger('PaymentTransactions');

  constructor(
    private readonly transactions: PaymentTransactionsRepository,
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly processor: PaymentProcessor,
    private readonly ledger: InvoiceLedger,
    private readonly events: WebhookEventsService,
  ) {}

  /** #3: every filter and sort key of the spec; PENDING refunds being processed show too. */
  find(companyId: string, body: FindPaymentTransactionsDto): Promise<SearchPage<PaymentTransactionEntity>> {
    return runSearch(this.transactions.queryBuilder(companyId, 't'), body, SEARCH);
  }

  /**
   * #11. A REFUND transaction linked to the payment. Concurrency: the payment row is locked and
   * the refundable amount re-checked inside the lock; the amount is reserved (refunded_cents
   * grows, a PENDING refund row is written) and committed BEFORE the processor is called, so
   * any number of concurrent refunds can never add up to more than was paid. The processor is
   * called with the refund's id as idempotency key, outside any transaction; on success the
   * refund becomes SUCCEEDED and the payment PARTIALLY_REFUNDED/REFUNDED; on a decline the
   * reservation is released and the PENDING row removed (nothing changed), and the request
   * fails with 400 refund_declined. Payments recorded offline (mark_paid: WIRE, CHEQUE, ...)
   * are refunded without a processor (the money goes back the way it came): recorded at once.
   * A succeeded refund of a payment the invoice ledger applied lowers the invoice's `paid`
   * (a PAID invoice with something due again is PENDING again). Returns the REFUND transaction.
   */
  async refund(companyId: string, id: string, dto: RefundTransactionDto): Promise<PaymentTransactionEntity> {
    if (!isId('transaction', id)) throw DomainError.notFound('payment transaction');
    const refund = await this.dataSource.transaction(async (m) => {
      const payment = await this.transactions.with(m).findOneForUpdate(companyId, { id });
      if (!payment) throw DomainError.notFound('payment transaction');
      if (payment.transaction_type !== 'PAYMENT')
        throw DomainError.badRequest('not_refundable', 'only a PAYMENT transaction can be refunded');
      const refundable = refundableCents(payment);
      if (refundable === 0)
        throw DomainError.badRequest('not_refundable', `the transaction is ${payment.status}: nothing is left to refund`);
      if (dto.amount?.currency && dto.amount.currency !== payment.currency) {
        throw new DomainError('currency_mismatch', 'request', `amount.currency must be the payment's currency ${payment.currency}`, {
          'amount.currency': `must be the payment's currency ${payment.currency}`,
        });
      }
      const amount = dto.amount ? dto.amount.value_in_cents : refundable;
      if (amount > refundable) {
        throw new DomainError(
          'amount_exceeds_refundable',
          'request',
          `amount ${amount} is more than the refundable amount (${refundable})`,
          {
            'amount.value_in_cents': `must be at most the refundable amount (${refundable})`,
          },
        );
      }
      if (payment.disallow_partial_refund && amount !== refundable)
        throw DomainError.badRequest('partial_refund_not_allowed', 'this payment can only be refunded in full');
      return this.reserveRefund(
        m,
        companyId,
        payment,
        amount,
        { note: dto.note ?? null, metadata: dto.reason ? { reason: dto.reason } : {}, initiated_by_type: 'API' },
        this.clock.now(),
      );
    });
    if (refund.status !== 'PENDING') return refund;
    const done = await this.completeRefund(companyId, refund.id);
    // SETTLED: the recovery sent it meanwhile (same idempotency key, same answer) — as it stands now
    const settled = done.status === 'SETTLED' ? await this.transactions.findOne(companyId, { id: refund.id }) : done.refund;
    if (done.status === 'FAILED' || !settled || settled.status !== 'SUCCEEDED') {
      throw DomainError.badRequest('refund_declined', `the processor declined the refund: ${done.status_message ?? 'declined'}`);
    }
    return settled;
  }

  /**
   * Step 1 of a refund, in the caller's transaction with the payment row locked and the amount
   * checked: the amount is reserved (refunded_cents grows) and a REFUND row written. A payment
   * recorded offline is refunded at once (SUCCEEDED; its invoice's ledger records it); a
   * processor's payment gets a PENDING refund, completed by `completeRefund` after the commit.
   */
  async reserveRefund(
    m: EntityManager,
    companyId: string,
    payment: PaymentTransactionEntity,
    amount: number,
    extra: { note: string | null; metadata: Record<string, unknown>; initiated_by_type: string },
    now: Date,
  ): Promise<PaymentTransactionEntity> {
    const repo = this.transactions.with(m);
    const viaProcessor = PROCESSOR_TYPES.has(payment.provider_type);
    const refunded = payment.refunded_cents + amount;
    const settled: Partial<PaymentTransactionEntity> = viaProcessor
      ? { refunded_cents: refunded, updated_at: now }
      : { refunded_cents: refunded, status: refunded >= payment.total_amount_cents ? 'REFUNDED' : 'PARTIALLY_REFUNDED', updated_at: now };
    await repo.update(companyId, { id: payment.id }, settled);
    const refund = await this.record(
      m,
      companyId,
      {
        customer_id: payment.customer_id,
        invoice: payment.invoice_id ? { id: payment.invoice_id, uuid: payment.invoice_uuid!, number: payment.invoice_number } : null,
        currency: payment.currency,
        total_amount_cents: amount,
        provider_type: payment.provider_type,
        status: viaProcessor ? 'PENDING' : 'SUCCEEDED',
        transaction_type: 'REFUND',
        parent_transaction_id: payment.id,
        payment_method_id: payment.payment_method_id,
        payment_method: payment.payment_method,
        note: extra.note,
        initiated_by_type: extra.initiated_by_type,
        processed_at: viaProcessor ? null : now,
        metadata: extra.metadata,
      },
      now,
    );
    if (!viaProcessor) await this.refundOnInvoice(m, companyId, payment, refund, now);
    return refund;
  }

  /**
   * Step 2 of a processor refund (after the reservation committed; also re-sent for a refund
   * left PENDING by a crash): the processor is called with the refund's id as idempotency key,
   * outside any transaction; on success the refund becomes SUCCEEDED, the payment
   * PARTIALLY_REFUNDED/REFUNDED and the invoice's ledger records it (a payment applied to the
   * invoice gives back what it paid); on a decline the reservation is released and the PENDING
   * row removed (nothing changed). A refund no longer PENDING is left as it is.
   */
  async completeRefund(
    companyId: string,
    refundId: string,
  ): Promise<{ status: 'SUCCEEDED' | 'FAILED' | 'SETTLED'; status_message: string | null; refund: PaymentTransactionEntity }> {
    const refund = await this.transactions.findOne(companyId, { id: refundId });
    if (!refund || refund.transaction_type !== 'REFUND') throw new Error(`refund ${refundId} not found in company ${companyId}`);
    if (refund.status !== 'PENDING') return { status: 'SETTLED', status_message: null, refund };
    const payment = await this.transactions.findOne(companyId, { id: refund.parent_transaction_id! });
    const result = await this.processor.refund({
      company_id: companyId,
      idempotency_key: refund.id,
      provider_transaction_id: payment?.provider_transaction_id ?? '',
      amount_cents: refund.total_amount_cents,
    });
    return this.dataSource.transaction(async (m) => {
      const repo = this.transactions.with(m);
      const locked = await repo.findOneForUpdate(companyId, { id: refund.parent_transaction_id! });
      const current = await repo.findOne(companyId, { id: refund.id });
      if (!locked || !current || current.status !== 'PENDING')
        return { status: 'SETTLED' as const, status_message: null, refund: current ?? refund };
      const now = this.clock.now();
      if (result.status === 'SUCCEEDED') {
        const status = locked.refunded_cents >= locked.total_amount_cents ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
        // REFUNDED/PARTIALLY_REFUNDED reflect what has settled; a reservation still PENDING counts as refunded
        await repo.update(companyId, { id: locked.id }, { status, updated_at: now });
        const patch: Partial<PaymentTransactionEntity> = {
          status: 'SUCCEEDED',
          provider_transaction_id: result.provider_transaction_id,
          processed_at: now,
          updated_at: now,
        };
        await repo.update(companyId, { id: refund.id }, patch);
        const done = { ...current, ...patch };
        this.refunded(m, companyId, done);
        await this.refundOnInvoice(m, companyId, locked, done, now);
        return { status: 'SUCCEEDED' as const, status_message: null, refund: done };
      }
      const released = locked.refunded_cents - current.total_amount_cents;
      // a concurrent refund may have settled the payment as REFUNDED counting this reservation
      const status = locked.status === 'REFUNDED' && released < locked.total_amount_cents ? 'PARTIALLY_REFUNDED' : locked.status;
      await repo.update(companyId, { id: locked.id }, { refunded_cents: released, status, updated_at: locked.updated_at });
      await repo.delete(companyId, { id: refund.id });
      return { status: 'FAILED' as const, status_message: result.status_message, refund: current };
    });
  }

  /** Processor refunds still PENDING since before `before` (their completion was interrupted); oldest first. */
  async interruptedRefunds(before: Date, companyIds?: string[]): Promise<{ company_id: string; id: string }[]> {
    if (companyIds && companyIds.length === 0) return [];
    return this.dataSource.query(
      `${crossCompany('refund-recovery')}SELECT company_id, id FROM payment_transactions
       WHERE transaction_type = 'REFUND' AND status = 'PENDING' AND updated_at <= $1 ${companyIds ? 'AND company_id = ANY($2)' : ''}
       ORDER BY company_id, created_at, id`,
      companyIds ? [before, companyIds] : [before],
    );
  }

  /**
   * Recovery of refunds interrupted after their reservation (the process died, or the processor
   * call failed, between the reservation's commit and the settlement): every REFUND still PENDING
   * and untouched for `leaseMs` is completed again with the same idempotency key (its id) — the
   * processor answers a repeat with the first result, so the money moves at most once. A
   * processor still failing leaves it PENDING for the next pass. Run by every charge dispatch
   * (a billing-run post-run step and the scheduler).
   */
  async recoverPendingRefunds(
    now: Date,
    options: { companyIds?: string[]; leaseMs?: number } = {},
  ): Promise<{ refunds_recovered: number; refunds_released: number; refund_recovery_errors: number }> {
    const out = { refunds_recovered: 0, refunds_released: 0, refund_recovery_errors: 0 };
    for (const r of await this.interruptedRefunds(new Date(now.getTime() - (options.leaseMs ?? REFUND_LEASE_MS)), options.companyIds)) {
      try {
        const done = await this.completeRefund(r.company_id, r.id);
        if (done.status === 'SUCCEEDED') out.refunds_recovered++;
        else if (done.status === 'FAILED') out.refunds_released++;
      } catch (err) {
        out.refund_recovery_errors++;
        this.logger.warn(`refund recovery ${r.company_id}/${r.id}: ${(err as Error).message}`);
      }
    }
    return out;
  }

  /** A refund that has succeeded, on its invoice: through the ledger, which moves money only for a payment it applied. */
  private async refundOnInvoice(
    m: EntityManager,
    companyId: string,
    payment: PaymentTransactionEntity,
    refund: PaymentTransactionEntity,
    now: Date,
  ): Promise<void> {
    if (!payment.invoice_id) return;
    await this.ledger.recordRefund(
      m,
      companyId,
      {
        invoice_id: payment.invoice_id,
        payment_transaction_id: payment.id,
        refund_transaction_id: refund.id,
        amount_cents: refund.total_amount_cents,
      },
      now,
    );
  }

  /** A refund has succeeded: `payment.refunded`, carrying the refunded payment (its refunded amount and status then). */
  private refunded(m: EntityManager, companyId: string, refund: PaymentTransactionEntity): void {
    this.events.later(m, companyId, 'payment.refunded', refund.parent_transaction_id!);
  }

  /** Writes one transaction inside the caller's transaction. */
  async record(manager: EntityManager, companyId: string, draft: TransactionDraft, now: Date): Promise<PaymentTransactionEntity> {
    if (!Number.isSafeInteger(draft.total_amount_cents) || draft.total_amount_cents < 0) {
      throw new Error(`a transaction amount must be integer cents >= 0, got ${draft.total_amount_cents}`);
    }
    const row: PaymentTransactionEntity = {
      company_id: companyId,
      id: newId('transaction'),
      customer_id: draft.customer_id,
      invoice_id: draft.invoice?.id ?? null,
      invoice_uuid: draft.invoice?.uuid ?? null,
      invoice_number: draft.invoice?.number ?? null,
      currency: draft.currency,
      total_amount_cents: draft.total_amount_cents,
      refunded_cents: 0,
      application_fee_cents: draft.application_fee_cents ?? 0,
      processor_fee_cents: draft.processor_fee_cents ?? 0,
      provider_type: draft.provider_type,
      provider_transaction_id: draft.provider_transaction_id ?? null,
      status: draft.status,
      transaction_type: draft.transaction_type,
      parent_transaction_id: draft.parent_transaction_id ?? null,
      payment_method_id: draft.payment_method_id ?? null,
      payment_method: draft.payment_method ?? null,
      note: draft.note ?? null,
      status_message: draft.status_message ?? null,
      initiated_by: draft.initiated_by ?? null,
      initiated_by_type: draft.initiated_by_type ?? null,
      connected_account_transaction: false,
      disallow_partial_refund: draft.disallow_partial_refund ?? null,
      proposal_id: null,
      processed_at: draft.processed_at ?? null,
      metadata: draft.metadata ?? {},
      deleted_at: null,
      created_at: now,
      updated_at: now,
    };
    const { company_id: _c, ...values } = row;
    await this.transactions.with(manager).insert(companyId, values);
    if (row.transaction_type === 'PAYMENT' && row.status === 'SUCCEEDED')
      this.events.later(manager, companyId, 'payment.succeeded', row.id);
    if (row.transaction_type === 'PAYMENT' && row.status === 'FAILED') this.events.later(manager, companyId, 'payment.failed', row.id);
    if (row.transaction_type === 'REFUND' && row.status === 'SUCCEEDED') this.refunded(manager, companyId, row);
    return row;
  }

  /** True when the processor's transaction is recorded already (a re-sent charge answered from the processor's memory). */
  isRecorded(manager: EntityManager, companyId: string, providerType: string, providerTransactionId: string): Promise<boolean> {
    return this.transactions
      .with(manager)
      .exists(companyId, { provider_type: providerType as ProviderType, provider_transaction_id: providerTransactionId });
  }

  /** A SUCCEEDED PAYMENT received offline (no processor, no fee); the payment method shows its type only. */
  recordManualPayment(manager: EntityManager, companyId: string, input: ManualPaymentInput, now: Date): Promise<PaymentTransactionEntity> {
    return this.record(
      manager,
      companyId,
      {
        customer_id: input.customer_id,
        invoice: input.invoice,
        currency: input.currency,
        total_amount_cents: input.amount_cents,
        provider_type: input.provider_type,
        status: 'SUCCEEDED',
        transaction_type: 'PAYMENT',
        payment_method: { brand: null, last_4: null, name: null, type: input.provider_type },
        note: input.note ?? null,
        initiated_by_type: 'API',
        processed_at: input.paid_at,
      },
      now,
    );
  }

  /** By id (`txn_…`); 404 when not a transaction of this company. */
  async get(companyId: string, id: string): Promise<PaymentTransactionEntity> {
    if (!isId('transaction', id)) throw DomainError.notFound('payment transaction');
    return this.transactions.findOneOrFail(companyId, { id }, () => DomainError.notFound('payment transaction'));
  }

  /** The transactions of one invoice, oldest first. */
  forInvoice(companyId: string, invoiceId: string): Promise<PaymentTransactionEntity[]> {
    return this.transactions.find(companyId, { where: { invoice_id: invoiceId }, order: { created_at: 'ASC', id: 'ASC' } });
  }
}
