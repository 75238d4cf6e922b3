import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../platform/clock/clock';
import { TALLY_CONFIG, TallyConfig } from '../../platform/config/config';
import { InvoiceEntity } from '../invoicing.entity';
import { InvoiceFinalizer } from '../invoice-finalizer.service';
import { InvoiceWriter } from '../invoice-writer.service';
import { InvoiceGenerator, RunContext } from './invoice-generator.service';
import { InvoicingHooks, PostRunStep } from '../invoicing.hooks';
import { crossCompany } from '../../platform/database/cross-company';
import { WebhookEventsService } from '../../webhooks/events/webhook-events.service';
import { invoiceNumberFields } from '../invoicing.mapper';
import { RunMemo } from '../../platform/run-memo/run-memo';
import { PrometheusMetrics } from '../../platform/observability/prometheus-metrics';
import { RunCandidate, RunClaims, companyBatches } from './billing-run-claims';
import { retryTransient } from '../../platform/database/transient';
import { failureOf } from './amounts';

export interface BillingRunSummary {
  invoices_created: number;
  invoices_finalized: number;
  subscriptions_processed: number;
  errors: number;
  /** The run's instant (ISO). */
  now: string;
}

/**
 * Subscriptions per transaction in a run. Each transaction carries a fixed cost in statements
 * (about twenty, each parsed, bound and executed) and a commit, so larger batches spend less of a
 * run on round trips; past a few hundred the gain stops while a batch's memory and lock time keep
 * growing. A batch is one company's, so this matters for large companies only.
 */
export const BATCH_SIZE = 400;
/** A claim's window, in batches: how far past subscriptions other runs hold a transaction looks for its batch. */
const CLAIM_SPAN = 4;
/**
 * Invoices one transaction of a run writes (past it, each further subscription of the batch
 * writes only the invoices of its first due instant): two per subscription of a full batch, so
 * that a batch whose subscriptions each close a period and open one (a start invoice and a
 * period invoice) is written whole. A catch-up longer than this (a start back-dated by months on
 * an hourly price) continues in further transactions of the same run, after every other
 * subscription had its turn; the billing cursor records how far each got.
 */
export const CATCH_UP_INVOICES_PER_TRANSACTION = 2 * BATCH_SIZE;
/** The default of TALLY_BILLING_MAX_INVOICES_PER_COMPANY (see billingRunCompanyCap). */
export const INVOICES_PER_COMPANY_PER_RUN = 1000;

/**
 * Invoices one run writes for one company at most: TALLY_BILLING_MAX_INVOICES_PER_COMPANY
 * (default 1,000, a whole number >= 1). It bounds catch-ups (a start back-dated by a year on an
 * hourly price is 8,761 invoices): once a company's share is used, each of its subscriptions
 * left in the run writes the invoices of its first due instant only, and a cut catch-up waits
 * for the next run (its billing cursor says where it stopped; the scheduler runs every minute).
 * Ordinary billing is not held back: every due subscription still gets its first due instant,
 * so a company with more due subscriptions than the cap writes more than the cap, one instant
 * each.
 */
export function billingRunCompanyCap(): number {
  const wanted = Number(process.env.TALLY_BILLING_MAX_INVOICES_PER_COMPANY ?? INVOICES_PER_COMPANY_PER_RUN);
  return Number.isSafeInteger(wanted) && wanted >= 1 ? wanted : INVOICES_PER_COMPANY_PER_RUN;
}

interface ProcessOutcome {
  ok: boolean;
  processed: boolean;
  /** Locked by the transaction (processed, or found already brought to the instant by another run). */
  claimed: boolean;
  created: number;
  finalized: number;
  /** Its catch-up was cut: more invoices are due at the run's instant. */
  more: boolean;
}

const FAILED: ProcessOutcome = { ok: false, processed: false, claimed: false, created: 0, finalized: 0, more: false };

interface BatchOptions {
  maxInvoices: number;
  /** Wait for subscriptions another transaction holds, instead of passing them over. */
  waitForLock?: boolean;
  /** A claim: at most this many of the batch, the first that are due and free. */
  limit?: number;
}

export interface BillingRunOptions {
  /** Only these companies (default: every company). */
  companyIds?: string[];
  /** Progress callback: (done, total) over the subscriptions, then the drafts. */
  onProgress?: (phase: 'subscriptions' | 'drafts' | 'steps', done: number, total: number) => void;
  /** Invoices one transaction writes at most (default CATCH_UP_INVOICES_PER_TRANSACTION). */
  maxInvoicesPerTransaction?: number;
  /** Subscriptions per transaction (default BATCH_SIZE, 400). */
  batchSize?: number;
  /** Invoices the run writes for one company at most, past first due instants (default billingRunCompanyCap()). */
  maxInvoicesPerCompany?: number;
}

/**
 * What is left of each company's invoices in a run: a transaction reserves its share before it
 * starts (so that transactions of a company at once cannot overshoot together) and gives back
 * what it did not write.
 */
class CompanyShares {
  private readonly left = new Map<string, number>();
  constructor(private readonly cap: number) {}

  /** Up to `want` invoices of the company's share (0 once it is used). */
  reserve(companyId: string, want: number): number {
    const left = this.left.get(companyId) ?? this.cap;
    const take = Math.max(0, Math.min(want, left));
    this.left.set(companyId, left - take);
    return take;
  }

  /** The transaction wrote `written` of the `taken` it reserved (more than that when it wrote first due instants past the share). */
  settle(companyId: string, taken: number, written: number): void {
    this.left.set(companyId, (this.left.get(companyId) ?? this.cap) + taken - written);
  }
}

export type { PostRunStep };

/**
 * Transactions a run keeps going at once: TALLY_BILLING_CONCURRENCY (default 4), at most one
 * less than the connection pool (one connection stays free for everything else), at least one.
 */
export function billingRunWidth(poolSize: number): number {
  const wanted = Number(process.env.TALLY_BILLING_CONCURRENCY ?? 4);
  return Math.max(1, Math.min(Number.isInteger(wanted) && wanted > 0 ? wanted : 4, poolSize - 1));
}

/**
 * A billing run at an instant: closes every due billing date <= `at` of every subscription
 * (transactions of up to 400 subscriptions of a company, each claiming its rows FOR UPDATE SKIP
 * LOCKED from a window of the run's list — RunClaims —, invoices written through InvoiceWriter
 * with unique billing keys), finalizes the usage drafts whose grace has passed, then runs the
 * post-run steps. Idempotent: a repeated run, two runs at once, two instances, or a run restarted
 * after a crash write the invoices of one clean run (a subscription locked by another run is
 * passed over, then looked at again once that run let it go).
 */
@Injectable()
export class BillingRunService {
  private readonly logger = new Logger('BillingRun');

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly generator: InvoiceGenerator,
    private readonly finalizer: InvoiceFinalizer,
    private readonly writer: InvoiceWriter,
    @Inject(TALLY_CONFIG) private readonly config: TallyConfig,
    private readonly hooks: InvoicingHooks,
    private readonly events: WebhookEventsService,
    private readonly metrics: PrometheusMetrics,
  ) {}

  /** Credits: expirations (order 50); payments: charges, retries, unpaid flags (order 100); filled through InvoicingHooks. */
  get postRunSteps(): readonly PostRunStep[] {
    return this.hooks.postRunSteps;
  }

  async run(at: Date, options: BillingRunOptions = {}): Promise<BillingRunSummary> {
    if (!(at instanceof Date) || Number.isNaN(at.getTime())) throw new Error('billing run: a valid instant is required');
    const started = performance.now();
    try {
      // one snapshot for the run of what billing does not change (num_subs in the webhook objects)
      const summary = await RunMemo.scope(() => this.runAt(at, options));
      this.metrics.billingRunEnded((performance.now() - started) / 1000, {
        invoicesCreated: summary.invoices_created,
        invoicesFinalized: summary.invoices_finalized,
        errors: summary.errors,
      });
      return summary;
    } catch (err) {
      this.metrics.billingRunEnded((performance.now() - started) / 1000, 'failed');
      throw err;
    }
  }

  private async runAt(at: Date, options: BillingRunOptions): Promise<BillingRunSummary> {
    const summary: BillingRunSummary = {
      invoices_created: 0,
      invoices_finalized: 0,
      subscriptions_processed: 0,
      errors: 0,
      now: at.toISOString(),
    };
    const ctx = new RunContext();

    const candidates = await this.candidates(at, options.companyIds);
    const size = options.batchSize ?? BATCH_SIZE;
    const maxInvoices = options.maxInvoicesPerTransaction ?? CATCH_UP_INVOICES_PER_TRANSACTION;
    const claims = new RunClaims(candidates, size, CLAIM_SPAN * size);
    const shares = new CompanyShares(options.maxInvoicesPerCompany ?? billingRunCompanyCap());
    /** processOrRetry within the company's share of the run's invoices. */
    const processShared = async (batch: RunCandidate[], opts: BatchOptions): Promise<ProcessOutcome[]> => {
      const companyId = batch[0].company_id;
      const taken = shares.reserve(companyId, opts.maxInvoices);
      const outcomes = await this.processOrRetry(batch, at, ctx, { ...opts, maxInvoices: taken });
      shares.settle(
        companyId,
        taken,
        outcomes.reduce((n, o) => n + o.created, 0),
      );
      return outcomes;
    };
    const tally = (outcomes: ProcessOutcome[], catchUp = false) => {
      for (const o of outcomes) {
        if (!o.ok) summary.errors++;
        if (o.processed && !catchUp) summary.subscriptions_processed++;
        summary.invoices_created += o.created;
        summary.invoices_finalized += o.finalized;
      }
    };
    // a run that grows the invoice tables a lot (a first run on a young database) refreshes their
    // planner statistics as it goes: plans made for an empty table would turn lookups into scans
    let analyzeAt = 1000;
    const continuing: RunCandidate[] = [];
    await this.workers(async () => {
      for (let claim = claims.next(); claim; claim = claims.next()) {
        const list = claim.ids.map((id) => ({ company_id: claim!.companyId, id }));
        const outcomes = await processShared(list, { maxInvoices, limit: size });
        claims.settle(
          claim,
          outcomes.map((o) => o.claimed || !o.ok),
        );
        tally(outcomes);
        continuing.push(...list.filter((_, k) => outcomes[k]?.more));
        options.onProgress?.('subscriptions', claims.done, claims.total);
        if (summary.invoices_created >= analyzeAt) {
          analyzeAt *= 4;
          await this.refreshStatistics();
        }
      }
    });
    await this.catchUps(continuing, { maxInvoices }, processShared, shares, tally);

    // subscriptions a claim passed over (another run held them): now wait for that run and look
    // again (it may bill up to an earlier instant than this one); those it brought to this
    // instant are left (one query)
    const passed = claims.passedOver;
    const stillDue = passed.length ? await this.candidates(at, options.companyIds, [...passed]) : [];
    const resumed: RunCandidate[] = [];
    for (const batch of companyBatches(stillDue, size)) {
      const outcomes = await processShared(batch, { maxInvoices, waitForLock: true });
      tally(outcomes);
      resumed.push(...batch.filter((_, k) => outcomes[k]?.more));
    }
    await this.catchUps(resumed, { maxInvoices, waitForLock: true }, processShared, shares, tally);

    const drafts = await this.dueDrafts(at, options.companyIds);
    let done = 0;
    await this.pool(drafts, async (d) => {
      try {
        const finalized = await this.retrying(`draft ${d.company_id}/${d.id}`, () =>
          this.dataSource.transaction(async (m) => {
            const locked: InvoiceEntity[] = await m
              .createQueryBuilder(InvoiceEntity, 'i')
              .where("i.company_id = :companyId AND i.id = :id AND i.status = 'DRAFT'", { companyId: d.company_id, id: d.id })
              .setLock('pessimistic_write')
              .setOnLocked('skip_locked')
              .getMany();
            if (!locked[0]) return false;
            await this.finalizer.finalize(m, d.company_id, locked[0], this.clock.now());
            return true;
          }),
        );
        if (finalized) summary.invoices_finalized++;
      } catch (err) {
        summary.errors++;
        const failure = failureOf(err);
        this.logger.error(
          { company_id: d.company_id, invoice_id: d.id, error_code: failure.code, error_message: failure.message },
          `draft ${d.company_id}/${d.id} not finalized: ${failure.code}: ${failure.message}`,
        );
      }
      options.onProgress?.('drafts', ++done, drafts.length);
    });

    let i = 0;
    const steps = this.hooks.postRunSteps;
    for (const step of steps) {
      try {
        await step.run(at, options);
      } catch (err) {
        summary.errors++;
        const failure = failureOf(err);
        this.logger.error(
          { step: step.name, error_code: failure.code, error_message: failure.message },
          `post-run step ${step.name} failed: ${failure.code}: ${failure.message}`,
        );
      }
      options.onProgress?.('steps', ++i, steps.length);
    }
    return summary;
  }

  private async refreshStatistics(): Promise<void> {
    try {
      await this.dataSource.query('ANALYZE invoices, invoice_lines, billing_cursors, one_time_billables');
    } catch (err) {
      this.logger.warn(`ANALYZE after a large billing run failed: ${(err as Error).message}`);
    }
  }

  /** Subscriptions with work at `at` (of `among` only, when given): never seen, changed since last seen, or next work due. */
  private async candidates(
    at: Date,
    companyIds?: string[],
    among?: { company_id: string; id: string }[],
  ): Promise<{ company_id: string; id: string }[]> {
    const params: unknown[] = [at];
    let scope = '';
    if (companyIds) {
      if (companyIds.length === 0) return [];
      params.push(companyIds);
      scope = `AND s.company_id = ANY($${params.length})`;
    }
    if (among) {
      params.push(
        among.map((c) => c.company_id),
        among.map((c) => c.id),
      );
      scope += ` AND (s.company_id, s.id) IN (SELECT * FROM unnest($${params.length - 1}::text[], $${params.length}::text[]))`;
    }
    return this.dataSource.query(
      `${crossCompany('billing-run-due')}SELECT s.company_id, s.id FROM subscriptions s
       LEFT JOIN billing_cursors c ON c.company_id = s.company_id AND c.subscription_id = s.id
       WHERE (c.subscription_id IS NULL OR c.seen_updated_at <> s.updated_at OR c.next_work_at <= $1) ${scope}
       ORDER BY s.company_id, s.id`,
      params,
    );
  }

  private async dueDrafts(at: Date, companyIds?: string[]): Promise<{ company_id: string; id: string }[]> {
    const params: unknown[] = [at];
    let scope = '';
    if (companyIds) {
      if (companyIds.length === 0) return [];
      params.push(companyIds);
      scope = 'AND company_id = ANY($2)';
    }
    return this.dataSource.query(
      `${crossCompany('billing-run-finalize')}SELECT company_id, id FROM invoices WHERE status = 'DRAFT' AND finalize_after IS NOT NULL AND finalize_after <= $1 ${scope} ORDER BY company_id, finalize_after, id`,
      params,
    );
  }

  /**
   * One transaction for subscriptions of one company, its locks in the order of
   * src/platform/README.md ("Lock order"): subscriptions, pending one-time charges, the
   * customers' credits, the invoice counter. Invoice numbers come last, just before the
   * commit: the company's counter row they lock serialises the transactions of the company, so
   * everything else — the charges outbox, the webhook events' objects — is written or built
   * before, and the lock is held for one statement and the commit. With `limit`, a claim: only
   * the first that many of the batch that are due and free are locked and processed.
   */
  private processBatch(batch: RunCandidate[], at: Date, ctx: RunContext, opts: BatchOptions): Promise<ProcessOutcome[]> {
    const companyId = batch[0].company_id;
    return this.dataSource.transaction(async (m) => {
      const results = await this.generator.processMany(
        m,
        companyId,
        batch.map((c) => c.id),
        at,
        this.clock.now(),
        ctx,
        { deferNumbers: true, waitForLock: opts.waitForLock, maxInvoices: opts.maxInvoices, onlyDueAt: at, limit: opts.limit },
      );
      const created = results.flatMap((r) => r.created);
      // invoices written final with auto_charges: their charges go into the payments outbox in this transaction
      await this.hooks.payments.enqueueCharges(m, companyId, created, at);
      // the events' objects built now, outside the counter's lock, and subscription.renewed written;
      // the invoice events wait for their numbers
      await this.events.prepare(m, { hold: ['invoice'] });
      const numbers = await this.writer.assignNumbers(
        m,
        companyId,
        created.map((i) => i.id),
      );
      this.events.amend(m, companyId, 'invoice', new Map([...numbers].map(([id, n]) => [id, invoiceNumberFields(n)])));
      results.forEach((r, k) => {
        if (r.error) this.logFailure(batch[k], r.error);
      });
      return results.map((r) => ({
        ok: !r.error,
        processed: r.processed,
        claimed: r.claimed,
        created: r.created.length,
        finalized: r.finalized,
        more: r.more ?? false,
      }));
    });
  }

  /**
   * processBatch; when the batch rolls back as a whole, each of its subscriptions again on its own
   * (a claim's up to its limit taken), so that one failure stays one error.
   */
  private async processOrRetry(batch: RunCandidate[], at: Date, ctx: RunContext, opts: BatchOptions): Promise<ProcessOutcome[]> {
    const run = (list: RunCandidate[], o: BatchOptions) =>
      this.retrying(`batch of ${list.length} subscriptions of ${list[0].company_id}`, () => this.processBatch(list, at, ctx, o));
    try {
      return await run(batch, opts);
    } catch (err) {
      if (batch.length === 1) {
        this.logFailure(batch[0], failureOf(err));
        return [FAILED];
      }
      this.logger.warn(`batch of ${batch.length} subscriptions rolled back (${(err as Error).message}); retrying one by one`);
    }
    const outcomes: ProcessOutcome[] = [];
    let taken = 0;
    for (const c of batch) {
      if (opts.limit !== undefined && taken >= opts.limit) break;
      try {
        const [r] = await run([c], { ...opts, limit: undefined });
        outcomes.push(r);
        if (r.claimed) taken++;
      } catch (e) {
        outcomes.push(FAILED);
        this.logFailure(c, failureOf(e));
      }
    }
    return outcomes;
  }

  /** A subscription the run could not bill, with its reason (the command line shows these lines). */
  private logFailure(c: RunCandidate, failure: { code: string; message: string }): void {
    this.logger.error(
      { company_id: c.company_id, subscription_id: c.id, error_code: failure.code, error_message: failure.message },
      `subscription ${c.company_id}/${c.id} not billed: ${failure.code}: ${failure.message}`,
    );
  }

  /**
   * A transaction of the run, run again when it lost a deadlock or a serialization failure
   * (retryTransient: up to three more tries, each after a random pause of up to 50, 100, 200
   * ms). The rollback left nothing written, and the other side has finished by then, so the
   * batch is billed in this run rather than left to the next one. The run takes its locks in the
   * one order of src/platform/README.md ("Lock order"), so only a writer outside that order, or
   * a lock taken by hand, can make it lose one.
   */
  private retrying<T>(what: string, work: () => Promise<T>): Promise<T> {
    return retryTransient(work, {
      onRetry: (err, n) => this.logger.warn(`${what}: ${(err as Error).message}; retry ${n}`),
    });
  }

  /**
   * Long catch-ups (a back-dated start on a short period), a bounded transaction each in turn,
   * until every one has reached the run's instant or its company's share of the run is used
   * (the next run continues it). One another run holds meanwhile (without `waitForLock`) is
   * that run's to continue.
   */
  private async catchUps(
    list: RunCandidate[],
    opts: BatchOptions,
    process: (batch: RunCandidate[], opts: BatchOptions) => Promise<ProcessOutcome[]>,
    shares: CompanyShares,
    tally: (outcomes: ProcessOutcome[], catchUp: boolean) => void,
  ): Promise<void> {
    for (let round = list; round.length;) {
      const next: RunCandidate[] = [];
      await this.pool(round, async (c) => {
        // nothing left of the company's share: the cursor says where the next run starts
        if (shares.reserve(c.company_id, 1) === 0) return;
        shares.settle(c.company_id, 1, 0);
        const outcomes = await process([c], opts);
        tally(outcomes, true);
        if (outcomes[0].more) next.push(c);
      });
      round = next;
    }
  }

  /** Runs the work over the items with as many at once as the connection pool allows (one on the embedded database). */
  private async pool<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
    let next = 0;
    await this.workers(async () => {
      while (next < items.length) await work(items[next++]);
    }, items.length);
  }

  /** Starts `worker` as many times at once as the connection pool allows (at most `most`), and waits for them all. */
  private async workers(worker: () => Promise<void>, most = Infinity): Promise<void> {
    const width = Math.min(billingRunWidth(this.config.dbPoolSize), most);
    await Promise.all(Array.from({ length: width }, worker));
  }
}
