import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Clock } from '../../platform/clock/clock';
import { TALLY_CONFIG, TallyConfig } from '../../platform/config/config';
import { BillingRunService } from './billing-run.service';

export const BILLING_SCHEDULER_INTERVAL_MS = 60_000;

/**
 * Runs a billing run at the service's clock every minute (off with TALLY_SCHEDULER=off). Safe
 * with several instances: subscriptions are locked with SKIP LOCKED and every invoice has a
 * unique billing key, so instances share the work and never bill twice. One run at a time per
 * instance (a tick while a run is going is skipped).
 */
@Injectable()
export class BillingScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('BillingScheduler');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    @Inject(TALLY_CONFIG) private readonly config: TallyConfig,
    private readonly clock: Clock,
    private readonly runs: BillingRunService,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.scheduler) return;
    // tick() handles its run's failure itself (a warning): nothing to await here
    this.timer = setInterval(() => void this.tick(), BILLING_SCHEDULER_INTERVAL_MS);
    this.timer.unref();
    setTimeout(() => void this.tick(), 1000).unref();
  }

  tick(): Promise<void> | null {
    if (this.running) return null;
    const at = this.clock.now();
    this.running = this.runs
      .run(at)
      .then((s) => {
        if (s.invoices_created || s.invoices_finalized || s.errors) {
          this.logger.log(`billing run at ${s.now}: ${s.invoices_created} created, ${s.invoices_finalized} finalized, ${s.errors} errors`);
        }
      })
      .catch((err: Error) => this.logger.warn(`billing run failed: ${err.message}`))
      .finally(() => (this.running = null));
    return this.running;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.running) await this.running;
  }
}
