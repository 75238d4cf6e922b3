/**
 * Long catch-ups are written in bounded transactions (src/invoicing/README-billing.md "Exactly
 * once"): the cut of a subscription's planned invoices, and whether its cursor says it has work.
 */
import type { Loaded } from './load';

/**
 * A catch-up cut to at most `max` invoices, at a date boundary (the invoices of one instant —
 * a change and a billing date — are written together): the invoices to write, and the instant of
 * the first invoice left for the next transaction (null when nothing is left).
 */
export function cutCatchUp<D extends { date: Date }>(invoices: D[], max: number): { keep: D[]; resumeAt: Date | null } {
  if (invoices.length <= max) return { keep: invoices, resumeAt: null };
  let resume = invoices[max].date;
  let keep = invoices.filter((d) => d.date.getTime() < resume.getTime());
  if (keep.length === 0) {
    // more than `max` invoices at the first instant: that instant whole, then stop
    keep = invoices.filter((d) => d.date.getTime() === invoices[0].date.getTime());
    const after = invoices.find((d) => d.date.getTime() > invoices[0].date.getTime());
    if (!after) return { keep, resumeAt: null };
    resume = after.date;
  }
  return { keep, resumeAt: resume };
}

/** The billing cursor has seen the subscription as it is now (not changed since). */
export function seenAsItIs(l: Loaded): boolean {
  return l.cursor !== null && l.cursor.seen_updated_at.getTime() === l.sub.updated_at.getTime();
}

/** What a run picks (BillingRunService's candidates): never seen, changed since last seen, or its next work due by `at`. */
export function hasWorkAt(l: Loaded, at: Date): boolean {
  const next = l.cursor?.next_work_at ?? null;
  return !seenAsItIs(l) || (next !== null && next.getTime() <= at.getTime());
}
