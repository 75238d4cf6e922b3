import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { companiesToVisit } from '../../platform/database/cross-company';
import { Clock } from '../../platform/clock/clock';
import { PlatformScheduler } from '../../platform/scheduler/platform-scheduler';
import { DEDUP_WINDOW_MS } from './event-ingest.service';

export interface PurgeOptions {
  /** Rows deleted per statement (one short transaction each). */
  batchSize?: number;
  /** Deleting statements per run at most; the next run goes on where this one stopped. */
  maxBatches?: number;
  /** Only these companies (tests); every company by default. */
  companyIds?: string[];
}

const HOUR = 3600 * 1000;

/**
 * Deletes usage-event de-duplication keys past their 35-day window (they no longer de-duplicate
 * anything: a key that old is reused by the next event with it). Company by company, in bounded
 * batches of short transactions, so a large backlog never holds locks for long; scheduled hourly
 * in the platform scheduler and callable (tests, CLI).
 */
@Injectable()
export class EventKeysPurger implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly scheduler: PlatformScheduler,
  ) {}

  onModuleInit(): void {
    this.scheduler.register({ name: 'usage de-duplication keys', everyMs: HOUR, run: () => this.purgeExpired() });
  }

  /** Returns how many keys were deleted. */
  async purgeExpired(options: PurgeOptions = {}): Promise<number> {
    const batchSize = options.batchSize ?? 1000;
    let batchesLeft = options.maxBatches ?? 100;
    const cutoff = new Date(this.clock.now().getTime() - DEDUP_WINDOW_MS);
    const companies = await companiesToVisit((sql) => this.dataSource.query(sql), 'usage-keys-purge', options.companyIds);
    let deleted = 0;
    for (const company_id of companies) {
      while (batchesLeft > 0) {
        const [{ n }]: { n: number }[] = await this.dataSource.query(
          `WITH old AS (
             SELECT customer_id, transaction_id FROM usage_event_keys
             WHERE company_id = $1 AND first_seen_at < $2
             LIMIT $3 FOR UPDATE SKIP LOCKED
           ), gone AS (
             DELETE FROM usage_event_keys k USING old
             WHERE k.company_id = $1 AND k.customer_id = old.customer_id AND k.transaction_id = old.transaction_id
             RETURNING 1
           )
           SELECT count(*)::int AS n FROM gone`,
          [company_id, cutoff, batchSize],
        );
        deleted += n;
        if (n > 0) batchesLeft--;
        if (n < batchSize) break;
      }
      if (batchesLeft <= 0) break;
    }
    return deleted;
  }
}
