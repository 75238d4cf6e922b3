import type { NormalisedMeteringRule } from '../metering-rule';
import { filterSql, groupKeySql, propertyNumeric, SqlParams } from './metering-sql';

/**
 * WEIGHTED_SUM (prorated seats): each event's numeric property is a CHANGE of a running quantity
 * (+10 seats, −3 seats) that holds from the event's timestamp on, across periods, until later
 * events change it — so a quantity set once is billed every period without being sent again. The
 * value of a window [start, end) is the time-weighted quantity
 *
 *     ∫ quantity(t) dt / (end − start)
 *
 * with quantity(t) = the sum of the values of every event at or before t (events before the
 * window included). 10 seats for the first half of a month and 20 for the second: 15.
 *
 * The integral is exact (numeric seconds × numeric quantities); the one division is rounded to 12
 * decimals, half away from zero (the precision of an event's numbers). Events without a numeric
 * value are skipped. Events are read one by one (hourly rollups carry no timestamps).
 */
export const WEIGHTED_SCALE = 12;

/** SQL expressions of one window: the customer, its start and end (bound parameters or columns). */
export interface WeightedWindow {
  customer: string;
  start: string;
  end: string;
}

/**
 * Rows (gk, area) per group key: the integral of the group's quantity over the window, in
 * quantity × seconds. A group whose quantity is 0 throughout has area 0 or no row.
 */
export function weightedAreaSql(
  companyId: string,
  itemId: string,
  w: WeightedWindow,
  rule: NormalisedMeteringRule,
  keys: string[],
  params: SqlParams,
): string {
  const c = params.add(companyId);
  const item = params.add(itemId);
  const props = 'e.properties';
  const v = propertyNumeric(props, rule.property!, params);
  const where = filterSql(rule.rule?.comparator, props, params);
  const events = (range: string) =>
    `SELECT ${groupKeySql(props, keys, params)} AS gk, e.event_timestamp AS ts, e.id AS id, ${v} AS v FROM usage_events e ` +
    `WHERE e.company_id = ${c}::text AND e.customer_id = ${w.customer} AND e.item_id = ${item}::text AND ${range} AND ${where}`;
  // the quantity at the window's start (every earlier change), then each change inside it
  const points =
    `SELECT x.gk, ${w.start} AS ts, ''::text AS id, sum(x.v) AS dv FROM (${events(`e.event_timestamp < ${w.start}`)}) x ` +
    `WHERE x.v IS NOT NULL GROUP BY x.gk ` +
    `UNION ALL SELECT x.gk, x.ts, x.id, x.v AS dv FROM (${events(`e.event_timestamp >= ${w.start} AND e.event_timestamp < ${w.end}`)}) x ` +
    `WHERE x.v IS NOT NULL`;
  // each point holds its running quantity until the next point (the window's end after the last)
  const steps =
    `SELECT p.gk, p.ts, sum(p.dv) OVER q AS quantity, lead(p.ts, 1, ${w.end}) OVER q AS next_ts FROM (${points}) p ` +
    `WINDOW q AS (PARTITION BY p.gk ORDER BY p.ts, p.id COLLATE "C" ROWS UNBOUNDED PRECEDING)`;
  return `SELECT s.gk, sum(s.quantity * extract(epoch FROM (s.next_ts - s.ts))) AS area FROM (${steps}) s GROUP BY s.gk`;
}

/** The time-weighted value of an area over the window, as text (rounded to WEIGHTED_SCALE decimals). */
export const weightedValueSql = (area: string, w: WeightedWindow): string =>
  `round(${area} / extract(epoch FROM (${w.end} - ${w.start})), ${WEIGHTED_SCALE})::text`;
