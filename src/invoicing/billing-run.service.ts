import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { TALLY_CONFIG, TallyConfig } from '../platform/config/config';
import { InvoiceEntity } from './invoicing.entity';
import { InvoiceFinalizer } from './invoice-finalizer.service';
import { InvoiceWriter } from './invoice-writer.service';
import { InvoiceGenerator, RunContext } from './billing-engine/invoice-generator.service';
import { InvoicingHooks, PostRunStep } from './invoicing.hooks';
import { crossCompany } from '../platform/database/cross-company';
import { WebhookEventsService } from '../webhooks/events/webhook-events.service';
import { invoiceNumberFields } from './invoicing.mapper';
import { RunMemo } from '../platform/run-memo/run-memo';

export interface BillingRunSummary {
  invoices_created: number;
  invoices_finalized: number;
  subscriptions_processed: number;
  errors: number;
  /** The run's instant (ISO). */
  now: string;
}

/** Subscriptions per transaction in a run. */
const BATCH_SIZE = 100;
/**
 * Invoices one transaction of a run writes (past it, each further subscription of the batch
 * writes only the invoices of its first due instant). A catch-up longer than this (a start
 * back-dated by months on an hourly price) continues in further transactions of the same run,
 * after every other subscription had its turn; the billing cursor records how far each got.
 */
export const CATCH_UP_INVOICES_PER_TRANSACTION = 200;

interface ProcessOutcome {
  ok: boolean;
  processed: boolean;
  created: number;
  finalized: number;
  /** Its catch-up was cut: more invoices are due at the run's instant. */
  more: boolean;
}

export interface BillingRunOptions {
  /** Only these companies (default: every company). */
  companyIds?: string[];
  /** Progress callback: (done, total) over the subscriptions, then the drafts. */
  onProgress?: (phase: 'subscriptions' | 'drafts' | 'steps', done: number, total: number) => void;
  /** Invoices one transaction writes at most (default CATCH_UP_INVOICES_PER_TRANSACTION). */
  maxInvoicesPerTransaction?: number;
  /** Subscriptions per transaction (default BATCH_SIZE, 100). */
  batchSize?: number;
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
 * A billing run at an instant: closes every due billing date <= `at` of every subscription (one
 * transaction per subscription, its row locked FOR UPDATE SKIP LOCKED, invoices written through
 * InvoiceWriter with unique billing keys), finalizes the usage drafts whose grace has passed,
 * then runs the post-run steps. Idempotent: a repeated run, two runs at once, two instances, or
 * a run restarted after a crash write the invoices of one clean run (a subscription locked by
 * another run is skipped, then looked at again once that run let it go).
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
  ) {}

  /** Credits: expirations (order 50); payments: charges, retries, unpaid flags (order 100); filled through InvoicingHooks. */
  get postRunSteps(): readonly PostRunStep[] {
    return this.hooks.postRunSteps;
  }

  async run(at: Date, options: BillingRunOptions = {}): Promise<BillingRunSummary> {
    if (!(at instanceof Date) || Number.isNaN(at.getTime())) throw new Error('billing run: a valid instant is required');
    // one snapshot for the run of what billing does not change (num_subs in the webhook objects)
    return RunMemo.scope(() => this.runAt(at, options));
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
    let done = 0;
    // a run that grows the invoice tables a lot (a first run on a young database) refreshes their
    // planner statistics as it goes: plans made for an empty table would turn lookups into scans
    let analyzeAt = 1000;
    const skipped: { company_id: string; id: string }[] = [];
    let continuing: { company_id: string; id: string }[] = [];
    const maxInvoices = options.maxInvoicesPerTransaction ?? CATCH_UP_INVOICES_PER_TRANSACTION;
    await this.pool(this.batches(candidates, options.batchSize ?? BATCH_SIZE), async (batch) => {
      let outcomes: ProcessOutcome[];
      try {
        outcomes = await this.processBatch(batch, at, ctx, false, maxInvoices);
      } catch (err) {
        // the batch rolled back as a whole: each subscription again on its own, so one failure stays one error
        this.logger.warn(`batch of ${batch.length} subscriptions rolled back (${(err as Error).message}); retrying one by one`);
        outcomes = [];
        for (const c of batch) {
          try {
            outcomes.push(...(await this.processBatch([c], at, ctx, false, maxInvoices)));
          } catch (e) {
            outcomes.push({ ok: false, processed: false, created: 0, finalized: 0, more: false });
            this.logger.error(`subscription ${c.company_id}/${c.id}: ${(e as Error).message}`);
          }
        }
      }
      outcomes.forEach((o, k) => {
        if (o.ok && !o.processed) skipped.push(batch[k]);
        if (o.more) continuing.push(batch[k]);
      });
      for (const r of outcomes) {
        if (!r.ok) summary.errors++;
        if (r.processed) summary.subscriptions_processed++;
        summary.invoices_created += r.created;
        summary.invoices_finalized += r.finalized;
      }
      done += batch.length;
      options.onProgress?.('subscriptions', done, candidates.length);
      if (summary.invoices_created >= analyzeAt) {
        analyzeAt *= 4;
        await this.refreshStatistics();
      }
    });

    // long catch-ups, a bounded transaction each in turn, until every one has reached the run's instant
    while (continuing.length) {
      const round = continuing;
      continuing = [];
      await this.pool(round, async (c) => {
        try {
          const [r] = await this.processBatch([c], at, ctx, false, maxInvoices);
          summary.invoices_created += r.created;
          summary.invoices_finalized += r.finalized;
          if (r.more) continuing.push(c);
          // held by another run meanwhile: that run continues it
        } catch (err) {
          summary.errors++;
          this.logger.error(`subscription ${c.company_id}/${c.id} (catch-up): ${(err as Error).message}`);
        }
      });
    }

    // subscriptions another run held: now wait for it and look again (that run may bill up to an
    // earlier instant than this one); those it brought to this instant are left (one query)
    const stillDue = skipped.length ? await this.candidates(at, options.companyIds, skipped) : [];
    for (const c of stillDue) {
      try {
        let [r] = await this.processBatch([c], at, ctx, true, maxInvoices);
        if (r.processed) summary.subscriptions_processed++;
        summary.invoices_created += r.created;
        summary.invoices_finalized += r.finalized;
        while (r.more) {
          [r] = await this.processBatch([c], at, ctx, true, maxInvoices);
          summary.invoices_created += r.created;
          summary.invoices_finalized += r.finalized;
        }
      } catch (err) {
        summary.errors++;
        this.logger.error(`subscription ${c.company_id}/${c.id}: ${(err as Error).message}`);
      }
    }

    const drafts = await this.dueDrafts(at, options.companyIds);
    done = 0;
    await this.pool(drafts, async (d) => {
      try {
        const finalized = await this.dataSource.transaction(async (m) => {
          const locked: InvoiceEntity[] = await m
            .createQueryBuilder(InvoiceEntity, 'i')
            .where("i.company_id = :companyId AND i.id = :id AND i.status = 'DRAFT'", { companyId: d.company_id, id: d.id })
            .setLock('pessimistic_write')
            .setOnLocked('skip_locked')
            .getMany();
          if (!locked[0]) return false;
          await this.finalizer.finalize(m, d.company_id, locked[0], this.clock.now());
          return true;
        });
        if (finalized) summary.invoices_finalized++;
      } catch (err) {
        summary.errors++;
        this.logger.error(`draft ${d.company_id}/${d.id}: ${(err as Error).message}`);
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
        this.logger.error(`post-run step ${step.name}: ${(err as Error).message}`);
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
   * One transaction for subscriptions of one company. Invoice numbers come last, just before the
   * commit: the company's counter row they lock serialises the transactions of the company, so
   * everything else — the charges outbox, the webhook events' objects — is written or built
   * before, and the lock is held for one statement and the commit.
   */
  private processBatch(
    batch: { company_id: string; id: string }[],
    at: Date,
    ctx: RunContext,
    waitForLock = false,
    maxInvoices = CATCH_UP_INVOICES_PER_TRANSACTION,
  ): Promise<ProcessOutcome[]> {
    const companyId = batch[0].company_id;
    return this.dataSource.transaction(async (m) => {
      const results = await this.generator.processMany(
        m,
        companyId,
        batch.map((c) => c.id),
        at,
        this.clock.now(),
        ctx,
        { deferNumbers: true, waitForLock, maxInvoices, onlyDueAt: at },
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
      return results.map((r) => ({
        ok: true,
        processed: r.processed,
        created: r.created.length,
        finalized: r.finalized,
        more: r.more ?? false,
      }));
    });
  }

  /**
   * Subscriptions of one company, a few per transaction: every subscription's work is still
   * done inside one transaction with its row locked, but the
   * commits — which wait for each other on the company's invoice-number counter — are shared.
   */
  private batches(candidates: { company_id: string; id: string }[], size: number): { company_id: string; id: string }[][] {
    const out: { company_id: string; id: string }[][] = [];
    let current: { company_id: string; id: string }[] = [];
    for (const c of candidates) {
      if (current.length >= size || (current.length > 0 && current[0].company_id !== c.company_id)) {
        out.push(current);
        current = [];
      }
      current.push(c);
    }
    if (current.length) out.push(current);
    return out;
  }

  /** Runs the work over the items with as many at once as the connection pool allows (one on the embedded database). */
  private async pool<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
    const width = billingRunWidth(this.config.dbPoolSize);
    let next = 0;
    const worker = async () => {
      while (next < items.length) await work(items[next++]);
    };
    await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  }
}
