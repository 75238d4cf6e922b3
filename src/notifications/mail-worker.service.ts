import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { TALLY_CONFIG, TallyConfig } from '../platform/config/config';
import { crossCompany } from '../platform/database/cross-company';
import { OutboxDepth, PrometheusMetrics } from '../platform/observability/prometheus-metrics';
import { OutboxClaim, OutboxLoop } from '../platform/outbox/outbox-loop';
import { OutboxCompanies } from '../platform/outbox/outbox-companies';
import { InvoicesRepository } from '../invoicing/invoicing.repository';
import { displayNumber } from '../invoicing/invoicing.mapper';
import { InvoiceDocuments } from '../invoice-pages/invoice-documents.service';
import { renderInvoicePdf } from '../invoice-pages/invoice-pdf';
import { WebhookEventsService } from '../webhooks/events/webhook-events.service';
import { NotificationsRepository } from './notifications.repository';
import { MailTransport, OutgoingMail } from './mail-transport';
import { toNotificationResponse } from './notifications.mapper';

/** How often every instance looks for due messages (retries; messages another instance did not take). */
export const MAIL_POLL_INTERVAL_MS = 2_000;
/** Messages one instance sends at once, all companies together. */
export const MAIL_MAX_IN_FLIGHT = 32;
/**
 * Messages of one company one instance sends at once. Every company goes through the same SMTP
 * server today, but a message's time is spent on its recipients' side too (slow greylisting
 * servers behind a relay, large attachments): a company with many slow messages holds only
 * this many places.
 */
export const MAIL_MAX_IN_FLIGHT_PER_COMPANY = 2;
/** How long a claimed message is held before another worker may take it over (the SMTP timeouts plus a margin). */
export const MAIL_LEASE_MS = 5 * 60_000;

/**
 * Waits after a failed attempt: attempt 1 fails → 1 min, then 5 min, 30 min, 2 h, 6 h, 12 h;
 * the 7th failed attempt (about 21 h after the first) marks the message FAILED.
 */
export const MAIL_RETRY_DELAYS_MS: readonly number[] = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000];

/** When the attempt after `attemptsMade` failed ones is due, or null when the schedule is spent. */
export function nextMailAttempt(attemptsMade: number, failedAt: Date): Date | null {
  const delay = MAIL_RETRY_DELAYS_MS[attemptsMade - 1];
  return delay === undefined ? null : new Date(failedAt.getTime() + delay);
}

/**
 * Sends the queued e-mail (`notifications` with status QUEUED) on the platform's OutboxLoop, on
 * every instance unless TALLY_MAIL_DELIVERY=off (the scheduler switch does not stop it, so an
 * API-only instance sends too). An attempt: the invoice PDF rendered (when attached), the
 * message handed to the transport, and the outcome written only while the claim is still this
 * worker's — SENT / SAVED, or the next attempt of the schedule, or FAILED with a
 * `notification.failed` webhook event in the same transaction once the schedule is spent.
 * With no transport at all the message is FAILED at once ("not sent"), without the event: a
 * setting of the service, not a failure of the company's mail.
 */
@Injectable()
export class MailWorker implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly loop: OutboxLoop;
  private readonly transport: MailTransport;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    @Inject(TALLY_CONFIG) private readonly config: TallyConfig,
    private readonly prometheus: PrometheusMetrics,
    private readonly notifications: NotificationsRepository,
    private readonly invoices: InvoicesRepository,
    private readonly events: WebhookEventsService,
    private readonly documents: InvoiceDocuments,
    companies: OutboxCompanies,
  ) {
    this.transport = new MailTransport(config);
    this.loop = new OutboxLoop(dataSource, clock, {
      name: 'mail delivery',
      table: 'notifications',
      pendingStatus: 'QUEUED',
      scan: 'mail-delivery',
      enabled: config.mailDelivery,
      leaseMs: MAIL_LEASE_MS,
      pollIntervalMs: MAIL_POLL_INTERVAL_MS,
      maxInFlight: MAIL_MAX_IN_FLIGHT,
      maxInFlightPerCompany: MAIL_MAX_IN_FLIGHT_PER_COMPANY,
      companies,
      attempt: (c) => this.attempt(c),
    });
  }

  onModuleInit(): void {
    this.prometheus.registerOutbox('notifications', (now) => this.outboxDepth(now));
    this.loop.install();
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.loop.stop();
    this.transport.close();
  }

  /** Asks for a run once the transaction of `m` commits. */
  runAfterCommit(m: EntityManager): void {
    this.loop.runAfterCommit(m);
  }

  /** Waits for the run in progress (tests; shutdown). */
  settle(): Promise<void> {
    return this.loop.settle();
  }

  /** Sends every message due now by the platform clock (tests move the clock and call it). */
  runDue(): Promise<number> {
    return this.loop.runDue();
  }

  private async outboxDepth(now: Date): Promise<OutboxDepth> {
    const [row]: { pending: number; due: number; age: number }[] = await this.dataSource.query(
      `${crossCompany('outbox-depth')}SELECT count(*)::int AS pending,
              count(*) FILTER (WHERE next_attempt_at <= $1)::int AS due,
              COALESCE(EXTRACT(EPOCH FROM $1::timestamptz - min(next_attempt_at) FILTER (WHERE next_attempt_at <= $1)), 0)::float8 AS age
         FROM notifications WHERE status = 'QUEUED'`,
      [now],
    );
    return { pending: row.pending, due: row.due, oldestDueAgeSeconds: row.age };
  }

  private async attempt(c: OutboxClaim): Promise<void> {
    const n = await this.notifications.findOne(c.company_id, { id: c.id });
    if (!n || n.status !== 'QUEUED') return;
    let outcome: Awaited<ReturnType<MailTransport['send']>>;
    try {
      const mail: OutgoingMail = {
        id: n.id,
        to: n.to_addresses,
        cc: n.cc_addresses,
        replyTo: n.reply_to,
        subject: n.subject,
        html: n.html_body,
        text: n.text_body,
        attachments: n.pdf_invoice_id ? await this.invoicePdf(c.company_id, n.pdf_invoice_id) : [],
      };
      outcome = await this.transport.send(mail);
    } catch (err) {
      await this.failed(c, describeError(err));
      return;
    }
    const now = this.clock.now();
    if (outcome === 'NO_TRANSPORT') {
      this.logger.warn(`e-mail ${c.company_id}/${c.id} not sent: set SMTP_URL (or TALLY_MAIL_DIR for .eml files)`);
      await this.write(c, { status: 'FAILED', last_error: 'not sent: no SMTP_URL or TALLY_MAIL_DIR is configured', now });
      return;
    }
    await this.write(c, { status: outcome, last_error: null, now, sent_at: now });
  }

  /** The invoice's PDF as the hosted page renders it (`invoice-{number}.pdf`), at the time of sending. */
  private async invoicePdf(companyId: string, invoiceId: string): Promise<OutgoingMail['attachments']> {
    const invoice = await this.invoices.findOne(companyId, { id: invoiceId });
    if (!invoice) return [];
    const pdf = await renderInvoicePdf(await this.documents.of(invoice, { now: this.clock.now() }));
    return [
      {
        filename: `invoice-${(displayNumber(invoice) ?? invoice.id).replace(/[^0-9A-Za-z._-]/g, '-')}.pdf`,
        content: pdf,
        contentType: 'application/pdf',
      },
    ];
  }

  private async failed(c: OutboxClaim, error: string): Promise<void> {
    const now = this.clock.now();
    const next = nextMailAttempt(c.attempts, now);
    this.logger.warn(`e-mail ${c.company_id}/${c.id} attempt ${c.attempts} failed: ${error}`);
    if (next) await this.write(c, { status: 'QUEUED', last_error: error, now, next_attempt_at: next });
    else await this.write(c, { status: 'FAILED', last_error: error, now, event: true });
  }

  /** Writes an attempt's outcome if the claim is still this worker's (same attempt and lease). */
  private async write(
    c: OutboxClaim,
    o: {
      status: 'QUEUED' | 'SENT' | 'SAVED' | 'FAILED';
      last_error: string | null;
      now: Date;
      sent_at?: Date;
      next_attempt_at?: Date;
      event?: boolean;
    },
  ): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const changed = await this.notifications.with(m).update(
        c.company_id,
        { id: c.id, attempts: c.attempts, lease_until: c.lease_until },
        {
          status: o.status,
          last_error: o.last_error ? o.last_error.slice(0, 1000) : null,
          next_attempt_at: o.next_attempt_at ?? null,
          lease_until: null,
          sent_at: o.sent_at ?? null,
          updated_at: o.now,
        },
      );
      if (changed === 0 || !o.event) return;
      const n = await this.notifications.with(m).findOne(c.company_id, { id: c.id });
      if (n) await this.events.record(m, c.company_id, 'notification.failed', toNotificationResponse(n));
    });
  }
}

/** An SMTP error as the log shows it: the server's answer when there was one. */
function describeError(err: unknown): string {
  const e = err as { responseCode?: number; response?: string; code?: string; message?: string };
  if (e.responseCode) return `the SMTP server answered ${e.response ?? e.responseCode}`;
  return `${e.code ? `${e.code}: ` : ''}${e.message ?? String(err)}`;
}
