/**
 * Reconciliation (pure): what the plan calls for against what is written. An invoice is keyed by
 * its kind and billing key (`<sub>@<billing date>`, `<sub>@change@<event seq>`,
 * `<sub>@cancel`): a planned invoice whose key is written is there already and is not written
 * again — the unique key makes that hold across runs and instances too (exactly once, see
 * src/invoicing/README-billing.md). Written invoices are never rewritten by a run: the plan
 * reads what they billed (their period, the phase of their advance lines) as history.
 */
import type { PlannedMoment } from './planner';
import type { PlannedInvoice } from './state';

/** The invoice a planned moment calls for that is not written yet (null: none, or written already). */
export function missingInvoice(planned: PlannedMoment): PlannedInvoice | null {
  const { moment, written, draft } = planned;
  if (!moment.kind || !moment.key || written || !draft?.billable) return null;
  return invoiceOf(planned);
}

/** The planned moment's invoice with the lines computed for it. */
export function invoiceOf({ moment, draft }: PlannedMoment): PlannedInvoice {
  return {
    moment,
    kind: moment.kind!,
    key: moment.key!,
    date: moment.date,
    lines: draft?.lines ?? [],
    has_usage: draft?.has_usage ?? false,
    period_start: draft?.period_start ?? moment.date,
    period_end: draft?.period_end ?? moment.date,
  };
}
