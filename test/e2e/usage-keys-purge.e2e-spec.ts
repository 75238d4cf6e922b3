import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { EventKeysPurger } from '../../src/metrics/usage/event-keys-purger.service';
import { PlatformScheduler } from '../../src/platform/scheduler/platform-scheduler';

const DAY = 86_400_000;
const T0 = new Date('2026-03-01T00:00:00.000Z');

/** De-duplication keys of usage events older than 35 days are purged, in bounded batches. */
describe('usage de-duplication keys: purge', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const clock = new FixedClock(T0);
  const at = (days: number) => clock.set(new Date(T0.getTime() + days * DAY));

  const keysOf = async (tenant: Tenant): Promise<string[]> =>
    (
      await t.dataSource.query('SELECT transaction_id FROM usage_event_keys WHERE company_id = $1 ORDER BY transaction_id', [
        tenant.companyId,
      ])
    ).map((r: { transaction_id: string }) => r.transaction_id);
  const setUp = async (tenant: Tenant) => {
    const item = (await tenant.post('/billable_items', { name: 'Calls', type: 'CUSTOM_USAGE' }).expect(200)).body;
    const customer = (await tenant.post('/customers', { name: 'Usage', email: 'usage@example.com' }).expect(201)).body;
    return (ids: string[]) =>
      tenant
        .post('/events/ingest', {
          events: ids.map((id) => ({
            customer_id: customer.id,
            item_id: item.id,
            transaction_id: id,
            timestamp: clock.now().toISOString(),
            properties: {},
          })),
        })
        .expect(200);
  };

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('A');
    b = await t.tenant('B');
  });
  afterAll(() => t.close());

  it('deletes keys first seen more than 35 days ago, batch by batch, and keeps the others', async () => {
    const ingestA = await setUp(a);
    const ingestB = await setUp(b);
    at(0);
    await ingestA(['old-1', 'old-2', 'old-3', 'old-4', 'old-5']);
    await ingestB(['b-old-1', 'b-old-2']);
    at(10);
    await ingestA(['recent-1']);
    at(40); // old-* are 40 days old, recent-1 is 30 days old
    const purger = t.app.get(EventKeysPurger);

    const companyIds = [a.companyId, b.companyId].sort();
    const first = companyIds[0] === a.companyId ? keysOf(a) : keysOf(b);
    const firstCount = (await first).length;

    // bounded: one batch of 2 deletes exactly 2 keys, of the first company
    expect(await purger.purgeExpired({ batchSize: 2, maxBatches: 1, companyIds })).toBe(2);
    expect((await (companyIds[0] === a.companyId ? keysOf(a) : keysOf(b))).length).toBe(firstCount - 2);

    // then everything due, in batches of 2: the 5 + 2 old keys less the 2 already gone
    expect(await purger.purgeExpired({ batchSize: 2, maxBatches: 100, companyIds })).toBe(5 + 2 - 2);
    expect(await keysOf(a)).toEqual(['recent-1']);
    expect(await keysOf(b)).toEqual([]);

    // de-duplication still works inside the window, and an old transaction_id is accepted again
    const again = await ingestA(['recent-1', 'old-1']);
    expect(again.body.enqueued.map((e: { transaction_id: string }) => e.transaction_id)).toEqual(['old-1']);
    expect(again.body.duplicates).toEqual([{ transaction_id: 'recent-1' }]);
    expect(await keysOf(a)).toEqual(['old-1', 'recent-1']);
  });

  it('a bounded run stops after maxBatches statements', async () => {
    const ingest = await setUp(a);
    at(100);
    await ingest(Array.from({ length: 7 }, (_, i) => `bulk-${i}`));
    at(140);
    const purger = t.app.get(EventKeysPurger);
    const only = { batchSize: 3, maxBatches: 1, companyIds: [a.companyId] };
    // old-1 (re-ingested on day 40) and recent-1 are due too: 9 keys, 3 a run
    expect(await purger.purgeExpired(only)).toBe(3);
    expect(await purger.purgeExpired(only)).toBe(3);
    expect(await purger.purgeExpired(only)).toBe(3);
    expect(await purger.purgeExpired(only)).toBe(0);
    expect(await keysOf(a)).toEqual([]);
  });

  it('is registered as a job of the platform scheduler', () => {
    const jobs = (t.app.get(PlatformScheduler) as unknown as { jobs: { name: string }[] }).jobs.map((j) => j.name);
    expect(jobs).toContain('usage de-duplication keys');
  });
});
