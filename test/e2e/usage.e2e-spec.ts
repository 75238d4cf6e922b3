import request from 'supertest';
import { In } from 'typeorm';
import { BillableMetricsRepository } from '../../src/metrics/metrics.repository';
import { UsageService } from '../../src/metrics/usage/usage.service';
import { statementsOf } from '../support/statements';
import { createTestApp, FixedClock, onEmbeddedDatabase, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { customerWithIdentifier } from '../support/fixtures';

const uid = () => Math.random().toString(36).slice(2, 10);

describe('usage events and usage', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let item: { id: string };
  let objItem: { id: string };
  let cus: { id: string; identifier: string };

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.tenant('A');
    b = await t.tenant('B');
    item = (await a.post('/billable_items', { name: 'Calls', type: 'CUSTOM_USAGE' }).expect(200)).body;
    objItem = (await a.post('/billable_items', { name: 'Seats', type: 'CUSTOM_OBJ' }).expect(200)).body;
    cus = await customerWithIdentifier(a, `cus-${uid()}`);
  });
  afterAll(() => t.close());

  const event = (over: Record<string, unknown> = {}) => ({
    customer_id: cus.id,
    item_id: item.id,
    transaction_id: `tx-${uid()}`,
    timestamp: '2026-03-01T10:00:00Z',
    properties: { amount: 1 },
    ...over,
  });
  const storedCount = async (companyId: string, customerId: string): Promise<number> =>
    Number(
      (
        await t.dataSource.query('SELECT count(*) AS n FROM usage_events WHERE company_id = $1 AND customer_id = $2', [
          companyId,
          customerId,
        ])
      )[0].n,
    );

  describe('POST /events/ingest', () => {
    it('stores events and answers enqueued, duplicates and errors', async () => {
      const c = await customerWithIdentifier(a, `c-${uid()}`);
      const res = await a
        .post('/events/ingest', {
          events: [
            event({ customer_id: c.id, transaction_id: 't1', timestamp: '2026-03-01T10:00:00+02:00' }),
            event({
              customer_id: undefined,
              customer_identifier: c.identifier,
              transaction_id: 't2',
              properties: { s: 'x', n: 2.5, b: true },
            }),
            event({ customer_id: c.identifier, transaction_id: 't3', properties: undefined }),
          ],
        })
        .expect(200);
      expect(res.body).toEqual({
        enqueued: [
          { transaction_id: 't1', timestamp: '2026-03-01T08:00:00.000Z' },
          { transaction_id: 't2', timestamp: '2026-03-01T10:00:00.000Z' },
          { transaction_id: 't3', timestamp: '2026-03-01T10:00:00.000Z' },
        ],
        duplicates: [],
        errors: [],
      });
      expect(await storedCount(a.companyId, c.id)).toBe(3);
      const rows = await t.dataSource.query(
        'SELECT transaction_id, properties, item_id, id FROM usage_events WHERE company_id = $1 AND customer_id = $2 ORDER BY transaction_id',
        [a.companyId, c.id],
      );
      expect(rows.map((r: { properties: object }) => r.properties)).toEqual([{ amount: 1 }, { s: 'x', n: 2.5, b: true }, {}]);
      expect(rows[0].id).toMatch(/^evt_[0-9a-z]{26}$/);
    });

    it.each([
      ['no events field', {}],
      ['events not a list', { events: { transaction_id: 'x' } }],
      ['an empty list', { events: [] }],
      ['101 events', { events: Array.from({ length: 101 }, () => ({})) }],
      ['an unknown top-level field', { events: [{}], extra: 1 }],
    ])('rejects a body with %s (400)', async (_what, body) => {
      const res = await a.post('/events/ingest', body).expect(400);
      expect(expectError(res, 400, 'validation_error').validation_errors).toBeDefined();
    });

    it('accepts exactly 100 events', async () => {
      const c = await customerWithIdentifier(a, `c-${uid()}`);
      const res = await a
        .post('/events/ingest', { events: Array.from({ length: 100 }, (_, i) => event({ customer_id: c.id, transaction_id: `h${i}` })) })
        .expect(200);
      expect(res.body.enqueued).toHaveLength(100);
      expect(await storedCount(a.companyId, c.id)).toBe(100);
    });

    it('validates each event on its own and keeps the good ones', async () => {
      const c = await customerWithIdentifier(a, `c-${uid()}`);
      const foreignItem = (await b.post('/billable_items', { name: 'B item', type: 'CUSTOM_USAGE' }).expect(200)).body;
      const foreignCustomer = await customerWithIdentifier(b, `b-${uid()}`);
      const bad: [Record<string, unknown> | string, string, string][] = [
        ['not an object', 'invalid_field', 'events[1]'],
        [event({ customer_id: c.id, transaction_id: '' }), 'invalid_field', 'events[2].transaction_id'],
        [event({ customer_id: c.id, transaction_id: 'x'.repeat(256) }), 'invalid_field', 'events[3].transaction_id'],
        [event({ customer_id: c.id, transaction_id: 5 }), 'invalid_field', 'events[4].transaction_id'],
        [event({ customer_id: undefined }), 'invalid_field', 'events[5].customer_id'],
        [event({ customer_id: 'cus_01jzzzzzzzzzzzzzzzzzzzzzzz' }), 'not_found', 'events[6].customer_id'],
        [event({ customer_id: undefined, customer_identifier: 'nobody' }), 'not_found', 'events[7].customer_identifier'],
        [event({ customer_id: foreignCustomer.id }), 'not_found', 'events[8].customer_id'],
        [event({ customer_id: c.id, item_id: 'bi_01jzzzzzzzzzzzzzzzzzzzzzzz' }), 'not_found', 'events[9].item_id'],
        [event({ customer_id: c.id, item_id: foreignItem.id }), 'not_found', 'events[10].item_id'],
        [event({ customer_id: c.id, item_id: objItem.id }), 'invalid_field', 'events[11].item_id'],
        [event({ customer_id: c.id, item_id: undefined }), 'invalid_field', 'events[12].item_id'],
        [event({ customer_id: c.id, timestamp: '2026-03-01' }), 'invalid_field', 'events[13].timestamp'],
        [event({ customer_id: c.id, timestamp: '2026-02-30T00:00:00Z' }), 'invalid_field', 'events[14].timestamp'],
        [event({ customer_id: c.id, timestamp: 'yesterday' }), 'invalid_field', 'events[15].timestamp'],
        [event({ customer_id: c.id, timestamp: '2026-03-01T10:00:00' }), 'invalid_field', 'events[16].timestamp'],
        [event({ customer_id: c.id, properties: [1] }), 'invalid_field', 'events[17].properties'],
        [
          event({ customer_id: c.id, properties: { a: { b: { c: { d: { e: {} } } } } } }),
          'invalid_field',
          'events[18].properties.a.b.c.d.e',
        ],
        [event({ customer_id: c.id, properties: { n: [{ t: 'x'.repeat(1025) }] } }), 'invalid_field', 'events[19].properties.n[0].t'],
        [event({ customer_id: c.id, color: 'red' }), 'invalid_field', 'events[20].color'],
        [event({ customer_id: c.id, customer_identifier: 'someone-else' }), 'invalid_field', 'events[21].customer_identifier'],
      ];
      const events = [
        event({ customer_id: c.id, transaction_id: 'good-0' }),
        ...bad.map(([e]) => e),
        event({ customer_id: c.id, transaction_id: 'good-last', timestamp: '2099-12-31T23:59:59.999Z' }),
      ];
      // some refused, some stored: 207, and the count in a header
      const res = await a.post('/events/ingest', { events }).expect(207);
      expect(res.headers['x-tally-refused-events']).toBe(String(bad.length));
      expect(res.body.enqueued.map((e: { transaction_id: string }) => e.transaction_id)).toEqual(['good-0', 'good-last']);
      expect(res.body.duplicates).toEqual([]);
      expect(res.body.errors).toHaveLength(bad.length);
      bad.forEach(([raw, code, path], i) => {
        const err = res.body.errors[i];
        expect({ index: err.index, code: err.error_code }).toEqual({ index: i + 1, code });
        expect(err.error_message.startsWith(`${path} `)).toBe(true);
        expect(err.transaction_id).toBe(typeof raw === 'object' && typeof raw.transaction_id === 'string' ? raw.transaction_id : null);
      });
      expect(await storedCount(a.companyId, c.id)).toBe(2);
    });

    it('skips a transaction_id seen for the customer, in the same batch or an earlier one', async () => {
      const c1 = await customerWithIdentifier(a, `c-${uid()}`);
      const c2 = await customerWithIdentifier(a, `c-${uid()}`);
      const first = await a
        .post('/events/ingest', {
          events: [
            event({ customer_id: c1.id, transaction_id: 'd1' }),
            event({ customer_id: c1.id, transaction_id: 'd1', properties: { amount: 99 } }),
            event({ customer_id: c2.id, transaction_id: 'd1' }),
          ],
        })
        .expect(200);
      expect(first.body.enqueued.map((e: { transaction_id: string }) => e.transaction_id)).toEqual(['d1', 'd1']);
      expect(first.body.duplicates).toEqual([{ transaction_id: 'd1' }]);
      const second = await a
        .post('/events/ingest', {
          events: [
            event({ customer_id: c1.identifier, transaction_id: 'd1' }),
            event({ customer_id: undefined, customer_identifier: c2.identifier, transaction_id: 'd1' }),
            event({ customer_id: c1.id, transaction_id: 'd2' }),
          ],
        })
        .expect(200);
      expect(second.body.enqueued.map((e: { transaction_id: string }) => e.transaction_id)).toEqual(['d2']);
      expect(second.body.duplicates).toEqual([{ transaction_id: 'd1' }, { transaction_id: 'd1' }]);
      expect(await storedCount(a.companyId, c1.id)).toBe(2);
      expect(await storedCount(a.companyId, c2.id)).toBe(1);
      const stored = await t.dataSource.query(
        'SELECT properties FROM usage_events WHERE company_id = $1 AND customer_id = $2 AND transaction_id = $3',
        [a.companyId, c1.id, 'd1'],
      );
      expect(stored).toEqual([{ properties: { amount: 1 } }]);
    });

    it('stores each transaction_id once when identical batches arrive together', async () => {
      const c = await customerWithIdentifier(a, `c-${uid()}`);
      const metric = (
        await a.post('/billable_metrics', { item_id: item.id, name: 'Count', metering_rule: { aggregator: 'COUNT' } }).expect(200)
      ).body;
      const events = Array.from({ length: 100 }, (_, i) =>
        event({ customer_id: c.id, transaction_id: `race-${i}`, timestamp: `2026-03-01T${String(i % 24).padStart(2, '0')}:30:00Z` }),
      );
      const results = await Promise.all(Array.from({ length: 5 }, () => a.post('/events/ingest', { events })));
      for (const r of results) expect(r.status).toBe(200);
      const enqueued = results.flatMap((r) => r.body.enqueued.map((e: { transaction_id: string }) => e.transaction_id));
      const duplicates = results.flatMap((r) => r.body.duplicates.map((e: { transaction_id: string }) => e.transaction_id));
      expect(enqueued.sort()).toEqual(events.map((e) => e.transaction_id).sort());
      expect(duplicates).toHaveLength(400);
      expect(await storedCount(a.companyId, c.id)).toBe(100);
      const usage = await a
        .post(`/customers/${c.id}/usage`, {
          metric_id: metric.id,
          period: { start_date: '2026-03-01T00:00:00Z', end_date: '2026-03-02T00:00:00Z' },
        })
        .expect(200);
      expect(usage.body.value).toBe(100);
    });

    it('counts every event once in a metric created while batches arrive', async () => {
      const c = await customerWithIdentifier(a, `c-${uid()}`);
      const racing = (await a.post('/billable_items', { name: 'Racing', type: 'CUSTOM_USAGE' }).expect(200)).body;
      const batches = Array.from({ length: 6 }, (_, k) =>
        Array.from({ length: 50 }, (_, i) =>
          event({
            customer_id: c.id,
            item_id: racing.id,
            transaction_id: `m-${k}-${i}`,
            timestamp: `2026-03-02T0${k}:${String(i).padStart(2, '0')}:00Z`,
            properties: { amount: 2 },
          }),
        ),
      );
      const [first, ...rest] = batches;
      await a.post('/events/ingest', { events: first }).expect(200);
      const requests = [
        () => a.post('/billable_metrics', { item_id: racing.id, name: 'Sum', metering_rule: { aggregator: 'SUM', property: 'amount' } }),
        ...rest.map((events) => () => a.post('/events/ingest', { events })),
      ];
      // A true race on PostgreSQL. The embedded database runs one transaction at a time (no race
      // to have), and its socket server mixes up concurrent non-transactional queries (reported to
      // the platform), so there the requests go one after the other, the metric in the middle.
      const [created, ...ingested] = onEmbeddedDatabase()
        ? await (async () => {
            const out = [];
            for (const i of [1, 2, 0, 3, 4, 5]) out[i] = await requests[i]();
            return out;
          })()
        : await Promise.all(requests.map((r) => r()));
      expect([created.status, ...ingested.map((r) => r.status)]).toEqual([200, 200, 200, 200, 200, 200]);
      const usage = await a
        .post(`/customers/${c.id}/usage`, {
          metric_id: created.body.id,
          period: { start_date: '2026-03-02T00:00:00Z', end_date: '2026-03-03T00:00:00Z' },
        })
        .expect(200);
      expect(usage.body.value).toBe(600);
      const ragged = await a
        .post(`/customers/${c.id}/usage`, {
          metric_id: created.body.id,
          period: { start_date: '2026-03-02T00:30:00Z', end_date: '2026-03-02T05:10:00Z' },
        })
        .expect(200);
      expect(ragged.body.value).toBe(2 * (20 + 50 * 4 + 10));
    });

    it("cannot send events for another company's customer or item, nor on another company's path", async () => {
      const mine = await customerWithIdentifier(a, `c-${uid()}`);
      // every event refused: a 400 naming the field at fault, nothing stored
      const res = await b.post('/events/ingest', { events: [event({ customer_id: mine.id, item_id: item.id })] });
      expect(expectError(res, 400, 'validation_error', 'batch_refused').validation_errors).toEqual({
        'events[0].customer_id': 'customer not found',
      });
      const cross = await request(t.http)
        .post(`${a.base}/events/ingest`)
        .set('Authorization', `Bearer ${b.token}`)
        .send({ events: [event({ customer_id: mine.id })] });
      expectError(cross, 403, 'auth_error');
      expect(await storedCount(a.companyId, mine.id)).toBe(0);
    });
  });

  describe('POST /customers/{customer_id}/usage', () => {
    // Hand-made events; the period [00:30, 03:30) has partial hours at both edges and two whole hours.
    const at = (hms: string) => `2026-03-01T${hms}Z`;
    const handMade = [
      { transaction_id: 'e1', timestamp: at('00:10:00'), properties: { amount: 100, region: 'eu' } }, // before the period
      { transaction_id: 'e2', timestamp: at('00:45:00'), properties: { amount: 5, region: 'eu' } },
      { transaction_id: 'e3', timestamp: at('01:15:00'), properties: { amount: 10, region: 'us' } },
      { transaction_id: 'e4', timestamp: at('01:15:00'), properties: { amount: '2.5', region: 'eu' } }, // numeric text; same instant as e3, stored after it
      { transaction_id: 'e5', timestamp: at('02:00:00'), properties: { amount: 7, region: 'eu' } },
      { transaction_id: 'e6', timestamp: at('02:59:59.999'), properties: { amount: true, region: 'us' } }, // not numeric
      { transaction_id: 'e7', timestamp: at('03:10:00'), properties: { region: 'us' } }, // no amount
      { transaction_id: 'e8', timestamp: at('03:29:59.999'), properties: { amount: 1, region: 'eu' } },
      { transaction_id: 'e9', timestamp: at('03:30:00'), properties: { amount: 1000, region: 'eu' } }, // at the end: excluded
      { transaction_id: 'e10', timestamp: at('02:30:00'), properties: { amount: 'abc', region: 'us' } },
      { transaction_id: 'e11', timestamp: at('02:30:00'), properties: { amount: 3 } }, // no region
    ];
    const period = { start_date: at('00:30:00'), end_date: at('03:30:00') };
    let c: { id: string; identifier: string };
    const metrics: Record<string, { id: string }> = {};
    const defs: [string, Record<string, unknown>][] = [
      ['count', { aggregator: 'COUNT' }],
      ['sum', { aggregator: 'SUM', property: 'amount' }],
      ['max', { aggregator: 'MAX', property: 'amount' }],
      ['avg', { aggregator: 'AVG', property: 'amount' }],
      ['latest', { aggregator: 'LATEST', property: 'amount' }],
      ['unique_region', { aggregator: 'UNIQUE_COUNT', property: 'region' }],
      ['unique_amount', { aggregator: 'UNIQUE_COUNT', property: 'amount' }],
      ['sum_by_region', { aggregator: 'SUM', property: 'amount', group_keys: ['region'] }],
      ['count_by_region', { aggregator: 'COUNT', group_keys: ['region'] }],
      [
        'sum_eu',
        {
          aggregator: 'SUM',
          property: 'amount',
          rule: {
            comparator: {
              type: 'EQUAL',
              left_item: { item_type: 'PROPERTY', property: 'region' },
              right_item: { item_type: 'VALUE', value: 'eu' },
            },
          },
        },
      ],
      [
        'count_gt4',
        {
          aggregator: 'COUNT',
          rule: {
            comparator: {
              type: 'GREATER_THAN',
              left_item: { item_type: 'PROPERTY', property: 'amount' },
              right_item: { item_type: 'VALUE', value: 4 },
            },
          },
        },
      ],
      [
        'sum_gt4',
        {
          aggregator: 'SUM',
          property: 'amount',
          rule: {
            comparator: {
              type: 'GREATER_THAN',
              left_item: { item_type: 'PROPERTY', property: 'amount' },
              right_item: { item_type: 'VALUE', value: '4' },
            },
          },
        },
      ],
      [
        'count_in_or_contains',
        {
          aggregator: 'COUNT',
          rule: {
            comparator: {
              type: 'OR',
              items: [
                {
                  type: 'IN',
                  left_item: { item_type: 'PROPERTY', property: 'amount' },
                  right_item: { item_type: 'VALUE', value: '7, 10.0' },
                },
                {
                  type: 'CONTAINS',
                  left_item: { item_type: 'PROPERTY', property: 'amount' },
                  right_item: { item_type: 'VALUE', value: 'b' },
                },
              ],
            },
          },
        },
      ],
      [
        'count_ne_us',
        {
          aggregator: 'COUNT',
          rule: {
            comparator: {
              type: 'NOT_EQUAL',
              left_item: { item_type: 'PROPERTY', property: 'region' },
              right_item: { item_type: 'VALUE', value: 'us' },
            },
          },
        },
      ],
    ];
    const expected: Record<string, number> = {
      count: 9,
      sum: 28.5, // 5 + 10 + 2.5 + 7 + 1 + 3
      max: 10,
      avg: 4.75,
      latest: 1, // e8
      unique_region: 2,
      unique_amount: 8, // 5, 10, 2.5, 7, true, abc, 1, 3
      sum_by_region: 28.5,
      count_by_region: 9,
      sum_eu: 15.5,
      count_gt4: 5, // 5, 10, 7 numerically; "true" and "abc" > "4" as text
      sum_gt4: 22,
      count_in_or_contains: 3, // 10 and 7 IN (numeric), "abc" contains b
      count_ne_us: 4, // e2, e4, e5, e8 (e11 has no region: false)
    };

    beforeAll(async () => {
      c = await customerWithIdentifier(a, `usage-${uid()}`);
      // half of the metrics exist before the events (rollups kept at ingest), half are created after (built from stored events)
      const create = async ([name, rule]: [string, Record<string, unknown>]) =>
        (metrics[name] = (await a.post('/billable_metrics', { item_id: item.id, name, metering_rule: rule }).expect(200)).body);
      for (const d of defs.filter((_, i) => i % 2 === 0)) await create(d);
      const res = await a
        .post('/events/ingest', { events: handMade.map((e) => ({ ...e, customer_id: c.id, item_id: item.id })) })
        .expect(200);
      expect(res.body.enqueued).toHaveLength(handMade.length);
      for (const d of defs.filter((_, i) => i % 2 === 1)) await create(d);
    });

    const usage = (name: string, p: object = period, customer = c.id) =>
      a.post(`/customers/${customer}/usage`, { metric_id: metrics[name].id, period: p });

    it.each(Object.entries(expected))('computes %s = %p', async (name, value) => {
      const res = await usage(name).expect(200);
      expect(res.body.metric_id).toBe(metrics[name].id);
      expect(res.body.value).toBe(value);
      if (!name.endsWith('_by_region')) expect(res.body.breakdown).toEqual([]);
    });

    it('breaks down by the group keys (null for a missing property)', async () => {
      const sum = (await usage('sum_by_region').expect(200)).body;
      const byRegion = (rows: { grouping: { region: string | null }; value: number }[]) =>
        Object.fromEntries(rows.map((r) => [String(r.grouping.region), r.value]));
      expect(byRegion(sum.breakdown)).toEqual({ eu: 15.5, us: 10, null: 3 });
      expect(sum.breakdown.find((r: { grouping: object }) => (r.grouping as { region: null }).region === null)).toEqual({
        grouping: { region: null },
        value: 3,
      });
      const count = (await usage('count_by_region').expect(200)).body;
      expect(byRegion(count.breakdown)).toEqual({ eu: 4, us: 4, null: 1 });
    });

    it('accepts the customer identifier and gives the same answer', async () => {
      expect((await usage('sum', period, c.identifier).expect(200)).body.value).toBe(28.5);
    });

    it('handles periods inside one hour, aligned on hours, and empty', async () => {
      expect((await usage('sum', { start_date: at('01:00:00'), end_date: at('02:00:00') }).expect(200)).body.value).toBe(12.5);
      expect((await usage('latest', { start_date: at('01:00:00'), end_date: at('02:00:00') }).expect(200)).body.value).toBe(2.5); // tie at 01:15: the later event
      expect((await usage('sum', { start_date: at('00:40:00'), end_date: at('00:50:00') }).expect(200)).body.value).toBe(5);
      expect((await usage('sum', { start_date: at('00:00:00'), end_date: at('04:00:00') }).expect(200)).body.value).toBe(1128.5);
      expect((await usage('max', { start_date: '2027-01-01T00:00:00Z', end_date: '2027-02-01T00:00:00Z' }).expect(200)).body).toEqual({
        metric_id: metrics.max.id,
        value: 0,
        breakdown: [],
      });
      expect(
        (await usage('sum_by_region', { start_date: '2027-01-01T00:00:00Z', end_date: '2027-02-01T00:00:00Z' }).expect(200)).body.breakdown,
      ).toEqual([]);
      expect((await usage('count', { start_date: at('01:00:00'), end_date: at('01:00:00') }).expect(200)).body.value).toBe(0);
    });

    it("answers the billing engine's batch (usageMany: every metric and window in one statement) as the endpoint does", async () => {
      const windows = [
        period,
        { start_date: at('00:40:00'), end_date: at('00:50:00') },
        { start_date: at('01:00:00'), end_date: at('02:00:00') },
        { start_date: at('00:30:00'), end_date: at('03:00:00') },
        { start_date: at('01:00:00'), end_date: at('01:00:00') },
      ];
      const entities = await t.app
        .get(BillableMetricsRepository)
        .find(a.companyId, { where: { id: In(Object.values(metrics).map((m) => m.id)) } });
      const requests = Object.keys(expected).flatMap((name) =>
        windows.map((w) => ({
          name,
          w,
          customerId: c.id,
          metric: entities.find((e) => e.id === metrics[name].id)!,
          period: { start: new Date(w.start_date), end: new Date(w.end_date) },
        })),
      );
      const statements = await statementsOf(() => t.app.get(UsageService).usageMany(a.companyId, requests));
      expect(statements.statements.filter((q) => /usage_rollups|usage_events/.test(q))).toHaveLength(1);
      const values = statements.result;
      for (const [i, r] of requests.entries()) {
        const want = (await usage(r.name, r.w).expect(200)).body.value;
        expect([r.name, r.w, Number(values[i])]).toEqual([r.name, r.w, want]);
        if (r.w === period) expect(want).toBe(expected[r.name]);
      }
    });

    it('validates the body', async () => {
      const cases: [object, string][] = [
        [{ period }, 'metric_id'],
        [{ metric_id: metrics.sum.id }, 'period'],
        [{ metric_id: metrics.sum.id, period: { start_date: 'x', end_date: at('01:00:00') } }, 'period.start_date'],
        [{ metric_id: metrics.sum.id, period: { start_date: at('01:00:00') } }, 'period.end_date'],
        [{ metric_id: metrics.sum.id, period: { start_date: at('02:00:00'), end_date: at('01:00:00') } }, 'period.end_date'],
        [{ metric_id: metrics.sum.id, period, other: 1 }, 'other'],
      ];
      for (const [body, field] of cases) {
        const res = await a.post(`/customers/${c.id}/usage`, body).expect(400);
        expect(expectError(res, 400, 'validation_error').validation_errors).toHaveProperty([field]);
      }
      const missing = await a.post(`/customers/${c.id}/usage`, { metric_id: 'bm_01jzzzzzzzzzzzzzzzzzzzzzzz', period }).expect(404);
      expect(expectError(missing, 404, 'request_error', 'not_found').validation_errors).toHaveProperty('metric_id');
      expectError(
        await a.post('/customers/nobody/usage', { metric_id: metrics.sum.id, period }).expect(404),
        404,
        'request_error',
        'not_found',
      );
      const license = (await a.post('/billable_metrics/find', { query: { name: 'License' } }).expect(200)).body.results[0];
      const res = await a.post(`/customers/${c.id}/usage`, { metric_id: license.id, period }).expect(400);
      expect(res.body.validation_errors).toHaveProperty('metric_id');
    });

    it("never reads another company's customer or metric", async () => {
      const theirs = await customerWithIdentifier(b, `b-${uid()}`);
      expectError(
        await b.post(`/customers/${c.id}/usage`, { metric_id: metrics.sum.id, period }).expect(404),
        404,
        'request_error',
        'not_found',
      );
      const res = await b.post(`/customers/${theirs.id}/usage`, { metric_id: metrics.sum.id, period }).expect(404);
      expect(res.body.validation_errors).toHaveProperty('metric_id');
      expectError(
        await a.post(`/customers/${theirs.id}/usage`, { metric_id: metrics.sum.id, period }).expect(404),
        404,
        'request_error',
        'not_found',
      );
      const cross = await request(t.http)
        .post(`${a.base}/customers/${c.id}/usage`)
        .set('Authorization', `Bearer ${b.token}`)
        .send({ metric_id: metrics.sum.id, period });
      expectError(cross, 403, 'auth_error');
    });
  });
});

describe('usage event de-duplication window', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: new FixedClock(new Date('2026-03-01T00:00:00Z')) });
  });
  afterAll(() => t.close());

  it('accepts a transaction_id again 35 days after its first receipt, not before', async () => {
    const clock = t.clock as FixedClock;
    const a = await t.tenant('W');
    const item = (await a.post('/billable_items', { name: 'Calls', type: 'CUSTOM_USAGE' }).expect(200)).body;
    const c = await customerWithIdentifier(a, `w-${uid()}`);
    const send = () =>
      a
        .post('/events/ingest', {
          events: [{ customer_id: c.id, item_id: item.id, transaction_id: 'again', timestamp: '2026-03-01T00:00:00Z', properties: {} }],
        })
        .expect(200);
    expect((await send()).body.enqueued).toHaveLength(1);
    clock.advance(34 * 86_400_000);
    expect((await send()).body.duplicates).toEqual([{ transaction_id: 'again' }]);
    clock.advance(1 * 86_400_000 + 1);
    expect((await send()).body.enqueued).toHaveLength(1);
    // the window restarts from this new receipt
    clock.advance(86_400_000);
    expect((await send()).body.duplicates).toHaveLength(1);
    const n = await t.dataSource.query('SELECT count(*) AS n FROM usage_events WHERE company_id = $1 AND customer_id = $2', [
      a.companyId,
      c.id,
    ]);
    expect(Number(n[0].n)).toBe(2);
  });
});
