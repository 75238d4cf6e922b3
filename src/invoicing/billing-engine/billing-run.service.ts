import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../platform/clock/clock';
import { TALLY_CONFIG, TallyConfig } from '../../platform/config/config';
import { PrometheusMetrics } from '../../platform/observability/prometheus-metrics';
import { RunMemo } from '../../platform/run-memo/run-memo';
import { InvoiceFinalizer } from '../invoice-finalizer.service';
import { InvoiceEntity } from '../invoicing.entity';
import { InvoicingHooks, PostRunStep } from '../invoicing.hooks';
import { failureOf } from './amounts';
import { BillingRunBatches } from './billing-run-batch';
import { companyBatches, RunCandidate, RunClaims } from './billing-run-claims';
import { RunContext } from './invoice-generator.service';
import {
  BATCH_SIZE,
  BatchOptions,
  BillingRunOptions,
  billingRunCompanyCap,
  BillingRunSummary,
  billingRunWidth,
  CATCH_UP_INVOICES_PER_TRANSACTION,
  CLAIM_SPAN,
  CompanyShares,
  ProcessOutcome,
} from './billing-run-options';
import { dueDrafts, runCandidates } from './billing-run-queries';
import { UsageThresholdService } from './usage-threshold.service';
import { RollupInvoices } from './rollups';

export {
  BATCH_SIZE,
  billingRunCompanyCap,
  billingRunWidth,
  CATCH_UP_INVOICES_PER_TRANSACTION,
  INVOICES_PER_COMPANY_PER_RUN,
} from './billing-run-options';
export type { BillingRunOptions, BillingRunSummary } from './billing-run-options';
export type { PostRunStep };

/**
 * A billing run at an instant: closes every due billing date <= `at` of every subscription
 * (transactions of up to 400 subscriptions of a company, each claiming its rows FOR UPDATE SKIP
 * LOCKED from a window of the run's list — RunClaims —, invoices written through InvoiceWriter
 * with unique billing keys), finalizes the usage drafts whose grace has passed, writes the
 * roll-up invoices whose date has passed (RollupInvoices), then runs the
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
    private readonly batches: BillingRunBatches,
    private readonly finalizer: InvoiceFinalizer,
    @Inject(TALLY_CONFIG) private readonly config: TallyConfig,
    private readonly hooks: InvoicingHooks,
    private readonly metrics: PrometheusMetrics,
    private readonly thresholds: UsageThresholdService,
    private readonly rollups: RollupInvoices,
  ) {}

  /** Credits: expirations (order 50); payments: charges (order 100); campaigns: dunning steps (order 200); filled through InvoicingHooks. */
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
    await this.billSubscriptions(at, options, summary);
    summary.invoices_created += await this.thresholds.run(at, options.companyIds);
    await this.finalizeDrafts(at, options, summary);
    // after the subscriptions and drafts: every child invoice of a passed roll-up date is written
    const rollups = await this.rollups.run(at, () => this.clock.now(), options.companyIds);
    summary.invoices_created += rollups.written;
    summary.errors += rollups.errors;
    await this.runPostSteps(at, options, summary);
    return summary;
  }

  /** Every subscription with work at `at`, in claims, then those passed over, then the long catch-ups. */
  private async billSubscriptions(at: Date, options: BillingRunOptions, summary: BillingRunSummary): Promise<void> {
    const ctx = new RunContext();
    const candidates = await runCandidates(this.dataSource, at, options.companyIds);
    const size = options.batchSize ?? BATCH_SIZE;
    const maxInvoices = options.maxInvoicesPerTransaction ?? CATCH_UP_INVOICES_PER_TRANSACTION;
    const claims = new RunClaims(candidates, size, CLAIM_SPAN * size);
    const shares = new CompanyShares(options.maxInvoicesPerCompany ?? billingRunCompanyCap());
    /** processOrRetry within the company's share of the run's invoices. */
    const processShared = async (batch: RunCandidate[], opts: BatchOptions): Promise<ProcessOutcome[]> => {
      const companyId = batch[0].company_id;
      const taken = shares.reserve(companyId, opts.maxInvoices);
      const outcomes = await this.batches.processOrRetry(batch, at, ctx, { ...opts, maxInvoices: taken });
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
    const continuing = await this.billClaims(claims, { maxInvoices, size }, processShared, tally, summary, options);
    await this.catchUps(continuing, { maxInvoices }, processShared, shares, tally);

    // subscriptions a claim passed over (another run held them): now wait for that run and look
    // again (it may bill up to an earlier instant than this one); those it brought to this
    // instant are left (one query)
    const passed = claims.passedOver;
    const stillDue = passed.length ? await runCandidates(this.dataSource, at, options.companyIds, [...passed]) : [];
    const resumed: RunCandidate[] = [];
    for (const batch of companyBatches(stillDue, size)) {
      const outcomes = await processShared(batch, { maxInvoices, waitForLock: true });
      tally(outcomes);
      resumed.push(...batch.filter((_, k) => outcomes[k]?.more));
    }
    await this.catchUps(resumed, { maxInvoices, waitForLock: true }, processShared, shares, tally);
  }

  /** The run's claims, as many transactions at once as the pool allows; the subscriptions whose catch-up was cut. */
  private async billClaims(
    claims: RunClaims,
    sizes: { maxInvoices: number; size: number },
    processShared: (batch: RunCandidate[], opts: BatchOptions) => Promise<ProcessOutcome[]>,
    tally: (outcomes: ProcessOutcome[]) => void,
    summary: BillingRunSummary,
    options: BillingRunOptions,
  ): Promise<RunCandidate[]> {
    // a run that grows the invoice tables a lot (a first run on a young database) refreshes their
    // planner statistics as it goes: plans made for an empty table would turn lookups into scans
    let analyzeAt = 1000;
    const continuing: RunCandidate[] = [];
    await this.workers(async () => {
      for (let claim = claims.next(); claim; claim = claims.next()) {
        const list = claim.ids.map((id) => ({ company_id: claim!.companyId, id }));
        const outcomes = await processShared(list, { maxInvoices: sizes.maxInvoices, limit: sizes.size });
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
    return continuing;
  }

  /** Drafts whose grace period has passed, each finalized in a transaction of its own (locked SKIP LOCKED). */
  private async finalizeDrafts(at: Date, options: BillingRunOptions, summary: BillingRunSummary): Promise<void> {
    const drafts = await dueDrafts(this.dataSource, at, options.companyIds);
    let done = 0;
    await this.pool(drafts, async (d) => {
      try {
        const finalized = await this.batches.retrying(`draft ${d.company_id}/${d.id}`, () =>
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
  }

  /** The post-run steps of the modules, in order; one that fails is one error. */
  private async runPostSteps(at: Date, options: BillingRunOptions, summary: BillingRunSummary): Promise<void> {
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
  }

  private async refreshStatistics(): Promise<void> {
    try {
      await this.dataSource.query('ANALYZE invoices, invoice_lines, billing_cursors, one_time_billables');
    } catch (err) {
      this.logger.warn(`ANALYZE after a large billing run failed: ${(err as Error).message}`);
    }
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
