/**
 * The three drivers over the one planner (pure): the billing run writes every missing invoice
 * due by an instant, the preview answers the first missing invoice, the recompute answers one
 * written draft's lines again. They differ only in which moments' lines they ask for and where
 * they stop, so a preview and the run that follows cannot disagree.
 */
import type { PlanInput, PlannedInvoice, UsageWindow } from './state';
import { invoiceOf, missingInvoice } from './reconcile';
import { planSubscription } from './planner';
import { t } from './state';

export interface PlanResult {
  invoices: PlannedInvoice[];
  /** Usage windows the plan needed and did not find in the usage table (counted 0): the result is complete only when empty. */
  missing_usage: UsageWindow[];
  /** The first moment after `until` that may produce an invoice (the next work), null when none. */
  next_work_at: Date | null;
  /** The first billing date (period or final invoice) not yet invoiced, null when none. */
  next_invoice_date: Date | null;
}

const emptyResult = (): PlanResult => ({ invoices: [], missing_usage: [], next_work_at: null, next_invoice_date: null });

export interface RunOptions {
  /** Every invoice dated at or before this. */
  until: Date;
  /** Invoices not written dated at or before this were planned before and found empty (null: plan them). */
  emptyThrough: Date | null;
  /**
   * Stop once more than this many invoices are planned and the last is at a later instant than
   * the first (the caller writes at most this many, cut at an instant boundary: planning the
   * rest of a long catch-up would be wasted).
   */
  stopAfterInvoices?: number;
}

/** The billing run: the missing invoices dated up to `until`, and where the next work lies. */
export function planRun(input: PlanInput, opts: RunOptions): PlanResult {
  const result = emptyResult();
  const { until, emptyThrough, stopAfterInvoices } = opts;
  const wanted = (m: { date: Date }, written: unknown) =>
    !written && t(m.date) <= t(until) && !(emptyThrough && t(m.date) <= t(emptyThrough));
  for (const planned of planSubscription(input, { wanted, missingUsage: result.missing_usage })) {
    const { moment } = planned;
    if (t(moment.date) > t(until)) {
      if (!moment.kind) continue;
      result.next_work_at ??= moment.date;
      if (moment.type === 'CHANGE') continue;
      result.next_invoice_date ??= moment.date;
      break;
    }
    const invoice = missingInvoice(planned);
    if (!invoice) continue;
    result.invoices.push(invoice);
    const n = result.invoices.length;
    if (stopAfterInvoices !== undefined && n > stopAfterInvoices && t(invoice.date) > t(result.invoices[0].date)) break;
  }
  return result;
}

/** The preview: the first invoice not written yet, whatever its date (with `from`: the first dated at or after it). */
export function planPreview(input: PlanInput, maxMoments = 5000, from?: Date): PlanResult {
  const result = emptyResult();
  const wanted = (_m: unknown, written: unknown) => !written;
  for (const planned of planSubscription(input, { wanted, missingUsage: result.missing_usage, maxMoments })) {
    const invoice = missingInvoice(planned);
    if (!invoice || (from && t(invoice.date) < t(from))) continue;
    result.invoices.push(invoice);
    result.next_invoice_date = invoice.date;
    break;
  }
  return result;
}

/** The recompute: the lines of the invoice with this billing key (a usage draft before its finalization), all pending one-time charges on it. */
export function planRecompute(input: PlanInput, billingKey: string): PlanResult {
  const result = emptyResult();
  const wanted = (m: { key: string | null }) => m.key !== null && m.key === billingKey;
  for (const planned of planSubscription(input, { wanted, missingUsage: result.missing_usage, allOneTimes: true })) {
    if (planned.moment.key !== billingKey) continue;
    result.invoices.push(invoiceOf(planned));
    break;
  }
  return result;
}
