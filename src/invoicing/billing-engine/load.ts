import { Injectable } from '@nestjs/common';
import { groupBy } from '../../platform/collections';
import { EntityManager, In } from 'typeorm';
import { parseStoredOneTimeItem } from '../../catalog/one-time-items';
import { UsageService } from '../../metrics/usage/usage.service';
import { SubscriptionEntity, SubscriptionPhaseEntity } from '../../subscriptions/subscription.entity';
import { InvoiceKind, OneTimeBillableEntity } from '../invoicing.entity';
import { changeOneTimeItems, enginePhase, engineSubscription } from './adapters';
import { BillingCursorEntity } from './billing-cursor.entity';
import { CatalogLoader, CatalogSnapshot } from './catalog-loader';
import { EnginePhase, EngineSubscription } from './model';
import { usageKey, UsageWindow, WrittenInvoice } from './planner/state';
import { usageVariant } from './planner/usage-detail';
import { UsageDetailLoader } from './usage-detail-loader';

export { billingStart, enginePhase, engineSubscription, oneTimeCharge } from './adapters';

/**
 * The billing engine's load stage: every read the planner needs (subscriptions, phases, catalog
 * prices, written invoices, cursors, pending one-time charges, company settings and metered
 * usage), batched per call; adapters.ts turns the rows into the planner's model.
 */

export const DEFAULT_GRACE_SECONDS = 3600;
export const ENGINE_KINDS: InvoiceKind[] = ['SUBSCRIPTION_PERIOD', 'SUBSCRIPTION_CHANGE', 'SUBSCRIPTION_CANCEL'];

/** Per-run caches (catalog prices and company settings), shared by the subscriptions of a run. */
export class RunContext {
  readonly catalogs = new Map<string, CatalogSnapshot>();
  readonly grace = new Map<string, number>();
}

/** One subscription as loaded for the planner. */
export interface Loaded {
  sub: SubscriptionEntity;
  engineSub: EngineSubscription;
  phases: EnginePhase[];
  catalog: CatalogSnapshot;
  /** Invoices written already, by `${kind}|${key}`. */
  written: Map<string, WrittenInvoice>;
  cursor: BillingCursorEntity | null;
  phaseRows: SubscriptionPhaseEntity[];
}

export interface LoadOptions {
  lock: boolean;
  waitForLock?: boolean;
  ctx?: RunContext;
  oneTimes?: OneTimeBillableEntity[];
  extraPricingIds?: string[];
  /** Only the subscriptions with work at this instant by their billing cursor (as a run picks them). */
  dueAt?: Date;
  /** At most this many, the first of `ids` in id order that can be had (a run's claim over a window of its list). */
  limit?: number;
}

interface WrittenRow extends WrittenInvoice {
  subscription_id: string;
  kind: InvoiceKind;
  billing_key: string;
}

/** The subscriptions' written invoices, with the phase their advance lines billed (recorded in the lines' details). */
async function writtenInvoices(m: EntityManager, companyId: string, subIds: string[]): Promise<WrittenRow[]> {
  const rows: (Omit<WrittenRow, 'period_start' | 'period_end'> & {
    period_start: Date | string | null;
    period_end: Date | string | null;
  })[] = await m.query(
    `SELECT i.subscription_id, i.kind, i.billing_key, i.id, i.status, i.period_start, i.period_end, i.paid_cents::int AS paid_cents,
         i.sub_total_cents::bigint::text AS sub_total_cents,
         (SELECT (l.details->>'phase_seq')::int FROM invoice_lines l
           WHERE l.company_id = i.company_id AND l.invoice_id = i.id AND l.details ? 'phase_seq' ORDER BY l.position LIMIT 1) AS phase_seq
       FROM invoices i
       WHERE i.company_id = $1 AND i.subscription_id = ANY($2) AND i.kind = ANY($3)`,
    [companyId, subIds, [...ENGINE_KINDS, 'USAGE_THRESHOLD']],
  );
  return rows.map((r) => ({
    ...r,
    period_start: r.period_start === null ? null : new Date(r.period_start),
    period_end: r.period_end === null ? null : new Date(r.period_end),
  }));
}

@Injectable()
export class EngineLoader {
  constructor(
    private readonly catalogLoader: CatalogLoader,
    private readonly usageService: UsageService,
    private readonly detail: UsageDetailLoader,
  ) {}

  /** The company's invoice grace period (seconds a usage invoice stays a draft after its date). */
  async graceSeconds(m: EntityManager, companyId: string, ctx?: RunContext): Promise<number> {
    const cached = ctx?.grace.get(companyId);
    if (cached !== undefined) return cached;
    const rows: { settings: Record<string, unknown> | null }[] = await m.query('SELECT settings FROM companies WHERE company_id = $1', [
      companyId,
    ]);
    const v = rows[0]?.settings?.invoice_grace_period_seconds;
    const grace = typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : DEFAULT_GRACE_SECONDS;
    ctx?.grace.set(companyId, grace);
    return grace;
  }

  /** The prices of the pricings (read once per company and run with a RunContext). */
  async catalog(m: EntityManager, companyId: string, pricingIds: string[], ctx?: RunContext): Promise<CatalogSnapshot> {
    let snap = ctx?.catalogs.get(companyId);
    if (!snap) {
      snap = new CatalogSnapshot(new Map());
      ctx?.catalogs.set(companyId, snap);
    }
    const missing = [...new Set(pricingIds)].filter((id) => !snap!.has(id));
    if (missing.length) snap.merge(await this.catalogLoader.load(m, companyId, missing));
    return snap;
  }

  /**
   * Loads several subscriptions of a company in a fixed number of queries (no N+1). With `lock`
   * the subscription rows are locked FOR UPDATE SKIP LOCKED (FOR UPDATE with `waitForLock`): the
   * ones another transaction holds are left out (with `limit`, the first that many in id order
   * that are free: a claim). The catalog holds the prices of every phase, of
   * the subscriptions' one-time items, of `oneTimes` and of `extraPricingIds`. Results keep the
   * order of `ids`.
   */
  async subscriptions(m: EntityManager, companyId: string, ids: string[], opts: LoadOptions): Promise<Loaded[]> {
    if (ids.length === 0) return [];
    const subs = await this.subscriptionRows(m, companyId, ids, opts);
    if (subs.length === 0) return [];
    const subIds = subs.map((x) => x.id);
    const allPhases = await m.find(SubscriptionPhaseEntity, { where: { company_id: companyId, subscription_id: In(subIds) } });
    const invoices = await writtenInvoices(m, companyId, subIds);
    const cursors = await m.find(BillingCursorEntity, { where: { company_id: companyId, subscription_id: In(subIds) } });
    const onetimePricingIds = subs
      .flatMap((x) => x.onetime_items ?? [])
      .concat(allPhases.flatMap(changeOneTimeItems))
      .map((o) => parseStoredOneTimeItem(o).product_pricing_id)
      .filter((x): x is string => x !== null);
    const chargePricingIds = (opts.oneTimes ?? []).map((o) => o.product_pricing_id).filter((x): x is string => !!x);
    const catalog = await this.catalog(
      m,
      companyId,
      [...allPhases.flatMap((p) => p.product_pricing_ids), ...onetimePricingIds, ...chargePricingIds, ...(opts.extraPricingIds ?? [])],
      opts.ctx,
    );
    const byId = new Map(subs.map((x) => [x.id, x]));
    // each subscription's rows looked up, not filtered from the batch's (a batch of 400 with years of invoices)
    const phasesOf = groupBy(allPhases, (p) => p.subscription_id);
    const invoicesOf = groupBy(invoices, (i) => i.subscription_id);
    const cursorOf = new Map(cursors.map((c) => [c.subscription_id, c]));
    const out: Loaded[] = [];
    for (const id of ids) {
      const sub = byId.get(id);
      if (!sub) continue;
      const phaseRows = phasesOf.get(id) ?? [];
      const written = new Map(
        (invoicesOf.get(id) ?? []).map((i) => [
          `${i.kind}|${i.billing_key}`,
          {
            id: i.id,
            status: i.status,
            period_start: i.period_start,
            period_end: i.period_end,
            paid_cents: Number(i.paid_cents),
            sub_total_cents: Number(i.sub_total_cents),
            phase_seq: i.phase_seq,
          },
        ]),
      );
      out.push({
        sub,
        engineSub: engineSubscription(sub, phaseRows, catalog),
        phases: phaseRows.map((p) => enginePhase(p, catalog, sub.billing_timezone)),
        catalog,
        written,
        cursor: cursorOf.get(id) ?? null,
        phaseRows,
      });
    }
    return out;
  }

  /** The subscription rows, locked as `opts` asks. */
  private subscriptionRows(m: EntityManager, companyId: string, ids: string[], opts: LoadOptions): Promise<SubscriptionEntity[]> {
    const qb = m.createQueryBuilder(SubscriptionEntity, 's').where('s.company_id = :companyId AND s.id = ANY(:ids)', { companyId, ids });
    // a subscription another run has brought to this instant since it was picked is left alone
    // (its row is not locked either): cheap for two instances running the same run
    if (opts.dueAt)
      qb.andWhere(
        `NOT EXISTS (SELECT 1 FROM billing_cursors c WHERE c.company_id = s.company_id AND c.subscription_id = s.id
           AND c.seen_updated_at = s.updated_at AND (c.next_work_at IS NULL OR c.next_work_at > :dueAt))`,
        { dueAt: opts.dueAt },
      );
    // locked in id order, so that transactions waiting for each other's rows cannot deadlock
    if (opts.lock) qb.setLock('pessimistic_write').orderBy('s.id', 'ASC');
    if (opts.lock && !opts.waitForLock) qb.setOnLocked('skip_locked');
    if (opts.limit !== undefined) qb.limit(opts.limit);
    return qb.getMany();
  }

  /** The customers' pending NEXT one-time charges, oldest first (locked FOR UPDATE SKIP LOCKED with `lock`). */
  async pendingOneTimes(m: EntityManager, companyId: string, customerIds: string[], lock: boolean): Promise<OneTimeBillableEntity[]> {
    if (customerIds.length === 0) return [];
    const qb = m
      .createQueryBuilder(OneTimeBillableEntity, 'o')
      .where("o.company_id = :companyId AND o.customer_id IN (:...customerIds) AND o.type = 'NEXT' AND o.state = 'PENDING'", {
        companyId,
        customerIds,
      })
      .orderBy('o.created_at', 'ASC')
      .addOrderBy('o.id', 'ASC');
    if (lock) qb.setLock('pessimistic_write').setOnLocked('skip_locked');
    return qb.getMany();
  }

  /** The one-time charges an invoice took, oldest first. */
  linkedOneTimes(m: EntityManager, companyId: string, invoiceId: string): Promise<OneTimeBillableEntity[]> {
    return m.find(OneTimeBillableEntity, {
      where: { company_id: companyId, invoice_id: invoiceId },
      order: { created_at: 'ASC', id: 'ASC' },
    });
  }

  /** The usage of the windows, in one batch, added to `table` (by usageKey). */
  async usage(m: EntityManager, companyId: string, windows: UsageWindow[], table: Map<string, string>): Promise<void> {
    const wanted = new Map<string, UsageWindow>();
    for (const w of windows) {
      const variant = usageVariant(w.price);
      const key = usageKey(w.customer_id, w.price.metric_id, w.start, w.end, variant);
      if (!w.price.metric) table.set(key, '0');
      else if (variant && !table.has(key)) table.set(key, await this.detail.load(m, companyId, variant, w));
      else if (!table.has(key)) wanted.set(key, w);
    }
    if (wanted.size === 0) return;
    const list = [...wanted.entries()];
    const values = await this.usageService.usageMany(
      companyId,
      list.map(([, w]) => ({ customerId: w.customer_id, metric: w.price.metric!, period: { start: w.start, end: w.end } })),
      { manager: m },
    );
    list.forEach(([key], i) => table.set(key, values[i]));
  }
}
