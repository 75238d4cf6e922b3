import { RollupCompactor } from '../../src/metrics/usage/rollup-compactor.service';
import { createTestApp, Tenant, TestApp } from '../support/app';
import { createCustomer, ok } from '../support/fixtures';

/**
 * Usage rollups as rows that add up: each ingest batch writes its own rows (its `slot`), so
 * concurrent batches of one customer and hour do not wait on each other; the compaction merges an
 * hour's rows into one. Whatever the interleaving (on PostgreSQL the batches and compactions
 * below truly run at once; on the embedded database they take turns), the usage answered through
 * the rollups equals the usage of a raw scan, and no event is counted twice or lost.
 */
describe('usage rollups: batch rows, compaction, exact usage', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    t = await createTestApp();
    a = await t.tenant('Rollup slots A');
    b = await t.tenant('Rollup slots B');
  });
  afterAll(() => t.close());

  const HOUR0 = Date.parse('2031-03-01T00:00:00Z');
  const PERIOD = { start_date: '2031-03-01T00:00:00Z', end_date: '2031-03-02T00:00:00Z' };

  async function setup(tenant: Tenant, aggregator: string) {
    const item = await ok(await tenant.post('/billable_items', { name: `Calls ${aggregator}`, type: 'CUSTOM_USAGE' }));
    const metric = await ok(
      await tenant.post('/billable_metrics', {
        item_id: item.id,
        name: `${aggregator} of n`,
        metering_rule: { aggregator, property: 'n', group_keys: ['region'] },
      }),
    );
    const customer = await createCustomer(tenant);
    return { item, metric, customer };
  }
  const batch = (customerId: string, itemId: string, prefix: string, size: number, hours: number) =>
    Array.from({ length: size }, (_, i) => ({
      customer_id: customerId,
      item_id: itemId,
      transaction_id: `${prefix}-${i}`,
      // a few hours, many events each: batches overlap on every hour
      timestamp: new Date(HOUR0 + (i % hours) * 3_600_000 + i * 1000).toISOString(),
      properties: { n: (i % 7) + 1, region: Math.floor(i / hours) % 2 ? 'eu' : 'us' },
    }));
  const usage = (tenant: Tenant, customerId: string, metricId: string) =>
    tenant.post(`/customers/${customerId}/usage`, { metric_id: metricId, period: PERIOD });
  const raw = async (companyId: string, customerId: string) =>
    (
      await t.dataSource.query(
        `SELECT count(*)::int AS n, COALESCE(sum((properties->>'n')::numeric), 0)::text AS s FROM usage_events
         WHERE company_id = $1 AND customer_id = $2`,
        [companyId, customerId],
      )
    )[0] as { n: number; s: string };
  const rollupRows = async (companyId: string, metricId: string) =>
    (await t.dataSource.query(
      `SELECT bucket_start, group_key, slot, event_count::int AS event_count FROM usage_rollups
       WHERE company_id = $1 AND metric_id = $2 ORDER BY bucket_start, group_key, slot`,
      [companyId, metricId],
    )) as { bucket_start: Date; group_key: string; slot: string; event_count: number }[];

  it('each batch writes its own rows; the compaction merges every hour into one row; the usage stays the same', async () => {
    const { item, metric, customer } = await setup(a, 'SUM');
    for (const p of ['b1', 'b2', 'b3']) {
      const res = await ok(await a.post('/events/ingest', { events: batch(customer.id, item.id, p, 40, 4) }));
      expect(res.enqueued).toHaveLength(40);
    }
    const before = await rollupRows(a.companyId, metric.id);
    // 4 hours × 2 regions, one row per batch each
    expect(before).toHaveLength(24);
    expect(new Set(before.map((r) => r.slot)).size).toBe(3);
    expect(before.every((r) => r.slot.startsWith('evt_'))).toBe(true);
    const totalBefore = await ok(await usage(a, customer.id, metric.id));
    const expected = await raw(a.companyId, customer.id);
    expect(expected.n).toBe(120);
    expect(totalBefore.value).toBe(Number(expected.s));

    const merged = await t.app.get(RollupCompactor).compact({ companyIds: [a.companyId], hoursPerStatement: 3 });
    expect(merged).toBe(8);
    const after = await rollupRows(a.companyId, metric.id);
    expect(after).toHaveLength(8);
    expect(after.every((r) => r.slot === '')).toBe(true);
    expect(after.reduce((s, r) => s + r.event_count, 0)).toBe(120);
    expect(await ok(await usage(a, customer.id, metric.id))).toEqual(totalBefore);

    // a further batch adds rows beside the merged ones; a second compaction merges them in
    await ok(await a.post('/events/ingest', { events: batch(customer.id, item.id, 'b4', 10, 4) }));
    expect((await rollupRows(a.companyId, metric.id)).length).toBe(16);
    await t.app.get(RollupCompactor).compact({ companyIds: [a.companyId] });
    const again = await rollupRows(a.companyId, metric.id);
    expect(again).toHaveLength(8);
    expect(again.reduce((s, r) => s + r.event_count, 0)).toBe(130);
    expect((await ok(await usage(a, customer.id, metric.id))).value).toBe(Number((await raw(a.companyId, customer.id)).s));
  });

  it('LATEST: the merged row keeps the value of the latest event across batches (time, then event id)', async () => {
    const { item, metric, customer } = await setup(a, 'LATEST');
    const at = new Date(HOUR0 + 30 * 60_000).toISOString();
    // three batches in one hour and region; the second holds the latest event
    await ok(
      await a.post('/events/ingest', {
        events: [{ customer_id: customer.id, item_id: item.id, transaction_id: 'l1', timestamp: at, properties: { n: 5, region: 'eu' } }],
      }),
    );
    await ok(
      await a.post('/events/ingest', {
        events: [
          {
            customer_id: customer.id,
            item_id: item.id,
            transaction_id: 'l2',
            timestamp: new Date(HOUR0 + 50 * 60_000).toISOString(),
            properties: { n: 9, region: 'eu' },
          },
        ],
      }),
    );
    await ok(
      await a.post('/events/ingest', {
        events: [{ customer_id: customer.id, item_id: item.id, transaction_id: 'l3', timestamp: at, properties: { n: 2, region: 'eu' } }],
      }),
    );
    expect((await ok(await usage(a, customer.id, metric.id))).value).toBe(9);
    await t.app.get(RollupCompactor).compact({ companyIds: [a.companyId] });
    const rows = await rollupRows(a.companyId, metric.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].event_count).toBe(3);
    expect((await ok(await usage(a, customer.id, metric.id))).value).toBe(9);
  });

  it('concurrent batches into the same hours, with compactions running meanwhile: every event counted once', async () => {
    const { item, metric, customer } = await setup(a, 'SUM');
    const compactor = t.app.get(RollupCompactor);
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 12; i++) {
      work.push(a.post('/events/ingest', { events: batch(customer.id, item.id, `c${i}`, 50, 3) }).then((r) => ok(r)));
      if (i % 4 === 3) work.push(compactor.compact({ companyIds: [a.companyId], hoursPerStatement: 2 }));
    }
    // the same batch twice at once: stored once
    work.push(a.post('/events/ingest', { events: batch(customer.id, item.id, 'c0', 50, 3) }).then((r) => ok(r)));
    await Promise.all(work);
    const expected = await raw(a.companyId, customer.id);
    expect(expected.n).toBe(600);
    const rows = await rollupRows(a.companyId, metric.id);
    expect(rows.reduce((s, r) => s + r.event_count, 0)).toBe(600);
    expect((await ok(await usage(a, customer.id, metric.id))).value).toBe(Number(expected.s));
    await Promise.all([compactor.compact({ companyIds: [a.companyId] }), compactor.compact({ companyIds: [a.companyId] })]);
    const merged = await rollupRows(a.companyId, metric.id);
    expect(merged).toHaveLength(6);
    expect(merged.reduce((s, r) => s + r.event_count, 0)).toBe(600);
    expect((await ok(await usage(a, customer.id, metric.id))).value).toBe(Number(expected.s));
  });

  it("a company's compaction leaves another company's rows alone", async () => {
    const mine = await setup(a, 'COUNT');
    const theirs = await setup(b, 'COUNT');
    for (const p of ['x1', 'x2']) {
      await ok(await a.post('/events/ingest', { events: batch(mine.customer.id, mine.item.id, p, 10, 1) }));
      await ok(await b.post('/events/ingest', { events: batch(theirs.customer.id, theirs.item.id, p, 10, 1) }));
    }
    await t.app.get(RollupCompactor).compact({ companyIds: [a.companyId] });
    expect((await rollupRows(a.companyId, mine.metric.id)).map((r) => r.slot)).toEqual(['', '']);
    expect((await rollupRows(b.companyId, theirs.metric.id)).filter((r) => r.slot !== '')).toHaveLength(4);
    expect((await ok(await usage(b, theirs.customer.id, theirs.metric.id))).value).toBe(20);
  });
});
