import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { createCustomer, ISO, ok, webhookEvents } from '../support/fixtures';
import { WebhookEventsService } from '../../src/webhooks/events/webhook-events.service';

const DAY = 86_400_000;
const T0 = new Date('2026-06-01T00:00:00.000Z');

/** Webhook events: customers' events, the read routes (GET, find), company isolation, the 30-day purge. */
describe('webhook events: customers and the read routes', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const clock = new FixedClock(T0);

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('A');
    b = await t.tenant('B');
  });
  afterAll(() => t.close());

  it('customer.created carries the customer as its GET answers it', async () => {
    const c = await createCustomer(a, { metadata: { plan: 'gold' } });
    const events = await webhookEvents(a, c.id);
    expect(events.map((e) => e.type)).toEqual(['customer.created']);
    const got = await ok(await a.get(`/customers/${c.id}`));
    expect(events[0]).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'customer.created',
      event_type: 'customer.created',
      data_type: 'customer',
      created_at: expect.stringMatching(ISO),
      company_id: a.companyId,
      data: { object: got },
    });
    expect(await ok(await a.get(`/webhook_events/${events[0].id}`))).toEqual(events[0]);
  });

  it("an event's object keeps the key order of the GET answer (stored as its text, not reordered)", async () => {
    const c = await createCustomer(a, { metadata: { zeta: 1, alpha: 2 } });
    const [event] = await webhookEvents(a, c.id);
    const got = await ok(await a.get(`/customers/${c.id}`));
    expect(Object.keys(event.data.object)).toEqual(Object.keys(got));
    expect(Object.keys(event.data.object.metadata)).toEqual(['zeta', 'alpha']);
    const read = await ok(await a.get(`/webhook_events/${event.id}`));
    expect(Object.keys(read.data.object)).toEqual(Object.keys(got));
  });

  it('event objects are compressed with lz4 wherever the server offers it (the change of the column to json kept it)', async () => {
    const [{ offered }]: { offered: boolean }[] = await t.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) AS offered`,
    );
    const [{ compression }]: { compression: string }[] = await t.dataSource.query(
      `SELECT attcompression::text AS compression FROM pg_attribute WHERE attrelid = 'webhook_events'::regclass AND attname = 'data'`,
    );
    // 'l': lz4; '' (the server's default) only where lz4 is not offered
    expect(compression).toBe(offered ? 'l' : '');
  });

  it('customer.updated on PATCH, with the object after the change; start_managing too', async () => {
    const c = await createCustomer(a, { managed_externally: true });
    await ok(await a.patch(`/customers/${c.id}`, { name: 'Renamed' }));
    const afterPatch = await ok(await a.get(`/customers/${c.id}`));
    let events = await webhookEvents(a, c.id, ['customer.updated']);
    expect(events).toHaveLength(1);
    expect(events[0].data.object).toEqual(afterPatch);
    expect(events[0].data.object.name).toBe('Renamed');

    await ok(await a.patch(`/customers/${c.id}/start_managing`));
    await ok(await a.patch(`/customers/${c.id}/start_managing`)); // idempotent: nothing changes, no event
    events = await webhookEvents(a, c.id, ['customer.updated']);
    expect(events).toHaveLength(2);
    expect(events[1].data.object).toEqual(await ok(await a.get(`/customers/${c.id}`)));
    expect(events[1].data.object.managed_externally).toBe(false);
  });

  it('a failed request records nothing; an idempotent replay records nothing new', async () => {
    const c = await createCustomer(a, { identifier: 'dup-id' });
    const before = (await webhookEvents(a)).length;
    await a.post('/customers', { name: 'Twin', identifier: 'dup-id' }).expect(409);
    await a.patch(`/customers/${c.id}`, { parent_customer_id: c.id }).expect(400);
    expect(await webhookEvents(a)).toHaveLength(before);

    const first = await a.post('/customers').set('Idempotency-Key', 'cust-once').send({ name: 'Once' }).expect(201);
    const replay = await a.post('/customers').set('Idempotency-Key', 'cust-once').send({ name: 'Once' }).expect(201);
    expect(replay.headers['idempotency-used']).toBe('true');
    expect(await webhookEvents(a, first.body.id)).toHaveLength(1);
    expect(await webhookEvents(a)).toHaveLength(before + 1);
  });

  it('find filters by type, types and created range, pages by keyset; invalid bodies are 400s', async () => {
    const c = await createCustomer(a);
    await ok(await a.patch(`/customers/${c.id}`, { name: 'X' }));
    const all = await webhookEvents(a);
    const created = await ok(await a.post('/webhook_events/find', { query: { type: 'customer.created' }, pagination: { limit: 100 } }));
    expect(created.results.length).toBe(all.filter((e) => e.type === 'customer.created').length);
    expect(created.results.every((e: any) => e.type === 'customer.created')).toBe(true);
    const page1 = await ok(await a.post('/webhook_events/find', { pagination: { limit: 2 }, include_meta: true }));
    expect(page1.results).toHaveLength(2);
    expect(page1.pagination.total).toBe(all.length);
    const page2 = await ok(await a.post('/webhook_events/find', { pagination: { limit: 2, from_key: page1.pagination.from_key } }));
    expect(page2.results[0].id).not.toBe(page1.results[1].id);
    // newest first by default
    expect(page1.results[0].id > page1.results[1].id).toBe(true);
    const none = await ok(
      await a.post('/webhook_events/find', { query: { created_at: { gt: new Date(T0.getTime() + DAY).toISOString() } } }),
    );
    expect(none.results).toEqual([]);
    const some = await ok(await a.post('/webhook_events/find', { query: { created_at: { gte: T0.toISOString() } } }));
    expect(some.results.length).toBeGreaterThan(0);

    for (const body of [
      { query: { type: 'customer.exploded' } },
      { query: { types: [] } },
      { query: { created_at: { gt: 'yesterday' } } },
      { sort_key: 'updatedAtDesc' },
      { query: { unknown: 1 } },
    ]) {
      const res = await a.post('/webhook_events/find', body).expect(400);
      expect(res.body.error_type).toBe('validation_error');
    }
  });

  it('company isolation: B sees none of A’s events; A’s ids are 404 for B; unknown or malformed ids are 404', async () => {
    const c = await createCustomer(a);
    const [event] = await webhookEvents(a, c.id);
    await b.get(`/webhook_events/${event.id}`).expect(404);
    expect((await webhookEvents(b)).filter((e) => e.company_id !== b.companyId)).toEqual([]);
    expect(await webhookEvents(b, c.id)).toEqual([]);
    await a.get('/webhook_events/evt_01jz3k4m5n6p7q8r9s0t1v2w3x').expect(404);
    await a.get('/webhook_events/cus_01jz3k4m5n6p7q8r9s0t1v2w3x').expect(404);
    // B's token on A's routes is refused by the guard
    await a.get(`/webhook_events/${event.id}`).set('Authorization', `Bearer ${b.token}`).expect(403);
  });

  it('events are readable for 30 days, then purged', async () => {
    const c = await createCustomer(a);
    const [event] = await webhookEvents(a, c.id);
    clock.set(new Date(T0.getTime() + 29 * DAY));
    await a.get(`/webhook_events/${event.id}`).expect(200);
    clock.set(new Date(T0.getTime() + 31 * DAY));
    await a.get(`/webhook_events/${event.id}`).expect(404);
    expect(await webhookEvents(a)).toEqual([]);
    const fresh = await createCustomer(b);
    const purged = await t.app.get(WebhookEventsService).purgeExpired({ companyIds: [a.companyId, b.companyId], batchSize: 2 });
    expect(purged).toBeGreaterThan(0);
    const left: { n: number }[] = await t.dataSource.query('SELECT count(*)::int AS n FROM webhook_events WHERE company_id = $1', [
      a.companyId,
    ]);
    expect(left[0].n).toBe(0);
    expect(await webhookEvents(b, fresh.id)).toHaveLength(1);
    clock.set(T0);
  });
});
