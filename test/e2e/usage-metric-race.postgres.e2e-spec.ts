import { Client } from 'pg';
import { createTestApp, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { customerWithIdentifier } from '../support/fixtures';
import { eventually } from '../support/webhook-receiver';
import { useWholeDatabase } from '../support/whole-database';
import { EventIngestService } from '../../src/metrics/usage/event-ingest.service';

// locks usage_event_keys, a table every company's ingest writes, and counts the statements that
// wait on it: alone on the database (see whole-database.ts), so that no other file's batch waits
// there or is counted
useWholeDatabase();

/** A second connection, for a transaction the test holds open. */
async function connection(): Promise<Client> {
  const c = new Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  return c;
}

/**
 * Ingest reads a batch's customers, items and metrics in one statement and writes in another,
 * with no transaction around them; the write goes ahead only if no metric was created on its
 * items in between. Here the items change exactly in between: a second connection holds
 * usage_event_keys locked, which stops the batch's write before it starts (and nothing else the
 * tests need) while a metric is created, or the item's metrics version raised, once or under each
 * attempt. PostgreSQL only (a `*.postgres.e2e-spec.ts` file): the embedded database runs one
 * transaction at a time.
 */
describe('usage ingest and a metric created between its read and its write', () => {
  let t: TestApp;
  let a: Tenant;

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.tenant('A');
  });
  afterAll(() => t.close());

  /** A new customer and CUSTOM_USAGE item, and a spy on the service's write (one call per attempt). */
  const setUp = async (itemName: string) => {
    const customer = await customerWithIdentifier(a, `race-${Math.random().toString(36).slice(2, 10)}`);
    const item = (await a.post('/billable_items', { name: itemName, type: 'CUSTOM_USAGE' }).expect(200)).body as { id: string };
    const writes = jest.spyOn(t.app.get(EventIngestService) as unknown as { store: () => Promise<unknown> }, 'store');
    return { customer, item, writes };
  };
  const storedOf = (itemId: string) =>
    t.dataSource.query('SELECT count(*)::int AS n FROM usage_events WHERE company_id = $1 AND item_id = $2', [a.companyId, itemId]);

  it('writes the batch again with the new metric, so its rollups count every event', async () => {
    const { customer: c, item, writes } = await setUp('Between');
    const events = [1, 2, 3].map((i) => ({
      customer_id: c.id,
      item_id: item.id,
      transaction_id: `between-${i}`,
      timestamp: `2026-04-01T0${i}:00:00Z`,
      properties: { amount: 10 * i },
    }));
    const holder = await connection();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE usage_event_keys IN SHARE MODE');
      const ingest = a.post('/events/ingest', { events }).then((r) => r);
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
      expect(await storedOf(item.id)).toEqual([{ n: 3 }]);
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

  it('gives up with a 409 when the items change under every one of five attempts, writing nothing', async () => {
    const { customer: c, item, writes } = await setUp('Churning');
    const events = [{ customer_id: c.id, item_id: item.id, transaction_id: 'churn-1', timestamp: '2026-04-02T01:00:00Z' }];
    // Gates: each holds usage_event_keys in SHARE ROW EXCLUSIVE mode, which stops a write before
    // it starts and conflicts with the next gate. While a write waits at its gate, the item's
    // metrics version is raised (as a metric's creation raises it); the next gate queues behind
    // the waiting write, then this gate opens: the write finds the version changed and writes
    // nothing, and the batch's next write waits at the next gate.
    const gates: Client[] = [];
    const close = (g: Client) => g.query('BEGIN').then(() => g.query('LOCK TABLE usage_event_keys IN SHARE ROW EXCLUSIVE MODE'));
    const pidOf = async (g: Client) => ((await g.query('SELECT pg_backend_pid() AS pid')) as { rows: { pid: number }[] }).rows[0].pid;
    const blockedBy = async (pid: number) =>
      Number((await t.dataSource.query('SELECT count(*) AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [pid]))[0].n);
    try {
      for (let i = 0; i < 5; i++) gates.push(await connection());
      const pids = await Promise.all(gates.map(pidOf));
      await close(gates[0]);
      const ingest = a.post('/events/ingest', { events }).then((r) => r);
      for (let k = 0; k < 5; k++) {
        await eventually(() => writes.mock.calls.length === k + 1, `write ${k + 1}`);
        await eventually(async () => (await blockedBy(pids[k])) === 1, `write ${k + 1} to wait at its gate`);
        await t.dataSource.query('UPDATE billable_items SET metrics_version = metrics_version + 1 WHERE company_id = $1 AND id = $2', [
          a.companyId,
          item.id,
        ]);
        const next = k < 4 ? close(gates[k + 1]) : Promise.resolve();
        if (k < 4) await eventually(async () => (await blockedBy(pids[k])) === 2, `gate ${k + 2} to queue`);
        await gates[k].query('COMMIT');
        await next;
      }
      const res = await ingest;
      expectError(res as never, 409, 'request_error', 'metrics_changing');
      expect(writes).toHaveBeenCalledTimes(5);
      for (const r of writes.mock.results) expect(await r.value).toBeNull();
      expect(await storedOf(item.id)).toEqual([{ n: 0 }]);
      // sent again once the items are still, the batch is stored
      const again = await a.post('/events/ingest', { events }).expect(200);
      expect(again.body.enqueued).toHaveLength(1);
    } finally {
      for (const g of gates) {
        await g.query('ROLLBACK').catch(() => undefined);
        await g.end();
      }
      writes.mockRestore();
    }
  });
});
