/**
 * The planner's vocabulary (pure types): the moments of a subscription's history, the one
 * immutable state record the rules pass along, and the invoices the planner proposes.
 */
import type { InvoiceKind } from '../../invoicing.entity';
import type { MinimumState } from '../../../billing-math';
import type { LineDraft } from '../../invoice-writer.service';
import type { PlanPrice } from '../catalog-loader';
import type { EnginePhase, EngineSubscription, Segment } from '../model';

export const t = (d: Date) => d.getTime();
export const minDate = (a: Date, b: Date | null) => (b !== null && t(b) < t(a) ? b : a);
export const maxDate = (a: Date, b: Date) => (t(a) >= t(b) ? a : b);

export type MomentType = 'PERIOD' | 'CHANGE' | 'CANCEL';

/** A moment of the subscription's history where a rule may bill: a billing date, a plan change, the end. */
export interface Moment {
  readonly type: MomentType;
  readonly date: Date;
  /** The segment in effect from this moment on (for CANCEL: the last one). */
  readonly seg: Segment;
  /** Set for moments that may produce an invoice. */
  readonly kind: InvoiceKind | null;
  readonly key: string | null;
}

/** An invoice already written for the subscription, as far as the planner needs it. */
export interface WrittenInvoice {
  id: string;
  status: string;
  period_start: Date | null;
  period_end: Date | null;
  /** Cents paid on it (an open invoice with nothing paid is voided by cancel_pending_invoices). */
  paid_cents?: number;
  /** The sum of its lines (a USAGE_THRESHOLD invoice's is deducted from its period's invoice). */
  sub_total_cents?: number;
  /** The phase whose plan the invoice billed in advance (from its lines), when known. */
  phase_seq: number | null;
}

/** A pending one-time charge of the customer, priced: it goes on the first invoice dated at or after its creation. */
export interface OneTimeCharge {
  id: string;
  created_at: Date;
  lines: LineDraft[];
}

/** A window of metered usage the planner needs: the customer's usage of the price's metric over [start, end). */
export interface UsageWindow {
  customer_id: string;
  price: PlanPrice;
  start: Date;
  end: Date;
}

/** The key of a usage window in a usage table. */
export const usageKey = (customerId: string, metricId: string, start: Date, end: Date, variant = '') =>
  `${customerId}|${metricId}|${start.toISOString()}|${end.toISOString()}${variant ? `|${variant}` : ''}`;

/** What the plan of a subscription depends on, all loaded beforehand. */
export interface PlanInput {
  sub: EngineSubscription;
  phases: EnginePhase[];
  /** Invoices written already, by `${kind}|${key}`. */
  written: ReadonlyMap<string, WrittenInvoice>;
  /** Metered usage (decimal strings) by usageKey. */
  usage: ReadonlyMap<string, string>;
  /** The customer's NEXT one-time charges, oldest first. */
  oneTimes: readonly OneTimeCharge[];
}

/** What was billed in advance: the plan (segment) and the instant it is paid up to. */
export interface Coverage {
  readonly seg: Segment;
  readonly end: Date;
}

/** A plan change's credit of the old plan for [at, oldEnd) and charge of the new one for [at, chargeEnd). */
export interface ChangeProration {
  readonly at: Date;
  readonly oldSeg: Segment;
  readonly oldEnd: Date;
  readonly newSeg: Segment;
  readonly chargeEnd: Date;
}

/** The one state record the rules pass along, moment after moment (never changed in place). */
export interface PlanState {
  /** Billed in advance so far (null before the first billing date). */
  readonly coverage: Coverage | null;
  /** Change prorations (NEXT) waiting for the next invoice. */
  readonly pending: readonly ChangeProration[];
  /** The last billing date: the start of the open arrears window. */
  readonly lastBillingDate: Date | null;
  /** Advance lines billed at the last billing date (minimum spend counts them). */
  readonly lastAdvance: readonly LineDraft[];
  /** Ids of the one-time charges an invoice of the plan took already. */
  readonly oneTimesTaken: readonly string[];
  /** One-time items of changes that had no invoice of their own: on the next invoice. */
  readonly pendingItems: readonly LineDraft[];
  /** Running minimums of the prices with a minimum schedule, by product metric pricing (kept through every period). */
  readonly minimums: ReadonlyMap<string, MinimumState>;
  /** Included units carried to the next period, by product metric pricing (carry_over). */
  readonly carriedUnits: ReadonlyMap<string, string>;
}

export const INITIAL_STATE: PlanState = {
  coverage: null,
  pending: [],
  lastBillingDate: null,
  lastAdvance: [],
  oneTimesTaken: [],
  pendingItems: [],
  minimums: new Map(),
  carriedUnits: new Map(),
};

/** What the rules read besides the state: the subscription, its segments, usage and one-time charges. */
export interface PlanContext {
  readonly sub: EngineSubscription;
  readonly segments: readonly Segment[];
  readonly written: (kind: InvoiceKind, key: string) => WrittenInvoice | undefined;
  /** Cents the USAGE_THRESHOLD invoices (not void) of the periods starting in [from, to) billed. */
  readonly thresholdBilled: (from: Date, to: Date) => number;
  /** The usage of a price over [start, end) ('0' and noted as missing when not loaded). */
  readonly usage: (price: PlanPrice, start: Date, end: Date) => string;
  readonly oneTimes: readonly OneTimeCharge[];
  /** All pending one-time charges go on the invoice (a recompute), whatever their date. */
  readonly allOneTimes: boolean;
}

/** The lines a rule computed for its moment's invoice. */
export interface InvoiceDraft {
  readonly lines: LineDraft[];
  readonly has_usage: boolean;
  readonly period_start: Date;
  readonly period_end: Date;
  /** Whether the invoice is to exist (a first billing date with nothing to bill has none). */
  readonly billable: boolean;
}

/** A rule's answer: the state after the moment, and its invoice's lines when they were asked for. */
export interface RuleStep {
  readonly state: PlanState;
  readonly draft: InvoiceDraft | null;
}

/** A rule: one kind of moment. `wanted`: compute the lines of the moment's invoice. */
export type Rule = (state: PlanState, moment: Moment, ctx: PlanContext, wanted: boolean) => RuleStep;

/** An invoice the plan calls for, with its lines. */
export interface PlannedInvoice {
  moment: Moment;
  kind: InvoiceKind;
  key: string;
  date: Date;
  lines: LineDraft[];
  has_usage: boolean;
  period_start: Date;
  period_end: Date;
}

export const emptyDraft = (at: Date): InvoiceDraft => ({ lines: [], has_usage: false, period_start: at, period_end: at, billable: false });

/** The latest segment of a phase started at or before `at` (the plan a written invoice billed). */
export function segmentOfPhase(segments: readonly Segment[], seq: number, at: Date): Segment | null {
  let found: Segment | null = null;
  for (const sg of segments) if (sg.phase.seq === seq && t(sg.from) <= t(at)) found = sg;
  return found;
}
