import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { parseStoredOneTimeItem } from '../../catalog/one-time-items';
import { SubscriptionEntity, SubscriptionPhaseEntity } from '../../subscriptions/subscription.entity';
import { InvoiceEntity, InvoiceLineEntity } from '../invoicing.entity';
import { InvoicingHooks } from '../invoicing.hooks';
import { CancellationEffects } from '../cancellation-effects.service';
import {
  billingStart,
  cancelTerms,
  changeOneTimeItems,
  DEFAULT_GRACE_SECONDS,
  EngineLoader,
  enginePhase,
  engineSubscription,
  ENGINE_KINDS,
  Loaded,
  oneTimeCharge,
  RunContext,
  termEndOf,
} from './load';
import { ComputedDoc, OneTimeCharge, walkSubscription, WalkOptions, WalkResult } from './walker';
import { draftOf, EngineWriter, Position, takeOneTimes, unsavedInvoice } from './write';
import { AMOUNT_OUT_OF_RANGE, amountProblem, answeringAmountErrors, checkDocAmounts } from './amounts';

export { DEFAULT_GRACE_SECONDS, RunContext };

/** What a preview adds to the stored subscription (a change or a cancellation not made). */
export interface Simulation {
  phase?: SubscriptionPhaseEntity;
  /** seq of a pending phase the simulated change supersedes */
  supersede?: number;
  /** A cancellation not made: its end and the cancel_config it would record. */
  end?: { end_date: Date; cancel_config: Record<string, unknown> };
  /** What the simulated change does to the subscription row besides the phase (discounts, minimum spend, one-time items, ...). */
  row?: Partial<SubscriptionEntity>;
}

export interface ProcessResult {
  processed: boolean;
  /** Its row was locked by this transaction (processed, or found brought to the instant by another run). */
  claimed: boolean;
  created: InvoiceEntity[];
  finalized: number;
  /** More invoices are due at the run's instant than `maxInvoices` allowed: process it again. */
  more?: boolean;
  /**
   * It could not be billed (an amount of its invoices out of range): nothing of it was written
   * but its `billing_error` flag, the run's other subscriptions went on.
   */
  error?: { code: string; message: string };
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

/** The stored subscription with a simulated change or cancellation applied (nothing written). */
function simulated(l: Loaded, simulate: Simulation | undefined): Loaded {
  if (!simulate) return l;
  const phaseRows = [...l.phaseRows];
  if (simulate.supersede !== undefined) {
    const i = phaseRows.findIndex((p) => p.seq === simulate.supersede);
    if (i >= 0) phaseRows[i] = { ...phaseRows[i], superseded_by_event_seq: simulate.phase?.event_seq ?? 0 };
  }
  if (simulate.phase) phaseRows.push(simulate.phase);
  const sub = simulate.row ? { ...l.sub, ...simulate.row } : l.sub;
  const engineSub = simulate.row
    ? engineSubscription(sub, phaseRows, l.catalog)
    : { ...l.engineSub, billing_start: billingStart(sub, phaseRows) };
  if (simulate.end) {
    engineSub.end_date = simulate.end.end_date;
    engineSub.cancel = cancelTerms(simulate.end.cancel_config);
    engineSub.committed_term_end = termEndOf(sub, phaseRows, simulate.end.end_date);
  }
  return { ...l, sub, phaseRows, engineSub, phases: phaseRows.map((p) => enginePhase(p, l.catalog)) };
}

/**
 * The billing engine: for one subscription, in the caller's transaction, computes the invoices
 * the rules call for and writes the missing ones, in three stages: load (load.ts: every read,
 * usage included), walk (walker.ts: pure and synchronous) and write (write.ts). It also
 * recomputes usage drafts before finalization and previews the next invoice without writing.
 */
@Injectable()
export class InvoiceGenerator {
  constructor(
    private readonly loader: EngineLoader,
    private readonly engineWriter: EngineWriter,
    private readonly hooks: InvoicingHooks,
    private readonly cancellation: CancellationEffects,
  ) {}

  graceSeconds(m: EntityManager, companyId: string, ctx?: RunContext): Promise<number> {
    return this.loader.graceSeconds(m, companyId, ctx);
  }

  /**
   * Walks with the usage the walk asks for: a walk that finds windows missing from `usage` has
   * them loaded in one batch and walks again.
   */
  private async walk(
    m: EntityManager,
    companyId: string,
    l: Loaded,
    input: { emptyThrough: Date | null; oneTimes: readonly OneTimeCharge[]; usage: Map<string, string> },
    opts: WalkOptions,
  ): Promise<WalkResult> {
    for (let round = 0; ; round++) {
      const walk = walkSubscription(l.engineSub, l.phases, { ...input, existing: l.existing }, opts);
      if (walk.missing_usage.length === 0) return walk;
      if (round === 2) throw new Error(`the billing walk of ${l.sub.id} still misses usage windows after loading them`);
      await this.loader.usage(m, companyId, walk.missing_usage, input.usage);
    }
  }

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

  /**
   * `process` for several subscriptions of one company in the caller's transaction, in a fixed
   * number of statements (batched reads, one write of all their invoices, position writes).
   * `onlyDueAt`: the subscriptions whose billing cursor says they have no work at that instant
   * (another run did it since they were picked) are neither locked nor processed. `limit`: only
   * the first that many of `ids` (in id order) that are due and free are locked and processed.
   */
  async processMany(
    m: EntityManager,
    companyId: string,
    ids: string[],
    at: Date,
    now: Date,
    ctx?: RunContext,
    options: { deferNumbers?: boolean; waitForLock?: boolean; maxInvoices?: number; onlyDueAt?: Date; limit?: number } = {},
  ): Promise<ProcessResult[]> {
    const claimed = await this.loader.subscriptions(m, companyId, ids, {
      lock: true,
      waitForLock: options.waitForLock,
      ctx,
      dueAt: options.onlyDueAt,
      limit: options.limit,
    });
    // the locking statement judged due-ness by its snapshot; a run that committed a subscription
    // since (its lock came free just then) brought it to the instant, as the cursor read after the
    // lock shows: it is left alone
    const dueAt = options.onlyDueAt;
    const locked = dueAt ? claimed.filter((l) => hasWorkAt(l, dueAt)) : claimed;
    const customerIds = [...new Set(locked.map((l) => l.sub.customer_id))];
    const oneTimes = await this.loader.pendingOneTimes(m, companyId, customerIds, true);
    const pricingIds = oneTimes.map((o) => o.product_pricing_id).filter((x): x is string => !!x);
    const catalog = locked.length ? await this.loader.catalog(m, companyId, pricingIds, ctx) : null;
    const charges = new Map(oneTimes.map((o) => [o.id, oneTimeCharge(o, catalog!)]));
    // customers with usable credits (invoices written final take them at once, like a finalization)
    const withCredits =
      customerIds.length === 0 ? new Set<string>() : await this.hooks.credits.customersWithCredits(m, companyId, customerIds, now);
    const byId = new Map(locked.map((l) => [l.sub.id, l]));
    const usage = new Map<string, string>();
    const inputOf = (l: Loaded) => {
      const sameSub = seenAsItIs(l);
      const mine = oneTimes.filter(
        (o) =>
          o.state === 'PENDING' && o.customer_id === l.sub.customer_id && (o.subscription_id === null || o.subscription_id === l.sub.id),
      );
      return {
        sameSub,
        input: { emptyThrough: sameSub ? l.cursor!.processed_through : null, oneTimes: mine.map((o) => charges.get(o.id)!), usage },
      };
    };
    const optsFor = (cap: number): WalkOptions => ({ mode: 'write', until: at, stopAfterDocs: Number.isFinite(cap) ? cap : undefined });
    // the usage windows of every subscription, loaded in one batch: a first walk of each lists them
    const firstCap = Math.max(1, options.maxInvoices ?? Infinity);
    const windows = locked
      .filter((l) => l.phases.some((p) => p.prices.some((x) => x.kind === 'USAGE')))
      .flatMap((l) => {
        try {
          return walkSubscription(l.engineSub, l.phases, { ...inputOf(l).input, existing: l.existing }, optsFor(firstCap)).missing_usage;
        } catch (err) {
          // out of range already: the walk below finds it again and flags the subscription
          if (amountProblem(err) === null) throw err;
          return [];
        }
      });
    await this.loader.usage(m, companyId, windows, usage);

    const positions: Position[] = [];
    // invoices this transaction may still write; past it, each further subscription writes only its first due instant
    let budget = options.maxInvoices ?? Infinity;
    const toWrite: { l: Loaded; docs: ComputedDoc[]; grace: number; applyCredits: boolean }[] = [];
    // subscriptions whose invoices are out of range: not billed (no invoice, cursor unchanged, so
    // the next run tries again), flagged; the others of the batch go on
    const failed = new Map<string, { code: string; message: string }>();
    for (const id of ids) {
      const l = byId.get(id);
      if (!l) continue;
      const { sameSub, input } = inputOf(l);
      const cap = Math.max(1, budget);
      let walk: WalkResult;
      let cut: { keep: ComputedDoc[]; resumeAt: Date | null };
      try {
        walk = await this.walk(m, companyId, l, input, optsFor(cap));
        // a long catch-up (a back-dated start) is written in bounded transactions: the cursor records
        // where this one stopped, the next one starts there
        cut = cutCatchUp(walk.docs, cap);
        checkDocAmounts(cut.keep);
      } catch (err) {
        const problem = amountProblem(err);
        if (problem === null) throw err;
        failed.set(id, { code: AMOUNT_OUT_OF_RANGE, message: problem });
        continue;
      }
      const { keep, resumeAt } = cut;
      walk.docs = keep;
      budget -= keep.length;
      // the one-time charges these invoices take are not offered to the next subscriptions of the customer
      for (const doc of keep) takeOneTimes(doc, oneTimes);
      const grace = walk.docs.some((d) => d.has_usage) ? await this.loader.graceSeconds(m, companyId, ctx) : DEFAULT_GRACE_SECONDS;
      toWrite.push({ l, docs: walk.docs, grace, applyCredits: withCredits.has(l.sub.customer_id) });
      positions.push({ l, walk, sameSub, resumeAt });
    }
    // every invoice of the batch in a fixed number of statements
    const written = await this.engineWriter.writeMany(m, companyId, toWrite, {
      at,
      now,
      deferNumbers: options.deferNumbers,
      oneTimes,
    });
    const outcome = new Map(toWrite.map((w, k) => [w.l.sub.id, { ...written[k], more: positions[k].resumeAt !== null }]));
    const claimedIds = new Set(claimed.map((l) => l.sub.id));
    const results: ProcessResult[] = ids.map((id) => {
      const r = outcome.get(id);
      const error = failed.get(id);
      if (error) return { processed: false, claimed: true, created: [], finalized: 0, error };
      return r
        ? { processed: true, claimed: true, created: r.created, finalized: r.finalized, more: r.more }
        : { processed: false, claimed: claimedIds.has(id), created: [], finalized: 0 };
    });
    // --- cancel_pending_invoices: the run that first reaches the end voids the open invoices (CancellationEffects) ---
    for (const p of positions) {
      const end = p.l.engineSub.end_date;
      if (!p.l.engineSub.cancel.cancel_pending_invoices || !end || end.getTime() > at.getTime()) continue;
      if (p.resumeAt && p.resumeAt.getTime() <= end.getTime()) continue;
      if (p.l.cursor && p.l.cursor.processed_through.getTime() >= end.getTime()) continue;
      await this.cancellation.voidOpen(m, companyId, p.l.sub.id, now, 'BILLING_RUN');
    }
    await this.engineWriter.savePositions(m, companyId, positions, at, now);
    await this.engineWriter.saveBillingErrors(m, companyId, locked, failed, now);
    return results;
  }

  /** Recomputes a usage draft from the subscription's history (late events count) and rewrites its lines and totals; InvoiceFinalizer calls it before finalizing. */
  async recompute(m: EntityManager, companyId: string, invoice: InvoiceEntity, now: Date): Promise<InvoiceEntity> {
    if (!invoice.subscription_id || !ENGINE_KINDS.includes(invoice.kind)) return invoice;
    const linked = await this.loader.linkedOneTimes(m, companyId, invoice.id);
    const [l] = await this.loader.subscriptions(m, companyId, [invoice.subscription_id], { lock: false, oneTimes: linked });
    if (!l) return invoice;
    const walk = await answeringAmountErrors(l.sub.id, async () => {
      const w = await this.walk(
        m,
        companyId,
        l,
        { emptyThrough: null, oneTimes: linked.map((o) => oneTimeCharge(o, l.catalog)), usage: new Map() },
        { mode: 'recompute', targetKey: invoice.billing_key },
      );
      checkDocAmounts(w.docs.slice(0, 1));
      return w;
    });
    const doc = walk.docs[0];
    if (!doc) return invoice;
    return this.engineWriter.rewriteDraft(m, companyId, invoice, doc.lines, l.engineSub.discounts, now);
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
    const [stored] = await this.loader.subscriptions(m, companyId, [subscriptionId], {
      lock: false,
      extraPricingIds: [
        ...(simulate?.phase?.product_pricing_ids ?? []),
        ...[...(simulate?.row?.onetime_items ?? []), ...(simulate?.phase ? changeOneTimeItems(simulate.phase) : [])]
          .map((o) => o.product_pricing_id)
          .filter((x): x is string => typeof x === 'string'),
      ],
    });
    if (!stored) return null;
    return this.previewLoaded(m, companyId, simulated(stored, simulate), now);
  }

  /**
   * The first invoice of a subscription that is not stored (its rows computed in memory, e.g.
   * by CreateSubscriptionUseCase.decide), walked like `preview`: no invoices written yet, no
   * cursor, the customer's pending one-time charges. Reads only.
   */
  async previewDraft(
    m: EntityManager,
    companyId: string,
    sub: SubscriptionEntity,
    phases: SubscriptionPhaseEntity[],
    now: Date,
  ): Promise<{ invoice: InvoiceEntity; lines: InvoiceLineEntity[] } | null> {
    const onetimePricingIds = [...(sub.onetime_items ?? []), ...phases.flatMap(changeOneTimeItems)].map(
      (o) => parseStoredOneTimeItem(o).product_pricing_id,
    );
    const catalog = await this.loader.catalog(m, companyId, [
      ...phases.flatMap((p) => p.product_pricing_ids),
      ...onetimePricingIds.filter((x): x is string => x !== null),
    ]);
    const l: Loaded = {
      sub,
      engineSub: engineSubscription(sub, phases, catalog),
      phases: phases.map((p) => enginePhase(p, catalog)),
      catalog,
      existing: new Map(),
      cursor: null,
      phaseRows: phases,
    };
    return this.previewLoaded(m, companyId, l, now);
  }

  private async previewLoaded(
    m: EntityManager,
    companyId: string,
    l: Loaded,
    now: Date,
  ): Promise<{ invoice: InvoiceEntity; lines: InvoiceLineEntity[] } | null> {
    const pending = (await this.loader.pendingOneTimes(m, companyId, [l.sub.customer_id], false)).filter(
      (o) => o.subscription_id === null || o.subscription_id === l.sub.id,
    );
    const catalog = await this.loader.catalog(
      m,
      companyId,
      pending.map((o) => o.product_pricing_id).filter((x): x is string => !!x),
    );
    const oneTimes = pending.map((o) => oneTimeCharge(o, catalog));
    // an invoice out of range is the caller's 400 amount_out_of_range, never a 500
    return answeringAmountErrors(l.sub.id, async () => {
      const walk = await this.walk(
        m,
        companyId,
        l,
        { emptyThrough: null, oneTimes, usage: new Map() },
        { mode: 'preview', maxPoints: 5000 },
      );
      const doc = walk.docs[0];
      if (!doc) return null;
      checkDocAmounts([doc]);
      const grace = await this.loader.graceSeconds(m, companyId);
      return unsavedInvoice(companyId, draftOf(l, doc, grace, now), now);
    });
  }
}

/** The billing cursor has seen the subscription as it is now (not changed since). */
function seenAsItIs(l: Loaded): boolean {
  return l.cursor !== null && l.cursor.seen_updated_at.getTime() === l.sub.updated_at.getTime();
}

/** What a run picks (BillingRunService's candidates): never seen, changed since last seen, or its next work due by `at`. */
function hasWorkAt(l: Loaded, at: Date): boolean {
  const next = l.cursor?.next_work_at ?? null;
  return !seenAsItIs(l) || (next !== null && next.getTime() <= at.getTime());
}
