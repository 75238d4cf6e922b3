import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { SubscriptionEntity, SubscriptionPhaseEntity } from '../../subscriptions/subscription.entity';
import { InvoiceEntity } from '../invoicing.entity';
import { InvoicingHooks } from '../invoicing.hooks';
import { CancellationEffects } from '../cancellation-effects.service';
import { changeOneTimeItems, itemPricingIds } from './adapters';
import {
  DEFAULT_GRACE_SECONDS,
  EngineLoader,
  enginePhase,
  engineSubscription,
  ENGINE_KINDS,
  Loaded,
  oneTimeCharge,
  RunContext,
} from './load';
import { PlanResult, planPreview, planRecompute } from './planner/drivers';
import type { OneTimeCharge, PlanInput, PlannedInvoice } from './planner/state';
import { draftOf, EngineWriter, Position, takeOneTimes, unsavedInvoice } from './write';
import { AMOUNT_OUT_OF_RANGE, amountProblem, answeringAmountErrors, checkInvoiceAmounts } from './amounts';
import { cutCatchUp, hasWorkAt, seenAsItIs } from './catch-up';
import { BatchInputs, chargesOf, planInput, Preview, ProcessOptions, ProcessResult, runDriver } from './run-inputs';
import { Simulation, simulated } from './simulation';
import { voidAtCancel } from './cancel-voids';
import { paidBy, payersOf } from './payers';

export { DEFAULT_GRACE_SECONDS, RunContext, Simulation };
export type { ProcessOptions, ProcessResult };

/**
 * The billing engine: for one subscription, in the caller's transaction, plans the invoices the
 * rules call for and writes the missing ones, in three stages: load (load.ts: every read, usage
 * included), plan (planner/: pure and synchronous) and write (write.ts). The same planner, through
 * its three drivers (planner/drivers.ts), bills a run, recomputes usage drafts before
 * finalization and previews the next invoice without writing.
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
   * Plans with the usage the plan asks for: a plan that finds windows missing from `usage` has
   * them loaded in one batch and is made again.
   */
  private async plan(
    m: EntityManager,
    companyId: string,
    l: Loaded,
    input: { oneTimes: readonly OneTimeCharge[]; usage: Map<string, string> },
    driver: (input: PlanInput) => PlanResult,
  ): Promise<PlanResult> {
    for (let round = 0; ; round++) {
      const plan = driver(planInput(l, input));
      if (plan.missing_usage.length === 0) return plan;
      if (round === 2) throw new Error(`the billing plan of ${l.sub.id} still misses usage windows after loading them`);
      await this.loader.usage(m, companyId, plan.missing_usage, input.usage);
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
    options: ProcessOptions = {},
  ): Promise<ProcessResult[]> {
    const { lock, waitForLock, onlyDueAt: dueAt, limit } = { lock: true, ...options };
    const claimed = await this.loader.subscriptions(m, companyId, ids, { lock, waitForLock, ctx, dueAt, limit });
    // the locking statement judged due-ness by its snapshot; a run that committed a subscription
    // since (its lock came free just then) brought it to the instant, as the cursor read after the
    // lock shows: it is left alone
    const locked = dueAt ? claimed.filter((l) => hasWorkAt(l, dueAt)) : claimed;
    const customerIds = [...new Set(locked.map((l) => l.sub.customer_id))];
    const batch = await this.batchInputs(m, companyId, customerIds, locked.length > 0, ctx);
    // payers with usable credits (invoices written final take them at once, like a finalization)
    const paying = await payersOf(m, companyId, locked, this.hooks.credits, now);
    await this.loadBatchUsage(m, companyId, locked, batch, at, Math.max(1, options.maxInvoices ?? Infinity));
    const planned = await this.planBatch(m, companyId, ids, locked, batch, at, options.maxInvoices ?? Infinity, ctx);
    const toWrite = planned.toWrite.map((w) => paidBy(w, paying));
    // every invoice of the batch in a fixed number of statements
    const written = await this.engineWriter.writeMany(m, companyId, toWrite, {
      at,
      now,
      deferNumbers: options.deferNumbers,
      oneTimes: batch.oneTimes,
    });
    const outcome = new Map(toWrite.map((w, k) => [w.l.sub.id, { ...written[k], more: planned.positions[k].resumeAt !== null }]));
    const claimedIds = new Set(claimed.map((l) => l.sub.id));
    const results: ProcessResult[] = ids.map((id) => {
      const r = outcome.get(id);
      const error = planned.failed.get(id);
      if (error) return { processed: false, claimed: true, created: [], finalized: 0, error };
      return r
        ? { processed: true, claimed: true, created: r.created, finalized: r.finalized, more: r.more }
        : { processed: false, claimed: claimedIds.has(id), created: [], finalized: 0 };
    });
    await voidAtCancel(this.cancellation, m, companyId, planned.positions, at, now);
    await this.engineWriter.savePositions(m, companyId, planned.positions, at, now);
    await this.engineWriter.saveBillingErrors(m, companyId, locked, planned.failed, now);
    return results;
  }

  /** The pending one-time charges of the batch's customers (locked), priced. */
  private async batchInputs(
    m: EntityManager,
    companyId: string,
    customerIds: string[],
    any: boolean,
    ctx?: RunContext,
  ): Promise<BatchInputs> {
    const oneTimes = await this.loader.pendingOneTimes(m, companyId, customerIds, true);
    const pricingIds = oneTimes.map((o) => o.product_pricing_id).filter((x): x is string => !!x);
    const catalog = any ? await this.loader.catalog(m, companyId, pricingIds, ctx) : null;
    return { oneTimes, charges: new Map(oneTimes.map((o) => [o.id, oneTimeCharge(o, catalog!)])), usage: new Map() };
  }

  /** The usage windows of every subscription, loaded in one batch: a first plan of each lists them. */
  private async loadBatchUsage(m: EntityManager, companyId: string, locked: Loaded[], batch: BatchInputs, at: Date, cap: number) {
    const windows = locked
      .filter((l) => l.phases.some((p) => p.prices.some((x) => x.kind === 'USAGE')))
      .flatMap((l) => {
        try {
          return runDriver(l, at, cap)(planInput(l, { oneTimes: chargesOf(l, batch), usage: batch.usage })).missing_usage;
        } catch (err) {
          // out of range already: the plan below finds it again and flags the subscription
          if (amountProblem(err) === null) throw err;
          return [];
        }
      });
    await this.loader.usage(m, companyId, windows, batch.usage);
  }

  /**
   * Each subscription's invoices to write, in `ids` order. Past `maxInvoices` in all, each further
   * subscription writes only its first due instant; a subscription whose invoices are out of
   * range is not billed (no invoice, cursor unchanged, so the next run tries again) but flagged.
   */
  private async planBatch(
    m: EntityManager,
    companyId: string,
    ids: string[],
    locked: Loaded[],
    batch: BatchInputs,
    at: Date,
    maxInvoices: number,
    ctx?: RunContext,
  ) {
    const byId = new Map(locked.map((l) => [l.sub.id, l]));
    const positions: Position[] = [];
    const toWrite: { l: Loaded; invoices: PlannedInvoice[]; grace: number }[] = [];
    const failed = new Map<string, { code: string; message: string }>();
    let budget = maxInvoices;
    for (const id of ids) {
      const l = byId.get(id);
      if (!l) continue;
      const cap = Math.max(1, budget);
      let planned: { plan: PlanResult; keep: PlannedInvoice[]; resumeAt: Date | null };
      try {
        const plan = await this.plan(m, companyId, l, { oneTimes: chargesOf(l, batch), usage: batch.usage }, runDriver(l, at, cap));
        // a long catch-up (a back-dated start) is written in bounded transactions: the cursor records
        // where this one stopped, the next one starts there
        planned = { plan, ...cutCatchUp(plan.invoices, cap) };
        checkInvoiceAmounts(planned.keep);
      } catch (err) {
        const problem = amountProblem(err);
        if (problem === null) throw err;
        failed.set(id, { code: AMOUNT_OUT_OF_RANGE, message: problem });
        continue;
      }
      const { plan, keep, resumeAt } = planned;
      plan.invoices = keep;
      budget -= keep.length;
      // the one-time charges these invoices take are not offered to the next subscriptions of the customer
      for (const invoice of keep) takeOneTimes(invoice, batch.oneTimes);
      const grace = keep.some((d) => d.has_usage) ? await this.loader.graceSeconds(m, companyId, ctx) : DEFAULT_GRACE_SECONDS;
      toWrite.push({ l, invoices: keep, grace });
      positions.push({ l, plan, sameSub: seenAsItIs(l), resumeAt });
    }
    return { toWrite, positions, failed };
  }

  /** Recomputes a usage draft from the subscription's history (late events count) and rewrites its lines and totals; InvoiceFinalizer calls it before finalizing. */
  async recompute(m: EntityManager, companyId: string, invoice: InvoiceEntity, now: Date): Promise<InvoiceEntity> {
    const key = invoice.billing_key;
    if (!invoice.subscription_id || !key || !ENGINE_KINDS.includes(invoice.kind)) return invoice;
    const linked = await this.loader.linkedOneTimes(m, companyId, invoice.id);
    const [l] = await this.loader.subscriptions(m, companyId, [invoice.subscription_id], { lock: false, oneTimes: linked });
    if (!l) return invoice;
    const plan = await answeringAmountErrors(l.sub.id, async () => {
      const oneTimes = linked.map((o) => oneTimeCharge(o, l.catalog));
      const p = await this.plan(m, companyId, l, { oneTimes, usage: new Map() }, (input) => planRecompute(input, key));
      checkInvoiceAmounts(p.invoices.slice(0, 1));
      return p;
    });
    const planned = plan.invoices[0];
    if (!planned) return invoice;
    return this.engineWriter.rewriteDraft(m, companyId, invoice, planned.lines, l, now);
  }

  /**
   * The next invoice of the subscription (the first one not written yet), computed without
   * writing anything: an unsaved invoice entity and its lines, or null when there is none.
   */
  async preview(m: EntityManager, companyId: string, subscriptionId: string, now: Date, simulate?: Simulation): Promise<Preview> {
    const [stored] = await this.loader.subscriptions(m, companyId, [subscriptionId], {
      lock: false,
      extraPricingIds: [
        ...(simulate?.phase?.product_pricing_ids ?? []),
        ...itemPricingIds([...(simulate?.row?.onetime_items ?? []), ...(simulate?.phase ? changeOneTimeItems(simulate.phase) : [])]),
      ],
    });
    if (!stored) return null;
    return this.previewLoaded(m, companyId, simulated(stored, simulate), now, simulate?.from);
  }

  /**
   * The first invoice of a subscription that is not stored (its rows computed in memory, e.g.
   * by CreateSubscriptionUseCase.decide), planned like `preview`: no invoices written yet, no
   * cursor, the customer's pending one-time charges. Reads only.
   */
  async previewDraft(
    m: EntityManager,
    companyId: string,
    sub: SubscriptionEntity,
    phases: SubscriptionPhaseEntity[],
    now: Date,
  ): Promise<Preview> {
    const catalog = await this.loader.catalog(m, companyId, [
      ...phases.flatMap((p) => p.product_pricing_ids),
      ...itemPricingIds([...(sub.onetime_items ?? []), ...phases.flatMap(changeOneTimeItems)]),
    ]);
    const l: Loaded = {
      sub,
      engineSub: engineSubscription(sub, phases, catalog),
      phases: phases.map((p) => enginePhase(p, catalog, sub.billing_timezone)),
      catalog,
      written: new Map(),
      cursor: null,
      phaseRows: phases,
    };
    return this.previewLoaded(m, companyId, l, now);
  }

  private async previewLoaded(m: EntityManager, companyId: string, l: Loaded, now: Date, from?: Date): Promise<Preview> {
    const pending = (await this.loader.pendingOneTimes(m, companyId, [l.sub.customer_id], false)).filter(
      (o) => o.subscription_id === null || o.subscription_id === l.sub.id,
    );
    const pricingIds = pending.map((o) => o.product_pricing_id).filter((x): x is string => !!x);
    const catalog = await this.loader.catalog(m, companyId, pricingIds);
    const oneTimes = pending.map((o) => oneTimeCharge(o, catalog));
    // an invoice out of range is the caller's 400 amount_out_of_range, never a 500
    return answeringAmountErrors(l.sub.id, async () => {
      const plan = await this.plan(m, companyId, l, { oneTimes, usage: new Map() }, (input) => planPreview(input, undefined, from));
      const next = plan.invoices[0];
      if (!next) return null;
      checkInvoiceAmounts([next]);
      const grace = await this.loader.graceSeconds(m, companyId);
      const { payers } = await payersOf(m, companyId, [l]);
      return unsavedInvoice(companyId, draftOf(l, next, grace, now, payers.get(l.sub.id)), now);
    });
  }
}
