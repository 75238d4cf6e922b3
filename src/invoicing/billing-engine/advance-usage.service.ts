import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Clock } from '../../platform/clock/clock';
import type { BillableMetricEntity } from '../../metrics/billable-metric.entity';
import { AdvanceUsageBiller, MetricsHooks, StoredEvent } from '../../metrics/metrics.hooks';
import { EventAmountsService } from '../../metrics/usage/event-amounts.service';
import { answeringAmountErrors, checkInvoiceAmounts } from './amounts';
import { CreatedInvoices } from './created-invoices';
import { EngineLoader, Loaded } from './load';
import { payersOf } from './payers';
import { planInput } from './run-inputs';
import { AdvanceEvent, planAdvanceUsage } from './planner/advance-usage';
import type { PlannedInvoice, UsageWindow } from './planner/state';
import { EngineWriter } from './write';

type Values = Map<string, string | null>;

/**
 * Usage paid in advance (docs/billing-rules.md#usage-charged-as-events-arrive): fills metrics'
 * `advanceUsage` hook, which ingest calls in the transaction that stored the events. The events'
 * customers' subscriptions are locked (FOR UPDATE, in id order, waiting), so two batches of one
 * customer bill one after the other and each reads the usage the other committed; each event's
 * invoices are planned (planner/advance-usage.ts) and written final through InvoiceWriter under
 * the unique key (kind, subscription@price@event): taxes, number, ledger, `invoice.created` and
 * automatic charging as for every final invoice.
 */
@Injectable()
export class AdvanceUsageService implements AdvanceUsageBiller, OnModuleInit {
  constructor(
    private readonly hooks: MetricsHooks,
    private readonly loader: EngineLoader,
    private readonly writer: EngineWriter,
    private readonly amounts: EventAmountsService,
    private readonly clock: Clock,
    private readonly created: CreatedInvoices,
  ) {}

  onModuleInit(): void {
    this.hooks.fill('advanceUsage', this);
  }

  async billEvents(m: EntityManager, companyId: string, events: StoredEvent[], metrics: BillableMetricEntity[]): Promise<void> {
    const customers = [...new Set(events.map((e) => e.customer_id))];
    const rows: { id: string }[] = await m.query(
      'SELECT id FROM subscriptions WHERE company_id = $1 AND customer_id = ANY($2::text[]) ORDER BY id',
      [companyId, customers],
    );
    if (rows.length === 0) return;
    const loaded = await this.loader.subscriptions(
      m,
      companyId,
      rows.map((r) => r.id),
      { lock: true, waitForLock: true },
    );
    const values = await this.valuesOf(m, events, metrics);
    // who pays (a parent-billed subscription's parent), never rolled up: the invoice is final at once
    const { payers } = await payersOf(m, companyId, loaded);
    const now = this.clock.now();
    const usage = new Map<string, string>();
    const due: { l: Loaded; invoices: PlannedInvoice[]; grace: number; applyCredits: boolean; payer?: string }[] = [];
    for (const l of loaded) {
      const mine = events.filter((e) => e.customer_id === l.sub.customer_id);
      const invoices: PlannedInvoice[] = [];
      for (const [k, e] of mine.entries()) {
        const later = mine.slice(k + 1).filter((x) => x.item_id === e.item_id);
        const event: AdvanceEvent = {
          id: e.id,
          item_id: e.item_id,
          timestamp: new Date(e.timestamp),
          values: values.get(e.id) ?? new Map(),
          later: later.map((x) => ({ timestamp: new Date(x.timestamp), values: values.get(x.id) ?? new Map() })),
        };
        invoices.push(...(await this.plan(m, companyId, l, event, now, usage)));
      }
      if (invoices.length > 0) due.push({ l, invoices, grace: 0, applyCredits: false, payer: payers.get(l.sub.id) });
    }
    if (due.length > 0) await this.write(m, companyId, due, now);
  }

  /** Writes the invoices as the billing run writes its batch (CreatedInvoices: charges, events, numbers last). */
  private async write(m: EntityManager, companyId: string, due: Parameters<EngineWriter['writeMany']>[2], now: Date): Promise<void> {
    const written = await this.writer.writeMany(m, companyId, due, { at: now, now, oneTimes: [], deferNumbers: true });
    const created = written.flatMap((w) => w.created);
    if (created.length > 0) await this.created.close(m, companyId, created, now);
  }

  /** What each event adds to each metric (by event id, then metric id). */
  private async valuesOf(m: EntityManager, events: StoredEvent[], metrics: BillableMetricEntity[]): Promise<Map<string, Values>> {
    const out = new Map<string, Values>();
    for (const metric of metrics) {
      const of = events.filter((e) => e.item_id === metric.item_id);
      if (of.length === 0) continue;
      for (const [id, value] of await this.amounts.eventValues(m, metric, of)) {
        const byMetric = out.get(id) ?? new Map<string, string | null>();
        byMetric.set(metric.id, value);
        out.set(id, byMetric);
      }
    }
    return out;
  }

  /**
   * The in-advance invoices of one event for one subscription, with the usage they ask for
   * loaded. An amount out of range is the batch's 400 `amount_out_of_range`: its events are not
   * stored, as they could not be billed.
   */
  private plan(m: EntityManager, companyId: string, l: Loaded, event: AdvanceEvent, at: Date, usage: Map<string, string>) {
    return answeringAmountErrors(l.sub.id, async () => {
      const planned = await this.planWithUsage(m, companyId, l, event, at, usage);
      checkInvoiceAmounts(planned);
      return planned;
    });
  }

  private async planWithUsage(m: EntityManager, companyId: string, l: Loaded, event: AdvanceEvent, at: Date, usage: Map<string, string>) {
    for (let round = 0; ; round++) {
      const missing: UsageWindow[] = [];
      const planned = planAdvanceUsage(planInput(l, { oneTimes: [], usage }), event, at, missing);
      if (missing.length === 0) return planned;
      if (round === 2) throw new Error(`the in-advance usage plan of ${l.sub.id} still misses usage windows after loading them`);
      await this.loader.usage(m, companyId, missing, usage);
    }
  }
}
