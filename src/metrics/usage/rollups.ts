import type { EntityManager } from 'typeorm';
import type { BillableMetricEntity } from '../billable-metric.entity';
import type { NormalisedMeteringRule } from '../metering-rule';
import { filterSql, groupKeySql, propertyNumeric, propertyText, SqlParams } from './metering-sql';

/**
 * Hourly rollups of usage events per metric (see the migration). They are exact partial
 * aggregates: counts, sums, maxima and the latest value (by timestamp, then event id) of each
 * hour, customer and group; UNIQUE_COUNT metrics also keep the distinct values of each hour.
 * Written in the same transaction as the events they summarise (or, for a new metric, from the
 * stored events while the item row is locked), so they never disagree with usage_events.
 *
 * The rows of an hour add up: each ingest batch inserts its own rows (`slot` = the batch's first
 * event id, never taken before) rather than updating a shared row per hour, so concurrent batches
 * of one customer and hour never wait for each other's row locks (updating one hot row per hour
 * serialised them). Readers already aggregate any number of rows per hour. `compactRollups`
 * later merges an hour's rows into one row with `slot` '' (what a metric's first build writes).
 */
export const BUCKET_MS = 3_600_000;

/** The rows to summarise: a FROM item that yields e(id, customer_id, event_timestamp, properties). */
export interface RollupSource {
  sql: string;
  params: SqlParams;
}

/** Every stored event of an item (building the rollups of a new metric). */
export function storedEventsSource(companyId: string, itemId: string): RollupSource {
  const params = new SqlParams();
  const sql =
    `(SELECT id, customer_id, event_timestamp, properties FROM usage_events ` +
    `WHERE company_id = ${params.add(companyId)}::text AND item_id = ${params.add(itemId)}::text) e`;
  return { sql, params };
}

const NEWER =
  'EXCLUDED.latest_at IS NOT NULL AND (r.latest_at IS NULL OR EXCLUDED.latest_at > r.latest_at OR ' +
  '(EXCLUDED.latest_at = r.latest_at AND EXCLUDED.latest_event_id COLLATE "C" > r.latest_event_id COLLATE "C"))';

/** Two rows of one hour and slot meet: the second adds to the first. */
const MERGE_ON_CONFLICT = `ON CONFLICT (company_id, customer_id, metric_id, bucket_start, group_key, slot) DO UPDATE SET
         event_count = r.event_count + EXCLUDED.event_count,
         value_count = r.value_count + EXCLUDED.value_count,
         value_sum = r.value_sum + EXCLUDED.value_sum,
         value_max = GREATEST(r.value_max, EXCLUDED.value_max),
         latest_at = CASE WHEN ${NEWER} THEN EXCLUDED.latest_at ELSE r.latest_at END,
         latest_event_id = CASE WHEN ${NEWER} THEN EXCLUDED.latest_event_id ELSE r.latest_event_id END,
         latest_value = CASE WHEN ${NEWER} THEN EXCLUDED.latest_value ELSE r.latest_value END`;

/**
 * Merges the rows of up to `hours` (customer, metric, hour, group) of a company that have batch
 * rows into one row each (`slot` ''), in one statement; returns how many hours it merged. Exact:
 * counts and sums add, maxima take the greatest, the latest value is the one of the latest event
 * (by time, then event id). Safe beside ingest (which only inserts rows of new slots) and beside
 * another compaction (a row another one deleted meanwhile is skipped; the merged rows meet on
 * `slot` '' and add up).
 */
export async function compactRollups(m: EntityManager, companyId: string, hours: number): Promise<number> {
  const order = 'g.latest_at DESC, g.latest_event_id COLLATE "C" DESC';
  const rows: unknown[] = await m.query(
    `WITH hours AS (
       SELECT DISTINCT customer_id, metric_id, bucket_start, group_key FROM usage_rollups
       WHERE company_id = $1 AND slot <> '' LIMIT $2
     ), gone AS (
       DELETE FROM usage_rollups d USING hours h
       WHERE d.company_id = $1 AND d.customer_id = h.customer_id AND d.metric_id = h.metric_id
         AND d.bucket_start = h.bucket_start AND d.group_key = h.group_key
       RETURNING d.*
     )
     INSERT INTO usage_rollups AS r (company_id, customer_id, metric_id, bucket_start, group_key, slot, event_count, value_count,
       value_sum, value_max, latest_at, latest_event_id, latest_value)
     SELECT $1::text, g.customer_id, g.metric_id, g.bucket_start, g.group_key, '', sum(g.event_count), sum(g.value_count),
       sum(g.value_sum), max(g.value_max), max(g.latest_at),
       (array_agg(g.latest_event_id ORDER BY ${order}) FILTER (WHERE g.latest_at IS NOT NULL))[1],
       (array_agg(g.latest_value ORDER BY ${order}) FILTER (WHERE g.latest_at IS NOT NULL))[1]
     FROM gone g
     GROUP BY g.customer_id, g.metric_id, g.bucket_start, g.group_key
     ORDER BY g.customer_id, g.metric_id, g.bucket_start, g.group_key
     ${MERGE_ON_CONFLICT}
     RETURNING 1`,
    [companyId, hours],
  );
  return rows.length;
}

/**
 * The INSERT statements (one, or two for UNIQUE_COUNT) that add the rows of `sourceSql` (a FROM
 * item yielding e(id, customer_id, event_timestamp, properties)) to the metric's rollups, as rows
 * of `slot` ('' for a metric's first build, else a value no other transaction uses: the batch's
 * first event id; such rows cannot meet a row already stored, one per customer, hour and group, so
 * they are plain inserts without the ON CONFLICT arbiter's look-up). Each statement's parameters go to `params()`: a fresh set per statement to run
 * them on their own, or one shared set to embed them all as CTEs of one statement.
 */
export function rollupInserts(
  companyId: string,
  metric: BillableMetricEntity,
  sourceSql: string,
  params: () => SqlParams,
  slot = '',
): { sql: string; params: SqlParams }[] {
  const rule = metric.metering_rule as NormalisedMeteringRule | null;
  if (!rule) return [];
  const out: { sql: string; params: SqlParams }[] = [];
  {
    const p = params();
    const c = p.add(companyId);
    const mid = p.add(metric.id);
    const sl = p.add(slot);
    const value = rule.property && rule.aggregator !== 'COUNT' ? propertyNumeric('e.properties', rule.property, p) : 'NULL::numeric';
    const gk = groupKeySql('e.properties', rule.group_keys, p);
    const where = filterSql(rule.rule?.comparator, 'e.properties', p);
    const order = 'x.event_timestamp DESC, x.id COLLATE "C" DESC';
    out.push({
      params: p,
      sql: `INSERT INTO usage_rollups AS r (company_id, customer_id, metric_id, bucket_start, group_key, slot, event_count, value_count,
         value_sum, value_max, latest_at, latest_event_id, latest_value)
       SELECT ${c}::text, x.customer_id, ${mid}::text, x.bucket, x.gk, ${sl}::text, count(*), count(x.v), COALESCE(sum(x.v), 0), max(x.v),
         max(x.event_timestamp) FILTER (WHERE x.v IS NOT NULL),
         (array_agg(x.id ORDER BY ${order}) FILTER (WHERE x.v IS NOT NULL))[1],
         (array_agg(x.v ORDER BY ${order}) FILTER (WHERE x.v IS NOT NULL))[1]
       FROM (SELECT e.id, e.customer_id, e.event_timestamp, date_trunc('hour', e.event_timestamp, 'UTC') AS bucket,
               ${gk} AS gk, ${value} AS v
             FROM ${sourceSql} WHERE ${where}) x
       GROUP BY x.customer_id, x.bucket, x.gk
       ORDER BY x.customer_id, x.bucket, x.gk
       ${slot === '' ? MERGE_ON_CONFLICT : ''}`,
    });
  }
  if (rule.aggregator === 'UNIQUE_COUNT' && rule.property) {
    const p = params();
    const c = p.add(companyId);
    const mid = p.add(metric.id);
    const text = propertyText('e.properties', rule.property, p);
    const gk = groupKeySql('e.properties', rule.group_keys, p);
    const where = filterSql(rule.rule?.comparator, 'e.properties', p);
    out.push({
      params: p,
      sql: `INSERT INTO usage_rollup_values (company_id, customer_id, metric_id, bucket_start, group_key, value)
       SELECT DISTINCT ${c}::text, x.customer_id, ${mid}::text, x.bucket, x.gk, x.t
       FROM (SELECT e.customer_id, date_trunc('hour', e.event_timestamp, 'UTC') AS bucket, ${gk} AS gk, ${text} AS t
             FROM ${sourceSql} WHERE ${where}) x
       WHERE x.t IS NOT NULL
       ORDER BY 2, 4, 5, 6
       ON CONFLICT DO NOTHING`,
    });
  }
  return out;
}

/** Adds the source rows to the metric's rollups (see rollupInserts), one statement after the other. */
export async function addToRollups(
  m: EntityManager,
  companyId: string,
  metric: BillableMetricEntity,
  source: RollupSource,
  slot = '',
): Promise<void> {
  for (const st of rollupInserts(companyId, metric, source.sql, () => new SqlParams(source.params.values), slot)) {
    await m.query(st.sql, st.params.values);
  }
}
