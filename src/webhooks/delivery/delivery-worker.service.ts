import { eventDataType } from '../events/event-types';
import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { OutboxClaim, OutboxLoop } from '../../platform/outbox/outbox-loop';
import { OutboxCompanies } from '../../platform/outbox/outbox-companies';
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

type Claimed = OutboxClaim;

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
 * Claiming, leases, the poll and the per-company fair share are the platform's OutboxLoop
 * (src/platform/outbox/outbox-loop.ts), the one mechanism of every outbox of the service; this
 * worker is its webhook handler:
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
  private readonly loop: OutboxLoop;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    @Inject(TALLY_CONFIG) private readonly config: TallyConfig,
    private readonly prometheus: PrometheusMetrics,
    companies: OutboxCompanies,
  ) {
    this.loop = new OutboxLoop(dataSource, clock, {
      name: 'webhook delivery',
      table: 'webhook_deliveries',
      pendingStatus: 'PENDING',
      scan: 'webhook-delivery',
      enabled: config.webhookDelivery,
      leaseMs: ATTEMPT_LEASE_MS,
      pollIntervalMs: POLL_INTERVAL_MS,
      maxInFlight: MAX_IN_FLIGHT,
      maxInFlightPerCompany: MAX_IN_FLIGHT_PER_COMPANY,
      companies,
      attempt: (c) => this.attempt(c),
    });
  }

  onModuleInit(): void {
    this.prometheus.registerOutbox('webhook_deliveries', (now) => this.outboxDepth(now));
    this.loop.install();
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
    this.loop.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.loop.stop();
  }

  /** Asks for a run once the transaction of `m` commits (right away outside a transaction). */
  runAfterCommit(m: EntityManager): void {
    this.loop.runAfterCommit(m);
  }

  /** Waits for the run in progress (tests; shutdown). */
  settle(): Promise<void> {
    return this.loop.settle();
  }

  /**
   * Makes every attempt due now (by the platform clock), within the per-company and total
   * shares (OutboxLoop.runDue). Public so tests (and a moved clock) can drive the schedule.
   */
  runDue(): Promise<number> {
    return this.loop.runDue();
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
        // the reference's names for the same envelope: its type, and the kind of its object
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
