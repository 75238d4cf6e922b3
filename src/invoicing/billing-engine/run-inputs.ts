/**
 * What the billing run's plans read and answer, per subscription of a batch (see
 * invoice-generator.service.ts): the planner's input for a loaded subscription and the run's
 * driver over it.
 */
import type { InvoiceEntity, InvoiceLineEntity, OneTimeBillableEntity } from '../invoicing.entity';
import { seenAsItIs } from './catch-up';
import type { Loaded } from './load';
import { planRun } from './planner/drivers';
import type { OneTimeCharge, PlanInput } from './planner/state';

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

export interface ProcessOptions {
  deferNumbers?: boolean;
  waitForLock?: boolean;
  maxInvoices?: number;
  onlyDueAt?: Date;
  limit?: number;
}

export type Preview = { invoice: InvoiceEntity; lines: InvoiceLineEntity[] } | null;

/** What the plans of a batch read besides each subscription: its customers' one-time charges and the usage table. */
export interface BatchInputs {
  oneTimes: OneTimeBillableEntity[];
  charges: Map<string, OneTimeCharge>;
  usage: Map<string, string>;
}

/** The planner's input for a loaded subscription. */
export function planInput(l: Loaded, input: { oneTimes: readonly OneTimeCharge[]; usage: Map<string, string> }): PlanInput {
  return { sub: l.engineSub, phases: l.phases, written: l.written, usage: input.usage, oneTimes: input.oneTimes };
}

/** The run's plan of a subscription: its customer's pending one-time charges, the invoices not found empty before. */
export function runDriver(l: Loaded, at: Date, cap: number) {
  const emptyThrough = seenAsItIs(l) ? l.cursor!.processed_through : null;
  return (input: PlanInput) => planRun(input, { until: at, emptyThrough, stopAfterInvoices: Number.isFinite(cap) ? cap : undefined });
}

export function chargesOf(l: Loaded, batch: BatchInputs): OneTimeCharge[] {
  return batch.oneTimes
    .filter(
      (o) => o.state === 'PENDING' && o.customer_id === l.sub.customer_id && (o.subscription_id === null || o.subscription_id === l.sub.id),
    )
    .map((o) => batch.charges.get(o.id)!);
}
