import { Injectable } from '@nestjs/common';
import { groupBy } from '../../platform/collections';
import { EntityManager, In } from 'typeorm';
import { boundary, CancelTerms, chargeForPeriod, committedTermEnd, NO_CANCEL_TERMS, Term, unitPriceLine } from '../../billing-math';
import { effectivePhase } from '../../subscriptions/phases';
import { parseStoredOneTimeItem, storedCents } from '../../catalog/one-time-items';
import { UsageService } from '../../metrics/usage/usage.service';
import { billingDiscounts } from '../../subscriptions/discounts';
import { SubscriptionEntity, SubscriptionPhaseEntity } from '../../subscriptions/subscription.entity';
import { InvoiceKind, OneTimeBillableEntity } from '../invoicing.entity';
import type { LineDraft } from '../invoice-writer.service';
import { BillingCursorEntity } from './billing-cursor.entity';
import { CatalogLoader, CatalogSnapshot } from './catalog-loader';
import { EngineOneTimeItem, EnginePhase, EngineSubscription } from './model';
import { ExistingDoc, OneTimeCharge, usageKey, UsageWindow } from './walker';

/**
 * The billing engine's load stage: every read the walk needs (subscriptions, phases, catalog
 * prices, existing invoices, cursors, pending one-time charges, company settings and metered
 * usage), batched per call, and the adapters from stored rows to the walk's model.
 */

export const DEFAULT_GRACE_SECONDS = 3600;
export const ENGINE_KINDS: InvoiceKind[] = ['SUBSCRIPTION_PERIOD', 'SUBSCRIPTION_CHANGE', 'SUBSCRIPTION_CANCEL'];

/** Per-run caches (catalog prices and company settings), shared by the subscriptions of a run. */
export class RunContext {
  readonly catalogs = new Map<string, CatalogSnapshot>();
  readonly grace = new Map<string, number>();
}

/** One subscription as loaded for the walk. */
export interface Loaded {
  sub: SubscriptionEntity;
  engineSub: EngineSubscription;
  phases: EnginePhase[];
  catalog: CatalogSnapshot;
  /** Invoices written already, by `${kind}|${key}`. */
  existing: Map<string, ExistingDoc>;
  cursor: BillingCursorEntity | null;
  phaseRows: SubscriptionPhaseEntity[];
}

const money = storedCents;

/** Billing start of a trial without end (extend with end_date null): never, as far as any run looks. */
const NEVER = new Date('9999-12-31T00:00:00.000Z');

/** The instant billing starts: the first phase's anchor, moved with the trial end when it was the trial end. */
export function billingStart(sub: SubscriptionEntity, phases: SubscriptionPhaseEntity[]): Date {
  if (sub.trial && sub.trial_conversion_date === null) return NEVER;
  const first = [...phases].sort((a, b) => a.seq - b.seq)[0];
  let anchor = first ? first.billing_anchor_date : sub.billing_anchor_date;
  if (sub.trial && sub.trial_conversion_date && sub.trial_term) {
    const originalTrialEnd = boundary(sub.start_date, sub.trial_term as Term, 1);
    if (anchor.getTime() === originalTrialEnd.getTime()) anchor = sub.trial_conversion_date;
  }
  return anchor;
}

export function enginePhase(p: SubscriptionPhaseEntity, catalog: CatalogSnapshot): EnginePhase {
  return {
    seq: p.seq,
    event_seq: p.event_seq,
    starts_at: p.starts_at,
    superseded: p.superseded_by_event_seq !== null,
    change_kind: p.change_kind,
    proration_type: p.proration_type ?? 'NEXT',
    reset_billing_anchor: p.reset_billing_anchor,
    term: { count: p.billing_term_count, frequency: p.billing_term_frequency },
    prices: catalog.prices(p.product_pricing_ids),
    config_items: p.config_items,
    onetime_items: p.change_kind === 'CHANGE' ? engineOneTimeItems(changeOneTimeItems(p), catalog) : [],
  };
}

/** The stored one-time items a change phase carries (its change_config.onetime_items), [] for none. */
export function changeOneTimeItems(p: Pick<SubscriptionPhaseEntity, 'change_config'>): Record<string, unknown>[] {
  const items = p.change_config?.onetime_items;
  return Array.isArray(items) ? (items as Record<string, unknown>[]) : [];
}

/** Stored one-time items as the walk bills them (custom price per unit, or the pricing's prices). */
export function engineOneTimeItems(raw: Record<string, unknown>[], catalog: CatalogSnapshot): EngineOneTimeItem[] {
  return raw.map((r) => {
    const o = parseStoredOneTimeItem(r);
    const prices = o.product_pricing_id ? catalog.prices([o.product_pricing_id]) : [];
    return {
      name: o.custom_price?.description || (prices[0]?.name ?? 'One-time item'),
      quantity: String(o.aggregate),
      unit_price_cents: o.custom_price?.amount.value_in_cents ?? null,
      prices,
      product_pricing_id: o.product_pricing_id,
    };
  });
}

export function engineSubscription(
  sub: SubscriptionEntity,
  phases: SubscriptionPhaseEntity[],
  catalog: CatalogSnapshot,
): EngineSubscription {
  const onetime = engineOneTimeItems(sub.onetime_items ?? [], catalog);
  return {
    id: sub.id,
    customer_id: sub.customer_id,
    currency: sub.currency,
    start_date: sub.start_date,
    billing_start: billingStart(sub, phases),
    end_date: sub.end_date,
    cancel: cancelTerms(sub.cancel_config),
    committed_term_end: termEndOf(sub, phases, sub.end_date),
    discounts: billingDiscounts(sub.discounts),
    minimum_spend_cents: sub.minimum_spend_in_cents,
    due_days: sub.invoice_due_date_from_creation ?? 30,
    auto_charges: sub.auto_charges,
    onetime_items: onetime,
  };
}

/** The cancellation options the engine acts on, read from a stored (or simulated) cancel_config. */
export function cancelTerms(config: Record<string, unknown> | null | undefined): CancelTerms {
  if (!config) return NO_CANCEL_TERMS;
  const refund = config.refund_type;
  const custom = money(config.custom_refund_amount);
  return {
    refund_type: refund === 'PRORATED' || refund === 'CUSTOM' ? refund : 'NONE',
    custom_refund_cents: refund === 'CUSTOM' ? (custom ?? 0) : null,
    charge_remaining_balance: config.charge_remaining_balance === true,
    cancel_pending_invoices: config.cancel_pending_invoices === true,
  };
}

/** The end of the committed term (the subscription's `term`, stepped from start_date) that `end` falls in. */
export function termEndOf(sub: SubscriptionEntity, phases: SubscriptionPhaseEntity[], end: Date | null): Date | null {
  if (!end) return null;
  const phase = effectivePhase(phases, new Date(Math.max(end.getTime() - 1, sub.start_date.getTime())));
  if (!phase || phase.term_frequency === 'ONETIME') return null;
  return committedTermEnd(sub.start_date, { count: phase.term_count, frequency: phase.term_frequency }, end);
}

/** A stored one-time charge priced (custom price per unit × aggregate, or the pricing's price for the aggregate). */
export function oneTimeCharge(r: OneTimeBillableEntity, catalog: CatalogSnapshot): OneTimeCharge {
  const custom = r.custom_price as { amount?: unknown; description?: unknown } | null;
  const unit = custom ? money(custom.amount) : null;
  const name = typeof custom?.description === 'string' && custom.description ? custom.description : r.name;
  const lines: LineDraft[] = [];
  if (unit !== null) {
    lines.push({
      ...unitPriceLine({ name, quantity: r.aggregate, unit_price: unit, product_pricing_id: r.product_pricing_id }),
      one_time_id: r.id,
    });
  } else {
    for (const price of r.product_pricing_id ? catalog.prices([r.product_pricing_id]) : []) {
      const charge = chargeForPeriod(price.price.pricing, r.aggregate, { period_index: 0 });
      lines.push({
        ...unitPriceLine({
          name: r.name || price.name,
          quantity: '1',
          unit_price: charge.amount,
          product_pricing_id: price.product_pricing_id,
          item_id: price.item_id,
        }),
        quantity: r.aggregate,
        unit_price: charge.unit_price === null ? null : charge.unit_price.toString(),
        product_metric_pricing_id: price.product_metric_pricing_id,
        one_time_id: r.id,
      });
    }
  }
  return { id: r.id, created_at: r.created_at, lines };
}

@Injectable()
export class EngineLoader {
  constructor(
    private readonly catalogLoader: CatalogLoader,
    private readonly usageService: UsageService,
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
  async subscriptions(
    m: EntityManager,
    companyId: string,
    ids: string[],
    opts: {
      lock: boolean;
      waitForLock?: boolean;
      ctx?: RunContext;
      oneTimes?: OneTimeBillableEntity[];
      extraPricingIds?: string[];
      /** Only the subscriptions with work at this instant by their billing cursor (as a run picks them). */
      dueAt?: Date;
      /** At most this many, the first of `ids` in id order that can be had (a run's claim over a window of its list). */
      limit?: number;
    },
  ): Promise<Loaded[]> {
    if (ids.length === 0) return [];
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
    const subs = await qb.getMany();
    if (subs.length === 0) return [];
    const subIds = subs.map((x) => x.id);
    const allPhases = await m.find(SubscriptionPhaseEntity, { where: { company_id: companyId, subscription_id: In(subIds) } });
    // existing invoices, with the phase their advance lines billed (recorded in the lines' details)
    const invoices: {
      subscription_id: string;
      kind: InvoiceKind;
      billing_key: string;
      id: string;
      status: string;
      period_start: Date | null;
      period_end: Date | null;
      paid_cents: number;
      phase_seq: number | null;
    }[] = (
      await m.query(
        `SELECT i.subscription_id, i.kind, i.billing_key, i.id, i.status, i.period_start, i.period_end, i.paid_cents::int AS paid_cents,
           (SELECT (l.details->>'phase_seq')::int FROM invoice_lines l
             WHERE l.company_id = i.company_id AND l.invoice_id = i.id AND l.details ? 'phase_seq' ORDER BY l.position LIMIT 1) AS phase_seq
         FROM invoices i
         WHERE i.company_id = $1 AND i.subscription_id = ANY($2) AND i.kind = ANY($3)`,
        [companyId, subIds, ENGINE_KINDS],
      )
    ).map((r: { period_start: Date | string | null; period_end: Date | string | null; phase_seq: number | null }) => ({
      ...r,
      period_start: r.period_start === null ? null : new Date(r.period_start),
      period_end: r.period_end === null ? null : new Date(r.period_end),
    }));
    const cursors = await m.find(BillingCursorEntity, { where: { company_id: companyId, subscription_id: In(subIds) } });
    const onetimePricingIds = [...subs.flatMap((x) => x.onetime_items ?? []), ...allPhases.flatMap(changeOneTimeItems)]
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
      const existing = new Map(
        (invoicesOf.get(id) ?? []).map((i) => [
          `${i.kind}|${i.billing_key}`,
          {
            id: i.id,
            status: i.status,
            period_start: i.period_start,
            period_end: i.period_end,
            paid_cents: Number(i.paid_cents),
            phase_seq: i.phase_seq,
          },
        ]),
      );
      out.push({
        sub,
        engineSub: engineSubscription(sub, phaseRows, catalog),
        phases: phaseRows.map((p) => enginePhase(p, catalog)),
        catalog,
        existing,
        cursor: cursorOf.get(id) ?? null,
        phaseRows,
      });
    }
    return out;
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
      const key = usageKey(w.customer_id, w.price.metric_id, w.start, w.end);
      if (!w.price.metric) table.set(key, '0');
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
