import type { ServerResponse } from 'node:http';
import { Injectable, Logger } from '@nestjs/common';
import type { Request } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { Clock } from '../clock/clock';

/** What an outbox holds at a scrape, over every company. */
export interface OutboxDepth {
  /** Rows waiting to be sent (due now or later). */
  pending: number;
  /** Of those, the rows due now: what a worker should be sending. */
  due: number;
  /** How long the oldest due row has been due, in seconds (0 when none is due). */
  oldestDueAgeSeconds: number;
}

/** Reads one outbox's depth with one cheap aggregate statement (a listed cross-company scan). */
export type OutboxReader = (now: Date) => Promise<OutboxDepth>;

/** The label of a request that matched no route: never its URL, which may carry ids or secrets. */
export const UNMATCHED_ROUTE = 'unmatched';

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const RUN_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];

/**
 * The service's Prometheus metrics (`GET /metrics`), operational only: no label carries a
 * company's id or name, a customer, an id of any record or a URL — routes are their patterns
 * (`/api/v1/companies/:company_id/customers/:id`), outboxes their names. Platform code records
 * the requests and the database pool; domain modules record their own work through the methods
 * below (billing runs, ingested events) and register their outboxes, read at scrape time.
 *
 * Each app has its own registry (tests start several apps in one process).
 */
@Injectable()
export class PrometheusMetrics {
  readonly registry = new Registry();
  private readonly logger = new Logger('Metrics');
  private readonly outboxes = new Map<string, OutboxReader>();

  private readonly httpRequests = new Counter({
    name: 'tally_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly httpDuration = new Histogram({
    name: 'tally_http_request_duration_seconds',
    help: 'Time from a request to its answer, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  private readonly billingRuns = new Counter({
    name: 'tally_billing_runs_total',
    help: 'Billing runs ended, by outcome: completed (possibly with per-subscription errors) or failed (the run itself threw)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly billingRunDuration = new Histogram({
    name: 'tally_billing_run_duration_seconds',
    help: 'Duration of billing runs, post-run steps included',
    buckets: RUN_BUCKETS,
    registers: [this.registry],
  });
  private readonly billingInvoices = new Counter({
    name: 'tally_billing_run_invoices_total',
    help: 'Invoices billing runs wrote, by action: created (drafts or finals) or finalized (drafts past their grace period)',
    labelNames: ['action'] as const,
    registers: [this.registry],
  });
  private readonly billingErrors = new Counter({
    name: 'tally_billing_run_errors_total',
    help: 'Subscriptions or drafts a billing run could not bill (each logged; the next run tries again)',
    registers: [this.registry],
  });
  private readonly usageEvents = new Counter({
    name: 'tally_usage_events_total',
    help: 'Usage events received by POST /events/ingest, by outcome: stored, duplicate or refused',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly usageRefused = new Counter({
    name: 'tally_usage_events_refused_total',
    help: 'Usage events refused one by one inside an accepted batch, by error code',
    labelNames: ['error_code'] as const,
    registers: [this.registry],
  });
  private readonly rateLimiterFailures = new Counter({
    name: 'tally_rate_limiter_failures_total',
    help: 'Requests let through uncounted because no rate-limit store could count them, by limit (api or page)',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });
  private readonly outboxPending = new Gauge({
    name: 'tally_outbox_pending',
    help: 'Rows waiting in an outbox (every company), read at scrape time',
    labelNames: ['outbox'] as const,
    registers: [this.registry],
  });
  private readonly outboxDue = new Gauge({
    name: 'tally_outbox_due',
    help: 'Rows of an outbox due now (every company), read at scrape time',
    labelNames: ['outbox'] as const,
    registers: [this.registry],
  });
  private readonly outboxAge = new Gauge({
    name: 'tally_outbox_oldest_due_age_seconds',
    help: 'How long the oldest due row of an outbox has been due, in seconds (0 when none is)',
    labelNames: ['outbox'] as const,
    registers: [this.registry],
  });
  private readonly poolConnections = new Gauge({
    name: 'tally_db_pool_connections',
    help: "This process's database pool at scrape time: total connections open, idle ones, and queries waiting for one",
    labelNames: ['state'] as const,
    registers: [this.registry],
  });
  private readonly poolMax = new Gauge({
    name: 'tally_db_pool_max_connections',
    help: "The size of this process's database pool (DB_POOL_SIZE)",
    registers: [this.registry],
  });

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {
    collectDefaultMetrics({ register: this.registry });
  }

  /** Express middleware: counts and times each answer under its route's pattern. */
  httpMiddleware() {
    return (req: Request, res: ServerResponse, next: () => void): void => {
      const started = performance.now();
      res.once('close', () => {
        const labels = { method: req.method, route: routeOf(req), status: String(res.statusCode) };
        this.httpRequests.inc(labels);
        this.httpDuration.observe(labels, (performance.now() - started) / 1000);
      });
      next();
    };
  }

  billingRunEnded(seconds: number, result: { invoicesCreated: number; invoicesFinalized: number; errors: number } | 'failed'): void {
    this.billingRunDuration.observe(seconds);
    if (result === 'failed') {
      this.billingRuns.inc({ outcome: 'failed' });
      return;
    }
    this.billingRuns.inc({ outcome: 'completed' });
    this.billingInvoices.inc({ action: 'created' }, result.invoicesCreated);
    this.billingInvoices.inc({ action: 'finalized' }, result.invoicesFinalized);
    this.billingErrors.inc(result.errors);
  }

  /** One accepted ingest batch: its stored and duplicate events, and the codes of the events it refused. */
  usageIngested(stored: number, duplicates: number, refusedCodes: readonly string[]): void {
    this.usageEvents.inc({ outcome: 'stored' }, stored);
    this.usageEvents.inc({ outcome: 'duplicate' }, duplicates);
    this.usageEvents.inc({ outcome: 'refused' }, refusedCodes.length);
    for (const code of refusedCodes) this.usageRefused.inc({ error_code: code });
  }

  rateLimiterFailed(limit: 'api' | 'page'): void {
    this.rateLimiterFailures.inc({ limit });
  }

  /** A domain module's outbox, read at each scrape under `name` (a fixed word, never tenant data). */
  registerOutbox(name: string, read: OutboxReader): void {
    if (this.outboxes.has(name)) throw new Error(`outbox "${name}" is already registered`);
    this.outboxes.set(name, read);
  }

  /** The exposition text: the scrape-time values read first (outboxes, pool), then every metric. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    await this.readOutboxes();
    this.readPool();
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  private async readOutboxes(): Promise<void> {
    const now = this.clock.now();
    await Promise.all(
      [...this.outboxes].map(async ([outbox, read]) => {
        try {
          const depth = await read(now);
          this.outboxPending.set({ outbox }, depth.pending);
          this.outboxDue.set({ outbox }, depth.due);
          this.outboxAge.set({ outbox }, depth.oldestDueAgeSeconds);
        } catch (err) {
          // no stale figure: the series disappear until the outbox can be read again
          for (const gauge of [this.outboxPending, this.outboxDue, this.outboxAge]) gauge.remove({ outbox });
          this.logger.warn(`outbox ${outbox} could not be read for /metrics: ${(err as Error).message}`);
        }
      }),
    );
  }

  private readPool(): void {
    const pool = (this.dataSource.driver as unknown as { master?: PgPoolCounts }).master;
    if (!pool || typeof pool.totalCount !== 'number') return;
    this.poolConnections.set({ state: 'total' }, pool.totalCount);
    this.poolConnections.set({ state: 'idle' }, pool.idleCount);
    this.poolConnections.set({ state: 'waiting' }, pool.waitingCount);
    if (typeof pool.options?.max === 'number') this.poolMax.set(pool.options.max);
  }
}

/** The counters of node-postgres's Pool (TypeORM's postgres driver keeps it as `master`). */
interface PgPoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

/** The matched route's pattern (Express sets `req.route` once a route matched), else `unmatched`. */
function routeOf(req: Request): string {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? `${req.baseUrl ?? ''}${path}` : UNMATCHED_ROUTE;
}
