import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { TALLY_CONFIG, TallyConfig } from '../config/config';
import { IdempotencyService } from '../idempotency/idempotency.service';

const HOUR = 3600 * 1000;

/**
 * Housekeeping that runs inside the service (off with TALLY_SCHEDULER=off): deletes idempotency
 * keys past their retention. Safe with several instances: each run is one DELETE.
 */
@Injectable()
export class PlatformScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Scheduler');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(TALLY_CONFIG) private readonly config: TallyConfig,
    private readonly idempotency: IdempotencyService,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.scheduler) return;
    const tick = () =>
      this.idempotency
        .purgeExpired()
        .then((n) => n > 0 && this.logger.log(`purged ${n} expired idempotency keys`))
        .catch((err: Error) => this.logger.warn(`idempotency clean-up failed: ${err.message}`));
    void tick();
    this.timer = setInterval(tick, HOUR);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
