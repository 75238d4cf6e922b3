import { Injectable } from '@nestjs/common';
import Decimal from 'decimal.js';
import { EntityManager } from 'typeorm';
import { DomainError } from '../../platform/errors/domain-error';
import type { BillableMetricEntity } from '../billable-metric.entity';
import type { NormalisedMeteringRule } from '../metering-rule';
import { filterSql, propertyNumeric, SqlParams } from './metering-sql';
import type { UsagePeriod } from './usage.service';

/**
 * The amounts of a customer's events of a SUM metric over a period, as counts per distinct
 * amount (what a percentage price charges event by event: an event's charge depends only on its
 * amount, so the counts give the same sum as the events one by one, in far fewer rows). Read
 * from the events themselves: the hourly rollups keep only sums. Events whose property is
 * missing or not numeric are left out, as SUM leaves them out.
 */
@Injectable()
export class EventAmountsService {
  async amounts(
    m: EntityManager,
    companyId: string,
    customerId: string,
    metric: BillableMetricEntity,
    period: UsagePeriod,
  ): Promise<{ amount: string; count: string }[]> {
    const rule = metric.metering_rule as NormalisedMeteringRule | null;
    if (!rule?.property || metric.company_id !== companyId)
      throw DomainError.invalidField('metric_id', 'is not a metered metric of this company with a property');
    if (period.end.getTime() <= period.start.getTime()) return [];
    const params = new SqlParams();
    const c = params.add(companyId);
    const customer = params.add(customerId);
    const item = params.add(metric.item_id);
    const start = params.add(period.start);
    const end = params.add(period.end);
    const where = filterSql(rule.rule?.comparator, 'e.properties', params);
    const v = propertyNumeric('e.properties', rule.property, params);
    const sql =
      `SELECT x.v::text AS amount, count(*)::text AS count FROM (SELECT ${v} AS v FROM usage_events e ` +
      `WHERE e.company_id = ${c}::text AND e.customer_id = ${customer}::text AND e.item_id = ${item}::text ` +
      `AND e.event_timestamp >= ${start}::timestamptz AND e.event_timestamp < ${end}::timestamptz AND ${where}) x ` +
      `WHERE x.v IS NOT NULL GROUP BY x.v ORDER BY x.v`;
    const rows: { amount: string; count: string }[] = await m.query(sql, params.values);
    return rows.map((r) => ({ amount: new Decimal(r.amount).toFixed(), count: r.count }));
  }

  /**
   * What each of some events adds to a COUNT or SUM metric's usage (by event id): '1' or its
   * property's value, null when the metric's rule leaves it out (filtered out, or a SUM's
   * property missing or not numeric). The rule's own SQL (metering-sql.ts), over the events'
   * properties as given, so it reads no table.
   */
  async eventValues(
    m: EntityManager,
    metric: BillableMetricEntity,
    events: readonly { id: string; properties: unknown }[],
  ): Promise<Map<string, string | null>> {
    const rule = metric.metering_rule as NormalisedMeteringRule | null;
    if (!rule || (rule.aggregator !== 'COUNT' && rule.aggregator !== 'SUM'))
      throw new Error(`metric ${metric.id} does not add its events up`);
    const params = new SqlParams([JSON.stringify(events.map((e) => ({ id: e.id, properties: e.properties })))]);
    const where = filterSql(rule.rule?.comparator, 'e.properties', params);
    const v = rule.aggregator === 'COUNT' || !rule.property ? '1::numeric' : propertyNumeric('e.properties', rule.property, params);
    const sql = `SELECT e.id, (CASE WHEN ${where} THEN ${v} END)::text AS v FROM jsonb_to_recordset($1::jsonb) AS e(id text, properties jsonb)`;
    const rows: { id: string; v: string | null }[] = await m.query(sql, params.values);
    return new Map(rows.map((r) => [r.id, r.v === null ? null : new Decimal(r.v).toFixed()]));
  }
}
