/**
 * The billing run's transactions: one batch of one company's subscriptions planned and written
 * in one transaction (InvoiceGenerator.processMany), its charges, webhook events and invoice
 * numbers; retried when it loses a deadlock, and one by one when it rolls back as a whole.
 */
import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../platform/clock/clock';
import { retryTransient } from '../../platform/database/transient';
import { failureOf } from './amounts';
import { CreatedInvoices } from './created-invoices';
import type { RunCandidate } from './billing-run-claims';
import { BatchOptions, FAILED, ProcessOutcome } from './billing-run-options';
import { InvoiceGenerator, RunContext } from './invoice-generator.service';

@Injectable()
export class BillingRunBatches {
  private readonly logger = new Logger('BillingRun');

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly generator: InvoiceGenerator,
    private readonly created: CreatedInvoices,
  ) {}

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
      // charges queued, events built, numbers last (the company's counter is the last lock taken)
      await this.created.close(
        m,
        companyId,
        results.flatMap((r) => r.created),
        at,
      );
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
  async processOrRetry(batch: RunCandidate[], at: Date, ctx: RunContext, opts: BatchOptions): Promise<ProcessOutcome[]> {
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
      } catch (error) {
        outcomes.push(FAILED);
        this.logFailure(c, failureOf(error));
      }
    }
    return outcomes;
  }

  /** A subscription the run could not bill, with its reason (the command line shows these lines). */
  logFailure(c: RunCandidate, failure: { code: string; message: string }): void {
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
  retrying<T>(what: string, work: () => Promise<T>): Promise<T> {
    return retryTransient(work, {
      onRetry: (err, n) => this.logger.warn(`${what}: ${(err as Error).message}; retry ${n}`),
    });
  }
}
