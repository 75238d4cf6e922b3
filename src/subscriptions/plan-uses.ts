/**
 * The rows of `subscription_plan_uses` (SubscriptionPlanUseEntity), derived from the phases and
 * the end date of subscriptions: what `num_subs` counts, one row per subscription and pricing or
 * bundle; and their sums in `subscription_plan_use_counts` (SubscriptionPlanUseCountEntity), per
 * pricing or bundle and instant the rows stop counting, so that a count reads a few rows
 * whatever the number of subscriptions (the rows of instants already past are skipped by the
 * index range).
 *
 * The count's rule is the one `phaseInEffectSql` states, read at `now`: a live phase P (not
 * superseded) counts while no later live phase L (L.seq > P.seq) has started by
 * GREATEST(now, P.starts_at), and while the subscription has not ended. So:
 * - a later live phase starting at or before P's own start replaces P at once: P never counts;
 * - otherwise P counts until the earliest start of a later live phase (or for ever);
 * - and a subscription counts for a pricing until the latest such instant over its phases that
 *   list the pricing, or its end date if sooner.
 * 'infinity' stands for "for ever", so that `counts_until > now` is one index range.
 */

/**
 * INSERT … SELECT of the rows of the subscriptions that `where` selects (SQL over `s`, the
 * subscriptions table; bound parameters of the caller). The caller deletes their old rows first.
 */
export function planUsesInsertSql(where: string): string {
  return `INSERT INTO subscription_plan_uses (company_id, subscription_id, kind, ref_id, counts_until)
    WITH live AS (
      SELECT p.company_id, p.subscription_id, p.product_pricing_ids, p.bundle_pricing_id,
        s.end_date, p.starts_at,
        (SELECT min(l.starts_at) FROM subscription_phases l
          WHERE l.company_id = p.company_id AND l.subscription_id = p.subscription_id
            AND l.superseded_by_event_seq IS NULL AND l.seq > p.seq) AS replaced_at
      FROM subscriptions s
      JOIN subscription_phases p ON p.company_id = s.company_id AND p.subscription_id = s.id
      WHERE (${where}) AND p.superseded_by_event_seq IS NULL
    ), counting AS (
      SELECT company_id, subscription_id, product_pricing_ids, bundle_pricing_id, end_date,
        coalesce(replaced_at, 'infinity'::timestamptz) AS until
      FROM live WHERE replaced_at IS NULL OR replaced_at > starts_at
    ), used AS (
      SELECT c.company_id, c.subscription_id, 'PRICING' AS kind, x.ref_id, c.until, c.end_date
        FROM counting c CROSS JOIN LATERAL unnest(c.product_pricing_ids) AS x(ref_id)
      UNION ALL
      SELECT c.company_id, c.subscription_id, 'BUNDLE', c.bundle_pricing_id, c.until, c.end_date
        FROM counting c WHERE c.bundle_pricing_id IS NOT NULL
    )
    SELECT company_id, subscription_id, kind, ref_id, LEAST(max(until), coalesce(end_date, 'infinity'::timestamptz))
    FROM used GROUP BY company_id, subscription_id, kind, ref_id, end_date`;
}

/** The DELETE that goes before `planUsesInsertSql` for the same subscriptions ($1 company, $2 ids). */
export const PLAN_USES_DELETE_SQL = 'DELETE FROM subscription_plan_uses WHERE company_id = $1 AND subscription_id = ANY ($2::text[])';

/**
 * The counts are kept per slot of the subscription id (16), so that writes of subscriptions on
 * the same pricing seldom wait for one another's count row; a read sums the slots.
 */
export const PLAN_USE_SLOT_SQL = (subscriptionId: string) => `(hashtext(${subscriptionId}) & 15)`;

/** What a row adds to the counts: its key there (`counts_until` as its text, exact and comparable). */
export const PLAN_USE_RETURNING = `RETURNING kind, ref_id, counts_until::text AS counts_until, ${PLAN_USE_SLOT_SQL('subscription_id')} AS slot`;

export interface PlanUseKey {
  kind: string;
  ref_id: string;
  counts_until: string;
  slot: number;
}

export interface PlanUseDelta extends PlanUseKey {
  n: number;
}

/**
 * What the counts change by when a write replaces the rows `before` with `after`: -1 per row
 * gone, +1 per row come, zeros left out, in one fixed order (kind, ref_id, counts_until, slot),
 * so that two writes lock the count rows they share in the same order.
 */
export function planUseDeltas(before: PlanUseKey[], after: PlanUseKey[]): PlanUseDelta[] {
  const deltas = new Map<string, PlanUseDelta>();
  const add = (k: PlanUseKey, n: number) => {
    const key = JSON.stringify([k.kind, k.ref_id, k.counts_until, Number(k.slot)]);
    const d = deltas.get(key) ?? { kind: k.kind, ref_id: k.ref_id, counts_until: k.counts_until, slot: Number(k.slot), n: 0 };
    d.n += n;
    deltas.set(key, d);
  };
  for (const k of before) add(k, -1);
  for (const k of after) add(k, 1);
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...deltas.values()]
    .filter((d) => d.n !== 0)
    .sort((a, b) => cmp(a.kind, b.kind) || cmp(a.ref_id, b.ref_id) || cmp(a.counts_until, b.counts_until) || a.slot - b.slot);
}

/** Adds deltas to the counts ($1 company; $2.. the deltas' columns as arrays), in the deltas' order. */
export const PLAN_USE_COUNTS_UPSERT_SQL = `INSERT INTO subscription_plan_use_counts (company_id, kind, ref_id, counts_until, slot, n)
  SELECT $1, d.kind, d.ref_id, d.counts_until, d.slot, d.n
  FROM unnest($2::text[], $3::text[], $4::timestamptz[], $5::int[], $6::int[]) WITH ORDINALITY AS d(kind, ref_id, counts_until, slot, n, i)
  ORDER BY d.i
  ON CONFLICT (company_id, kind, ref_id, counts_until, slot) DO UPDATE SET n = subscription_plan_use_counts.n + excluded.n`;

/** The parameters of PLAN_USE_COUNTS_UPSERT_SQL. */
export function planUseCountsParams(companyId: string, deltas: PlanUseDelta[]): unknown[] {
  return [
    companyId,
    deltas.map((d) => d.kind),
    deltas.map((d) => d.ref_id),
    deltas.map((d) => d.counts_until),
    deltas.map((d) => d.slot),
    deltas.map((d) => d.n),
  ];
}

type Query = (sql: string, params: unknown[]) => Promise<unknown>;

/**
 * Rewrites the rows of every subscription of the company (the migration that creates the table,
 * company by company): the rows the writes would have kept.
 */
export async function backfillPlanUses(query: Query, companyId: string): Promise<void> {
  await query('DELETE FROM subscription_plan_uses WHERE company_id = $1', [companyId]);
  await query(planUsesInsertSql('s.company_id = $1'), [companyId]);
}

/** Rewrites the company's counts from its rows (the migration that creates the counts, company by company). */
export async function backfillPlanUseCounts(query: Query, companyId: string): Promise<void> {
  await query('DELETE FROM subscription_plan_use_counts WHERE company_id = $1', [companyId]);
  await query(
    `INSERT INTO subscription_plan_use_counts (company_id, kind, ref_id, counts_until, slot, n)
     SELECT company_id, kind, ref_id, counts_until, ${PLAN_USE_SLOT_SQL('subscription_id')}, count(*)
     FROM subscription_plan_uses WHERE company_id = $1 GROUP BY 1, 2, 3, 4, 5`,
    [companyId],
  );
}
