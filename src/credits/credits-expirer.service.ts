import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { PostRunStep } from '../invoicing/invoicing.hooks';
import { DataSource } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { TALLY_CONFIG, TallyConfig } from '../platform/config/config';
import { CreditsRepository } from './credits.repository';
import { CreditLedger } from './credit-ledger';
import { crossCompany } from '../platform/database/cross-company';

/** Credits expired per transaction (a company with more is done in several). */
const BATCH = 500;

/**
 * Ends credits whose expiration_date has come: state EXPIRED, nothing remains, and an EXPIRED
 * log entry with what they still held. Idempotent and safe with several instances: the rows are
 * locked FOR UPDATE and re-checked inside the lock, so a credit expires (and is logged) once.
 * (Readers and consumers never wait for it: a credit past its expiration_date is never applied
 * or consumed, and reads EXPIRED, whether or not the expirer has run.)
 */
@Injectable()
export class CreditsExpirer {
  constructor(
    private readonly dataSource: DataSource,
    private readonly credits: CreditsRepository,
    private readonly ledger: CreditLedger,
  ) {}

  /**
   * Every billing run expires the credits due at its instant (logged EXPIRED); expired credits are
   * never applied even before. Invoicing runs it through its credits hook (CreditsApplier).
   */
  readonly postRunStep: PostRunStep = {
    name: 'credits: expirations',
    order: 50,
    run: async (at, options) => {
      let expired = 0;
      for (const company of options.companyIds ?? [undefined]) expired += await this.expireDue(at, company);
      return { credits_expired: expired };
    },
  };

  /** Expires every company's due credits (or only `companyId`'s); returns how many it expired. */
  async expireDue(now: Date, companyId?: string): Promise<number> {
    const companies = companyId ? [companyId] : await this.companiesWithDueCredits(now);
    let total = 0;
    for (const company of companies) {
      for (;;) {
        const n = await this.expireBatch(company, now);
        total += n;
        if (n < BATCH) break;
      }
    }
    return total;
  }

  /** The only cross-company read of this module: which companies have something to expire. */
  private async companiesWithDueCredits(now: Date): Promise<string[]> {
    const rows: { company_id: string }[] = await this.dataSource.query(
      `${crossCompany('credit-expiry')}SELECT DISTINCT company_id FROM credits WHERE state = 'ACTIVE' AND expiration_date <= $1 ORDER BY company_id`,
      [now],
    );
    return rows.map((r) => r.company_id);
  }

  private expireBatch(companyId: string, now: Date): Promise<number> {
    return this.dataSource.transaction(async (m) => {
      const due = await this.credits
        .with(m)
        .queryBuilder(companyId, 'c')
        .andWhere(`c.state = 'ACTIVE'`)
        .andWhere('c.expiration_date <= :now', { now })
        .orderBy('c.id', 'ASC')
        .limit(BATCH)
        .setLock('pessimistic_write')
        .getMany();
      if (due.length === 0) return 0;
      const entries = [];
      for (const credit of due) {
        await this.ledger.close(m, companyId, credit, 'EXPIRED', now);
        entries.push(this.ledger.entry(credit, 'EXPIRED', { cents: credit.remaining_cents, units: credit.remaining_units }));
      }
      await this.ledger.log(m, companyId, entries, now);
      return due.length;
    });
  }
}

const EVERY = 5 * 60 * 1000;

/** Runs the expirer now and then inside the service (off with TALLY_SCHEDULER=off). */
@Injectable()
export class CreditsScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('CreditsScheduler');
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    @Inject(TALLY_CONFIG) private readonly config: TallyConfig,
    private readonly expirer: CreditsExpirer,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.scheduler) return;
    void this.tick();
    this.timer = setInterval(() => void this.tick(), EVERY);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** One run (skipped while the previous one is still going). */
  async tick(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    try {
      const n = await this.expirer.expireDue(this.clock.now());
      if (n > 0) this.logger.log(`expired ${n} credits`);
      return n;
    } catch (err) {
      this.logger.warn(`credit expiry failed: ${(err as Error).message}`);
      return 0;
    } finally {
      this.running = false;
    }
  }
}
