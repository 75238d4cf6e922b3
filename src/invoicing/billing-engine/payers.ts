import { EntityManager } from 'typeorm';
import type { InvoiceCreditsHook } from '../invoicing.hooks';
import type { Loaded } from './load';
import { RollupConfig, rollupConfigOf } from './rollup-dates';

/** Who pays a batch's subscriptions, which of them have usable credits, and the payers' roll-ups. */
export interface Paying {
  payers: Map<string, string>;
  withCredits: Set<string>;
  /** The parents with roll-up on (child_rollup_billing and its config), by id. */
  rollups: Map<string, RollupConfig>;
}

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
): Promise<Paying> {
  const payers = new Map<string, string>(subs.map((l) => [l.sub.id, l.sub.customer_id]));
  const rollups = new Map<string, RollupConfig>();
  const billedUp = subs.filter((l) => l.sub.parent_billed);
  if (billedUp.length > 0) await parentsOf(m, companyId, billedUp, payers, rollups);
  const ids = [...new Set(payers.values())];
  // the payers with usable credits, when asked (`credits`)
  const withCredits = credits && now && ids.length > 0 ? await credits.customersWithCredits(m, companyId, ids, now) : new Set<string>();
  return { payers, withCredits, rollups };
}

/** The direct parents of the parent-billed subscriptions' customers, and those parents' roll-ups. */
async function parentsOf(
  m: EntityManager,
  companyId: string,
  billedUp: Loaded[],
  payers: Map<string, string>,
  rollups: Map<string, RollupConfig>,
): Promise<void> {
  const rows: {
    id: string;
    parent_customer_id: string | null;
    child_rollup_billing: boolean | null;
    child_rollup_billing_config: Record<string, unknown> | null;
  }[] = await m.query(
    `SELECT c.id, c.parent_customer_id, p.child_rollup_billing, p.child_rollup_billing_config
       FROM customers c LEFT JOIN customers p ON p.company_id = c.company_id AND p.id = c.parent_customer_id
      WHERE c.company_id = $1 AND c.id = ANY($2::text[])`,
    [companyId, [...new Set(billedUp.map((l) => l.sub.customer_id))]],
  );
  const parentOf = new Map(rows.map((r) => [r.id, r.parent_customer_id]));
  for (const r of rows) {
    const config = r.parent_customer_id ? rollupConfigOf(r.child_rollup_billing === true, r.child_rollup_billing_config) : null;
    if (config) rollups.set(r.parent_customer_id!, config);
  }
  for (const l of billedUp) {
    const parent = parentOf.get(l.sub.customer_id);
    if (parent) payers.set(l.sub.id, parent);
  }
}

/**
 * A planned write with its payer, whether the payer's credits go to its invoices at once, and the
 * payer's roll-up when the subscription is billed to a parent that rolls its children up.
 */
export function paidBy<T extends { l: Loaded }>(
  w: T,
  paying: Paying,
): T & { payer: string; applyCredits: boolean; rollup: RollupConfig | null } {
  const payer = paying.payers.get(w.l.sub.id) ?? w.l.sub.customer_id;
  const rollup = payer !== w.l.sub.customer_id ? (paying.rollups.get(payer) ?? null) : null;
  return { ...w, payer, applyCredits: paying.withCredits.has(payer), rollup };
}
