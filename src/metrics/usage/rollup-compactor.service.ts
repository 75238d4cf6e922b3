import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { companiesToVisit } from '../../platform/database/cross-company';
import { PlatformScheduler } from '../../platform/scheduler/platform-scheduler';
import { compactRollups } from './rollups';

export interface CompactOptions {
  /** Hours merged per statement (one short transaction each). */
  hoursPerStatement?: number;
  /** Statements per run at most; the next run goes on where this one stopped. */
  maxStatements?: number;
  /** Only these companies (tests); every company by default. */
  companyIds?: string[];
}

const TEN_MINUTES = 10 * 60 * 1000;

/**
 * Merges the batch rows of usage rollups (one per ingest batch and hour, see rollups.ts) into
 * one row per hour, company by company, in bounded short transactions. Usage answers are exact
 * before and after: this only keeps the rows a usage query reads few. Scheduled every ten
 * minutes in the platform scheduler and callable (tests, benchmarks).
 */
@Injectable()
export class RollupCompactor implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly scheduler: PlatformScheduler,
  ) {}

  onModuleInit(): void {
    this.scheduler.register({ name: 'usage rollup compaction', everyMs: TEN_MINUTES, run: () => this.compact() });
  }

  /** Returns how many hours were merged. */
  async compact(options: CompactOptions = {}): Promise<number> {
    const hours = options.hoursPerStatement ?? 1000;
    let statementsLeft = options.maxStatements ?? 100;
    const companies = await companiesToVisit((sql) => this.dataSource.query(sql), 'usage-rollup-compaction', options.companyIds);
    let merged = 0;
    for (const company_id of companies) {
      while (statementsLeft > 0) {
        const n = await this.dataSource.transaction((m) => compactRollups(m, company_id, hours));
        merged += n;
        statementsLeft--;
        if (n < hours) break;
      }
      if (statementsLeft <= 0) break;
    }
    return merged;
  }
}
