import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { TALLY_CONFIG, TallyConfig } from '../config/config';
import { IdempotencyService } from '../idempotency/idempotency.service';

const HOUR = 3600 * 1000;

/** A housekeeping job: `run` deletes what is due (in bounded batches) and returns how many rows. */
export interface HousekeepingJob {
  name: string;
  everyMs: number;
  run: () => Promise<number>;
}

/**
 * Housekeeping that runs inside the service (off with TALLY_SCHEDULER=off): deletes idempotency
 * keys past their retention, and runs the jobs modules register (e.g. the purge of expired
 * usage de-duplication keys, owned by the metrics module). Safe with several instances: each
 * job's statements are short and idempotent. A run of a job is skipped while its previous run
 * still goes on.
 */
@Injectable()
export class PlatformScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Scheduler');
  private readonly jobs: HousekeepingJob[] = [];
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    @Inject(TALLY_CONFIG) private readonly config: TallyConfig,
    private readonly idempotency: IdempotencyService,
  ) {
    this.register({ name: 'expired idempotency keys', everyMs: HOUR, run: () => this.idempotency.purgeExpired() });
  }

  /** Adds a job (modules call this from onModuleInit, before the application bootstraps). */
  register(job: HousekeepingJob): void {
    this.jobs.push(job);
  }

  onApplicationBootstrap(): void {
    if (!this.config.scheduler) return;
    for (const job of this.jobs) {
      let running = false;
      const tick = async () => {
        if (running) return;
        running = true;
        try {
          const n = await job.run();
          if (n > 0) this.logger.log(`${job.name}: purged ${n}`);
        } catch (err) {
          this.logger.warn(`${job.name}: clean-up failed: ${(err as Error).message}`);
        } finally {
          running = false;
        }
      };
      void tick();
      const timer = setInterval(() => void tick(), job.everyMs);
      timer.unref();
      this.timers.push(timer);
    }
  }

  onApplicationShutdown(): void {
    for (const timer of this.timers) clearInterval(timer);
  }
}
