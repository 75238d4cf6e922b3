import Decimal from 'decimal.js';
import fc from 'fast-check';
import { CustomersRepository } from '../../src/customers/customers.repository';
import { BillableItemsService } from '../../src/metrics/billable-items.service';
import { BillableMetricsService } from '../../src/metrics/billable-metrics.service';
import { EventIngestService } from '../../src/metrics/usage/event-ingest.service';
import { UsageService, UsageValue } from '../../src/metrics/usage/usage.service';
import { RollupCompactor } from '../../src/metrics/usage/rollup-compactor.service';
import { newId } from '../../src/platform/ids/ids';
import { createTestApp, Tenant, TestApp } from '../support/app';

/**
 * Property: for random events and random metering rules, the usage computed IN SQL (through the
 * hourly rollups and through a raw scan) equals a brute-force evaluation in memory, written here
 * independently from the documented semantics (nested properties read by dotted paths included),
 * for every aggregator, with and without group keys;
 * and again through the rollups once their batch rows have been merged (RollupCompactor). The
 * billing engine's batched read (`usageMany`) agrees with the model on several windows at once.
 */

type Scalar = string | number | boolean;
type Json = Scalar | null | Json[] | { [key: string]: Json };
type Props = Record<string, Json>;
type Item = { item_type: 'PROPERTY'; property: string } | { item_type: 'VALUE'; value: Scalar | Scalar[] };
type Node = { type: 'AND' | 'OR'; items: Node[] } | { type: string; left_item: Item; right_item: Item };

const NUM = /^[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]{1,3})?$/;
const KEYS = ['p', 'q', 'g', 'h'];
/** Dotted paths into the nested `n` (which may also be sent as a flat key `n.x`, or not be an object). */
const PATHS = ['n.x', 'n.y', 'n.z.w'];
const WINDOW_START = Date.parse('2026-05-01T00:00:00Z');
const MIN = 60_000;

// ------------------------------------------------------------------ the model

/**
 * The value a name reads (docs/api.md, nested properties): the key of that exact name when the
 * properties have one; else, for a dotted name, the path through objects (an array, a scalar or
 * nothing on the way: missing).
 */
function lookup(props: Props, key: string): Json | undefined {
  if (Object.prototype.hasOwnProperty.call(props, key)) return props[key];
  if (!key.includes('.')) return undefined;
  let value: Json | undefined = props;
  for (const segment of key.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.prototype.hasOwnProperty.call(value, segment))
      return undefined;
    value = value[segment];
  }
  return value;
}
/** A scalar's text; missing, null, an object or an array read as missing. */
const text = (props: Props, key: string): string | null => {
  const value = lookup(props, key);
  return value === undefined || value === null || typeof value === 'object' ? null : String(value);
};
const valueText = (v: Scalar): string => String(v);
const itemText = (item: Item, props: Props): string | null =>
  item.item_type === 'PROPERTY' ? text(props, item.property) : valueText(item.value as Scalar);

function equalOrCompare(op: string, l: string, r: string): boolean {
  let c: number;
  if (NUM.test(l) && NUM.test(r)) c = new Decimal(l).comparedTo(new Decimal(r));
  else c = l < r ? -1 : l > r ? 1 : 0;
  switch (op) {
    case 'EQUAL':
      return c === 0;
    case 'NOT_EQUAL':
      return c !== 0;
    case 'GREATER_THAN':
      return c > 0;
    case 'GREATER_THAN_OR_EQUAL':
      return c >= 0;
    case 'LESS_THAN':
      return c < 0;
    case 'LESS_THAN_OR_EQUAL':
      return c <= 0;
  }
  throw new Error(op);
}

function matches(node: Node | null, props: Props): boolean {
  if (!node) return true;
  if ('items' in node) return node.type === 'AND' ? node.items.every((n) => matches(n, props)) : node.items.some((n) => matches(n, props));
  const l = itemText(node.left_item, props);
  if (l === null) return false;
  if (node.type === 'IN') {
    const raw = (node.right_item as { value: Scalar | Scalar[] }).value;
    const list = Array.isArray(raw)
      ? raw.map(valueText)
      : String(raw)
          .split(',')
          .map((s) => s.trim());
    return list.some((v) => equalOrCompare('EQUAL', l, v));
  }
  const r = itemText(node.right_item, props);
  if (r === null) return false;
  if (node.type === 'CONTAINS') return l.includes(r);
  return equalOrCompare(node.type, l, r);
}

const numeric = (v: Json | undefined): Decimal | null =>
  typeof v === 'number' ? new Decimal(v) : typeof v === 'string' && NUM.test(v) ? new Decimal(v) : null;

interface StoredEvent {
  id: string;
  at: number;
  props: Props;
}

function model(
  events: StoredEvent[],
  aggregator: string,
  property: string,
  groupKeys: string[],
  rule: Node | null,
  start: number,
  end: number,
) {
  const selected = events.filter((e) => e.at >= start && e.at < end && matches(rule, e.props));
  const aggregate = (rows: StoredEvent[]): Decimal => {
    if (aggregator === 'COUNT') return new Decimal(rows.length);
    if (aggregator === 'UNIQUE_COUNT') return new Decimal(new Set(rows.map((r) => text(r.props, property)).filter((t) => t !== null)).size);
    const valued = rows
      .map((r) => ({ r, v: numeric(lookup(r.props, property)) }))
      .filter((x): x is { r: StoredEvent; v: Decimal } => x.v !== null);
    if (valued.length === 0) return new Decimal(0);
    const sum = valued.reduce((s, x) => s.plus(x.v), new Decimal(0));
    switch (aggregator) {
      case 'SUM':
        return sum;
      case 'MAX':
        return Decimal.max(...valued.map((x) => x.v));
      case 'AVG':
        return sum.div(valued.length);
      case 'LATEST': {
        const last = [...valued].sort((a, b) => a.r.at - b.r.at || (a.r.id < b.r.id ? -1 : a.r.id > b.r.id ? 1 : 0)).pop()!;
        return last.v;
      }
    }
    throw new Error(aggregator);
  };
  const groups = new Map<string, StoredEvent[]>();
  if (groupKeys.length > 0) {
    for (const e of selected) {
      const key = JSON.stringify(groupKeys.map((k) => text(e.props, k)));
      groups.set(key, [...(groups.get(key) ?? []), e]);
    }
  }
  return { total: aggregate(selected), groups: new Map([...groups].map(([k, rows]) => [k, aggregate(rows)])) };
}

// ------------------------------------------------------------------ generators

const scalar: fc.Arbitrary<Scalar> = fc.oneof(
  fc.constantFrom('a', 'b', 'ab', 'B', '10', '2.5', '-1', 'true', ''),
  fc.constantFrom(0, 1, 3, -2, 2.5, 10, 7),
  fc.boolean(),
);
const inner: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('w', 'x'), scalar, { maxKeys: 2 }) },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 2 }) },
);
const nested: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: fc.dictionary(fc.constantFrom('x', 'y', 'z'), inner, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.array(inner, { maxLength: 2 }) },
  { weight: 1, arbitrary: scalar },
);
const props: fc.Arbitrary<Props> = fc
  .record({
    flat: fc.dictionary(fc.constantFrom(...KEYS), scalar, { maxKeys: 4 }),
    n: fc.option(nested, { nil: undefined, freq: 3 }),
    dotted: fc.option(scalar, { nil: undefined, freq: 5 }),
  })
  .map(({ flat, n, dotted }) => ({ ...flat, ...(n === undefined ? {} : { n }), ...(dotted === undefined ? {} : { 'n.x': dotted }) }));
const propertyItem: fc.Arbitrary<Item> = fc
  .constantFrom(...KEYS, ...PATHS)
  .map((property) => ({ item_type: 'PROPERTY' as const, property }));
const valueItem: fc.Arbitrary<Item> = scalar.map((value) => ({ item_type: 'VALUE' as const, value }));
const comparison: fc.Arbitrary<Node> = fc.oneof(
  fc
    .record({
      type: fc.constantFrom('EQUAL', 'NOT_EQUAL', 'GREATER_THAN', 'GREATER_THAN_OR_EQUAL', 'LESS_THAN', 'LESS_THAN_OR_EQUAL', 'CONTAINS'),
      left_item: fc.oneof({ weight: 4, arbitrary: propertyItem }, { weight: 1, arbitrary: valueItem }),
      right_item: fc.oneof({ weight: 4, arbitrary: valueItem }, { weight: 1, arbitrary: propertyItem }),
    })
    .map((n) => n as Node),
  fc.record({
    type: fc.constant('IN'),
    left_item: propertyItem,
    right_item: fc.oneof(
      fc.array(scalar, { minLength: 1, maxLength: 4 }).map((value) => ({ item_type: 'VALUE' as const, value })),
      fc
        .array(fc.constantFrom('a', 'b', '10', '2.5', '3', 'true'), { minLength: 1, maxLength: 3 })
        .map((v) => ({ item_type: 'VALUE' as const, value: v.join(', ') })),
    ),
  }),
);
const { tree } = fc.letrec<{ tree: Node }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    comparison,
    fc.record({ type: fc.constantFrom('AND' as const, 'OR' as const), items: fc.array(tie('tree'), { minLength: 1, maxLength: 3 }) }),
  ),
}));

const scenario = fc.record({
  aggregator: fc.constantFrom('COUNT', 'SUM', 'MAX', 'AVG', 'UNIQUE_COUNT', 'LATEST'),
  property: fc.constantFrom('p', 'q', 'n.x', 'n.z.w'),
  groupKeys: fc.subarray(['g', 'h', 'n.y']),
  rule: fc.option(tree, { nil: null, freq: 3 }),
  metricFirst: fc.boolean(),
  events: fc.array(
    fc.record({
      // ties are frequent on a 10-minute grid; ms offsets make partial hours at the edges
      at: fc.oneof(
        fc.integer({ min: 0, max: 42 }).map((i) => i * 10 * MIN),
        fc.integer({ min: 0, max: 7 * 60 * MIN - 1 }),
      ),
      props,
    }),
    { maxLength: 24 },
  ),
  batches: fc.integer({ min: 1, max: 3 }),
  period: fc.oneof(
    fc
      .record({ start: fc.integer({ min: -1, max: 7 }), hours: fc.integer({ min: 0, max: 8 }) })
      .map((p) => ({ start: p.start * 60 * MIN, end: (p.start + p.hours) * 60 * MIN })),
    fc
      .record({ start: fc.integer({ min: -30 * MIN, max: 7 * 60 * MIN }), length: fc.integer({ min: 0, max: 8 * 60 * MIN }) })
      .map((p) => ({ start: p.start, end: p.start + p.length })),
  ),
});

// ------------------------------------------------------------------ the test

describe('usage aggregation (property: SQL = brute force)', () => {
  let t: TestApp;
  let a: Tenant;
  beforeAll(async () => {
    t = await createTestApp();
    a = await t.tenant('P');
  });
  afterAll(() => t.close());

  const close = (actual: string, expected: Decimal) => {
    const diff = new Decimal(actual).minus(expected).abs();
    return diff.lte(new Decimal('1e-12').times(Decimal.max(1, expected.abs())));
  };

  it('agrees with an in-memory evaluation for every aggregator, rule and grouping', async () => {
    const ingest = t.app.get(EventIngestService);
    const usage = t.app.get(UsageService);
    const metrics = t.app.get(BillableMetricsService);
    const items = t.app.get(BillableItemsService);
    const customers = t.app.get(CustomersRepository);
    const seenAggregators = new Set<string>();

    await fc.assert(
      fc.asyncProperty(scenario, async (sc) => {
        seenAggregators.add(sc.aggregator);
        const item = await items.create(a.companyId, { name: 'prop item', type: 'CUSTOM_USAGE' });
        const now = new Date();
        const customerId = newId('customer');
        await customers.insert(a.companyId, {
          id: customerId,
          identifier: customerId,
          name: 'prop',
          status: 'ACTIVE',
          created_at: now,
          updated_at: now,
        } as never);
        const meteringRule = {
          aggregator: sc.aggregator,
          property: sc.property,
          group_keys: sc.groupKeys,
          rule: sc.rule ? { comparator: sc.rule } : null,
        };
        const createMetric = () => metrics.create(a.companyId, { item_id: item.id, name: 'prop metric', metering_rule: meteringRule });
        let metric = sc.metricFirst ? await createMetric() : null;

        const events = sc.events.map((e, i) => ({
          customer_id: customerId,
          item_id: item.id,
          transaction_id: `t${i}`,
          timestamp: new Date(WINDOW_START + e.at).toISOString(),
          properties: e.props,
        }));
        const size = Math.max(1, Math.ceil(events.length / sc.batches));
        for (let i = 0; i < events.length; i += size) {
          const res = await ingest.ingest(a.companyId, events.slice(i, i + size));
          expect(res.errors).toEqual([]);
        }
        if (!metric) metric = await createMetric();

        const rows: { id: string; transaction_id: string }[] = await t.dataSource.query(
          'SELECT id, transaction_id FROM usage_events WHERE company_id = $1 AND customer_id = $2',
          [a.companyId, customerId],
        );
        expect(rows).toHaveLength(events.length);
        const idOf = new Map(rows.map((r) => [r.transaction_id, r.id]));
        const stored: StoredEvent[] = sc.events.map((e, i) => ({ id: idOf.get(`t${i}`)!, at: WINDOW_START + e.at, props: e.props }));
        const start = WINDOW_START + sc.period.start;
        const end = WINDOW_START + sc.period.end;
        const expected = model(stored, sc.aggregator, sc.property, sc.groupKeys, sc.rule, start, end);

        for (const source of ['auto', 'raw', 'compacted'] as const) {
          if (source === 'compacted') {
            await t.app.get(RollupCompactor).compact({ companyIds: [a.companyId], hoursPerStatement: 5 });
            const [{ n }] = await t.dataSource.query(
              `SELECT count(*)::int AS n FROM usage_rollups WHERE company_id = $1 AND customer_id = $2 AND slot <> ''`,
              [a.companyId, customerId],
            );
            expect(n).toBe(0);
          }
          const actual: UsageValue = await usage.usage(
            a.companyId,
            customerId,
            metric,
            { start: new Date(start), end: new Date(end) },
            undefined,
            { source: source === 'raw' ? 'raw' : 'auto' },
          );
          const where = `${source}: ${JSON.stringify({ actual, expected: { total: expected.total, groups: [...expected.groups] } })}`;
          expect([where, close(actual.value, expected.total)]).toEqual([where, true]);
          expect([where, actual.breakdown.length]).toEqual([where, expected.groups.size]);
          for (const entry of actual.breakdown) {
            const key = JSON.stringify(sc.groupKeys.map((k) => entry.grouping[k]));
            const want = expected.groups.get(key);
            expect([where, key, want !== undefined && close(entry.value, want)]).toEqual([where, key, true]);
          }
          if (source === 'raw') continue;
          // the billing engine's batch: several windows of the metric in one statement, each its own total
          const windows: [number, number][] = [
            [start, end],
            [WINDOW_START, end],
            [start, Math.max(start, end - 90 * MIN)],
            [end, end],
          ];
          const many = await usage.usageMany(
            a.companyId,
            windows.map(([s, e]) => ({ customerId, metric, period: { start: new Date(s), end: new Date(e) } })),
          );
          windows.forEach(([s, e], i) => {
            const want = model(stored, sc.aggregator, sc.property, sc.groupKeys, sc.rule, s, e).total;
            const at = `${source} usageMany [${s}, ${e}): ${many[i]} vs ${want.toString()}`;
            expect([at, close(many[i], want)]).toEqual([at, true]);
          });
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 40) },
    );
    expect(seenAggregators.size).toBe(6);
  });
});
