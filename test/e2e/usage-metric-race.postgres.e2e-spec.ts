import { Client } from 'pg';
import { createTestApp, Tenant, TestApp } from '../support/app';
import { customerWithIdentifier } from '../support/fixtures';
import { eventually } from '../support/webhook-receiver';
import { EventIngestService } from '../../src/metrics/usage/event-ingest.service';

/**
 * Ingest reads a batch's customers, items and metrics in one statement and writes in another,
 * with no transaction around them; the write goes ahead only if no metric was created on its
 * items in between. Here a metric is created exactly in between, every time: a second
 * connection holds usage_event_keys in SHARE mode, which stops the batch's write before it
 * starts (and nothing else the test needs). PostgreSQL only (a `*.postgres.e2e-spec.ts` file):
 * the embedded database runs one transaction at a time.
 */
describe('usage ingest and a metric created between its read and its write', () => {
  let t: TestApp;
  let a: Tenant;

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.tenant('A');
  });
  afterAll(() => t.close());

  it('writes the batch again with the new metric, so its rollups count every event', async () => {
    const c = await customerWithIdentifier(a, `race-${Math.random().toString(36).slice(2, 10)}`);
    const item = (await a.post('/billable_items', { name: 'Between', type: 'CUSTOM_USAGE' }).expect(200)).body;
    const events = [1, 2, 3].map((i) => ({
      customer_id: c.id,
      item_id: item.id,
      transaction_id: `between-${i}`,
      timestamp: `2026-04-01T0${i}:00:00Z`,
      properties: { amount: 10 * i },
    }));
    const writes = jest.spyOn(t.app.get(EventIngestService) as unknown as { store: () => Promise<unknown> }, 'store');
    const holder = new Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    let ingest: Promise<{ status: number; body: { enqueued: unknown[]; duplicates: unknown[]; errors: unknown[] } }>;
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE usage_event_keys IN SHARE MODE');
      ingest = a.post('/events/ingest', { events }).then((r) => r);
      // the batch's read is done and its write has been sent (it waits on the table)
      await eventually(() => writes.mock.calls.length === 1, 'the batch to reach its write');
      const metric = (
        await a
          .post('/billable_metrics', { item_id: item.id, name: 'Sum', metering_rule: { aggregator: 'SUM', property: 'amount' } })
          .expect(200)
      ).body;
      await holder.query('COMMIT');
      const res = await ingest;
      expect(res.status).toBe(200);
      expect(res.body.enqueued).toHaveLength(3);
      expect(res.body.duplicates).toEqual([]);
      expect(res.body.errors).toEqual([]);
      const stored = await t.dataSource.query('SELECT count(*)::int AS n FROM usage_events WHERE company_id = $1 AND item_id = $2', [
        a.companyId,
        item.id,
      ]);
      expect(stored).toEqual([{ n: 3 }]);
      const usage = await a
        .post(`/customers/${c.id}/usage`, {
          metric_id: metric.id,
          period: { start_date: '2026-04-01T00:00:00Z', end_date: '2026-04-02T00:00:00Z' },
        })
        .expect(200);
      expect(usage.body.value).toBe(60);
      // the first write found the item's metrics changed and wrote nothing; the second wrote it all
      expect(writes).toHaveBeenCalledTimes(2);
      expect(await writes.mock.results[0].value).toBeNull();
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
      writes.mockRestore();
    }
  });
});
