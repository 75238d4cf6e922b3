import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { boundary, chargeForPeriod, summarizeInvoice, Term, unitPriceLine } from '../../billing-math';
import { UsageService } from '../../metrics/usage/usage.service';
import { InvoicingHooks } from '../invoicing.hooks';
import { SubscriptionEntity, SubscriptionPhaseEntity } from '../../subscriptions/subscription.entities';
import { billingDiscounts } from '../../subscriptions/discounts';
import { displayPhase } from '../../subscriptions/phases';
import { nextInvoiceDate } from '../../subscriptions/subscription-dates';
import { dateInputs } from '../../subscriptions/subscription-state';
import { InvoiceEntity, InvoiceKind, InvoiceLineEntity, OneTimeBillableEntity } from '../invoicing.entities';
import { InvoiceDraft, InvoiceWriter, LineDraft } from '../invoice-writer.service';
import { BillingCursorEntity } from './billing-cursor.entity';
import { CatalogLoader, CatalogSnapshot, PlanPrice } from './catalog-loader';
import { DraftRecomputer } from './draft-recompute';
import { addDays, EngineOneTimeItem, EnginePhase, EngineSubscription } from './model';
import { BillingPoint, ComputedDoc, ExistingDoc, walkSubscription, WalkDeps, WalkResult } from './walker';

export const DEFAULT_GRACE_SECONDS = 3600;
const ENGINE_KINDS: InvoiceKind[] = ['SUBSCRIPTION_PERIOD', 'SUBSCRIPTION_CHANGE', 'SUBSCRIPTION_CANCEL'];

/** Per-run caches (catalog prices and company settings), shared by the subscriptions of a run. */
export class RunContext {
  readonly catalogs = new Map<string, CatalogSnapshot>();
  readonly grace = new Map<string, number>();
}

/** What a preview adds to the stored subscription (a change or a cancellation not made). */
export interface Simulation {
  phase?: SubscriptionPhaseEntity;
  /** seq of a pending phase the simulated change supersedes */
  supersede?: number;
  end?: { end_date: Date; refund_type: 'PRORATED' | 'NONE' };
  /** What the simulated change does to the subscription row besides the phase (discounts, minimum spend, one-time items, ...). */
  row?: Partial<SubscriptionEntity>;
}

export interface ProcessResult {
  processed: boolean;
  created: InvoiceEntity[];
  finalized: number;
  /** More invoices are due at the run's instant than `maxInvoices` allowed: process it again. */
  more?: boolean;
}

/**
 * A catch-up cut to at most `max` invoices, at a date boundary (the invoices of one instant —
 * a change and a billing date — are written together): the docs to write, and the instant of
 * the first doc left for the next transaction (null when nothing is left).
 */
export function cutCatchUp<D extends { date: Date }>(docs: D[], max: number): { keep: D[]; resumeAt: Date | null } {
  if (docs.length <= max) return { keep: docs, resumeAt: null };
  let resume = docs[max].date;
  let keep = docs.filter((d) => d.date.getTime() < resume.getTime());
  if (keep.length === 0) {
    // more than `max` docs at the first instant: that instant whole, then stop
    keep = docs.filter((d) => d.date.getTime() === docs[0].date.getTime());
    const after = docs.find((d) => d.date.getTime() > docs[0].date.getTime());
    if (!after) return { keep, resumeAt: null };
    resume = after.date;
  }
  return { keep, resumeAt: resume };
}

interface Loaded {
  sub: SubscriptionEntity;
  engineSub: EngineSubscription;
  phases: EnginePhase[];
  catalog: CatalogSnapshot;
  existing: Map<string, ExistingDoc>;
  cursor: BillingCursorEntity | null;
  phaseRows: SubscriptionPhaseEntity[];
}

interface OneTimeRow {
  row: OneTimeBillableEntity;
  taken: boolean;
}

const money = (v: unknown): number | null => {
  if (typeof v === 'number') return v;
  if (v && typeof v === 'object' && typeof (v as { value_in_cents?: unknown }).value_in_cents === 'number')
    return (v as { value_in_cents: number }).value_in_cents;
  return null;
};

/**
 * The billing engine: for one subscription, in the caller's transaction, computes the invoices
 * the rules call for (walker.ts) and writes the missing ones through InvoiceWriter; recomputes
 * usage drafts before finalization; previews the next invoice without writing.
 */
@Injectable()
export class InvoiceGenerator extends DraftRecomputer {
  constructor(
    private readonly writer: InvoiceWriter,
    private readonly catalogLoader: CatalogLoader,
    private readonly usageService: UsageService,
    private readonly hooks: InvoicingHooks,
  ) {
    super();
  }

  // ------------------------------------------------------------------ loading

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

  private async catalogFor(m: EntityManager, companyId: string, pricingIds: string[], ctx?: RunContext): Promise<CatalogSnapshot> {
    let snap = ctx?.catalogs.get(companyId);
    if (!snap) {
      snap = new CatalogSnapshot(new Map());
      ctx?.catalogs.set(companyId, snap);
    }
    const missing = [...new Set(pricingIds)].filter((id) => !snap!.has(id));
    if (missing.length) snap.merge(await this.catalogLoader.load(m, companyId, missing));
    return snap;
  }

  /** Loads everything the walk needs for one subscription (null when it does not exist, or is locked by another run with `lock`). */
  private async load(
    m: EntityManager,
    companyId: string,
    subscriptionId: string,
    opts: { lock: boolean; ctx?: RunContext; simulate?: Simulation },
  ): Promise<Loaded | null> {
    const loaded = await this.loadMany(m, companyId, [subscriptionId], opts);
    return loaded[0] ?? null;
  }

  /**
   * Loads several subscriptions of a company in a fixed number of queries (no N+1). With `lock`
   * the subscription rows are locked FOR UPDATE SKIP LOCKED: the ones another transaction holds
   * are left out. Results keep the order of `ids`.
   */
  private async loadMany(
    m: EntityManager,
    companyId: string,
    ids: string[],
    opts: { lock: boolean; waitForLock?: boolean; ctx?: RunContext; simulate?: Simulation },
  ): Promise<Loaded[]> {
    if (ids.length === 0) return [];
    const qb = m.createQueryBuilder(SubscriptionEntity, 's').where('s.company_id = :companyId AND s.id IN (:...ids)', { companyId, ids });
    if (opts.lock) qb.setLock('pessimistic_write');
    if (opts.lock && !opts.waitForLock) qb.setOnLocked('skip_locked');
    const subs = (await qb.getMany()).map((x) => (opts.simulate?.row ? { ...x, ...opts.simulate.row } : x));
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
      phase_seq: number | null;
    }[] = (
      await m.query(
        `SELECT i.subscription_id, i.kind, i.billing_key, i.id, i.status, i.period_start, i.period_end,
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
    const onetimePricingIds = subs
      .flatMap((x) => (x.onetime_items ?? []).map((o) => o.product_pricing_id))
      .filter((x): x is string => typeof x === 'string');
    const extra = opts.simulate?.phase ? opts.simulate.phase.product_pricing_ids : [];
    const catalog = await this.catalogFor(
      m,
      companyId,
      [...allPhases.flatMap((p) => p.product_pricing_ids), ...onetimePricingIds, ...extra],
      opts.ctx,
    );
    const byId = new Map(subs.map((x) => [x.id, x]));
    const out: Loaded[] = [];
    for (const id of ids) {
      const sub = byId.get(id);
      if (!sub) continue;
      const phaseRows = allPhases.filter((p) => p.subscription_id === id);
      if (opts.simulate?.supersede !== undefined) {
        const i = phaseRows.findIndex((p) => p.seq === opts.simulate!.supersede);
        if (i >= 0) phaseRows[i] = { ...phaseRows[i], superseded_by_event_seq: opts.simulate.phase?.event_seq ?? 0 };
      }
      if (opts.simulate?.phase) phaseRows.push(opts.simulate.phase);
      const existing = new Map(
        invoices
          .filter((i) => i.subscription_id === id)
          .map((i) => [
            `${i.kind}|${i.billing_key}`,
            { id: i.id, status: i.status, period_start: i.period_start, period_end: i.period_end, phase_seq: i.phase_seq },
          ]),
      );
      out.push({
        sub,
        engineSub: this.engineSubscription(sub, phaseRows, catalog, opts.simulate),
        phases: phaseRows.map((p) => this.enginePhase(p, catalog)),
        catalog,
        existing,
        cursor: cursors.find((c) => c.subscription_id === id) ?? null,
        phaseRows,
      });
    }
    return out;
  }

  private enginePhase(p: SubscriptionPhaseEntity, catalog: CatalogSnapshot): EnginePhase {
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
    };
  }

  /** The instant billing starts: the first phase's anchor, moved with the trial end when it was the trial end. */
  static billingStart(sub: SubscriptionEntity, phases: SubscriptionPhaseEntity[]): Date {
    const first = [...phases].sort((a, b) => a.seq - b.seq)[0];
    let anchor = first ? first.billing_anchor_date : sub.billing_anchor_date;
    if (sub.trial && sub.trial_conversion_date && sub.trial_term) {
      const originalTrialEnd = boundary(sub.start_date, sub.trial_term as Term, 1);
      if (anchor.getTime() === originalTrialEnd.getTime()) anchor = sub.trial_conversion_date;
    }
    return anchor;
  }

  private engineSubscription(
    sub: SubscriptionEntity,
    phases: SubscriptionPhaseEntity[],
    catalog: CatalogSnapshot,
    simulate?: Simulation,
  ): EngineSubscription {
    const cancel = (sub.cancel_config ?? {}) as { refund_type?: unknown };
    const onetime: EngineOneTimeItem[] = (sub.onetime_items ?? []).map((o) => {
      const custom = o.custom_price as { amount?: unknown; description?: unknown } | null;
      const pricingId = typeof o.product_pricing_id === 'string' ? o.product_pricing_id : null;
      const prices = pricingId ? catalog.prices([pricingId]) : [];
      return {
        name: typeof custom?.description === 'string' && custom.description ? custom.description : (prices[0]?.name ?? 'One-time item'),
        quantity: String(o.aggregate ?? 1),
        unit_price_cents: custom ? money(custom.amount) : null,
        prices,
        product_pricing_id: pricingId,
      };
    });
    return {
      id: sub.id,
      customer_id: sub.customer_id,
      currency: sub.currency,
      start_date: sub.start_date,
      billing_start: InvoiceGenerator.billingStart(sub, phases),
      end_date: simulate?.end ? simulate.end.end_date : sub.end_date,
      refund_type: simulate?.end ? simulate.end.refund_type : cancel.refund_type === 'PRORATED' ? 'PRORATED' : 'NONE',
      discounts: billingDiscounts(sub.discounts),
      minimum_spend_cents: sub.minimum_spend_in_cents,
      due_days: sub.invoice_due_date_from_creation ?? 30,
      auto_charges: sub.auto_charges,
      onetime_items: onetime,
    };
  }

  // ------------------------------------------------------------------ walk dependencies

  private deps(
    m: EntityManager,
    companyId: string,
    l: Loaded,
    oneTimes: (point: BillingPoint) => Promise<LineDraft[]>,
    emptyThrough: Date | null,
  ): WalkDeps {
    return {
      existing: (kind, key) => l.existing.get(`${kind}|${key}`),
      emptyThrough,
      usage: async (price: PlanPrice, start: Date, end: Date) => {
        if (!price.metric) return '0';
        const r = await this.usageService.usage(companyId, l.sub.customer_id, price.metric, { start, end }, undefined, { manager: m });
        return r.value;
      },
      oneTimes,
    };
  }

  /** Lines of one-time charges (custom price per unit × aggregate, or the pricing's price for the aggregate). */
  private async oneTimeLines(m: EntityManager, companyId: string, rows: OneTimeBillableEntity[], ctx?: RunContext): Promise<LineDraft[]> {
    const pricingIds = rows.map((r) => r.product_pricing_id).filter((x): x is string => !!x);
    const catalog = pricingIds.length ? await this.catalogFor(m, companyId, pricingIds, ctx) : null;
    const out: LineDraft[] = [];
    for (const r of rows) {
      const custom = r.custom_price as { amount?: unknown; description?: unknown } | null;
      const unit = custom ? money(custom.amount) : null;
      const name = typeof custom?.description === 'string' && custom.description ? custom.description : r.name;
      if (unit !== null) {
        out.push({
          ...unitPriceLine({ name, quantity: r.aggregate, unit_price: unit, product_pricing_id: r.product_pricing_id }),
          one_time_id: r.id,
        });
        continue;
      }
      for (const price of catalog?.prices([r.product_pricing_id!]) ?? []) {
        const charge = chargeForPeriod(price.price.pricing, r.aggregate, { period_index: 0 });
        out.push({
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
    return out;
  }

  private async pendingOneTimes(
    m: EntityManager,
    companyId: string,
    customerIds: string[],
    lock: boolean,
  ): Promise<OneTimeBillableEntity[]> {
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

  /** A taker of pending one-times: each goes on the first invoice dated at or after its creation. */
  private oneTimeTaker(m: EntityManager, companyId: string, rows: OneTimeBillableEntity[], ctx?: RunContext) {
    const list: OneTimeRow[] = rows.map((row) => ({ row, taken: false }));
    return async (point: BillingPoint): Promise<LineDraft[]> => {
      if (point.type === 'CHANGE' && !point.seg.change?.reset) return [];
      const due = list.filter((o) => !o.taken && o.row.created_at.getTime() <= point.date.getTime());
      due.forEach((o) => (o.taken = true));
      return due.length
        ? this.oneTimeLines(
            m,
            companyId,
            due.map((o) => o.row),
            ctx,
          )
        : [];
    };
  }

  private draftOf(l: Loaded, doc: ComputedDoc, grace: number, at: Date): InvoiceDraft {
    const finalizeAfter = doc.has_usage ? new Date(doc.date.getTime() + grace * 1000) : null;
    const draft = finalizeAfter !== null && finalizeAfter.getTime() > at.getTime();
    return {
      kind: doc.kind,
      billing_key: doc.key,
      customer_id: l.sub.customer_id,
      subscription_id: l.sub.id,
      currency: l.sub.currency,
      status: draft ? 'DRAFT' : 'PENDING',
      name: null,
      invoice_date: doc.date,
      period_start: doc.period_start,
      period_end: doc.period_end,
      due_date: addDays(doc.date, l.engineSub.due_days),
      finalize_after: finalizeAfter,
      auto_charges: l.sub.auto_charges,
      lines: doc.lines,
      discounts: l.engineSub.discounts,
    };
  }

  // ------------------------------------------------------------------ the work

  /**
   * Writes every invoice of the subscription due at `at` (in the caller's transaction, the
   * subscription row locked with SKIP LOCKED: `processed` false when another run holds it),
   * and keeps its next_invoice_date and billing cursor in step. With deferNumbers the caller
   * numbers the invoices with InvoiceWriter.assignNumbers before committing.
   */
  async process(
    m: EntityManager,
    companyId: string,
    subscriptionId: string,
    at: Date,
    now: Date,
    ctx?: RunContext,
    options: { deferNumbers?: boolean } = {},
  ): Promise<ProcessResult> {
    const [r] = await this.processMany(m, companyId, [subscriptionId], at, now, ctx, options);
    return r;
  }

  /** `process` for several subscriptions of one company in the caller's transaction (batched reads and position writes). */
  async processMany(
    m: EntityManager,
    companyId: string,
    ids: string[],
    at: Date,
    now: Date,
    ctx?: RunContext,
    options: { deferNumbers?: boolean; waitForLock?: boolean; maxInvoices?: number } = {},
  ): Promise<ProcessResult[]> {
    const loaded = await this.loadMany(m, companyId, ids, { lock: true, waitForLock: options.waitForLock, ctx });
    const byId = new Map(loaded.map((l) => [l.sub.id, l]));
    const customerIds = [...new Set(loaded.map((l) => l.sub.customer_id))];
    const oneTimes = await this.pendingOneTimes(m, companyId, customerIds, true);
    // customers with usable credits (invoices written final take them at once, like a finalization)
    const withCredits =
      customerIds.length === 0 ? new Set<string>() : await this.hooks.credits.customersWithCredits(m, companyId, customerIds, now);
    const positions: { l: Loaded; walk: WalkResult; sameSub: boolean; resumeAt: Date | null }[] = [];
    // invoices this transaction may still write; past it, each further subscription writes only its first due instant
    let budget = options.maxInvoices ?? Infinity;
    const results: ProcessResult[] = [];
    for (const id of ids) {
      const l = byId.get(id);
      if (!l) {
        results.push({ processed: false, created: [], finalized: 0 });
        continue;
      }
      const sameSub = l.cursor !== null && l.cursor.seen_updated_at.getTime() === l.sub.updated_at.getTime();
      const emptyThrough = sameSub ? l.cursor!.processed_through : null;
      const mine = oneTimes.filter(
        (o) =>
          o.state === 'PENDING' && o.customer_id === l.sub.customer_id && (o.subscription_id === null || o.subscription_id === l.sub.id),
      );
      const cap = Math.max(1, budget);
      const walk = await walkSubscription(
        l.engineSub,
        l.phases,
        this.deps(m, companyId, l, this.oneTimeTaker(m, companyId, mine, ctx), emptyThrough),
        {
          mode: 'write',
          until: at,
          stopAfterDocs: Number.isFinite(cap) ? cap : undefined,
        },
      );
      // a long catch-up (a back-dated start) is written in bounded transactions: the cursor records
      // where this one stopped, the next one starts there
      const { keep, resumeAt } = cutCatchUp(walk.docs, cap);
      walk.docs = keep;
      budget -= keep.length;
      const grace = walk.docs.some((d) => d.has_usage) ? await this.graceSeconds(m, companyId, ctx) : DEFAULT_GRACE_SECONDS;
      const created: InvoiceEntity[] = [];
      let finalized = 0;
      for (const doc of walk.docs) {
        // written final: the ledger opens it (credits, PAID at once when nothing is due)
        const res = await this.writer.create(m, companyId, this.draftOf(l, doc, grace, at), now, {
          deferNumber: options.deferNumbers,
          skipExistingCheck: true,
          applyCredits: withCredits.has(l.sub.customer_id),
        });
        if (!res) continue;
        const inv = res.invoice;
        const oneTimeIds = [...new Set(doc.lines.map((x) => x.one_time_id).filter((x): x is string => !!x))];
        if (oneTimeIds.length) {
          await m.update(
            OneTimeBillableEntity,
            { company_id: companyId, id: In(oneTimeIds), state: 'PENDING' },
            { state: 'INVOICED', invoice_id: inv.id, updated_at: now },
          );
          for (const o of oneTimes) if (oneTimeIds.includes(o.id)) o.state = 'INVOICED';
        }
        if (inv.status !== 'DRAFT') finalized++;
        created.push(inv);
      }
      positions.push({ l, walk, sameSub, resumeAt });
      results.push({ processed: true, created, finalized, more: resumeAt !== null });
    }
    await this.savePositions(m, companyId, positions, at, now);
    return results;
  }

  /** Stores, for each processed subscription, its next_invoice_date and billing cursor (two statements for all). */
  private async savePositions(
    m: EntityManager,
    companyId: string,
    positions: { l: Loaded; walk: WalkResult; sameSub: boolean; resumeAt: Date | null }[],
    at: Date,
    now: Date,
  ): Promise<void> {
    if (positions.length === 0) return;
    const dates: { id: string; next: Date | null }[] = [];
    for (const { l, walk } of positions) {
      // what the subscription shows (subscription-state.ts): the next billing date by the clock,
      // or the one after it when the engine has invoiced that one already
      const phase = displayPhase(l.phaseRows, now);
      const computed = phase ? nextInvoiceDate(dateInputs(l.sub, phase), now) : null;
      const next =
        computed && walk.next_invoice_date && walk.next_invoice_date.getTime() > computed.getTime() ? walk.next_invoice_date : computed;
      if (next?.getTime() !== l.sub.next_invoice_date?.getTime()) dates.push({ id: l.sub.id, next });
    }
    if (dates.length) {
      await m.query(
        `UPDATE subscriptions s SET next_invoice_date = v.next
         FROM unnest($2::text[], $3::timestamptz[]) AS v(id, next)
         WHERE s.company_id = $1 AND s.id = v.id`,
        [companyId, dates.map((d) => d.id), dates.map((d) => d.next)],
      );
    }
    await m.query(
      `INSERT INTO billing_cursors (company_id, subscription_id, next_work_at, processed_through, seen_updated_at, created_at, updated_at)
       SELECT $1, v.id, v.next_work_at, v.through, v.seen, $5, $5
       FROM unnest($2::text[], $3::timestamptz[], $4::timestamptz[], $6::timestamptz[]) AS v(id, next_work_at, through, seen)
       ON CONFLICT (company_id, subscription_id) DO UPDATE SET next_work_at = EXCLUDED.next_work_at, processed_through = EXCLUDED.processed_through,
         seen_updated_at = EXCLUDED.seen_updated_at, updated_at = EXCLUDED.updated_at`,
      [
        companyId,
        positions.map((p) => p.l.sub.id),
        // a cut catch-up: work is due again at once, and every point before the first doc left was computed
        positions.map((p) => p.resumeAt ?? p.walk.next_work_at),
        positions.map((p) => {
          if (p.resumeAt) return new Date(p.resumeAt.getTime() - 1);
          return p.sameSub && p.l.cursor && p.l.cursor.processed_through.getTime() > at.getTime() ? p.l.cursor.processed_through : at;
        }),
        now,
        positions.map((p) => p.l.sub.updated_at),
      ],
    );
  }

  /** DraftRecomputer: recomputes a usage draft from the subscription's history (late events count) and rewrites its lines and totals. */
  async recompute(m: EntityManager, companyId: string, invoice: InvoiceEntity, now: Date): Promise<InvoiceEntity> {
    if (!invoice.subscription_id || !ENGINE_KINDS.includes(invoice.kind)) return invoice;
    const l = await this.load(m, companyId, invoice.subscription_id, { lock: false });
    if (!l) return invoice;
    const linked = await m.find(OneTimeBillableEntity, {
      where: { company_id: companyId, invoice_id: invoice.id },
      order: { created_at: 'ASC', id: 'ASC' },
    });
    const walk = await walkSubscription(
      l.engineSub,
      l.phases,
      this.deps(m, companyId, l, async (point) => (point.key === invoice.billing_key ? this.oneTimeLines(m, companyId, linked) : []), null),
      { mode: 'recompute', targetKey: invoice.billing_key },
    );
    const doc = walk.docs[0];
    if (!doc) return invoice;
    const totals = summarizeInvoice({ lines: doc.lines, invoice_date: invoice.invoice_date, discounts: l.engineSub.discounts });
    await m.delete(InvoiceLineEntity, { company_id: companyId, invoice_id: invoice.id });
    const rows: InvoiceLineEntity[] = totals.lines.map((line, position) => {
      const d = line as LineDraft;
      return {
        company_id: companyId,
        invoice_id: invoice.id,
        position,
        kind: line.kind,
        name: line.name,
        product_pricing_id: line.product_pricing_id,
        product_metric_pricing_id: d.product_metric_pricing_id ?? null,
        item_id: line.item_id,
        one_time_id: d.one_time_id ?? null,
        period_start: line.period_start,
        period_end: line.period_end,
        quantity: line.quantity,
        unit_price: line.unit_price,
        amount_cents: line.amount_cents,
        prorated: line.prorated,
        details: d.details ?? null,
      };
    });
    if (rows.length) await m.insert(InvoiceLineEntity, rows as never);
    const total = totals.total_cents - invoice.credits_applied_cents;
    const patch: Partial<InvoiceEntity> = {
      sub_total_cents: totals.sub_total_cents,
      discount_cents: totals.discount_cents,
      total_cents: total,
      due_cents: Math.max(0, total - invoice.paid_cents),
      prorated_amount_cents: totals.prorated_amount_cents,
      updated_at: now,
    };
    await m.update(InvoiceEntity, { company_id: companyId, id: invoice.id }, patch as never);
    return { ...invoice, ...patch };
  }

  /**
   * The next invoice of the subscription (the first one not written yet), computed without
   * writing anything: an unsaved invoice entity and its lines, or null when there is none.
   */
  async preview(
    m: EntityManager,
    companyId: string,
    subscriptionId: string,
    now: Date,
    simulate?: Simulation,
  ): Promise<{ invoice: InvoiceEntity; lines: InvoiceLineEntity[] } | null> {
    const l = await this.load(m, companyId, subscriptionId, { lock: false, simulate });
    if (!l) return null;
    const pending = (await this.pendingOneTimes(m, companyId, [l.sub.customer_id], false)).filter(
      (o) => o.subscription_id === null || o.subscription_id === l.sub.id,
    );
    const walk = await walkSubscription(l.engineSub, l.phases, this.deps(m, companyId, l, this.oneTimeTaker(m, companyId, pending), null), {
      mode: 'preview',
      maxPoints: 5000,
    });
    const doc = walk.docs[0];
    if (!doc) return null;
    const grace = await this.graceSeconds(m, companyId);
    const draft = this.draftOf(l, doc, grace, now);
    const totals = summarizeInvoice({ lines: draft.lines, invoice_date: draft.invoice_date, discounts: draft.discounts ?? [] });
    const invoice: InvoiceEntity = {
      company_id: companyId,
      id: null as unknown as string,
      uuid: null as unknown as string,
      number: null as unknown as number,
      kind: draft.kind,
      billing_key: draft.billing_key,
      customer_id: draft.customer_id,
      billed_customer_id: draft.customer_id,
      subscription_id: draft.subscription_id,
      currency: draft.currency,
      status: 'DRAFT',
      name: null,
      invoice_date: draft.invoice_date,
      period_start: draft.period_start,
      period_end: draft.period_end,
      due_date: draft.due_date,
      paid_date: null,
      finalized_at: null,
      finalize_after: draft.finalize_after,
      voided_at: null,
      sub_total_cents: totals.sub_total_cents,
      discount_cents: totals.discount_cents,
      credits_applied_cents: 0,
      total_cents: totals.total_cents,
      paid_cents: 0,
      due_cents: Math.max(0, totals.total_cents),
      prorated_amount_cents: totals.prorated_amount_cents,
      auto_charges: draft.auto_charges,
      metadata: {},
      notes: null,
      payment_instructions: null,
      created_at: now,
      updated_at: now,
    };
    const lines: InvoiceLineEntity[] = totals.lines.map((line, position) => ({
      company_id: companyId,
      invoice_id: '',
      position,
      kind: line.kind,
      name: line.name,
      product_pricing_id: line.product_pricing_id,
      product_metric_pricing_id: (line as LineDraft).product_metric_pricing_id ?? null,
      item_id: line.item_id,
      one_time_id: (line as LineDraft).one_time_id ?? null,
      period_start: line.period_start,
      period_end: line.period_end,
      quantity: line.quantity,
      unit_price: line.unit_price,
      amount_cents: line.amount_cents,
      prorated: line.prorated,
      details: (line as LineDraft).details ?? null,
    }));
    return { invoice, lines };
  }
}
