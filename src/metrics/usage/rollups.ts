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
 * Lock order, to stay free of deadlocks under concurrent batches: rows are upserted sorted by
 * (customer, hour, group), metric by metric in id order.
 */
export const BUCKET_MS = 3_600_000;

/** The rows to summarise: a FROM item that yields e(id, customer_id, event_timestamp, properties). */
export interface RollupSource {
  sql: string;
  params: SqlParams;
}

/** The events of one ingest batch, passed as arrays (one statement whatever the batch size). */
export function batchSource(rows: { id: string; customer_id: string; event_timestamp: Date; properties: object }[]): RollupSource {
  const params = new SqlParams();
  const sql =
    `unnest(${params.add(rows.map((r) => r.id))}::text[], ${params.add(rows.map((r) => r.customer_id))}::text[], ` +
    `${params.add(rows.map((r) => r.event_timestamp))}::timestamptz[], ${params.add(rows.map((r) => JSON.stringify(r.properties)))}::jsonb[]) ` +
    `AS e(id, customer_id, event_timestamp, properties)`;
  return { sql, params };
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

/** Adds the source rows to the metric's rollups. */
export async function addToRollups(m: EntityManager, companyId: string, metric: BillableMetricEntity, source: RollupSource): Promise<void> {
  const rule = metric.metering_rule as NormalisedMeteringRule | null;
  if (!rule) return;
  const base = source.params.values;

  {
    const params = new SqlParams(base);
    const c = params.add(companyId);
    const mid = params.add(metric.id);
    const value = rule.property && rule.aggregator !== 'COUNT' ? propertyNumeric('e.properties', rule.property, params) : 'NULL::numeric';
    const gk = groupKeySql('e.properties', rule.group_keys, params);
    const where = filterSql(rule.rule?.comparator, 'e.properties', params);
    const order = 'x.event_timestamp DESC, x.id COLLATE "C" DESC';
    await m.query(
      `INSERT INTO usage_rollups AS r (company_id, customer_id, metric_id, bucket_start, group_key, event_count, value_count,
         value_sum, value_max, latest_at, latest_event_id, latest_value)
       SELECT ${c}::text, x.customer_id, ${mid}::text, x.bucket, x.gk, count(*), count(x.v), COALESCE(sum(x.v), 0), max(x.v),
         max(x.event_timestamp) FILTER (WHERE x.v IS NOT NULL),
         (array_agg(x.id ORDER BY ${order}) FILTER (WHERE x.v IS NOT NULL))[1],
         (array_agg(x.v ORDER BY ${order}) FILTER (WHERE x.v IS NOT NULL))[1]
       FROM (SELECT e.id, e.customer_id, e.event_timestamp, date_trunc('hour', e.event_timestamp, 'UTC') AS bucket,
               ${gk} AS gk, ${value} AS v
             FROM ${source.sql} WHERE ${where}) x
       GROUP BY x.customer_id, x.bucket, x.gk
       ORDER BY x.customer_id, x.bucket, x.gk
       ON CONFLICT (company_id, customer_id, metric_id, bucket_start, group_key) DO UPDATE SET
         event_count = r.event_count + EXCLUDED.event_count,
         value_count = r.value_count + EXCLUDED.value_count,
         value_sum = r.value_sum + EXCLUDED.value_sum,
         value_max = GREATEST(r.value_max, EXCLUDED.value_max),
         latest_at = CASE WHEN ${NEWER} THEN EXCLUDED.latest_at ELSE r.latest_at END,
         latest_event_id = CASE WHEN ${NEWER} THEN EXCLUDED.latest_event_id ELSE r.latest_event_id END,
         latest_value = CASE WHEN ${NEWER} THEN EXCLUDED.latest_value ELSE r.latest_value END`,
      params.values,
    );
  }

  if (rule.aggregator === 'UNIQUE_COUNT' && rule.property) {
    const params = new SqlParams(base);
    const c = params.add(companyId);
    const mid = params.add(metric.id);
    const text = propertyText('e.properties', rule.property, params);
    const gk = groupKeySql('e.properties', rule.group_keys, params);
    const where = filterSql(rule.rule?.comparator, 'e.properties', params);
    await m.query(
      `INSERT INTO usage_rollup_values (company_id, customer_id, metric_id, bucket_start, group_key, value)
       SELECT DISTINCT ${c}::text, x.customer_id, ${mid}::text, x.bucket, x.gk, x.t
       FROM (SELECT e.customer_id, date_trunc('hour', e.event_timestamp, 'UTC') AS bucket, ${gk} AS gk, ${text} AS t
             FROM ${source.sql} WHERE ${where}) x
       WHERE x.t IS NOT NULL
       ORDER BY 2, 4, 5, 6
       ON CONFLICT DO NOTHING`,
      params.values,
    );
  }
}
