import { EntityManager } from 'typeorm';
import type { InvoiceCreditsHook } from '../invoicing.hooks';
import type { Loaded } from './load';

/**
 * Who pays each subscription's invoices written now: its customer, or the customer's **direct**
 * parent when the subscription is `parent_billed` and the customer has a parent at the moment
 * the invoice is written (a grandparent is never reached: each level bills the one above it).
 * Read when the invoice is written, never stored on the subscription, so that changing or
 * removing the parent changes who is billed from the next invoice on while invoices already
 * written keep their payer. One statement for the batch, none when no subscription is
 * parent-billed.
 */
export async function payersOf(
  m: EntityManager,
  companyId: string,
  subs: Loaded[],
  credits?: InvoiceCreditsHook,
  now?: Date,
): Promise<{ payers: Map<string, string>; withCredits: Set<string> }> {
  const payers = new Map<string, string>(subs.map((l) => [l.sub.id, l.sub.customer_id]));
  const billedUp = subs.filter((l) => l.sub.parent_billed);
  if (billedUp.length > 0) await parentsOf(m, companyId, billedUp, payers);
  const ids = [...new Set(payers.values())];
  // the payers with usable credits, when asked (`credits`)
  const withCredits = credits && now && ids.length > 0 ? await credits.customersWithCredits(m, companyId, ids, now) : new Set<string>();
  return { payers, withCredits };
}

async function parentsOf(m: EntityManager, companyId: string, billedUp: Loaded[], payers: Map<string, string>): Promise<void> {
  const rows: { id: string; parent_customer_id: string | null }[] = await m.query(
    'SELECT c.id, c.parent_customer_id FROM customers c WHERE c.company_id = $1 AND c.id = ANY($2::text[])',
    [companyId, [...new Set(billedUp.map((l) => l.sub.customer_id))]],
  );
  const parentOf = new Map(rows.map((r) => [r.id, r.parent_customer_id]));
  for (const l of billedUp) {
    const parent = parentOf.get(l.sub.customer_id);
    if (parent) payers.set(l.sub.id, parent);
  }
}

/** A planned write with its payer, and whether the payer's credits go to its invoices at once. */
export function paidBy<T extends { l: Loaded }>(
  w: T,
  paying: { payers: Map<string, string>; withCredits: Set<string> },
): T & { payer: string; applyCredits: boolean } {
  const payer = paying.payers.get(w.l.sub.id) ?? w.l.sub.customer_id;
  return { ...w, payer, applyCredits: paying.withCredits.has(payer) };
}
