/**
 * The rows of `subscription_plan_uses` (SubscriptionPlanUseEntity), derived from the phases and
 * the end date of subscriptions: what `num_subs` counts, kept so that a count is an index range.
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

type Query = (sql: string, params: unknown[]) => Promise<unknown>;

/**
 * Rewrites the rows of every subscription of the company (the migration that creates the table,
 * company by company); returns nothing, the rows are what the writes would have kept.
 */
export async function backfillPlanUses(query: Query, companyId: string): Promise<void> {
  await query('DELETE FROM subscription_plan_uses WHERE company_id = $1', [companyId]);
  await query(planUsesInsertSql('s.company_id = $1'), [companyId]);
}
