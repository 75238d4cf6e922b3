/**
 * Nested event and object properties read through dotted paths, and the statuses of batches that
 * refuse some entries (docs/api.md, "Usage events"), through the public API. The invoice is
 * billed by a billing run at a fixed instant, as in test/scenarios; its cents are worked by hand.
 */
import {
  amounts,
  anotherCompany,
  at,
  createCustomer,
  invoicesOf,
  iso,
  Meter,
  runAt,
  Scenario,
  setNow,
  startScenario,
  subscribe,
  sum,
  usagePrice,
} from '../scenarios/scenario-kit';
import { expectError } from '../support/errors';

describe('usage: nested properties, dotted paths, batch statuses', () => {
  let s: Scenario;
  let meter: Meter;

  /** SUM(tokens.input) of events whose model.tier is "pro", broken down by model.name. */
  const tokensRule = {
    aggregator: 'SUM',
    property: 'tokens.input',
    group_keys: ['model.name'],
    rule: {
      comparator: {
        type: 'EQUAL',
        left_item: { item_type: 'PROPERTY', property: 'model.tier' },
        right_item: { item_type: 'VALUE', value: 'pro' },
      },
    },
  };

  async function createMeter(sc: Scenario, name: string): Promise<Meter> {
    const item = (await sc.a.post('/billable_items', { name, type: 'CUSTOM_USAGE' }).expect(200)).body;
    const metric = await sc.a.post('/billable_metrics', { item_id: item.id, name: `${name} input tokens`, metering_rule: tokensRule });
    expect(metric.status).toBe(200);
    expect(metric.body.metering_rule).toEqual({
      ...tokensRule,
      rule: {
        comparator: {
          type: 'EQUAL',
          items: null,
          left_item: { comparator: null, item_type: 'PROPERTY', property: 'model.tier', value: null },
          right_item: { comparator: null, item_type: 'VALUE', property: null, value: 'pro' },
        },
      },
    });
    return { itemId: item.id, metricId: metric.body.id };
  }

  let tx = 0;
  const event = (customerId: string, timestamp: string, properties: unknown, itemId = meter.itemId) => ({
    customer_id: customerId,
    item_id: itemId,
    transaction_id: `nested-${++tx}`,
    timestamp,
    properties,
  });
  const storedCount = async (sc: Scenario, customerId: string) =>
    Number(
      (
        await sc.t.dataSource.query('SELECT count(*)::int AS n FROM usage_events WHERE company_id = $1 AND customer_id = $2', [
          sc.a.companyId,
          customerId,
        ])
      )[0].n,
    );
  const usageOf = async (sc: Scenario, customerId: string, metricId: string, start: string, end: string) =>
    (await sc.a.post(`/customers/${customerId}/usage`, { metric_id: metricId, period: { start_date: start, end_date: end } }).expect(200))
      .body;

  beforeAll(async () => {
    s = await startScenario('Nested');
    meter = await createMeter(s, 'LLM');
  });
  afterAll(() => s.t.close());

  it('bills nested events through a dotted-path metric: 387 input tokens × 3¢ = 1161¢', async () => {
    const price = await usagePrice(s, meter, { pricing_type: 'FIXED', fixed_price: { price_per_unit: 3 } });
    const c = await createCustomer(s, 'Nested tokens');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [price.id], start_date: '2027-03-01' });
    const pro = (name: string) => ({ name, tier: 'pro' });
    const events = [
      event(c.id, iso('2027-03-02T10:00:00Z'), { tokens: { input: 100, output: 40 }, model: pro('gpt-a') }), // 100
      event(c.id, iso('2027-03-03T10:00:00Z'), { tokens: { input: 250 }, model: pro('gpt-b'), tags: ['x', { y: null }] }), // 250
      event(c.id, iso('2027-03-04T10:00:00Z'), { tokens: { input: 1000 }, model: { name: 'gpt-a', tier: 'free' } }), // not pro: out
      event(c.id, iso('2027-03-05T10:00:00Z'), { tokens: { input: { cached: 5 } }, model: pro('gpt-a') }), // an object: missing
      event(c.id, iso('2027-03-06T10:00:00Z'), { tokens: [{ input: 9 }], model: pro('gpt-b') }), // through an array: missing
      event(c.id, iso('2027-03-07T10:00:00Z'), { 'tokens.input': 7, model: pro('gpt-b') }), // a flat key of that exact name: 7
      event(c.id, iso('2027-03-08T10:00:00Z'), { tokens: { input: '30' }, model: pro('gpt-b') }), // numeric text: 30
      event(c.id, iso('2027-04-02T10:00:00Z'), { tokens: { input: 11 }, model: pro('gpt-a') }), // next period
    ];
    const res = await s.a.post('/events/ingest', { events }).expect(200);
    expect(res.headers['x-tally-refused-events']).toBe('0');
    expect(res.body.enqueued).toHaveLength(events.length);
    expect(res.body.errors).toEqual([]);
    // the stored event keeps the whole object
    const [stored] = await s.t.dataSource.query(
      'SELECT properties FROM usage_events WHERE company_id = $1 AND customer_id = $2 AND transaction_id = $3',
      [s.a.companyId, c.id, events[1].transaction_id],
    );
    expect(stored.properties).toEqual({ tokens: { input: 250 }, model: pro('gpt-b'), tags: ['x', { y: null }] });

    // March: gpt-a 100 (+ the event whose input is an object: 0); gpt-b 250 + 7 + 30 (+ 0 through the array) = 287
    const march = await usageOf(s, c.id, meter.metricId, iso('2027-03-01'), iso('2027-04-01'));
    expect(march).toEqual({
      metric_id: meter.metricId,
      value: 387,
      breakdown: [
        { grouping: { 'model.name': 'gpt-a' }, value: 100 },
        { grouping: { 'model.name': 'gpt-b' }, value: 287 },
      ],
    });

    await runAt(s, '2027-04-01T02:00:00Z');
    const april1 = at(await invoicesOf(s, sub.id), '2027-04-01');
    // 387 tokens × 3¢ = 1161¢ (the free-tier 1000 tokens and the non-scalar inputs are not billed)
    expect(sum(amounts(april1, { product_pricing_id: price.id }))).toBe(1161);
    expect(april1.total.value_in_cents).toBe(1161);
  });

  it('answers a batch that refuses some events with 207, the count in a header, and repeats it on a replay', async () => {
    setNow(s, '2027-05-10T00:00:00Z');
    const c = await createCustomer(s, 'Mixed batch');
    const ts = iso('2027-05-09T00:00:00Z');
    const tooDeep = { a: { b: { c: { d: { e: { f: 1 } } } } } };
    const tooMany = { list: Array.from({ length: 101 }, (_, i) => i) };
    const batch = [
      event(c.id, ts, { tokens: { input: 5 }, model: { name: 'm', tier: 'pro' } }),
      event(c.id, ts, tooDeep),
      event(c.id, ts, tooMany),
      event(c.id, ts, { a: { b: { c: { d: { e: 1 } } } } }), // 5 levels: the most there may be
    ];
    const first = await s.a.post('/events/ingest', { events: batch }).set('Idempotency-Key', `mixed-${c.id}`).expect(207);
    expect(first.headers['x-tally-refused-events']).toBe('2');
    expect(first.body.enqueued.map((e: { transaction_id: string }) => e.transaction_id)).toEqual([
      batch[0].transaction_id,
      batch[3].transaction_id,
    ]);
    expect(first.body.duplicates).toEqual([]);
    expect(first.body.errors).toEqual([
      {
        index: 1,
        transaction_id: batch[1].transaction_id,
        error_code: 'invalid_field',
        error_message: 'events[1].properties.a.b.c.d.e nests deeper than 5 levels of objects and arrays',
      },
      {
        index: 2,
        transaction_id: batch[2].transaction_id,
        error_code: 'invalid_field',
        error_message:
          'events[2].properties.list holds more than 100 properties in all (keys and array elements, counted over every level)',
      },
    ]);
    expect(await storedCount(s, c.id)).toBe(2);

    // the same request under its key: the stored answer, with its status and header
    const replay = await s.a.post('/events/ingest', { events: batch }).set('Idempotency-Key', `mixed-${c.id}`).expect(207);
    expect(replay.headers['idempotency-used']).toBe('true');
    expect(replay.headers['x-tally-refused-events']).toBe('2');
    expect(replay.body).toEqual(first.body);

    // sent again without the key: the good ones are duplicates, the bad ones still refused
    const again = await s.a.post('/events/ingest', { events: batch }).expect(207);
    expect(again.body.enqueued).toEqual([]);
    expect(again.body.duplicates).toEqual([{ transaction_id: batch[0].transaction_id }, { transaction_id: batch[3].transaction_id }]);
    expect(again.body.errors.map((e: { index: number }) => e.index)).toEqual([1, 2]);
    expect(await storedCount(s, c.id)).toBe(2);

    // only duplicates: nothing refused, 200
    const dup = await s.a.post('/events/ingest', { events: [batch[0]] }).expect(200);
    expect(dup.headers['x-tally-refused-events']).toBe('0');
    expect(dup.body.duplicates).toEqual([{ transaction_id: batch[0].transaction_id }]);
  });

  it('refuses a batch whose every event is refused with a 400 naming each field, and stores nothing', async () => {
    const c = await createCustomer(s, 'All refused');
    const ts = iso('2027-05-09T00:00:00Z');
    const res = await s.a.post('/events/ingest', {
      events: [
        event(c.id, ts, { a: [[[[[1]]]]] }),
        event(c.id, ts, { deep: { text: 'x'.repeat(1025) } }),
        event(c.id, ts, { n: { v: 1e13 } }),
        event('cus_01jzzzzzzzzzzzzzzzzzzzzzzz', ts, {}),
      ],
    });
    const body = expectError(res, 400, 'validation_error', 'batch_refused');
    expect(body.error_message).toBe(
      'every event of the batch was refused: events[0].properties.a[0][0][0][0] nests deeper than 5 levels of objects and arrays ' +
        '(and 3 more, each named in validation_errors)',
    );
    expect(body.validation_errors).toEqual({
      'events[0].properties.a[0][0][0][0]': 'nests deeper than 5 levels of objects and arrays',
      'events[1].properties.deep.text': 'must be at most 1024 characters',
      'events[2].properties.n.v': 'must be a finite number from -1000000000000 to 1000000000000 with at most 12 decimals',
      'events[3].customer_id': 'customer not found',
    });
    expect(await storedCount(s, c.id)).toBe(0);
  });

  it('takes dotted paths in metrics and matching rules, and refuses malformed ones with a 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ aggregator: 'SUM', property: 'tokens..input' }, 'metering_rule.property'],
      [{ aggregator: 'SUM', property: '.tokens' }, 'metering_rule.property'],
      [{ aggregator: 'COUNT', group_keys: ['model.'] }, 'metering_rule.group_keys[0]'],
      [{ aggregator: 'MAX', property: 'a.b.c.d.e.f' }, 'metering_rule.property'],
      [
        {
          aggregator: 'COUNT',
          rule: {
            comparator: {
              type: 'EQUAL',
              left_item: { item_type: 'PROPERTY', property: 'a..b' },
              right_item: { item_type: 'VALUE', value: 1 },
            },
          },
        },
        'metering_rule.rule.comparator.left_item.property',
      ],
    ];
    for (const [rule, field] of cases) {
      const res = await s.a.post('/billable_metrics', { item_id: meter.itemId, name: 'bad path', metering_rule: rule });
      expect([field, Object.keys(expectError(res, 400, 'validation_error').validation_errors ?? {})]).toEqual([field, [field]]);
    }
    const badRule = JSON.stringify({
      type: 'EQUAL',
      left_item: { item_type: 'PROPERTY', property: 'a.' },
      right_item: { item_type: 'VALUE', value: 'x' },
    });
    const found = await s.a.post('/objects/find', { query: { matching_rule_string: badRule } });
    expect(expectError(found, 400, 'validation_error').validation_errors).toHaveProperty([
      'query.matching_rule_string.comparator.left_item.property',
    ]);
  });

  it('stores nested object properties whole, finds and meters them by dotted path', async () => {
    const c = await createCustomer(s, 'Nested objects');
    const item = (await s.a.post('/billable_items', { name: 'Databases', type: 'CUSTOM_OBJ' }).expect(200)).body;
    const metric = (
      await s.a
        .post('/billable_metrics', {
          item_id: item.id,
          name: 'Storage',
          metering_rule: { aggregator: 'SUM', property: 'specs.size', group_keys: ['specs.region'] },
        })
        .expect(200)
    ).body;
    setNow(s, '2027-06-01T00:00:00Z');
    const props = { specs: { size: 3, region: 'eu' }, tags: ['prod'] };
    const created = (
      await s.a.post('/objects', { item_id: item.id, customer_id: c.id, object_identifier: 'db-1', properties: props }).expect(201)
    ).body;
    expect(created.properties).toEqual(props);
    const ingested = await s.a
      .post('/objects/ingest', {
        objects: [
          {
            action: 'CREATE',
            item_id: item.id,
            customer_id: c.id,
            object_identifier: 'db-2',
            properties: { specs: { size: 4, region: 'us' } },
          },
          {
            action: 'CREATE',
            item_id: item.id,
            customer_id: c.id,
            object_identifier: 'db-3',
            properties: { specs: { size: 5, region: 'eu' } },
          },
          { action: 'CREATE', item_id: item.id, customer_id: c.id, object_identifier: 'db-4', properties: { specs: [[[[[1]]]]] } },
        ],
      })
      .expect(207);
    expect(ingested.headers['x-tally-refused-objects']).toBe('1');
    expect(ingested.body.errors).toEqual([
      {
        index: 2,
        object_identifier: 'db-4',
        error_code: 'invalid_field',
        error_message: 'objects[2].properties.specs[0][0][0][0] nests deeper than 5 levels of objects and arrays',
      },
    ]);
    const rule = JSON.stringify({
      type: 'EQUAL',
      left_item: { item_type: 'PROPERTY', property: 'specs.region' },
      right_item: { item_type: 'VALUE', value: 'eu' },
    });
    const eu = (await s.a.post('/objects/find', { query: { customer_id: c.id, matching_rule_string: rule }, sort_key: 'aToZ' }).expect(200))
      .body;
    expect(eu.results.map((o: { object_identifier: string }) => o.object_identifier)).toEqual(['db-1', 'db-3']);
    const usage = await usageOf(s, c.id, metric.id, iso('2027-06-01'), iso('2027-07-01'));
    expect(usage).toEqual({
      metric_id: metric.id,
      value: 12,
      breakdown: [
        { grouping: { 'specs.region': 'eu' }, value: 8 },
        { grouping: { 'specs.region': 'us' }, value: 4 },
      ],
    });
  });

  it("keeps companies apart: another company's events, metrics and objects stay out of reach", async () => {
    const b = await anotherCompany(s, 'Nested B');
    const objectsItem = (await s.a.post('/billable_items', { name: 'Isolated objects', type: 'CUSTOM_OBJ' }).expect(200)).body;
    const c = await createCustomer(s, 'Isolated');
    const ts = iso('2027-05-09T00:00:00Z');
    // B names A's customer and item: every event refused, nothing stored for A
    const cross = await b.a.post('/events/ingest', { events: [event(c.id, ts, { tokens: { input: 5 } })] });
    expect(expectError(cross, 400, 'validation_error', 'batch_refused').validation_errors).toEqual({
      'events[0].customer_id': 'customer not found',
    });
    expect(await storedCount(s, c.id)).toBe(0);
    // B's own meter on the same dotted paths sees only B's events
    const bMeter = await createMeter(b, 'B LLM');
    const bc = await createCustomer(b, 'B customer');
    await s.a
      .post('/events/ingest', { events: [event(c.id, ts, { tokens: { input: 40 }, model: { name: 'm', tier: 'pro' } })] })
      .expect(200);
    await b.a
      .post('/events/ingest', { events: [event(bc.id, ts, { tokens: { input: 2 }, model: { name: 'm', tier: 'pro' } }, bMeter.itemId)] })
      .expect(200);
    const window = [iso('2027-05-01'), iso('2027-06-01')] as const;
    expect((await usageOf(b, bc.id, bMeter.metricId, ...window)).value).toBe(2);
    expect((await usageOf(s, c.id, meter.metricId, ...window)).value).toBe(40);
    // A's metric and customer are not B's
    const foreign = await b.a.post(`/customers/${bc.id}/usage`, {
      metric_id: meter.metricId,
      period: { start_date: window[0], end_date: window[1] },
    });
    expectError(foreign, 404, 'request_error', 'not_found');
    const foreignCustomer = await b.a.post(`/customers/${c.id}/usage`, {
      metric_id: bMeter.metricId,
      period: { start_date: window[0], end_date: window[1] },
    });
    expectError(foreignCustomer, 404, 'request_error', 'not_found');
    // A's nested objects are not found by B's matching rule on the same path
    await s.a
      .post('/objects', { item_id: objectsItem.id, customer_id: c.id, object_identifier: 'iso-1', properties: { specs: { region: 'eu' } } })
      .expect(201);
    const rule = JSON.stringify({
      type: 'EQUAL',
      left_item: { item_type: 'PROPERTY', property: 'specs.region' },
      right_item: { item_type: 'VALUE', value: 'eu' },
    });
    expect(
      (await s.a.post('/objects/find', { query: { customer_id: c.id, matching_rule_string: rule } }).expect(200)).body.results,
    ).toHaveLength(1);
    expect((await b.a.post('/objects/find', { query: { matching_rule_string: rule } }).expect(200)).body.results).toEqual([]);
  });
});
