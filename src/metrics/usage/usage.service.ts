import { Injectable } from '@nestjs/common';
import Decimal from 'decimal.js';
import { DataSource, EntityManager, In } from 'typeorm';
import { DomainError } from '../../platform/errors/domain-error';
import { CustomerLookupService } from '../../customers/customer-lookup.service';
import { isId } from '../../platform/ids/ids';
import { BillableItemsRepository, BillableMetricsRepository } from '../metrics.repository';
import type { BillableMetricEntity } from '../billable-metric.entity';
import type { NormalisedMeteringRule } from '../metering-rule';
import { BUCKET_MS } from './rollups';
import { filterSql, groupKeySql, propertyNumeric, propertyText, SqlParams } from './metering-sql';
import { weightedAreaSql, weightedValueSql } from './weighted-sum';

export interface UsagePeriod {
  /** inclusive */
  start: Date;
  /** exclusive */
  end: Date;
}

export interface UsageValue {
  /** exact decimal as a string (e.g. "12.5"); "0" when nothing was used */
  value: string;
  breakdown: { grouping: Record<string, string | null>; value: string }[];
}

export interface UsageOptions {
  /** 'auto' (default) reads hourly rollups for the whole hours of the period; 'raw' scans the events only. */
  source?: 'auto' | 'raw';
  /** Run inside this transaction (the billing engine's). */
  manager?: EntityManager;
}

interface PartsQuery {
  sql: string;
  params: SqlParams;
}

/**
 * A period as SQL expressions (bound parameters, or columns of an unnested list): events of
 * [start, rollupStart) and [rollupEnd, end) are read one by one, the hours of [rollupStart,
 * rollupEnd) from the rollups.
 */
interface Window {
  customer: string;
  start: string;
  rollupStart: string;
  rollupEnd: string;
  end: string;
}

/**
 * The instants of a Window: the whole hours of the period from the rollups when `rollups` and
 * there is at least one; otherwise none (rollupStart = rollupEnd = end: every event is read).
 */
function windowInstants(period: UsagePeriod, rollups: boolean): { start: Date; rollupStart: Date; rollupEnd: Date; end: Date } {
  const fullStart = Math.ceil(period.start.getTime() / BUCKET_MS) * BUCKET_MS;
  const fullEnd = Math.floor(period.end.getTime() / BUCKET_MS) * BUCKET_MS;
  return rollups && fullStart < fullEnd
    ? { start: period.start, rollupStart: new Date(fullStart), rollupEnd: new Date(fullEnd), end: period.end }
    : { start: period.start, rollupStart: period.end, rollupEnd: period.end, end: period.end };
}

function canon(value: string | null | undefined): string {
  if (value === null || value === undefined) return '0';
  return new Decimal(value).toFixed();
}

type UsageRow = { is_total: number; gk: string | null; value: string | null };

/** The total and the breakdown by group key of a usage statement's rows (the total's row has is_total 1). */
function usageValue(rows: UsageRow[], keys: string[]): UsageValue {
  let total = '0';
  const breakdown: UsageValue['breakdown'] = [];
  for (const row of rows) {
    if (Number(row.is_total) === 1) {
      total = canon(row.value);
      continue;
    }
    if (keys.length === 0) continue;
    const values = JSON.parse(row.gk ?? '[]') as (string | null)[];
    const grouping: Record<string, string | null> = {};
    keys.forEach((k, i) => (grouping[k] = values[i] ?? null));
    breakdown.push({ grouping, value: canon(row.value) });
  }
  return { value: total, breakdown };
}

/**
 * Usage of one metric for one customer over a half-open period, aggregated IN SQL:
 * the metric's rule becomes a WHERE clause with bound parameters, its aggregator an SQL
 * aggregate. Event metrics (CUSTOM_USAGE items) read the hourly rollups for whole hours and the
 * events for the partial hours at the edges; object metrics (CUSTOM_OBJ items) aggregate the
 * objects live at some point of the period (created before its end, not deleted before or at
 * its start), with their current properties.
 *
 * Aggregators: COUNT (events/objects passing the rule), SUM, MAX, AVG (of numeric values;
 * others are skipped), UNIQUE_COUNT (distinct texts of the property; missing skipped), LATEST
 * (numeric value of the last event by timestamp, ties broken by the later event id). An empty
 * period, or one without numeric values, gives 0. `breakdown` has one entry per combination of
 * the group keys' values (null when the property is missing), ordered by that combination.
 */
@Injectable()
export class UsageService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly items: BillableItemsRepository,
    private readonly metrics: BillableMetricsRepository,
    private readonly customers: CustomerLookupService,
  ) {}

  /** `POST /customers/{customer_id}/usage`: the customer by id or identifier, the metric by id. */
  async customerUsage(
    companyId: string,
    customerIdOrIdentifier: string,
    body: { metric_id: string; period: { start_date: string; end_date: string } },
  ): Promise<UsageValue & { metric_id: string }> {
    const customer = await this.customers.getByIdOrIdentifier(companyId, customerIdOrIdentifier, 'path');
    const notFound = () => DomainError.notFound('billable metric', 'metric_id');
    if (!isId('billableMetric', body.metric_id)) throw notFound();
    const metric = await this.metrics.findOneOrFail(companyId, { id: body.metric_id }, notFound);
    const start = new Date(body.period.start_date);
    const end = new Date(body.period.end_date);
    if (Number.isNaN(start.getTime())) throw DomainError.invalidField('period.start_date', 'must be an ISO 8601 date-time');
    if (Number.isNaN(end.getTime())) throw DomainError.invalidField('period.end_date', 'must be an ISO 8601 date-time');
    if (end.getTime() < start.getTime()) throw DomainError.invalidField('period.end_date', 'must not be before period.start_date');
    const result = await this.usage(companyId, customer.id, metric, { start, end });
    return { metric_id: metric.id, ...result };
  }

  async usage(
    companyId: string,
    customerId: string,
    metric: BillableMetricEntity,
    period: UsagePeriod,
    groupKeys?: string[],
    options: UsageOptions = {},
  ): Promise<UsageValue> {
    const rule = metric.metering_rule as NormalisedMeteringRule | null;
    if (!rule || metric.company_id !== companyId) throw DomainError.invalidField('metric_id', 'is not a metered metric of this company');
    const keys = groupKeys ?? rule.group_keys;
    const m = options.manager ?? this.dataSource.manager;
    if (period.end.getTime() <= period.start.getTime()) return { value: '0', breakdown: [] };

    const item = await this.items.with(m).findOne(companyId, { id: metric.item_id });
    if (!item) throw DomainError.notFound('billable item', 'metric_id');
    const isObjects = item.type === 'CUSTOM_OBJ';
    if (rule.aggregator === 'WEIGHTED_SUM') return this.weightedUsage(m, companyId, customerId, metric, rule, period, keys);
    const useRollups = !isObjects && (options.source ?? 'auto') === 'auto' && JSON.stringify(keys) === JSON.stringify(rule.group_keys);

    const unique = rule.aggregator === 'UNIQUE_COUNT';
    // every bound parameter appears in the statement (an unused one would have no type)
    const params = new SqlParams();
    const bind = (at: Date) => `${params.add(at)}::timestamptz`;
    const customer = `${params.add(customerId)}::text`;
    let parts: PartsQuery;
    if (isObjects) {
      parts = this.objectParts(
        companyId,
        { customer, start: bind(period.start), end: bind(period.end) },
        metric,
        rule,
        keys,
        unique,
        params,
      );
    } else {
      const at = windowInstants(period, useRollups);
      const window = {
        customer,
        start: bind(at.start),
        rollupStart: bind(at.rollupStart),
        rollupEnd: bind(at.rollupEnd),
        end: bind(at.end),
      };
      parts = this.eventParts(companyId, window, metric, rule, keys, unique, useRollups && at.rollupStart < at.rollupEnd, params);
    }

    const sql = unique
      ? `SELECT GROUPING(p.gk) AS is_total, p.gk, count(DISTINCT p.t)::text AS value
         FROM (${parts.sql}) p GROUP BY GROUPING SETS ((p.gk), ()) ORDER BY 1, 2`
      : `SELECT GROUPING(p.gk) AS is_total, p.gk, ${this.finalValue(rule.aggregator)} AS value
         FROM (${parts.sql}) p GROUP BY GROUPING SETS ((p.gk), ()) ORDER BY 1, 2`;
    const rows: UsageRow[] = await m.query(sql, parts.params.values);
    return usageValue(rows, keys);
  }

  /** A WEIGHTED_SUM metric over one period, per group and in total (weighted-sum.ts). */
  private async weightedUsage(
    m: EntityManager,
    companyId: string,
    customerId: string,
    metric: BillableMetricEntity,
    rule: NormalisedMeteringRule,
    period: UsagePeriod,
    keys: string[],
  ): Promise<UsageValue> {
    const params = new SqlParams();
    const w = {
      customer: `${params.add(customerId)}::text`,
      start: `${params.add(period.start)}::timestamptz`,
      end: `${params.add(period.end)}::timestamptz`,
    };
    const area = weightedAreaSql(companyId, metric.item_id, w, rule, keys, params);
    const sql =
      `SELECT GROUPING(a.gk) AS is_total, a.gk, ${weightedValueSql('sum(a.area)', w)} AS value ` +
      `FROM (${area}) a GROUP BY GROUPING SETS ((a.gk), ()) ORDER BY 1, 2`;
    return usageValue(await m.query(sql, params.values), keys);
  }

  /**
   * The total usage (`usage(...).value`) of several (customer, metric, period) requests in ONE
   * statement, values in the order of the requests: one branch per metric, over the list of its
   * requests' windows (unnested arrays), so the statement's text depends only on the metrics.
   */
  async usageMany(
    companyId: string,
    requests: { customerId: string; metric: BillableMetricEntity; period: UsagePeriod }[],
    options: Pick<UsageOptions, 'manager'> = {},
  ): Promise<string[]> {
    const m = options.manager ?? this.dataSource.manager;
    const values: string[] = requests.map(() => '0');
    const itemIds = [...new Set(requests.map((r) => r.metric.item_id))];
    const items = itemIds.length ? await this.items.with(m).find(companyId, { where: { id: In(itemIds) } }) : [];
    const itemById = new Map(items.map((i) => [i.id, i]));
    const byMetric = new Map<string, { metric: BillableMetricEntity; index: number[]; customer: string[]; at: Date[][] }>();
    for (const [index, { customerId, metric, period }] of requests.entries()) {
      const rule = metric.metering_rule as NormalisedMeteringRule | null;
      if (!rule || metric.company_id !== companyId) throw DomainError.invalidField('metric_id', 'is not a metered metric of this company');
      if (period.end.getTime() <= period.start.getTime()) continue;
      if (!itemById.has(metric.item_id)) throw DomainError.notFound('billable item', 'metric_id');
      const group = byMetric.get(metric.id) ?? { metric, index: [], customer: [], at: [[], [], [], []] };
      const at = windowInstants(period, true);
      group.index.push(index);
      group.customer.push(customerId);
      [at.start, at.rollupStart, at.rollupEnd, at.end].forEach((t, i) => group.at[i].push(t));
      byMetric.set(metric.id, group);
    }
    if (byMetric.size === 0) return values;
    const params = new SqlParams();
    const branches = [...byMetric.values()].map(({ metric, index, customer, at }) => {
      const rule = metric.metering_rule as NormalisedMeteringRule;
      if (rule.aggregator === 'WEIGHTED_SUM') return weightedBranch(companyId, metric, rule, { index, customer, at }, params);
      const unique = rule.aggregator === 'UNIQUE_COUNT';
      const list =
        `unnest(${params.add(index)}::int[], ${params.add(customer)}::text[], ` +
        `${at.map((instants) => `${params.add(instants)}::timestamptz[]`).join(', ')}) AS w(i, customer, s, rs, re, e)`;
      const window: Window = { customer: 'w.customer', start: 'w.s', rollupStart: 'w.rs', rollupEnd: 'w.re', end: 'w.e' };
      const q =
        itemById.get(metric.item_id)!.type === 'CUSTOM_OBJ'
          ? this.objectParts(companyId, window, metric, rule, rule.group_keys, unique, params)
          : this.eventParts(companyId, window, metric, rule, rule.group_keys, unique, true, params);
      const value = unique ? 'count(DISTINCT p.t)::text' : this.finalValue(rule.aggregator);
      return `SELECT w.i, (SELECT ${value} FROM (${q.sql}) p) AS value FROM ${list}`;
    });
    const rows: { i: number; value: string | null }[] = await m.query(branches.join(' UNION ALL '), params.values);
    for (const row of rows) values[Number(row.i)] = canon(row.value);
    return values;
  }

  private finalValue(aggregator: string): string {
    switch (aggregator) {
      case 'COUNT':
        return 'sum(p.event_count)::text';
      case 'SUM':
        return 'sum(p.value_sum)::text';
      case 'MAX':
        return 'max(p.value_max)::text';
      case 'AVG':
        return 'CASE WHEN sum(p.value_count) > 0 THEN (sum(p.value_sum) / sum(p.value_count))::text END';
      case 'LATEST':
        return '(array_agg(p.latest_value ORDER BY p.latest_at DESC, p.latest_event_id COLLATE "C" DESC) FILTER (WHERE p.latest_at IS NOT NULL))[1]::text';
      default:
        throw new Error(`unknown aggregator ${aggregator}`);
    }
  }

  /** One row per matching record (raw) in the shape of a rollup row, or the distinct texts for UNIQUE_COUNT. */
  private rawRows(
    alias: string,
    timestampColumn: string,
    rule: NormalisedMeteringRule,
    keys: string[],
    unique: boolean,
    params: SqlParams,
  ): string {
    const props = `${alias}.properties`;
    const gk = groupKeySql(props, keys, params);
    if (unique) return `SELECT ${gk} AS gk, ${propertyText(props, rule.property!, params)} AS t`;
    const v = rule.property && rule.aggregator !== 'COUNT' ? propertyNumeric(props, rule.property, params) : 'NULL::numeric';
    return (
      `SELECT x.gk, 1::bigint AS event_count, (x.v IS NOT NULL)::int::bigint AS value_count, COALESCE(x.v, 0) AS value_sum, x.v AS value_max, ` +
      `CASE WHEN x.v IS NOT NULL THEN x.ts END AS latest_at, CASE WHEN x.v IS NOT NULL THEN x.id END AS latest_event_id, x.v AS latest_value ` +
      `FROM (SELECT ${gk} AS gk, ${v} AS v, ${alias}.${timestampColumn} AS ts, ${alias}.id AS id`
    );
  }

  /** `rollups`: the hours of [rollupStart, rollupEnd) from the rollups (else the window reads every event). */
  private eventParts(
    companyId: string,
    w: Window,
    metric: BillableMetricEntity,
    rule: NormalisedMeteringRule,
    keys: string[],
    unique: boolean,
    rollups: boolean,
    params: SqlParams,
  ): PartsQuery {
    const c = params.add(companyId);
    const item = params.add(metric.item_id);
    const ts = 'e.event_timestamp';
    const range = `((${ts} >= ${w.start} AND ${ts} < ${w.rollupStart}) OR (${ts} >= ${w.rollupEnd} AND ${ts} < ${w.end}))`;
    const where = filterSql(rule.rule?.comparator, 'e.properties', params);
    const scope = `e.company_id = ${c}::text AND e.customer_id = ${w.customer} AND e.item_id = ${item}::text AND ${range} AND ${where}`;
    const raw = unique
      ? `${this.rawRows('e', 'event_timestamp', rule, keys, true, params)} FROM usage_events e WHERE ${scope}`
      : `${this.rawRows('e', 'event_timestamp', rule, keys, false, params)} FROM usage_events e WHERE ${scope}) x`;
    if (!rollups) return { sql: raw, params };

    const bucketRange =
      `company_id = ${c}::text AND customer_id = ${w.customer} AND metric_id = ${params.add(metric.id)}::text ` +
      `AND bucket_start >= ${w.rollupStart} AND bucket_start < ${w.rollupEnd}`;
    // UNIQUE_COUNT: the distinct values of whole hours, plus every group seen (a group whose
    // events all lack the property still appears in the breakdown, with 0)
    const fromRollups = unique
      ? `SELECT group_key AS gk, value AS t FROM usage_rollup_values WHERE ${bucketRange} ` +
        `UNION ALL SELECT group_key AS gk, NULL::text AS t FROM usage_rollups WHERE ${bucketRange}`
      : `SELECT group_key AS gk, event_count, value_count, value_sum, value_max, latest_at, latest_event_id, latest_value FROM usage_rollups WHERE ${bucketRange}`;
    return { sql: `${fromRollups} UNION ALL ${raw}`, params };
  }

  /** The objects live at some point of [start, end) (rollups do not apply to objects). */
  private objectParts(
    companyId: string,
    w: Pick<Window, 'customer' | 'start' | 'end'>,
    metric: BillableMetricEntity,
    rule: NormalisedMeteringRule,
    keys: string[],
    unique: boolean,
    params: SqlParams,
  ): PartsQuery {
    const c = params.add(companyId);
    const item = params.add(metric.item_id);
    const live = `o.created_at < ${w.end} AND (o.deleted_at IS NULL OR o.deleted_at > ${w.start})`;
    const where = filterSql(rule.rule?.comparator, 'o.properties', params);
    const scope = `o.company_id = ${c}::text AND o.customer_id = ${w.customer} AND o.item_id = ${item}::text AND ${live} AND ${where}`;
    const sql = unique
      ? `${this.rawRows('o', 'created_at', rule, keys, true, params)} FROM billable_objects o WHERE ${scope}`
      : `${this.rawRows('o', 'created_at', rule, keys, false, params)} FROM billable_objects o WHERE ${scope}) x`;
    return { sql, params };
  }
}

/** A usageMany branch of a WEIGHTED_SUM metric: its windows' time-weighted values (weighted-sum.ts). */
function weightedBranch(
  companyId: string,
  metric: BillableMetricEntity,
  rule: NormalisedMeteringRule,
  windows: { index: number[]; customer: string[]; at: Date[][] },
  params: SqlParams,
): string {
  const list =
    `unnest(${params.add(windows.index)}::int[], ${params.add(windows.customer)}::text[], ` +
    `${params.add(windows.at[0])}::timestamptz[], ${params.add(windows.at[3])}::timestamptz[]) AS w(i, customer, s, e)`;
  const w = { customer: 'w.customer', start: 'w.s', end: 'w.e' };
  const area = weightedAreaSql(companyId, metric.item_id, w, rule, [], params);
  return `SELECT w.i, (SELECT ${weightedValueSql('sum(a.area)', w)} FROM (${area}) a) AS value FROM ${list}`;
}
