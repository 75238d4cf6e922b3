import { BeforeApplicationShutdown, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { monotonicFactory } from 'ulid';
import { DataSource, EntityManager, EntitySubscriberInterface, QueryRunner, TransactionCommitEvent, TransactionRollbackEvent } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { PaymentAttemptEntity } from './payment-processing.entities';
import { PaymentAttemptsRepository, PaymentMethodsRepository } from './payments.repositories';
import { PaymentTransactionsService } from './payment-transactions.service';
import { PaymentMethodsService } from './payment-methods.service';
import { PaymentProcessor, ProcessorResult } from './processor/payment-processor';

const nextUlid = monotonicFactory();
/** Attempt ids (`pat_…`) are internal (never in a response); they are the processor idempotency keys. */
const newAttemptId = () => `pat_${nextUlid().toLowerCase()}`;

const DAY = 86_400_000;
/** An IN_PROGRESS attempt is re-dispatched (same key) once its lease has passed: the dispatcher that held it died. */
const LEASE_MS = 5 * 60_000;
export const DEFAULT_PAYMENT_RETRY_DAYS = [1, 3, 5];

/** What the outbox needs of a finalized invoice. */
export interface ChargeableInvoice {
  id: string;
  billed_customer_id: string;
  subscription_id: string | null;
  status: string;
  auto_charges: boolean;
  due_cents: number;
}

export interface DispatchSummary {
  charges_succeeded: number;
  charges_failed: number;
  attempts_cancelled: number;
  subscriptions_unpaid: number;
  errors: number;
}

interface InvoiceRow {
  id: string;
  uuid: string;
  number: string | null;
  status: string;
  currency: string;
  total_cents: string;
  paid_cents: string;
  due_cents: string;
}

/**
 * Automatic charges through an outbox.
 *
 * - `enqueue` (inside the transaction that finalizes an invoice): a PENDING `payment_attempts`
 *   row when the invoice is PENDING, auto-charging and has something due. Nothing is charged
 *   inside that transaction.
 * - `dispatchDue(at)` (after commit: right after a request that finalized an invoice, from the
 *   billing run's post-run step with the run's instant, hence also from the scheduler and
 *   `billing run --now T`): each due attempt is claimed (IN_PROGRESS with a lease, committed),
 *   the processor is charged with the attempt's id as idempotency key, then ONE transaction
 *   records the payment transaction, the invoice's payment and the attempt's outcome. A crash
 *   after the processor answered leaves the attempt IN_PROGRESS; once its lease passes it is
 *   dispatched again with the same key, and the processor answers with its first result.
 * - Dunning: a decline schedules the next attempt at first failure + `payment_retry_days[i]`
 *   (company setting, default [1, 3, 5]); when the last retry fails the subscription is flagged
 *   `unpaid`; any later successful charge of its invoices clears the flag.
 */
@Injectable()
export class AutoChargeService implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('AutoCharge');
  private readonly inflight = new Set<Promise<unknown>>();
  private closed = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly attempts: PaymentAttemptsRepository,
    private readonly methods: PaymentMethodsRepository,
    private readonly paymentMethods: PaymentMethodsService,
    private readonly transactions: PaymentTransactionsService,
    private readonly processor: PaymentProcessor,
  ) {}

  /** The billing run's post-run step (register with BillingRunService.registerStep). */
  readonly postRunStep = {
    name: 'payments: charges, retries, unpaid',
    order: 100,
    run: (at: Date, options: { companyIds?: string[] }) => this.dispatchDue(at, options).then((s) => ({ ...s })),
  };

  /** Writes the first charge attempt of a just-finalized invoice in the caller's transaction; returns whether one was written. */
  async enqueue(manager: EntityManager, companyId: string, invoice: ChargeableInvoice, now: Date): Promise<boolean> {
    if (invoice.status !== 'PENDING' || !invoice.auto_charges || !(invoice.due_cents > 0)) return false;
    await manager.query(
      `INSERT INTO payment_attempts (company_id, id, invoice_id, customer_id, subscription_id, sequence, status, due_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, 1, 'PENDING', $6, $6, $6) ON CONFLICT (company_id, invoice_id, sequence) DO NOTHING`,
      [companyId, newAttemptId(), invoice.id, invoice.billed_customer_id, invoice.subscription_id, now],
    );
    this.kick(manager, companyId);
    return true;
  }

  /** `enqueue` for several invoices (the billing run's batch). */
  async enqueueMany(manager: EntityManager, companyId: string, invoices: ChargeableInvoice[], now: Date): Promise<void> {
    for (const inv of invoices) await this.enqueue(manager, companyId, inv, now);
  }

  /**
   * Dispatches the company's due attempts right after the transaction that enqueued them
   * commits (a TypeORM transaction subscriber sees the commit; a rollback drops the kick).
   */
  private kick(manager: EntityManager, companyId: string): void {
    if (this.closed) return;
    const runner = manager.queryRunner;
    if (!runner || !runner.isTransactionActive) {
      setImmediate(() => this.dispatchNow(companyId));
      return;
    }
    const set = this.pendingKicks.get(runner) ?? new Set<string>();
    set.add(companyId);
    this.pendingKicks.set(runner, set);
  }

  private readonly pendingKicks = new WeakMap<QueryRunner, Set<string>>();

  onModuleInit(): void {
    const self = this;
    const listener: EntitySubscriberInterface = {
      afterTransactionCommit(event: TransactionCommitEvent) {
        if (event.queryRunner.isTransactionActive) return; // a savepoint, not the commit
        const companies = self.pendingKicks.get(event.queryRunner);
        if (!companies) return;
        self.pendingKicks.delete(event.queryRunner);
        // never awaited here: the commit must not wait for the charge
        for (const companyId of companies) self.dispatchNow(companyId);
      },
      afterTransactionRollback(event: TransactionRollbackEvent) {
        if (!event.queryRunner.isTransactionActive) self.pendingKicks.delete(event.queryRunner);
      },
    };
    this.dataSource.subscribers.push(listener);
  }

  private dispatchNow(companyId: string): void {
    if (this.closed) return;
    this.track(this.dispatchDue(this.clock.now(), { companyIds: [companyId] }, false)).catch((err: Error) => this.logger.warn(`dispatch failed: ${err.message}`));
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.inflight.add(p);
    void p.finally(() => this.inflight.delete(p)).catch(() => undefined);
    return p;
  }

  /** Waits until the dispatches started by requests have finished. */
  async settle(): Promise<void> {
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
  }

  /**
   * Every attempt due at `at`: first charges at once, retries whose time has come, and
   * IN_PROGRESS attempts whose lease has passed (interrupted dispatches). Waits for request-
   * started dispatches first, so a billing run exits only after every charge due is recorded.
   */
  async dispatchDue(at: Date, options: { companyIds?: string[] } = {}, settleFirst = true): Promise<DispatchSummary> {
    if (settleFirst) await this.settle();
    const summary: DispatchSummary = { charges_succeeded: 0, charges_failed: 0, attempts_cancelled: 0, subscriptions_unpaid: 0, errors: 0 };
    const params: unknown[] = [at];
    let scope = '';
    if (options.companyIds) {
      if (options.companyIds.length === 0) return summary;
      params.push(options.companyIds);
      scope = 'AND company_id = ANY($2)';
    }
    // a dispatch can create the next retry, due later; loop until nothing is due at `at`
    for (let round = 0; round < 20; round++) {
      const due: { company_id: string; id: string }[] = await this.dataSource.query(
        `SELECT company_id, id FROM payment_attempts
         WHERE ((status = 'PENDING' AND (sequence = 1 OR due_at <= $1)) OR (status = 'IN_PROGRESS' AND lease_until <= $1)) ${scope}
         ORDER BY company_id, due_at, id`,
        params,
      );
      if (due.length === 0) break;
      let progressed = false;
      for (const d of due) {
        try {
          const outcome = await this.dispatchAttempt(d.company_id, d.id, at);
          if (outcome === 'skipped') continue;
          progressed = true;
          if (outcome === 'succeeded') summary.charges_succeeded++;
          else if (outcome === 'failed' || outcome === 'unpaid') summary.charges_failed++;
          else if (outcome === 'cancelled') summary.attempts_cancelled++;
          if (outcome === 'unpaid') summary.subscriptions_unpaid++;
        } catch (err) {
          summary.errors++;
          this.logger.error(`attempt ${d.company_id}/${d.id}: ${(err as Error).message}`);
        }
      }
      if (!progressed) break;
    }
    return summary;
  }

  /** Claims and dispatches one attempt; 'skipped' when it is not due or another dispatcher holds it. */
  async dispatchAttempt(companyId: string, attemptId: string, at: Date): Promise<'succeeded' | 'failed' | 'unpaid' | 'cancelled' | 'skipped'> {
    const claim = await this.claim(companyId, attemptId, at);
    if (claim.kind !== 'charge') return claim.kind;
    const result = await this.charge(companyId, claim.attempt);
    return this.recordOutcome(companyId, attemptId, result, at);
  }

  /** The processor call of a claimed attempt (public so a test can simulate a crash after it). */
  async charge(companyId: string, attempt: PaymentAttemptEntity): Promise<ProcessorResult> {
    const pm = attempt.payment_method_id ? await this.methods.findOne(companyId, { id: attempt.payment_method_id }) : null;
    return this.processor.charge({
      company_id: companyId,
      idempotency_key: attempt.id,
      amount_cents: attempt.amount_cents!,
      currency: attempt.currency!,
      payment_method: { id: attempt.payment_method_id ?? '', provider_reference: pm?.provider_reference ?? '' },
    });
  }

  /** Step 1: mark the attempt IN_PROGRESS (committed before the processor is called). */
  async claim(companyId: string, attemptId: string, at: Date): Promise<{ kind: 'charge'; attempt: PaymentAttemptEntity } | { kind: 'skipped' | 'cancelled' | 'failed' | 'unpaid' }> {
    return this.dataSource.transaction(async (m) => {
      const rows: PaymentAttemptEntity[] = await m
        .createQueryBuilder(PaymentAttemptEntity, 'a')
        .where('a.company_id = :companyId AND a.id = :attemptId', { companyId, attemptId })
        .andWhere("((a.status = 'PENDING' AND (a.sequence = 1 OR a.due_at <= :at)) OR (a.status = 'IN_PROGRESS' AND a.lease_until <= :at))", { at })
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      const attempt = rows[0];
      if (!attempt) return { kind: 'skipped' as const };
      const repo = this.attempts.with(m);
      const now = this.clock.now();
      const lease = new Date(Math.max(at.getTime(), now.getTime()) + LEASE_MS);
      if (attempt.status === 'IN_PROGRESS') {
        // interrupted: the same request again, with the same key
        await repo.update(companyId, { id: attempt.id }, { lease_until: lease, updated_at: now });
        return { kind: 'charge' as const, attempt: { ...attempt, lease_until: lease } };
      }
      const invoice = await this.lockInvoice(m, companyId, attempt.invoice_id);
      if (!invoice || invoice.status !== 'PENDING' || Number(invoice.due_cents) <= 0) {
        await repo.update(companyId, { id: attempt.id }, { status: 'CANCELLED', status_message: `invoice is ${invoice?.status ?? 'gone'}`, updated_at: now });
        return { kind: 'cancelled' as const };
      }
      const subscriptionMethod = attempt.subscription_id ? await this.subscriptionMethod(m, companyId, attempt.subscription_id) : null;
      const pm = await this.paymentMethods.forCharge(m, companyId, attempt.customer_id, subscriptionMethod);
      if (!pm) {
        const outcome = await this.fail(m, attempt, 'No payment method.', null, at, now);
        return { kind: outcome };
      }
      const patch: Partial<PaymentAttemptEntity> = {
        status: 'IN_PROGRESS',
        lease_until: lease,
        payment_method_id: pm.id,
        amount_cents: Number(invoice.due_cents),
        currency: invoice.currency,
        updated_at: now,
      };
      await repo.update(companyId, { id: attempt.id }, patch);
      return { kind: 'charge' as const, attempt: { ...attempt, ...patch } };
    });
  }

  /** Step 3: the processor's answer, the payment transaction, the invoice and the attempt in one transaction. */
  async recordOutcome(companyId: string, attemptId: string, result: ProcessorResult, at: Date): Promise<'succeeded' | 'failed' | 'unpaid' | 'skipped'> {
    return this.dataSource.transaction(async (m) => {
      const repo = this.attempts.with(m);
      const attempt = await repo.findOneForUpdate(companyId, { id: attemptId });
      if (!attempt || attempt.status !== 'IN_PROGRESS') return 'skipped' as const;
      const now = this.clock.now();
      const invoice = await this.lockInvoice(m, companyId, attempt.invoice_id);
      const pm = attempt.payment_method_id ? await this.methods.with(m).findOne(companyId, { id: attempt.payment_method_id }) : null;
      const txn = await this.transactions.record(
        m,
        companyId,
        {
          customer_id: attempt.customer_id,
          invoice: invoice ? { id: invoice.id, uuid: invoice.uuid, number: invoice.number === null ? null : Number(invoice.number) } : null,
          currency: attempt.currency!,
          total_amount_cents: attempt.amount_cents!,
          provider_type: this.processor.providerType as 'SANDBOX',
          provider_transaction_id: result.provider_transaction_id,
          status: result.status,
          transaction_type: 'PAYMENT',
          payment_method_id: attempt.payment_method_id,
          payment_method: pm ? { brand: pm.brand, last_4: pm.last_4, name: null, type: pm.type } : null,
          status_message: result.status_message,
          initiated_by_type: 'AUTO_CHARGE',
          processed_at: at,
          metadata: { payment_attempt: attempt.sequence },
        },
        now,
      );
      if (result.status === 'SUCCEEDED') {
        if (invoice) {
          const paid = Number(invoice.paid_cents) + attempt.amount_cents!;
          const due = Math.max(0, Number(invoice.total_cents) - paid);
          await m.query(
            `UPDATE invoices SET paid_cents = $3, due_cents = $4, status = CASE WHEN $4::bigint = 0 THEN 'PAID' ELSE status END,
               paid_date = CASE WHEN $4::bigint = 0 THEN $5::timestamptz ELSE paid_date END, updated_at = $6
             WHERE company_id = $1 AND id = $2`,
            [companyId, invoice.id, paid, due, at, now],
          );
        }
        await repo.update(companyId, { id: attempt.id }, { status: 'SUCCEEDED', transaction_id: txn.id, lease_until: null, updated_at: now });
        if (attempt.subscription_id) {
          await m.query('UPDATE subscriptions SET unpaid = false, updated_at = $3 WHERE company_id = $1 AND id = $2 AND unpaid', [companyId, attempt.subscription_id, now]);
        }
        return 'succeeded' as const;
      }
      return this.fail(m, attempt, result.status_message ?? 'The charge failed.', txn.id, at, now);
    });
  }

  /** A failed attempt: the next retry is scheduled, or — retries exhausted — the subscription becomes unpaid. */
  private async fail(m: EntityManager, attempt: PaymentAttemptEntity, message: string, transactionId: string | null, at: Date, now: Date): Promise<'failed' | 'unpaid'> {
    const companyId = attempt.company_id;
    const firstFailed = attempt.first_failed_at ?? at;
    await this.attempts.with(m).update(companyId, { id: attempt.id }, {
      status: 'FAILED',
      status_message: message,
      transaction_id: transactionId,
      first_failed_at: firstFailed,
      lease_until: null,
      updated_at: now,
    });
    const retryDays = await this.retryDays(m, companyId);
    if (attempt.sequence <= retryDays.length) {
      const dueAt = new Date(firstFailed.getTime() + retryDays[attempt.sequence - 1] * DAY);
      await m.query(
        `INSERT INTO payment_attempts (company_id, id, invoice_id, customer_id, subscription_id, sequence, status, due_at, first_failed_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'PENDING', $7, $8, $9, $9) ON CONFLICT (company_id, invoice_id, sequence) DO NOTHING`,
        [companyId, newAttemptId(), attempt.invoice_id, attempt.customer_id, attempt.subscription_id, attempt.sequence + 1, dueAt, firstFailed, now],
      );
      return 'failed';
    }
    if (attempt.subscription_id) {
      await m.query('UPDATE subscriptions SET unpaid = true, updated_at = $3 WHERE company_id = $1 AND id = $2 AND NOT unpaid', [companyId, attempt.subscription_id, now]);
    }
    return 'unpaid';
  }

  /** The company's `payment_retry_days` setting (days after the first failure), default [1, 3, 5]. */
  private async retryDays(m: EntityManager, companyId: string): Promise<number[]> {
    const rows: { days: unknown }[] = await m.query(`SELECT settings->'payment_retry_days' AS days FROM companies WHERE company_id = $1`, [companyId]);
    const days = rows[0]?.days;
    if (Array.isArray(days) && days.every((d) => typeof d === 'number' && Number.isFinite(d) && d >= 0)) return days as number[];
    return DEFAULT_PAYMENT_RETRY_DAYS;
  }

  private async lockInvoice(m: EntityManager, companyId: string, invoiceId: string): Promise<InvoiceRow | null> {
    const rows: InvoiceRow[] = await m.query(
      'SELECT id, uuid, number, status, currency, total_cents, paid_cents, due_cents FROM invoices WHERE company_id = $1 AND id = $2 FOR UPDATE',
      [companyId, invoiceId],
    );
    return rows[0] ?? null;
  }

  private async subscriptionMethod(m: EntityManager, companyId: string, subscriptionId: string): Promise<string | null> {
    const rows: { payment_method_id: string | null }[] = await m.query('SELECT payment_method_id FROM subscriptions WHERE company_id = $1 AND id = $2', [companyId, subscriptionId]);
    return rows[0]?.payment_method_id ?? null;
  }

  /** Before the database connections close: no new dispatches, and the running ones finish. */
  async beforeApplicationShutdown(): Promise<void> {
    this.closed = true;
    await this.settle();
  }
}
