import request from 'supertest';
import { In } from 'typeorm';
import { BillableMetricsRepository } from '../../src/metrics/metrics.repository';
import { UsageService } from '../../src/metrics/usage/usage.service';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { customerWithIdentifier } from '../support/fixtures';

const uid = () => Math.random().toString(36).slice(2, 10);
const T0 = new Date('2026-04-01T00:00:00Z');
const H = 3_600_000;

describe('objects (CUSTOM_OBJ items)', () => {
  let t: TestApp;
  let clock: FixedClock;
  let a: Tenant;
  let b: Tenant;
  let objItem: { id: string };
  let usageItem: { id: string };
  let cus: { id: string; identifier: string };

  beforeAll(async () => {
    clock = new FixedClock(T0);
    t = await createTestApp({ clock });
    a = await t.tenant('A');
    b = await t.tenant('B');
    objItem = (await a.post('/billable_items', { name: 'Seats', type: 'CUSTOM_OBJ' }).expect(200)).body;
    usageItem = (await a.post('/billable_items', { name: 'Calls', type: 'CUSTOM_USAGE' }).expect(200)).body;
    cus = await customerWithIdentifier(a, `cus-${uid()}`);
  });
  afterAll(() => t.close());

  const body = (over: Record<string, unknown> = {}) => ({
    item_id: objItem.id,
    customer_id: cus.id,
    object_identifier: `obj-${uid()}`,
    properties: { size: 2 },
    ...over,
  });

  it('creates an object (201) and reads it back', async () => {
    const res = await a.post('/objects', body({ object_identifier: 'db-1', properties: { size: 3, plan: 'pro', ha: true } })).expect(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^obj_[0-9a-z]{26}$/),
      company_id: a.companyId,
      customer_id: cus.id,
      customer_identifier: cus.identifier,
      item_id: objItem.id,
      object_identifier: 'db-1',
      properties: { size: 3, plan: 'pro', ha: true },
      created_at: clock.now().toISOString(),
      updated_at: clock.now().toISOString(),
      deleted_at: null,
    });
    expect((await a.get(`/objects/${res.body.id}`).expect(200)).body).toEqual(res.body);
    const byIdentifier = await a
      .post('/objects', body({ customer_id: undefined, customer_identifier: cus.identifier, properties: undefined }))
      .expect(201);
    expect(byIdentifier.body).toMatchObject({ customer_id: cus.id, properties: {} });
    const idAsIdentifier = await a.post('/objects', body({ customer_id: cus.identifier })).expect(201);
    expect(idAsIdentifier.body.customer_id).toBe(cus.id);
  });

  it.each([
    [{ item_id: undefined }, 400, 'item_id'],
    [{ object_identifier: undefined }, 400, 'object_identifier'],
    [{ object_identifier: '' }, 400, 'object_identifier'],
    [{ object_identifier: 'x'.repeat(256) }, 400, 'object_identifier'],
    [{ customer_id: undefined }, 400, 'customer_id'],
    [{ properties: { a: { b: { c: { d: { e: [1] } } } } } }, 400, 'properties.a.b.c.d.e'],
    [{ properties: { list: Array.from({ length: 101 }, (_, i) => i) } }, 400, 'properties.list'],
    [{ properties: { a: { t: 'x'.repeat(1025) } } }, 400, 'properties.a.t'],
    [{ properties: 'x' }, 400, 'properties'],
    [{ extra: 1 }, 400, 'extra'],
    [{ item_id: 'usage' }, 400, 'item_id'],
    [{ item_id: 'bi_01jzzzzzzzzzzzzzzzzzzzzzzz' }, 404, 'item_id'],
    [{ customer_id: 'cus_01jzzzzzzzzzzzzzzzzzzzzzzz' }, 404, 'customer_id'],
    [{ customer_id: undefined, customer_identifier: 'nobody' }, 404, 'customer_identifier'],
  ])('rejects %j with %i naming %s', async (over, status, field) => {
    const given = over as Record<string, unknown>;
    const payload = body(given.item_id === 'usage' ? { ...given, item_id: usageItem.id } : given);
    const res = await a.post('/objects', payload).expect(status);
    expect(expectError(res, status, status === 400 ? 'validation_error' : 'request_error').validation_errors).toHaveProperty([field]);
  });

  it('keeps object_identifier unique among live objects of a customer and item', async () => {
    const first = (await a.post('/objects', body({ object_identifier: 'dup' })).expect(201)).body;
    expectError(await a.post('/objects', body({ object_identifier: 'dup' })).expect(409), 409, 'request_error', 'duplicate_object');
    const other = await customerWithIdentifier(a, `o-${uid()}`);
    await a.post('/objects', body({ object_identifier: 'dup', customer_id: other.id })).expect(201);
    await a.delete(`/objects/${first.id}`).expect(200);
    await a.post('/objects', body({ object_identifier: 'dup' })).expect(201);
  });

  it('updates properties, soft-deletes, and refuses changes to a deleted object', async () => {
    const created = (await a.post('/objects', body({ properties: { size: 1 } })).expect(201)).body;
    clock.advance(60_000);
    const updated = await a.patch(`/objects/${created.id}`, { properties: { size: 5, tier: 'x' } }).expect(200);
    expect(updated.body).toMatchObject({
      properties: { size: 5, tier: 'x' },
      updated_at: clock.now().toISOString(),
      created_at: created.created_at,
    });
    expectError(await a.patch(`/objects/${created.id}`, { properties: { a: [[[[[1]]]]] } }).expect(400), 400, 'validation_error');
    expectError(await a.patch(`/objects/${created.id}`, {}).expect(400), 400, 'validation_error');
    expectError(await a.patch(`/objects/${created.id}`, { properties: {}, object_identifier: 'x' }).expect(400), 400, 'validation_error');
    clock.advance(60_000);
    const deleted = await a.delete(`/objects/${created.id}`).expect(200);
    expect(deleted.body).toMatchObject({ id: created.id, deleted_at: clock.now().toISOString(), properties: { size: 5, tier: 'x' } });
    expect((await a.get(`/objects/${created.id}`).expect(200)).body.deleted_at).toBe(clock.now().toISOString());
    expectError(await a.patch(`/objects/${created.id}`, { properties: {} }).expect(409), 409, 'request_error', 'invalid_state');
    expectError(await a.delete(`/objects/${created.id}`).expect(409), 409, 'request_error', 'invalid_state');
    expectError(await a.get('/objects/obj_01jzzzzzzzzzzzzzzzzzzzzzzz').expect(404), 404, 'request_error', 'not_found');
    expectError(await a.get('/objects/nope').expect(404), 404, 'request_error', 'not_found');
    expectError(await a.delete('/objects/nope').expect(404), 404, 'request_error', 'not_found');
  });

  it('finds by customer_id, customer_identifier and item_id; deleted objects only on request', async () => {
    const c = await customerWithIdentifier(a, `f-${uid()}`);
    const item2 = (await a.post('/billable_items', { name: 'Projects', type: 'CUSTOM_OBJ' }).expect(200)).body;
    const o1 = (await a.post('/objects', body({ customer_id: c.id })).expect(201)).body;
    clock.advance(1000);
    const o2 = (await a.post('/objects', body({ customer_id: c.id, item_id: item2.id })).expect(201)).body;
    clock.advance(1000);
    const o3 = (await a.post('/objects', body({ customer_id: c.id })).expect(201)).body;
    await a.delete(`/objects/${o3.id}`).expect(200);
    const ids = async (query: object, sort_key = 'createdAtAsc') =>
      (await a.post('/objects/find', { query, sort_key }).expect(200)).body.results.map((r: { id: string }) => r.id);
    expect(await ids({ customer_id: c.id })).toEqual([o1.id, o2.id]);
    expect(await ids({ customer_identifier: c.identifier })).toEqual([o1.id, o2.id]);
    expect(await ids({ customer_id: c.id, item_id: item2.id })).toEqual([o2.id]);
    expect(await ids({ customer_id: c.id, include_deleted: true })).toEqual([o1.id, o2.id, o3.id]);
    expect(await ids({ customer_id: c.id }, 'createdAtDesc')).toEqual([o2.id, o1.id]);
    expect((await ids({ customer_id: c.id, include_deleted: true }, 'updatedAtDesc'))[0]).toBe(o3.id);
    expectError(await a.post('/objects/find', { query: { color: 'red' } }).expect(400), 400, 'validation_error');
  });

  it('ingests CREATE, UPDATE and DELETE entries with per-entry results', async () => {
    const c = await customerWithIdentifier(a, `i-${uid()}`);
    const res = await a
      .post('/objects/ingest', {
        objects: [
          { action: 'CREATE', item_id: objItem.id, customer_id: c.id, object_identifier: 'a', properties: { n: 1 } },
          { action: 'CREATE', item_id: objItem.id, customer_identifier: c.identifier, object_identifier: 'b' },
          { action: 'UPDATE', item_id: objItem.id, customer_id: c.id, object_identifier: 'a', properties: { n: 2 } },
          { action: 'DELETE', item_id: objItem.id, customer_identifier: c.identifier, object_identifier: 'b' },
          { action: 'CREATE', item_id: objItem.id, customer_id: c.id, object_identifier: 'a' }, // duplicate live identifier
          { action: 'MOVE', object_identifier: 'a' },
          { action: 'UPDATE', id: 'obj_01jzzzzzzzzzzzzzzzzzzzzzzz', properties: {} },
          { action: 'DELETE', item_id: objItem.id, customer_id: c.id, object_identifier: 'zzz' },
          { action: 'CREATE', item_id: usageItem.id, customer_id: c.id, object_identifier: 'u' },
          'nope',
        ],
      })
      .expect(207);
    expect(res.headers['x-tally-refused-objects']).toBe('6');
    expect(
      res.body.enqueued.map((p: { index: number; action: string; object_identifier: string }) => [p.index, p.action, p.object_identifier]),
    ).toEqual([
      [0, 'CREATE', 'a'],
      [1, 'CREATE', 'b'],
      [2, 'UPDATE', 'a'],
      [3, 'DELETE', 'b'],
    ]);
    expect(res.body.enqueued[2].id).toBe(res.body.enqueued[0].id);
    expect((await a.get(`/objects/${res.body.enqueued[0].id}`).expect(200)).body).toMatchObject({
      object_identifier: 'a',
      properties: { n: 2 },
      deleted_at: null,
    });
    expect((await a.get(`/objects/${res.body.enqueued[3].id}`).expect(200)).body.deleted_at).not.toBeNull();
    expect(res.body.errors.map((e: { index: number; error_code: string }) => [e.index, e.error_code])).toEqual([
      [4, 'duplicate_object'],
      [5, 'invalid_field'],
      [6, 'not_found'],
      [7, 'not_found'],
      [8, 'invalid_field'],
      [9, 'invalid_field'],
    ]);
    expect(res.body.errors[1].error_message).toMatch(/^objects\[5\]\.action /);
    const byId = await a.post('/objects/ingest', { objects: [{ action: 'DELETE', id: res.body.enqueued[0].id }] }).expect(200);
    expect(byId.headers['x-tally-refused-objects']).toBe('0');
    expect(byId.body.enqueued).toEqual([{ action: 'DELETE', object_identifier: 'a', index: 0, id: res.body.enqueued[0].id }]);
    expect((await a.get(`/objects/${res.body.enqueued[0].id}`).expect(200)).body.deleted_at).not.toBeNull();
    for (const bad of [{}, { objects: [] }, { objects: 'x' }, { objects: Array.from({ length: 101 }, () => ({})) }]) {
      expectError(await a.post('/objects/ingest', bad).expect(400), 400, 'validation_error');
    }
  });

  it('measures usage as the objects live at some point of the period', async () => {
    const c = await customerWithIdentifier(a, `u-${uid()}`);
    const item = (await a.post('/billable_items', { name: 'Databases', type: 'CUSTOM_OBJ' }).expect(200)).body;
    const metric = async (rule: object) =>
      (await a.post('/billable_metrics', { item_id: item.id, name: 'm', metering_rule: rule }).expect(200)).body;
    const count = await metric({ aggregator: 'COUNT' });
    const sum = await metric({ aggregator: 'SUM', property: 'size', group_keys: ['plan'] });
    const pro = await metric({
      aggregator: 'COUNT',
      rule: {
        comparator: {
          type: 'EQUAL',
          left_item: { item_type: 'PROPERTY', property: 'plan' },
          right_item: { item_type: 'VALUE', value: 'pro' },
        },
      },
    });
    const base = new Date('2026-06-01T00:00:00Z').getTime();
    const hour = (h: number) => new Date(base + h * H);
    clock.set(hour(0));
    const o1 = (
      await a
        .post('/objects', { item_id: item.id, customer_id: c.id, object_identifier: 'o1', properties: { size: 10, plan: 'pro' } })
        .expect(201)
    ).body;
    clock.set(hour(1));
    await a
      .post('/objects', { item_id: item.id, customer_id: c.id, object_identifier: 'o2', properties: { size: 5, plan: 'free' } })
      .expect(201);
    clock.set(hour(2));
    await a.delete(`/objects/${o1.id}`).expect(200);
    clock.set(hour(3));
    await a
      .post('/objects', { item_id: item.id, customer_id: c.id, object_identifier: 'o3', properties: { size: 1.5, plan: 'pro' } })
      .expect(201);
    const usage = async (m: { id: string }, from: number, to: number) =>
      (
        await a
          .post(`/customers/${c.id}/usage`, {
            metric_id: m.id,
            period: { start_date: hour(from).toISOString(), end_date: hour(to).toISOString() },
          })
          .expect(200)
      ).body;
    expect((await usage(count, 0, 4)).value).toBe(3);
    expect((await usage(count, 2, 3)).value).toBe(1); // o1 deleted at the start, o3 created at the end
    expect((await usage(count, 1.5, 2.5)).value).toBe(2); // o1 still live at 1.5 h
    expect((await usage(count, -1, 0)).value).toBe(0);
    expect((await usage(count, 5, 6)).value).toBe(2); // o2 and o3 are still live
    expect((await usage(pro, 0, 4)).value).toBe(2);
    expect((await usage(pro, 2.5, 4)).value).toBe(1);
    const summed = await usage(sum, 0, 4);
    expect(summed.value).toBe(16.5);
    expect(
      Object.fromEntries(summed.breakdown.map((e: { grouping: { plan: string }; value: number }) => [e.grouping.plan, e.value])),
    ).toEqual({ pro: 11.5, free: 5 });
    // the billing engine's batch: the object metrics' windows in one statement, as the endpoint answers them
    const windows: [number, number][] = [
      [0, 4],
      [2, 3],
      [1.5, 2.5],
      [-1, 0],
      [5, 6],
      [2.5, 4],
      [0.5, 3.5],
    ];
    const entities = await t.app.get(BillableMetricsRepository).find(a.companyId, { where: { id: In([count.id, pro.id, sum.id]) } });
    const requests = entities.flatMap((metric) =>
      windows.map(([from, to]) => ({ customerId: c.id, metric, period: { start: hour(from), end: hour(to) } })),
    );
    const many = await t.app.get(UsageService).usageMany(a.companyId, requests);
    for (const [i, r] of requests.entries()) {
      const want = (await usage(r.metric, (r.period.start.getTime() - base) / H, (r.period.end.getTime() - base) / H)).value;
      expect([r.metric.name, r.period, Number(many[i])]).toEqual([r.metric.name, r.period, want]);
    }
    clock.set(T0);
  });

  it("never shows or changes another company's objects", async () => {
    const mine = (await a.post('/objects', body({ object_identifier: 'secret' })).expect(201)).body;
    expectError(await b.get(`/objects/${mine.id}`).expect(404), 404, 'request_error', 'not_found');
    expectError(await b.patch(`/objects/${mine.id}`, { properties: {} }).expect(404), 404, 'request_error', 'not_found');
    expectError(await b.delete(`/objects/${mine.id}`).expect(404), 404, 'request_error', 'not_found');
    expect((await b.post('/objects/find', { query: { customer_id: cus.id } }).expect(200)).body.results).toEqual([]);
    expect((await b.post('/objects/find', { query: { customer_identifier: cus.identifier } }).expect(200)).body.results).toEqual([]);
    const create = await b.post('/objects', body()).expect(404);
    expect(create.body.validation_errors).toBeDefined();
    const ingest = await b.post('/objects/ingest', { objects: [{ action: 'DELETE', id: mine.id }] });
    expect(expectError(ingest, 400, 'validation_error', 'batch_refused').validation_errors).toEqual({
      'objects[0].id': 'object not found',
    });
    for (const [method, path] of [
      ['get', `/objects/${mine.id}`],
      ['delete', `/objects/${mine.id}`],
      ['post', '/objects/find'],
    ] as const) {
      const res = await request(t.http)
        [method](a.base + path)
        .set('Authorization', `Bearer ${b.token}`)
        .send({});
      expectError(res, 403, 'auth_error');
    }
    expect((await a.get(`/objects/${mine.id}`).expect(200)).body.deleted_at).toBeNull();
  });
});
