import { WebhookEventsService } from '../webhooks/events/webhook-events.service';
import { BeforeApplicationShutdown, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { monotonicFactory } from 'ulid';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { PaymentAttemptEntity } from './payment-processing.entity';
import { PaymentAttemptsRepository, PaymentMethodsRepository } from './payments.repository';
import { PaymentTransactionsService } from './payment-transactions.service';
import { PaymentMethodsService } from './payment-methods.service';
import { PaymentProcessor, ProcessorResult } from './processor/payment-processor';
import { InvoiceLedger } from '../invoicing/invoice-ledger.service';
import type { PostRunStep } from '../invoicing/invoicing.hooks';
import { SubscriptionBillingStateService } from '../subscriptions/subscription-billing-state.service';
import { OutboxDepth, PrometheusMetrics } from '../platform/observability/prometheus-metrics';
import { crossCompany } from '../platform/database/cross-company';
import { OutboxClaim, OutboxLoop } from '../platform/outbox/outbox-loop';
import { OutboxCompanies } from '../platform/outbox/outbox-companies';

const nextUlid = monotonicFactory();
/** Attempt ids (`pat_…`) are internal (never in a response); they are the processor idempotency keys. */
const newAttemptId = () => `pat_${nextUlid().toLowerCase()}`;

/** An IN_PROGRESS attempt is re-dispatched (same key) once its lease has passed: the dispatcher that held it died. */
const LEASE_MS = 5 * 60_000;
/** Charges of one instance at once, all companies together. */
const CHARGE_MAX_IN_FLIGHT = 8;
/**
 * Charges of one company at once on one instance: one, as the charges of a company were always
 * made (no two of its ledger transactions race each other); a company whose processor is slow
 * holds only its own place, the other companies' charges go on beside it.
 */
const CHARGE_MAX_IN_FLIGHT_PER_COMPANY = 1;

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
  /** Charges whose outcome came when the invoice no longer took them: recorded and refunded. */
  charges_refunded: number;
  attempts_cancelled: number;
  /** Processor refunds left PENDING by an interruption, sent again. */
  refunds_resent: number;
  subscriptions_unpaid: number;
  errors: number;
}

/** What taking a claimed attempt decided: charge it, resolve an interrupted one, or an outcome already. */
type Taken =
  | { kind: 'charge'; attempt: PaymentAttemptEntity }
  | { kind: 'resolve'; attempt: PaymentAttemptEntity; reason: string }
  | { kind: 'skipped' | 'cancelled' | 'failed' | 'unpaid' };

export type AttemptOutcome = 'succeeded' | 'failed' | 'unpaid' | 'cancelled' | 'refunded' | 'skipped';

/**
 * Automatic charges through an outbox.
 *
 * - `enqueue` (inside the transaction that finalizes an invoice): a PENDING `payment_attempts`
 *   row when the invoice is PENDING, auto-charging and has something due. Nothing is charged
 *   inside that transaction.
 * - Dispatch runs on the platform's OutboxLoop (the one mechanism of webhook deliveries and
 *   e-mail): right after the transaction that queued an attempt commits (that company's due
 *   attempts), and from the billing run's post-run step with the run's instant (`dispatchDue(at)`,
 *   the loop's bounded drain; hence also from the scheduler and `billing run --now T`; no poll of
 *   its own: the billing run is its schedule). The loop
 *   claims each due attempt (SKIP LOCKED, claim counted in `attempts`, leased, committed), one
 *   attempt of a company at a time per instance; then the attempt is marked IN_PROGRESS under
 *   the ledger's lock only while that claim is still its own, the processor is charged with the
 *   attempt's id as idempotency key, then ONE transaction
 *   records the payment transaction, the invoice's payment (through the InvoiceLedger, which
 *   re-checks the invoice under its lock) and the attempt's outcome. A crash after the
 *   processor answered leaves the attempt IN_PROGRESS; once its lease passes it is dispatched
 *   again with the same key (the processor answers with its first result) — but only while
 *   the invoice still takes it: when it was voided or paid meanwhile, the processor is only
 *   asked what the first call did (`lookup`, which also closes the key), never charged again.
 * - A charge is never lost: a SUCCEEDED outcome the invoice no longer takes (VOID, PAID, more
 *   than due) is recorded as a SUCCEEDED payment transaction of the invoice that the ledger does
 *   not apply, and refunded in full through the processor (the refund's id as idempotency key;
 *   a refund interrupted before it settled is sent again by the next dispatch).
 * - While an attempt is IN_PROGRESS (within its lease) the invoice's void, mark_paid and credit
 *   application answer 409 (`chargeInFlight`, the ledger's payments hook).
 * - The charged card must belong to the invoice's customer: a subscription naming another
 *   customer's card (or an unknown one) fails the attempt, it never falls back to a default.
 * - Dunning: a decline records `invoice.payment_failed`, which starts the invoice's dunning
 *   campaign (notifications module); its RETRY_PAYMENT steps queue the retries (`enqueueRetry`)
 *   and its MARK_UNPAID step flags the subscription `unpaid`. Any later successful charge of the
 *   subscription's invoices clears the flag.
 */
@Injectable()
export class AutoChargeService implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('AutoCharge');
  private readonly loop: OutboxLoop<AttemptOutcome>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly attempts: PaymentAttemptsRepository,
    private readonly methods: PaymentMethodsRepository,
    private readonly paymentMethods: PaymentMethodsService,
    private readonly transactions: PaymentTransactionsService,
    private readonly processor: PaymentProcessor,
    private readonly ledger: InvoiceLedger,
    private readonly subscriptionState: SubscriptionBillingStateService,
    private readonly events: WebhookEventsService,
    private readonly prometheus: PrometheusMetrics,
    companies: OutboxCompanies,
  ) {
    this.loop = new OutboxLoop<AttemptOutcome>(dataSource, clock, {
      name: 'card charges',
      table: 'payment_attempts',
      pendingStatus: 'PENDING',
      dueColumn: 'due_at',
      // a first charge is due whatever the instant asked for; an IN_PROGRESS attempt is one whose
      // dispatcher died (the loop takes it only once its lease has passed): the same key again
      due: (at, status) => `(status = ${status} AND (sequence = 1 OR due_at <= ${at})) OR status = 'IN_PROGRESS'`,
      scan: 'charge-dispatch',
      enabled: true,
      leaseMs: LEASE_MS,
      pollIntervalMs: null,
      maxInFlight: CHARGE_MAX_IN_FLIGHT,
      maxInFlightPerCompany: CHARGE_MAX_IN_FLIGHT_PER_COMPANY,
      companies,
      attempt: (c) => this.dispatchClaimed(c),
    });
  }

  /** The billing run's post-run step (invoicing runs it through its payments hook, PaymentsInvoicingHook). */
  readonly postRunStep: PostRunStep = {
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

  /** `enqueue` for several invoices (the billing run's batch), in one statement. */
  async enqueueMany(manager: EntityManager, companyId: string, invoices: ChargeableInvoice[], now: Date): Promise<void> {
    const due = invoices.filter((i) => i.status === 'PENDING' && i.auto_charges && i.due_cents > 0);
    if (due.length === 0) return;
    await manager.query(
      `INSERT INTO payment_attempts (company_id, id, invoice_id, customer_id, subscription_id, sequence, status, due_at, created_at, updated_at)
       SELECT $1, v.id, v.invoice_id, v.customer_id, v.subscription_id, 1, 'PENDING', $2, $2, $2
       FROM unnest($3::text[], $4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS v(id, invoice_id, customer_id, subscription_id, n)
       ORDER BY v.n
       ON CONFLICT (company_id, invoice_id, sequence) DO NOTHING`,
      [
        companyId,
        now,
        due.map(() => newAttemptId()),
        due.map((i) => i.id),
        due.map((i) => i.billed_customer_id),
        due.map((i) => i.subscription_id),
      ],
    );
    this.kick(manager, companyId);
  }

  /**
   * Dispatches the company's due attempts once the transaction that queued one commits. Only
   * that company's: charges have no poll, another company's due attempts are its own commits'
   * or the billing run's, at that run's instant.
   */
  private kick(manager: EntityManager, companyId: string): void {
    this.loop.runAfterCommit(manager, companyId);
  }

  onModuleInit(): void {
    this.prometheus.registerOutbox('payment_attempts', (now) => this.outboxDepth(now));
    this.loop.install();
  }

  /** Waits until the dispatches started by commits have finished. */
  async settle(): Promise<void> {
    await this.loop.settle();
  }

  /**
   * The charge outbox, every company's: attempts not yet settled, those a dispatch would take now
   * (the condition of dispatchDue's scan), and how late the oldest of them is. One aggregate over
   * the partial index of open attempts.
   */
  private async outboxDepth(now: Date): Promise<OutboxDepth> {
    const [row]: { pending: number; due: number; age: number }[] = await this.dataSource.query(
      `${crossCompany('outbox-depth')}SELECT count(*)::int AS pending, count(*) FILTER (WHERE due)::int AS due,
              COALESCE(EXTRACT(EPOCH FROM $1::timestamptz - min(since) FILTER (WHERE due)), 0)::float8 AS age
         FROM (SELECT ((status = 'PENDING' AND (sequence = 1 OR due_at <= $1)) OR status = 'IN_PROGRESS')
                      AND (lease_until IS NULL OR lease_until <= $1) AS due,
                      CASE WHEN status = 'IN_PROGRESS' THEN lease_until ELSE LEAST(due_at, $1) END AS since
                 FROM payment_attempts WHERE status IN ('PENDING', 'IN_PROGRESS')) open`,
      [now],
    );
    return { pending: row.pending, due: row.due, oldestDueAgeSeconds: Math.max(0, row.age) };
  }

  /**
   * Every attempt due at `at` (of `options.companyIds` when given): first charges at once,
   * retries whose time has come, and IN_PROGRESS attempts whose lease has passed (interrupted
   * dispatches). `complete` (the billing run, a campaign's retries): the loop's drain — bounded by
   * the attempts due when it starts, it waits for the places commit-started dispatches of this
   * instance hold and for their charges of these companies, so a billing run exits only after
   * every charge due at its instant is recorded. Otherwise one run of the loop (the race tests
   * start several at once).
   */
  async dispatchDue(at: Date, options: { companyIds?: string[] } = {}, complete = true): Promise<DispatchSummary> {
    const summary: DispatchSummary = {
      charges_succeeded: 0,
      charges_failed: 0,
      charges_refunded: 0,
      attempts_cancelled: 0,
      refunds_resent: 0,
      subscriptions_unpaid: 0,
      errors: 0,
    };
    if (options.companyIds?.length === 0) return summary;
    const report = (c: OutboxClaim, done: { value: AttemptOutcome } | { error: Error }) => {
      if (!('value' in done)) return void summary.errors++;
      const outcome = done.value;
      if (outcome === 'succeeded') summary.charges_succeeded++;
      else if (outcome === 'failed' || outcome === 'unpaid') summary.charges_failed++;
      else if (outcome === 'cancelled') summary.attempts_cancelled++;
      else if (outcome === 'refunded') summary.charges_refunded++;
      if (outcome === 'unpaid') summary.subscriptions_unpaid++;
    };
    const run = { at, companyIds: options.companyIds, report };
    if (complete) await this.loop.drain(run);
    else await this.loop.runDue(run);
    // refunds whose completion was interrupted (reserved, never settled): the same request again
    const recovered = await this.transactions.recoverPendingRefunds(at, { companyIds: options.companyIds });
    summary.refunds_resent += recovered.refunds_recovered + recovered.refunds_released;
    summary.errors += recovered.refund_recovery_errors;
    return summary;
  }

  /** Claims and dispatches one attempt; 'skipped' when it is not due or another dispatcher holds it. */
  async dispatchAttempt(companyId: string, attemptId: string, at: Date): Promise<AttemptOutcome> {
    const claim = await this.loop.claimRow(companyId, attemptId, at);
    return claim ? this.dispatchClaimed(claim) : 'skipped';
  }

  /** The loop's handler: one claimed attempt taken, charged and recorded. */
  private async dispatchClaimed(c: OutboxClaim): Promise<AttemptOutcome> {
    const { company_id: companyId, id: attemptId, at } = c;
    const claim = await this.take(c);
    if (claim.kind === 'charge') {
      const result = await this.charge(companyId, claim.attempt);
      return this.recordOutcome(companyId, attemptId, result, at);
    }
    if (claim.kind === 'resolve') {
      // interrupted, and the invoice no longer takes it: never charged again; what did the first call do?
      const earlier = await this.processor.lookup(companyId, claim.attempt.id);
      if (earlier) return this.recordOutcome(companyId, attemptId, earlier, at);
      return this.cancelInterrupted(companyId, attemptId, claim.reason, at);
    }
    return claim.kind;
  }

  /** The processor call of a claimed attempt (public so a test can simulate a crash after it). */
  async charge(companyId: string, attempt: PaymentAttemptEntity): Promise<ProcessorResult> {
    const pm = attempt.payment_method_id ? await this.methods.findOne(companyId, { id: attempt.payment_method_id }) : null;
    // the card must be the paying customer's (checked again here, right before any money moves)
    if (!pm || pm.customer_id !== attempt.customer_id) {
      return {
        status: 'FAILED',
        provider_transaction_id: null,
        status_message: "The payment method is not one of the invoice customer's.",
      };
    }
    return this.processor.charge({
      company_id: companyId,
      idempotency_key: attempt.id,
      amount_cents: attempt.amount_cents!,
      currency: attempt.currency!,
      payment_method: { id: pm.id, provider_reference: pm.provider_reference },
    });
  }

  /** Step 1 of one attempt due at `at`: claimed (by the loop) and taken; 'skipped' when it is not due or held. */
  async claim(companyId: string, attemptId: string, at: Date): Promise<Taken> {
    const claim = await this.loop.claimRow(companyId, attemptId, at);
    return claim ? this.take(claim) : { kind: 'skipped' };
  }

  /**
   * Marks a claimed attempt IN_PROGRESS (committed before the processor is called), the invoice
   * read under the ledger's lock, only while the claim is still this dispatcher's (the same
   * claim count; a later claim took it over otherwise). An IN_PROGRESS attempt whose lease had
   * passed is charged again with the same key only while the invoice still takes its amount;
   * otherwise 'resolve'.
   */
  private async take(c: OutboxClaim): Promise<Taken> {
    const { company_id: companyId, id: attemptId, at, lease_until: lease } = c;
    return this.dataSource.transaction(async (m) => {
      const rows: PaymentAttemptEntity[] = await m
        .createQueryBuilder(PaymentAttemptEntity, 'a')
        .where('a.company_id = :companyId AND a.id = :attemptId', { companyId, attemptId })
        .andWhere("a.attempts = :attempts AND a.status IN ('PENDING', 'IN_PROGRESS')", { attempts: c.attempts })
        .setLock('pessimistic_write')
        .getMany();
      const attempt = rows[0];
      if (!attempt) return { kind: 'skipped' as const };
      const repo = this.attempts.with(m);
      const now = this.clock.now();
      const invoice = await this.ledger.lock(m, companyId, { id: attempt.invoice_id });
      if (attempt.status === 'IN_PROGRESS') {
        // interrupted: the same request again, with the same key — if the invoice still takes it
        const refusal = this.ledger.refusal(invoice, attempt.amount_cents ?? 0, attempt.currency ?? '');
        if (refusal) return { kind: 'resolve' as const, attempt: { ...attempt, lease_until: lease }, reason: refusal };
        return { kind: 'charge' as const, attempt: { ...attempt, lease_until: lease } };
      }
      if (!invoice || invoice.status !== 'PENDING' || invoice.due_cents <= 0) {
        await repo.update(
          companyId,
          { id: attempt.id },
          { status: 'CANCELLED', status_message: `invoice is ${invoice?.status ?? 'gone'}`, updated_at: now },
        );
        return { kind: 'cancelled' as const };
      }
      // an invoice billed to a parent is charged to the parent's default method, never the child's subscription card
      const ownInvoice = invoice.billed_customer_id === invoice.customer_id;
      const subscriptionMethod =
        attempt.subscription_id && ownInvoice ? await this.subscriptionMethod(m, companyId, attempt.subscription_id) : null;
      const choice = await this.paymentMethods.forCharge(m, companyId, attempt.customer_id, subscriptionMethod);
      if (!choice.method) {
        const outcome = await this.fail(m, attempt, choice.problem, null, at, now);
        return { kind: outcome };
      }
      const patch: Partial<PaymentAttemptEntity> = {
        status: 'IN_PROGRESS',
        lease_until: lease,
        payment_method_id: choice.method.id,
        amount_cents: invoice.due_cents,
        currency: invoice.currency,
        updated_at: now,
      };
      await repo.update(companyId, { id: attempt.id }, patch);
      return { kind: 'charge' as const, attempt: { ...attempt, ...patch } };
    });
  }

  /** An interrupted attempt the processor never charged, whose invoice no longer takes it: cancelled, nothing charged. */
  private cancelInterrupted(companyId: string, attemptId: string, reason: string, at: Date): Promise<AttemptOutcome> {
    return this.dataSource.transaction(async (m) => {
      const repo = this.attempts.with(m);
      const attempt = await repo.findOneForUpdate(companyId, { id: attemptId });
      if (!attempt || attempt.status !== 'IN_PROGRESS') return 'skipped' as const;
      const message = `Not charged: ${reason} (the interrupted charge had never reached the processor).`;
      await repo.update(
        companyId,
        { id: attempt.id },
        { status: 'CANCELLED', status_message: message, lease_until: null, updated_at: this.clock.now() },
      );
      void at;
      return 'cancelled' as const;
    });
  }

  /**
   * Step 3: the processor's answer, the payment transaction, the invoice (through the ledger)
   * and the attempt, in one transaction. A SUCCEEDED charge the invoice no longer takes — or
   * one that comes for an attempt already settled otherwise — is recorded, left unapplied and
   * refunded in full (after this transaction commits). A charge already recorded (same
   * processor transaction id: a re-sent attempt answered by the processor's memory) is skipped.
   */
  async recordOutcome(companyId: string, attemptId: string, result: ProcessorResult, at: Date): Promise<AttemptOutcome> {
    const done = await this.dataSource.transaction(async (m): Promise<{ outcome: AttemptOutcome; refundId?: string }> => {
      const repo = this.attempts.with(m);
      const attempt = await repo.findOneForUpdate(companyId, { id: attemptId });
      if (!attempt) return { outcome: 'skipped' };
      const succeeded = result.status === 'SUCCEEDED';
      if (
        succeeded &&
        result.provider_transaction_id &&
        (await this.transactions.isRecorded(m, companyId, this.processor.providerType, result.provider_transaction_id))
      ) {
        return { outcome: 'skipped' };
      }
      if (attempt.status !== 'IN_PROGRESS' && !succeeded) return { outcome: 'skipped' };
      const now = this.clock.now();
      const invoice = await this.ledger.lock(m, companyId, { id: attempt.invoice_id });
      const refusal =
        attempt.status !== 'IN_PROGRESS'
          ? `the charge attempt was already ${attempt.status}`
          : succeeded
            ? this.ledger.refusal(invoice, attempt.amount_cents!, attempt.currency!)
            : null;
      const late = succeeded && refusal !== null;
      const lateMessage = late ? `Charged when ${refusal}: not applied to the invoice, refunded automatically.` : null;
      const pm = attempt.payment_method_id ? await this.methods.with(m).findOne(companyId, { id: attempt.payment_method_id }) : null;
      const txn = await this.transactions.record(
        m,
        companyId,
        {
          customer_id: attempt.customer_id,
          invoice: invoice ? { id: invoice.id, uuid: invoice.uuid, number: invoice.number } : null,
          currency: attempt.currency!,
          total_amount_cents: attempt.amount_cents!,
          provider_type: this.processor.providerType as 'SANDBOX',
          provider_transaction_id: result.provider_transaction_id,
          status: result.status,
          transaction_type: 'PAYMENT',
          payment_method_id: attempt.payment_method_id,
          payment_method: pm ? { brand: pm.brand, last_4: pm.last_4, name: null, type: pm.type } : null,
          status_message: lateMessage ?? result.status_message,
          initiated_by_type: 'AUTO_CHARGE',
          processed_at: at,
          metadata: late ? { payment_attempt: attempt.sequence, late_charge: true } : { payment_attempt: attempt.sequence },
        },
        now,
      );
      if (!succeeded) return { outcome: await this.fail(m, attempt, result.status_message ?? 'The charge failed.', txn.id, at, now) };
      if (!late) {
        const applied = await this.ledger.recordPayment(
          m,
          companyId,
          attempt.invoice_id,
          {
            payment_transaction_id: txn.id,
            amount_cents: attempt.amount_cents!,
            currency: attempt.currency!,
            paid_at: at,
            source: 'AUTO_CHARGE',
          },
          now,
        );
        if (!applied.applied) throw new Error(`ledger refused a payment it had accepted under the same lock: ${applied.reason}`);
        await repo.update(
          companyId,
          { id: attempt.id },
          { status: 'SUCCEEDED', transaction_id: txn.id, lease_until: null, updated_at: now },
        );
        if (attempt.subscription_id) await this.subscriptionState.clearUnpaid(m, companyId, attempt.subscription_id, now);
        return { outcome: 'succeeded' };
      }
      // a late charge: never lost, never applied — refunded in full
      const refund = await this.transactions.reserveRefund(
        m,
        companyId,
        txn,
        txn.total_amount_cents,
        { note: lateMessage, metadata: { reason: 'late_charge', payment_attempt: attempt.sequence }, initiated_by_type: 'AUTO_REFUND' },
        now,
      );
      if (attempt.status === 'IN_PROGRESS') {
        await repo.update(
          companyId,
          { id: attempt.id },
          { status: 'CANCELLED', status_message: lateMessage, transaction_id: txn.id, lease_until: null, updated_at: now },
        );
      }
      this.logger.warn(`attempt ${companyId}/${attempt.id}: ${lateMessage}`);
      return { outcome: 'refunded', refundId: refund.id };
    });
    if (done.refundId) {
      const refund = await this.transactions.completeRefund(companyId, done.refundId);
      if (refund.status === 'FAILED')
        this.logger.error(`automatic refund ${companyId}/${done.refundId} declined: ${refund.status_message ?? ''}`);
    }
    return done.outcome;
  }

  /**
   * A failed attempt: recorded FAILED, with `invoice.payment_failed` in the same transaction.
   * What follows — retries, the unpaid flag — is the dunning campaign that event starts (the
   * notifications module's campaigns, on the company's `dunning_steps`), which queues each retry
   * through `enqueueRetry`.
   */
  private async fail(
    m: EntityManager,
    attempt: PaymentAttemptEntity,
    message: string,
    transactionId: string | null,
    at: Date,
    now: Date,
  ): Promise<'failed'> {
    this.events.later(m, attempt.company_id, 'invoice.payment_failed', attempt.invoice_id);
    await this.attempts.with(m).update(
      attempt.company_id,
      { id: attempt.id },
      {
        status: 'FAILED',
        status_message: message,
        transaction_id: transactionId,
        first_failed_at: attempt.first_failed_at ?? at,
        lease_until: null,
        updated_at: now,
      },
    );
    return 'failed';
  }

  /**
   * Queues the next charge of an invoice whose last attempt failed, due at `at` (a dunning
   * campaign's RETRY_PAYMENT step, in its transaction), dispatched after commit. The attempt's
   * number is the next of the invoice, unique per invoice: a step run twice queues one charge.
   * Returns its id, or null when the invoice has no settled failed attempt to retry (never
   * charged automatically, or a charge still open).
   */
  async enqueueRetry(m: EntityManager, companyId: string, invoiceId: string, at: Date): Promise<string | null> {
    const rows: { id: string }[] = await m.query(
      `INSERT INTO payment_attempts (company_id, id, invoice_id, customer_id, subscription_id, sequence, status, due_at, first_failed_at, created_at, updated_at)
       SELECT company_id, $3, invoice_id, customer_id, subscription_id, sequence + 1, 'PENDING', $4, first_failed_at, $4, $4
         FROM (SELECT * FROM payment_attempts WHERE company_id = $1 AND invoice_id = $2 ORDER BY sequence DESC LIMIT 1) last
        WHERE last.status = 'FAILED'
       ON CONFLICT (company_id, invoice_id, sequence) DO NOTHING
       RETURNING id`,
      [companyId, invoiceId, newAttemptId(), at],
    );
    if (rows.length === 0) return null;
    this.kick(m, companyId);
    return rows[0].id;
  }

  /** Whether a charge of the invoice is queued or under way (a campaign's next step waits for its outcome). */
  async chargeOpen(m: EntityManager, companyId: string, invoiceId: string): Promise<boolean> {
    const rows: unknown[] = await m.query(
      `SELECT 1 FROM payment_attempts WHERE company_id = $1 AND invoice_id = $2 AND status IN ('PENDING', 'IN_PROGRESS') LIMIT 1`,
      [companyId, invoiceId],
    );
    return rows.length > 0;
  }

  /** When the invoice's first automatic charge was declined (a dunning campaign counts its days from it), or null. */
  async firstFailure(m: EntityManager, companyId: string, invoiceId: string): Promise<Date | null> {
    const rows: { at: Date | null }[] = await m.query(
      'SELECT min(first_failed_at) AS at FROM payment_attempts WHERE company_id = $1 AND invoice_id = $2',
      [companyId, invoiceId],
    );
    return rows[0]?.at ? new Date(rows[0].at) : null;
  }

  /** The payment transaction each of these attempts recorded (the ones that have settled). */
  async transactionsOf(companyId: string, attemptIds: string[], m: EntityManager = this.dataSource.manager): Promise<Map<string, string>> {
    if (attemptIds.length === 0) return new Map();
    const rows: { id: string; transaction_id: string }[] = await m.query(
      'SELECT id, transaction_id FROM payment_attempts WHERE company_id = $1 AND id = ANY($2) AND transaction_id IS NOT NULL',
      [companyId, attemptIds],
    );
    return new Map(rows.map((r) => [r.id, r.transaction_id]));
  }

  private async subscriptionMethod(m: EntityManager, companyId: string, subscriptionId: string): Promise<string | null> {
    const rows: { payment_method_id: string | null }[] = await m.query(
      'SELECT payment_method_id FROM subscriptions WHERE company_id = $1 AND id = $2',
      [companyId, subscriptionId],
    );
    return rows[0]?.payment_method_id ?? null;
  }

  /** Before the database connections close: no new dispatches, and the running ones finish. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.loop.stop();
  }
}
