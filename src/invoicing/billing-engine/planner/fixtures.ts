/**
 * Test fixtures for the planner's specs (no database): prices, phases and subscriptions in a
 * line, and the planner run the way the engine runs it — once to learn the usage windows, then
 * again with them.
 */
import { CancelTerms, NO_CANCEL_TERMS } from '../../../billing-math';
import type { PlanPrice } from '../catalog-loader';
import type { EnginePhase, EngineSubscription } from '../model';
import { PlanResult, planPreview, planRecompute, planRun } from './drivers';
import { PlanInput, PlannedInvoice, usageKey, WrittenInvoice } from './state';
import { usageVariant } from './usage-detail';

export const d = (s: string) => new Date(s.length === 10 ? `${s}T00:00:00.000Z` : s);
export const MONTH = { count: 1, frequency: 'MONTH' as const };
export const QUARTER = { count: 1, frequency: 'QUARTER' as const };
export const YEAR = { count: 1, frequency: 'YEAR' as const };

export function price(id: string, kind: PlanPrice['kind'], cents: string, over: Partial<PlanPrice['price']> = {}): PlanPrice {
  return {
    product_pricing_id: `pp_${id}`,
    product_metric_pricing_id: `pmp_${id}`,
    item_id: `bi_${id}`,
    metric_id: `bm_${id}`,
    kind,
    name: id,
    price: {
      pricing: { pricing_type: 'FIXED', fixed_price: { price_per_unit: cents } },
      recurring: true,
      term: MONTH,
      charge_type: 'PRE_POST',
      proration_type: 'PRORATE_ALL',
      minimum_spend_cents: null,
      minimum_schedule: null,
      carry_over: false,
      pay_in_advance: false,
      ...over,
    },
    metric: null,
  };
}

export function phase(seq: number, starts: string, prices: PlanPrice[], licences = 1, over: Partial<EnginePhase> = {}): EnginePhase {
  return {
    seq,
    event_seq: seq,
    starts_at: d(starts),
    superseded: false,
    change_kind: seq === 1 ? 'CREATE' : 'CHANGE',
    proration_type: 'NEXT',
    reset_billing_anchor: false,
    term: MONTH,
    prices,
    onetime_items: [],
    config_items: prices
      .filter((p) => p.kind === 'LICENSE')
      .map((p) => ({
        product_metric_pricing_id: p.product_metric_pricing_id,
        product_pricing_id: p.product_pricing_id,
        num_licenses: licences,
        minimum_units: 0,
        quantity_config: null,
        hide_at_checkout: null,
        sort_order: null,
        upsell_product_metric_pricing_id: null,
      })),
    ...over,
  };
}

/** Cancellation options with only a refund type (and `over`). */
export const refund = (refund_type: CancelTerms['refund_type'], over: Partial<CancelTerms> = {}): CancelTerms => ({
  ...NO_CANCEL_TERMS,
  refund_type,
  ...over,
});

export function subscription(start: string, over: Partial<EngineSubscription> = {}): EngineSubscription {
  return {
    id: 'subs_1',
    customer_id: 'cus_1',
    currency: 'USD',
    start_date: d(start),
    billing_start: d(start),
    end_date: null,
    cancel: NO_CANCEL_TERMS,
    committed_term_end: null,
    discounts: [],
    minimum_spend_cents: null,
    due_days: 30,
    auto_charges: false,
    onetime_items: [],
    ...over,
  };
}

export type Usage = (p: PlanPrice, start: Date, end: Date) => string;

export interface History {
  /** Invoices written already, by `${kind}|${key}`. */
  written?: Record<string, WrittenInvoice>;
  usage?: Usage;
  oneTimes?: PlanInput['oneTimes'];
}

export type Driver = { mode: 'write'; until: Date } | { mode: 'preview' } | { mode: 'recompute'; key: string };

/** The plan as the engine makes it: a first plan lists the usage windows, they are looked up, the plan is made again. */
export function plan(
  sub: EngineSubscription,
  phases: EnginePhase[],
  history: History,
  driver: Driver,
): PlanResult & { usageCalls: string[] } {
  const usage = new Map<string, string>();
  const input: PlanInput = {
    sub,
    phases,
    written: new Map(Object.entries(history.written ?? {})),
    usage,
    oneTimes: history.oneTimes ?? [],
  };
  const run = () =>
    driver.mode === 'write'
      ? planRun(input, { until: driver.until, emptyThrough: null })
      : driver.mode === 'preview'
        ? planPreview(input)
        : planRecompute(input, driver.key);
  const usageCalls: string[] = [];
  for (const w of run().missing_usage) {
    usageCalls.push(`${w.start.toISOString().slice(0, 10)}..${w.end.toISOString().slice(0, 10)}`);
    usage.set(
      usageKey(w.customer_id, w.price.metric_id, w.start, w.end, usageVariant(w.price)),
      (history.usage ?? (() => '0'))(w.price, w.start, w.end),
    );
  }
  const result = run();
  if (result.missing_usage.length) throw new Error('the plan still misses usage windows');
  return { ...result, usageCalls };
}

/** [date, kind, line amounts] of each invoice; −0 (a credit that rounds to nothing) reads as 0. */
export const summary = (invoices: PlannedInvoice[]) =>
  invoices.map((x) => [x.date.toISOString().slice(0, 10), x.kind, x.lines.map((l) => l.amount_cents + 0)]);

/** A written invoice as a later run sees it. */
export function writtenAs(invoices: PlannedInvoice[], phaseSeq: (x: PlannedInvoice) => number | null): Record<string, WrittenInvoice> {
  return Object.fromEntries(
    invoices.map((x) => [
      `${x.kind}|${x.key}`,
      { id: `inv_${x.key}`, status: 'PENDING', period_start: x.period_start, period_end: x.period_end, phase_seq: phaseSeq(x) },
    ]),
  );
}

/** A case of a rule's table: a subscription, its phases and history → the invoices planned, [date, kind, line cents]. */
export interface RuleCase {
  name: string;
  sub: EngineSubscription;
  phases: EnginePhase[];
  history?: History;
  driver: Driver;
  expected: (string | number[])[][];
}

export const planned = (c: RuleCase) => summary(plan(c.sub, c.phases, c.history ?? {}, c.driver).invoices);

export const until = (s: string): Driver => ({ mode: 'write', until: d(s) });

/** A written period invoice of the subscription `subs_1`, as a later run sees it. */
export function writtenPeriod(start: string, end: string, phaseSeq: number | null = 1): Record<string, WrittenInvoice> {
  return {
    [`SUBSCRIPTION_PERIOD|subs_1@${d(start).toISOString()}`]: {
      id: `inv_${start}`,
      status: 'PENDING',
      period_start: d(start),
      period_end: d(end),
      phase_seq: phaseSeq,
    },
  };
}

/** Plans of the term-change cases: monthly 129.00, quarterly 360.00, yearly 1,188.00. */
export const plans = {
  monthly: { prices: [price('monthly', 'LICENSE', '12900')], term: MONTH },
  quarterly: { prices: [price('quarterly', 'LICENSE', '36000', { term: QUARTER })], term: QUARTER },
  yearly: { prices: [price('yearly', 'LICENSE', '118800', { term: YEAR })], term: YEAR },
};
export type Plan = keyof typeof plans;

/** Plan `from` from Jul 19 2027, then plan `to` from `at` (the anchor kept). */
export function phasesOf(from: Plan, to: Plan, at: Date, proration: 'NEXT' | 'IMMEDIATE' | 'NONE'): EnginePhase[] {
  return [
    phase(1, '2027-07-19', plans[from].prices, 1, { term: plans[from].term }),
    phase(2, '2027-07-19', plans[to].prices, 1, { term: plans[to].term, proration_type: proration, starts_at: at }),
  ];
}
