import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Redis } from 'ioredis';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimitConfig, TALLY_CONFIG, TallyConfig } from '../config/config';
import { PrometheusMetrics } from '../observability/prometheus-metrics';
import { RateLimitedError } from './rate-limited.error';

export type LimitedKind = 'api' | 'page';

/**
 * Fixed-window request counters, per API token and per hosted-page link.
 *
 * With `REDIS_URL` the counters live in Redis, so every instance of the service shares them;
 * otherwise each instance counts in its own memory. When Redis cannot be reached (or answers
 * slower than 500 ms), each request is counted by an in-memory limiter of the same size on
 * that instance instead ("insurance"): limits hold per instance, and the shared counters take
 * over again as soon as Redis is back.
 *
 * Should no store count a request at all (the in-memory one failing too, which takes a bug or an
 * exhausted process), the request goes through uncounted — the limiter fails open — with a
 * warning in the log (at most once a minute) and `tally_rate_limiter_failures_total` counting
 * it. The limit protects the service from a runaway client; refusing every API call (charges,
 * ingest, billing) because a counter broke would turn that protection into the outage.
 */
@Injectable()
export class RateLimitService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('RateLimit');
  private readonly config: RateLimitConfig;
  private readonly redis: Redis | null = null;
  private readonly limiters: Partial<Record<LimitedKind, RateLimiterAbstract>> = {};
  private lastRedisWarning = 0;
  private lastUncountedWarning = 0;

  constructor(
    @Inject(TALLY_CONFIG) config: TallyConfig,
    private readonly metrics: PrometheusMetrics,
  ) {
    this.config = config.rateLimit;
    const { apiPoints, pagePoints, redisUrl } = this.config;
    if (redisUrl && (apiPoints !== null || pagePoints !== null)) {
      this.redis = new Redis(redisUrl, {
        enableOfflineQueue: false,
        commandTimeout: 500,
        maxRetriesPerRequest: 1,
        connectTimeout: 2000,
        retryStrategy: (times) => Math.min(times * 200, 5000),
      });
      this.redis.on('error', (err: Error) => this.warnRedis(err));
    }
    if (apiPoints !== null) this.limiters.api = this.build('api', apiPoints);
    if (pagePoints !== null) this.limiters.page = this.build('page', pagePoints);
  }

  private build(kind: LimitedKind, points: number): RateLimiterAbstract {
    const options = { points, duration: this.config.windowSeconds, keyPrefix: `${this.config.keyPrefix}:${kind}` };
    if (!this.redis) return new RateLimiterMemory(options);
    return new RateLimiterRedis({
      ...options,
      storeClient: this.redis,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory(options),
    });
  }

  /** Counts one request of `key`; throws a RateLimitedError (429) past the limit. */
  async consume(kind: LimitedKind, key: string): Promise<void> {
    const limiter = this.limiters[kind];
    if (!limiter) return;
    try {
      await limiter.consume(kind === 'page' ? hashed(key) : key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) {
        // no store could count it: through uncounted (fail open), logged and counted
        this.metrics.rateLimiterFailed(kind);
        this.warnUncounted(rejection);
        return;
      }
      const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      const what = kind === 'api' ? 'this token' : 'this page';
      throw new RateLimitedError(
        retryAfter,
        `too many requests for ${what}: at most ${limiter.points} per ${limiter.duration} s; retry in ${retryAfter} s`,
      );
    }
  }

  private warnUncounted(err: unknown): void {
    const now = Date.now();
    if (now - this.lastUncountedWarning < 60_000) return;
    this.lastUncountedWarning = now;
    const reason = err instanceof Error ? err.message : String(err);
    this.logger.warn(`no rate-limit store could count a request (${reason}); letting requests through uncounted meanwhile`);
  }

  private warnRedis(err: Error): void {
    const now = Date.now();
    if (now - this.lastRedisWarning < 60_000) return;
    this.lastRedisWarning = now;
    this.logger.warn(`Redis for rate limits is unavailable (${err.message}); counting per instance meanwhile`);
  }

  /** Waits (up to 2 s) for Redis at start, so the first requests already share the counters. */
  async onModuleInit(): Promise<void> {
    const redis = this.redis;
    if (!redis || redis.status === 'ready') return;
    const ready = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => done(false), 2000);
      const done = (ok: boolean) => {
        clearTimeout(timer);
        redis.off('ready', onReady);
        resolve(ok);
      };
      const onReady = () => done(true);
      redis.on('ready', onReady);
    });
    if (!ready) this.warnRedis(new Error(`no connection to ${redactedUrl(this.config.redisUrl!)} within 2 s`));
  }

  async onModuleDestroy(): Promise<void> {
    if (!this.redis) return;
    this.redis.removeAllListeners('error');
    this.redis.on('error', () => undefined);
    this.redis.disconnect();
  }
}

function redactedUrl(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}

/** Page links are secrets: only a hash of them reaches the counters (and Redis). */
function hashed(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url').slice(0, 32);
}
