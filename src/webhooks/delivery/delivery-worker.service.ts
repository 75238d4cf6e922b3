import { eventDataType } from '../events/event-types';
import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';
import { Clock } from '../../platform/clock/clock';
import { OutboxDepth, PrometheusMetrics } from '../../platform/observability/prometheus-metrics';
import { crossCompany } from '../../platform/database/cross-company';
import { TALLY_CONFIG, TallyConfig } from '../../platform/config/config';
import { ATTEMPT_LEASE_MS, ATTEMPT_TIMEOUT_MS, nextAttemptAfterFailure, signedHeaders, signingSecrets } from './delivery.rules';
import { AttemptResult, postOnce } from './http-sender';

/** How often every instance looks for due deliveries (retries, and first attempts another instance did not make). */
export const POLL_INTERVAL_MS = 2_000;
/**
 * Attempts one instance makes at once, all companies together. Far above the per-company share,
 * so that many slow companies together still leave room for the others.
 */
export const MAX_IN_FLIGHT = 64;
/**
 * Attempts of one company one instance makes at once: a company whose endpoints are slow (or
 * never answer) holds at most this many of the worker's places, each for at most the attempt
 * timeout, and its other due deliveries wait behind its own attempts, not another company's.
 */
export const MAX_IN_FLIGHT_PER_COMPANY = 4;

interface Claimed {
  company_id: string;
  id: string;
  attempts: number;
  lease_until: Date;
}

interface Loaded {
  url: string;
  endpoint_status: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  event_id: string;
  event_type: string;
  event_created_at: Date;
  event_data: unknown;
}

/**
 * The delivery worker: the outbox `webhook_deliveries`, dispatched by every instance (unless
 * TALLY_WEBHOOK_DELIVERY=off; the scheduler switch does not stop it).
 *
 * - First attempt right after commit: the planner asks for a run when the event's transaction
 *   commits (a TypeORM transaction subscriber; a rollback drops the request). If this instance is
 *   busy or dies first, the poll (every POLL_INTERVAL_MS, on every instance) finds the delivery.
 * - Claim: a statement per company takes its due rows `FOR UPDATE SKIP LOCKED`, counts the
 *   attempt and sets a lease (ATTEMPT_LEASE_MS, well over the 10 s timeout), committed before
 *   anything is sent.
 * - Fair share: each company has at most MAX_IN_FLIGHT_PER_COMPANY attempts in flight on this
 *   instance (MAX_IN_FLIGHT in all); a claim skips the companies at their share. A run does not
 *   wait for a whole batch: whenever an attempt ends, or a commit or the poll asks for a run,
 *   it claims again, so one company's slow endpoints never hold back another company's events. So across any number of instances one worker makes each attempt; one that
 *   dies holding a lease leaves the delivery to be taken over (as the next attempt) once the lease
 *   has passed.
 * - Send: POST the event JSON with the Standard Webhooks headers (`webhook-id` is the event id on
 *   every attempt), no redirect followed, 10 s for the whole answer; a 2xx is success.
 * - Record: SUCCEEDED, or the next attempt from the schedule, or FAILED when it is spent — only
 *   if the claim is still this worker's (same attempt number and lease).
 * Due times and leases follow the platform Clock (tests move it); the signature's timestamp is
 * always the wall clock, as receivers compare it with theirs.
 */
@Injectable()
export class DeliveryWorker implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private readonly pendingRuns = new WeakSet<QueryRunner>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private running: Promise<number> | null = null;
  private again = false;
  /** Attempts in flight on this instance, by company, and in all. */
  private readonly busy = new Map<string, number>();
  private inFlight = 0;
  /** Runs waiting for an attempt to end or for a new request (each resolves once). */
  private readonly waiting = new Set<() => void>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    @Inject(TALLY_CONFIG) private readonly config: TallyConfig,
    private readonly prometheus: PrometheusMetrics,
  ) {}

  onModuleInit(): void {
    this.prometheus.registerOutbox('webhook_deliveries', (now) => this.outboxDepth(now));
    const listener: EntitySubscriberInterface = {
      afterTransactionCommit: (event: TransactionCommitEvent) => {
        if (event.queryRunner.isTransactionActive) return; // a savepoint, not the commit
        if (!this.pendingRuns.has(event.queryRunner)) return;
        this.pendingRuns.delete(event.queryRunner);
        this.trigger(); // never awaited: the commit does not wait for the delivery
      },
      afterTransactionRollback: (event: TransactionRollbackEvent) => {
        if (!event.queryRunner.isTransactionActive) this.pendingRuns.delete(event.queryRunner);
      },
    };
    this.dataSource.subscribers.push(listener);
  }

  /** The deliveries waiting, every company's (one aggregate over the partial index of pending rows). */
  private async outboxDepth(now: Date): Promise<OutboxDepth> {
    const [row]: { pending: number; due: number; age: number }[] = await this.dataSource.query(
      `${crossCompany('outbox-depth')}SELECT count(*)::int AS pending,
              count(*) FILTER (WHERE next_attempt_at <= $1)::int AS due,
              COALESCE(EXTRACT(EPOCH FROM $1::timestamptz - min(next_attempt_at) FILTER (WHERE next_attempt_at <= $1)), 0)::float8 AS age
         FROM webhook_deliveries WHERE status = 'PENDING'`,
      [now],
    );
    return { pending: row.pending, due: row.due, oldestDueAgeSeconds: row.age };
  }

  onApplicationBootstrap(): void {
    if (!this.config.webhookDelivery) return;
    this.timer = setInterval(() => this.trigger(), POLL_INTERVAL_MS);
    this.timer.unref();
    this.trigger(); // what an earlier process left (a crash between commit and delivery)
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.settle();
  }

  /** Asks for a run once the transaction of `m` commits (right away outside a transaction). */
  runAfterCommit(m: EntityManager): void {
    if (!this.config.webhookDelivery || this.closed) return;
    const runner = m.queryRunner;
    if (runner && runner.isTransactionActive) this.pendingRuns.add(runner);
    else setImmediate(() => this.trigger());
  }

  /** Starts a run unless one goes on (then that one looks again when it ends). */
  private trigger(): void {
    if (this.closed || !this.config.webhookDelivery) return;
    if (this.running) {
      this.again = true;
      this.wakeWaiting(); // a run waiting on slow attempts claims what has just become due
      return;
    }
    this.running = (async () => {
      let total = 0;
      do {
        this.again = false;
        total += await this.runDue().catch((err: Error) => {
          this.logger.warn(`delivery run failed: ${err.message}`);
          return 0;
        });
      } while (this.again && !this.closed);
      return total;
    })().finally(() => (this.running = null));
  }

  /** Waits for the run in progress (tests; shutdown). */
  async settle(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * Makes every attempt due now (by the platform clock), within the per-company and total shares:
   * claims, starts the attempts, and claims again whenever one ends or a run is asked for, until
   * nothing more can be claimed and its attempts have ended. Returns the number of attempts made.
   * Public so tests (and a moved clock) can drive the schedule.
   */
  async runDue(): Promise<number> {
    let attempts = 0;
    const mine = new Set<Promise<void>>();
    for (;;) {
      if (!this.closed) {
        const claimed = await this.claim(this.clock.now());
        attempts += claimed.length;
        for (const c of claimed) {
          this.busy.set(c.company_id, (this.busy.get(c.company_id) ?? 0) + 1);
          this.inFlight++;
          const p: Promise<void> = this.attempt(c).finally(() => {
            const left = (this.busy.get(c.company_id) ?? 1) - 1;
            if (left > 0) this.busy.set(c.company_id, left);
            else this.busy.delete(c.company_id);
            this.inFlight--;
            mine.delete(p);
            this.wakeWaiting();
          });
          mine.add(p);
        }
        if (claimed.length > 0) continue; // there may be more: other companies, places left
      }
      if (mine.size === 0) return attempts;
      await new Promise<void>((resolve) => this.waiting.add(resolve));
    }
  }

  private wakeWaiting(): void {
    const waiting = [...this.waiting];
    this.waiting.clear();
    for (const resolve of waiting) resolve();
  }

  /**
   * Claims due deliveries (each claim committed at once): the attempt is counted and leased.
   * The companies with the oldest due deliveries first (one plain read across companies, leaving
   * out those at their share on this instance), then one statement per company for up to its
   * free share — rows locked `FOR UPDATE SKIP LOCKED`, so a row another worker is claiming is
   * skipped, and the lease keeps it out of every later claim. Each write names one company (a
   * statement routed to one shard when the tables are distributed by company).
   */
  private async claim(at: Date): Promise<Claimed[]> {
    const free = MAX_IN_FLIGHT - this.inFlight;
    if (free <= 0) return [];
    const full = [...this.busy].filter(([, n]) => n >= MAX_IN_FLIGHT_PER_COMPANY).map(([company]) => company);
    const companies: { company_id: string }[] = await this.dataSource.query(
      `${crossCompany('webhook-delivery')}SELECT company_id FROM webhook_deliveries
        WHERE status = 'PENDING' AND next_attempt_at <= $1 AND (lease_until IS NULL OR lease_until <= $1)
          AND NOT (company_id = ANY($3))
        GROUP BY company_id
        ORDER BY min(next_attempt_at), company_id
        LIMIT $2`,
      [at, free, full],
    );
    const lease = new Date(at.getTime() + ATTEMPT_LEASE_MS);
    const claimed: Claimed[] = [];
    for (const { company_id } of companies) {
      const share = Math.min(MAX_IN_FLIGHT_PER_COMPANY - (this.busy.get(company_id) ?? 0), free - claimed.length);
      if (share <= 0) continue;
      const result: unknown[] = await this.dataSource.query(
        // the CTE runs once: a subquery in FROM may be rescanned by the join, and each rescan
        // (ties in next_attempt_at, rows skipped as locked) can pick other rows, passing LIMIT
        `WITH due AS (
           SELECT id FROM webhook_deliveries
            WHERE company_id = $1 AND status = 'PENDING' AND next_attempt_at <= $2
              AND (lease_until IS NULL OR lease_until <= $2)
            ORDER BY next_attempt_at, id
            LIMIT $4
            FOR UPDATE SKIP LOCKED)
         UPDATE webhook_deliveries d
            SET attempts = d.attempts + 1, lease_until = $3, last_attempt_at = $2, updated_at = $2
           FROM due
          WHERE d.company_id = $1 AND d.id = due.id
        RETURNING d.company_id, d.id, d.attempts, d.lease_until`,
        [company_id, at, lease, share],
      );
      // pg answers RETURNING of an UPDATE as [rows, count]
      const rows = (Array.isArray(result[0]) ? result[0] : result) as Claimed[];
      claimed.push(...rows.map((r) => ({ ...r, lease_until: new Date(r.lease_until) })));
    }
    return claimed;
  }

  private async attempt(c: Claimed): Promise<void> {
    try {
      const [row]: Loaded[] = await this.dataSource.query(
        `SELECT e.url, e.status AS endpoint_status, e.secret, e.previous_secret, e.previous_secret_expires_at,
                ev.id AS event_id, ev.type AS event_type, ev.created_at AS event_created_at, ev.data AS event_data
           FROM webhook_deliveries d
           JOIN webhook_endpoints e ON e.company_id = d.company_id AND e.id = d.endpoint_id
           JOIN webhook_events ev ON ev.company_id = d.company_id AND ev.id = d.event_id
          WHERE d.company_id = $1 AND d.id = $2`,
        [c.company_id, c.id],
      );
      if (!row) return; // the endpoint was deleted meanwhile (its deliveries with it)
      if (row.endpoint_status !== 'ENABLED') {
        await this.record(c, { statusCode: null, error: 'not sent: the endpoint is DISABLED', durationMs: 0 }, 'FAILED', c.attempts - 1);
        return;
      }
      const body = JSON.stringify({
        id: row.event_id,
        type: row.event_type,
        // the hosted API's names for the same envelope: its type, and the kind of its object
        event_type: row.event_type,
        data_type: eventDataType(row.event_type),
        created_at: new Date(row.event_created_at).toISOString(),
        company_id: c.company_id,
        data: typeof row.event_data === 'string' ? JSON.parse(row.event_data) : row.event_data,
      });
      const secrets = signingSecrets(
        {
          secret: row.secret,
          previous_secret: row.previous_secret,
          previous_secret_expires_at: row.previous_secret_expires_at ? new Date(row.previous_secret_expires_at) : null,
        },
        this.clock.now(),
      );
      // wall-clock seconds: the receiver checks them against its own clock (replay protection)
      const headers = signedHeaders(secrets, row.event_id, Math.floor(Date.now() / 1000), body);
      const result = await postOnce(row.url, headers, body, {
        timeoutMs: ATTEMPT_TIMEOUT_MS,
        blockPrivate: this.config.webhookBlockPrivate,
        allowedHosts: this.config.webhookAllowedHosts,
      });
      const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
      await this.record(c, result, ok ? 'SUCCEEDED' : null, c.attempts);
    } catch (err) {
      this.logger.error(`delivery ${c.company_id}/${c.id}: ${(err as Error).message}`);
    }
  }

  /** Writes the attempt's outcome if the claim is still this worker's; `status` null = failed, per the schedule. */
  private async record(c: Claimed, result: AttemptResult, status: 'SUCCEEDED' | 'FAILED' | null, attempts: number): Promise<void> {
    const now = this.clock.now();
    const next = status === null ? nextAttemptAfterFailure(c.attempts, now) : null;
    const final = status ?? (next ? 'PENDING' : 'FAILED');
    await this.dataSource.query(
      `UPDATE webhook_deliveries
          SET status = $5, attempts = $6, next_attempt_at = $7, lease_until = NULL,
              last_status_code = $8, last_error = $9, last_duration_ms = $10, updated_at = $11
        WHERE company_id = $1 AND id = $2 AND attempts = $3 AND lease_until = $4`,
      [
        c.company_id,
        c.id,
        c.attempts,
        c.lease_until,
        final,
        attempts,
        next,
        result.statusCode,
        result.error ? result.error.slice(0, 1000) : null,
        result.durationMs,
        now,
      ],
    );
  }
}
