import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../platform/clock/clock';
import { crossCompany } from '../../platform/database/cross-company';
import { WebhookEventsService } from '../../webhooks/events/webhook-events.service';
import type { UsageThreshold } from '../../subscriptions/subscription.entity';
import { EngineLoader, Loaded } from './load';
import { planInput } from './run-inputs';
import type { UsageWindow } from './planner/state';
import { planThreshold, ThresholdInvoice } from './planner/usage-threshold';
import { EngineWriter } from './write';

/** Subscriptions checked per transaction. */
const BATCH = 100;

/**
 * Usage thresholds at an instant (docs/billing-rules.md#usage-thresholds): every subscription
 * with thresholds whose period's usage charges have crossed a new one gets its threshold invoice
 * (planner/usage-threshold.ts), written final through InvoiceWriter under a unique billing key,
 * and one `subscription.usage_threshold_exceeded` event per level crossed, in the invoice's
 * transaction: a level is invoiced and announced once, whatever the runs and instances.
 *
 * Run by every billing run, after the billing dates; ingest does nothing for it, so it costs
 * event ingestion nothing, and the subscriptions it looks at are those with thresholds only (a
 * partial index).
 */
@Injectable()
export class UsageThresholdService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly loader: EngineLoader,
    private readonly writer: EngineWriter,
    private readonly events: WebhookEventsService,
    private readonly clock: Clock,
  ) {}

  /** Checks the subscriptions with thresholds (of `companyIds` only, when given); the invoices written. */
  async run(at: Date, companyIds?: string[]): Promise<number> {
    if (companyIds?.length === 0) return 0;
    const params: unknown[] = [at];
    if (companyIds) params.push(companyIds);
    const rows: { company_id: string; id: string }[] = await this.dataSource.query(
      `${crossCompany('usage-thresholds')}SELECT company_id, id FROM subscriptions
       WHERE usage_thresholds IS NOT NULL AND (end_date IS NULL OR end_date > $1) ${companyIds ? 'AND company_id = ANY($2)' : ''}
       ORDER BY company_id, id`,
      params,
    );
    let created = 0;
    for (let i = 0; i < rows.length;) {
      const companyId = rows[i].company_id;
      const ids: string[] = [];
      while (i < rows.length && rows[i].company_id === companyId && ids.length < BATCH) ids.push(rows[i++].id);
      created += await this.dataSource.transaction((m) => this.check(m, companyId, ids, at));
    }
    return created;
  }

  /** The threshold invoices of some subscriptions of a company at `at`, in the caller's transaction (rows another run holds are passed over). */
  async check(m: EntityManager, companyId: string, ids: string[], at: Date): Promise<number> {
    const loaded = await this.loader.subscriptions(m, companyId, ids, { lock: true });
    const usage = new Map<string, string>();
    const due: { l: Loaded; planned: ThresholdInvoice }[] = [];
    for (const l of loaded) {
      const planned = l.sub.usage_thresholds?.length ? await this.plan(m, companyId, l, l.sub.usage_thresholds, at, usage) : null;
      if (planned) due.push({ l, planned });
    }
    if (due.length === 0) return 0;
    const now = this.clock.now();
    const subs = due.map(({ l, planned }) => ({ l, invoices: [planned.invoice], grace: 0, applyCredits: false }));
    const written = await this.writer.writeMany(m, companyId, subs, { at, now, oneTimes: [] });
    const events = due.flatMap(({ l, planned }, k) => {
      const invoice = written[k].created[0];
      if (!invoice) return [];
      return planned.levels.map((level) => ({
        companyId,
        type: 'subscription.usage_threshold_exceeded' as const,
        object: {
          id: l.sub.id,
          subscription_id: l.sub.id,
          customer_id: l.sub.customer_id,
          threshold: { currency: l.sub.currency, value_in_cents: level },
          usage: { currency: l.sub.currency, value_in_cents: planned.usage_cents },
          period_start: planned.invoice.period_start.toISOString(),
          exceeded_at: at.toISOString(),
          invoice_id: invoice.id,
        },
      }));
    });
    await this.events.recordMany(m, events);
    return written.reduce((n, w) => n + w.created.length, 0);
  }

  /** The threshold invoice of one subscription, with the usage it asks for loaded. */
  private async plan(m: EntityManager, companyId: string, l: Loaded, thresholds: UsageThreshold[], at: Date, usage: Map<string, string>) {
    for (let round = 0; ; round++) {
      const missing: UsageWindow[] = [];
      const planned = planThreshold(planInput(l, { oneTimes: [], usage }), thresholds, at, missing);
      if (missing.length === 0) return planned;
      if (round === 2) throw new Error(`the usage threshold plan of ${l.sub.id} still misses usage windows after loading them`);
      await this.loader.usage(m, companyId, missing, usage);
    }
  }
}
