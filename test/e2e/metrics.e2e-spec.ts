import request from 'supertest';
import { createTestApp, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';

const TS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const PAGE = { pagination: { limit: 100 }, sort_key: 'createdAtAsc' };

describe('billable items and billable metrics', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.tenant('A');
    b = await t.tenant('B');
  });
  afterAll(() => t.close());

  const item = async (tenant: Tenant, over: Record<string, unknown> = {}) =>
    (await tenant.post('/billable_items', { name: 'API calls', type: 'CUSTOM_USAGE', ...over }).expect(200)).body;
  const rule = (over: Record<string, unknown> = {}) => ({ aggregator: 'SUM', property: 'amount', group_keys: [], rule: null, ...over });
  const metric = async (tenant: Tenant, itemId: string, over: Record<string, unknown> = {}) =>
    (await tenant.post('/billable_metrics', { item_id: itemId, name: 'Amount', metering_rule: rule(), ...over }).expect(200)).body;

  describe('billable items', () => {
    it('starts every company with the standard, non-editable License item', async () => {
      const res = await a.post('/billable_items/find', { ...PAGE, query: { type: 'LICENSE' } }).expect(200);
      expect(res.body.results).toHaveLength(1);
      expect(res.body.results[0]).toMatchObject({ name: 'License', type: 'LICENSE', standard: true, editable: false, state: 'ACTIVE' });
    });

    it('creates an item (200) with every field of the spec', async () => {
      const res = await a
        .post('/billable_items', {
          name: 'Storage',
          type: 'CUSTOM_USAGE',
          external_name: 'Storage (GB)',
          description: 'Bytes stored',
          display_type: 'THOUSAND_UNITS',
        })
        .expect(200);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^bi_[0-9a-z]{26}$/),
        company_id: a.companyId,
        name: 'Storage',
        external_name: 'Storage (GB)',
        description: 'Bytes stored',
        display_type: 'THOUSAND_UNITS',
        type: 'CUSTOM_USAGE',
        standard: false,
        editable: true,
        state: 'ACTIVE',
        created_at: expect.stringMatching(TS),
        updated_at: res.body.created_at,
      });
      expect((await a.get(`/billable_items/${res.body.id}`).expect(200)).body).toEqual(res.body);
    });

    it('defaults display_type to UNITS and nullable fields to null', async () => {
      const created = await item(a, { type: 'CUSTOM_OBJ' });
      expect(created).toMatchObject({ display_type: 'UNITS', external_name: null, description: null, type: 'CUSTOM_OBJ' });
    });

    it.each([
      [{ type: 'LICENSE' }, 'type'],
      [{ type: 'OTHER' }, 'type'],
      [{ name: '' }, 'name'],
      [{ name: 5 }, 'name'],
      [{ display_type: 'KILOS' }, 'display_type'],
      [{ external_name: 3 }, 'external_name'],
      [{ standard: true }, 'standard'],
    ])('rejects %j', async (over, field) => {
      const res = await a.post('/billable_items', { name: 'X', type: 'CUSTOM_USAGE', ...over }).expect(400);
      expect(expectError(res, 400, 'validation_error').validation_errors).toHaveProperty(field);
    });

    it('requires name and type', async () => {
      const res = await a.post('/billable_items', {}).expect(400);
      expect(Object.keys(res.body.validation_errors).sort()).toEqual(['name', 'type']);
    });

    it('updates name, external_name, description (string|null) and archives by state', async () => {
      const created = await item(a, { external_name: 'Ext', description: 'Desc' });
      const res = await a.patch(`/billable_items/${created.id}`, { name: 'Renamed', external_name: null, description: 'New' }).expect(200);
      expect(res.body).toMatchObject({ id: created.id, name: 'Renamed', external_name: null, description: 'New', state: 'ACTIVE' });
      const kept = await a.patch(`/billable_items/${created.id}`, { name: null }).expect(200);
      expect(kept.body.name).toBe('Renamed');
      const archived = await a.patch(`/billable_items/${created.id}`, { state: 'ARCHIVED' }).expect(200);
      expect(archived.body.state).toBe('ARCHIVED');
      expect((await a.get(`/billable_items/${created.id}`).expect(200)).body).toEqual(archived.body);
      expectError(await a.patch(`/billable_items/${created.id}`, { type: 'CUSTOM_OBJ' }).expect(400), 400, 'validation_error');
      expectError(await a.patch(`/billable_items/${created.id}`, { state: 'GONE' }).expect(400), 400, 'validation_error');
    });

    it('refuses to update the standard License item (409) and leaves it unchanged', async () => {
      const license = (await a.post('/billable_items/find', { ...PAGE, query: { type: 'LICENSE' } }).expect(200)).body.results[0];
      expectError(await a.patch(`/billable_items/${license.id}`, { name: 'Seats' }).expect(409), 409, 'request_error', 'invalid_state');
      expect((await a.get(`/billable_items/${license.id}`).expect(200)).body).toEqual(license);
    });

    it('find (#4) defaults pagination (20 rows) and sort_key (createdAtDesc); an unknown sort key is 400', async () => {
      const made = await item(a, { name: 'Newest item' });
      for (const body of [{}, { pagination: { limit: 5 } }, { sort_key: 'createdAtDesc' }]) {
        const res = await a.post('/billable_items/find', body).expect(200);
        expect(res.body.results[0].id).toBe(made.id);
      }
      const res = await a.post('/billable_items/find', { pagination: {}, sort_key: 'nameAsc' }).expect(400);
      expect(res.body.validation_errors).toHaveProperty('sort_key');
    });

    it('find filters by name, external_name and state, and pages by every sort key', async () => {
      const c = await t.tenant('C');
      const x = await item(c, { name: 'Alpha', external_name: 'First' });
      const y = await item(c, { name: 'Beta', external_name: 'Second' });
      const z = await item(c, { name: 'Gamma', external_name: 'First' });
      await c.patch(`/billable_items/${y.id}`, { state: 'ARCHIVED' }).expect(200);
      const ids = async (query: object, sort_key = 'createdAtAsc') =>
        (await c.post('/billable_items/find', { pagination: { limit: 100 }, sort_key, query }).expect(200)).body.results.map(
          (r: { id: string }) => r.id,
        );
      expect(await ids({ name: 'Alpha' })).toEqual([x.id]);
      expect(await ids({ external_name: 'First' })).toEqual([x.id, z.id]);
      expect(await ids({ state: 'archived' })).toEqual([y.id]);
      expect(await ids({ state: 'ACTIVE', type: 'CUSTOM_USAGE' })).toEqual([x.id, z.id]);
      const all = await ids({});
      expect(all).toHaveLength(4); // + License
      expect(await ids({}, 'createdAtDesc')).toEqual([...all].reverse());
      expect((await ids({}, 'updatedAtDesc'))[0]).toBe(y.id);
      expect((await ids({}, 'updatedAtAsc'))[3]).toBe(y.id);
      // keyset pages
      const p1 = await c
        .post('/billable_items/find', { pagination: { limit: 3 }, sort_key: 'createdAtAsc', include_meta: true })
        .expect(200);
      expect(p1.body.pagination).toMatchObject({ limit: 3, total: 4, from_key: expect.any(String) });
      const p2 = await c
        .post('/billable_items/find', { pagination: { limit: 3, from_key: p1.body.pagination.from_key }, sort_key: 'createdAtAsc' })
        .expect(200);
      expect([...p1.body.results, ...p2.body.results].map((r: { id: string }) => r.id)).toEqual(all);
      expect(p2.body.pagination.from_key).toBeNull();
      expectError(await c.post('/billable_items/find', { ...PAGE, query: { color: 'red' } }).expect(400), 400, 'validation_error');
    });

    it('answers 404 for unknown and malformed ids', async () => {
      expectError(await a.get('/billable_items/bi_01jzzzzzzzzzzzzzzzzzzzzzzz').expect(404), 404, 'request_error', 'not_found');
      expectError(await a.get('/billable_items/bm_01jzzzzzzzzzzzzzzzzzzzzzzz').expect(404), 404, 'request_error', 'not_found');
      expectError(await a.patch('/billable_items/nope', { name: 'x' }).expect(404), 404, 'request_error', 'not_found');
    });

    it("never shows or changes another company's item", async () => {
      const mine = await item(a, { name: 'Secret item of A' });
      expectError(await b.get(`/billable_items/${mine.id}`).expect(404), 404, 'request_error', 'not_found');
      expectError(await b.patch(`/billable_items/${mine.id}`, { name: 'hacked' }).expect(404), 404, 'request_error', 'not_found');
      const found = await b.post('/billable_items/find', { ...PAGE, query: { name: 'Secret item of A' } }).expect(200);
      expect(found.body.results).toEqual([]);
      const cross = await requestAs(b, a, 'get', `/billable_items/${mine.id}`);
      expectError(cross, 403, 'auth_error');
      expect((await a.get(`/billable_items/${mine.id}`).expect(200)).body.name).toBe('Secret item of A');
    });
  });

  describe('billable metrics', () => {
    let usageItem: { id: string };
    let objItem: { id: string };
    beforeAll(async () => {
      usageItem = await item(a);
      objItem = await item(a, { type: 'CUSTOM_OBJ', name: 'Seats' });
    });

    it('creates a metric (200) in the spec shape with the normalised rule', async () => {
      const body = {
        item_id: usageItem.id,
        name: 'EU amount',
        external_name: 'Amount (EU)',
        description: 'Sum of amounts in the EU',
        metering_rule: {
          aggregator: 'SUM',
          property: 'amount',
          group_keys: ['region'],
          rule: {
            comparator: {
              type: 'AND',
              items: [
                { type: 'EQUAL', left_item: { item_type: 'PROPERTY', property: 'zone' }, right_item: { item_type: 'VALUE', value: 'eu' } },
                {
                  type: 'GREATER_THAN',
                  left_item: { item_type: 'PROPERTY', property: 'amount' },
                  right_item: { item_type: 'VALUE', value: 10 },
                },
                {
                  type: 'IN',
                  left_item: { item_type: 'PROPERTY', property: 'tier' },
                  right_item: { item_type: 'VALUE', value: ['a', 'b'] },
                },
              ],
            },
          },
        },
      };
      const res = await a.post('/billable_metrics', body).expect(200);
      const leaf = (property: string | null, value: unknown) => ({
        comparator: null,
        item_type: property ? 'PROPERTY' : 'VALUE',
        property,
        value,
      });
      expect(res.body).toEqual({
        id: expect.stringMatching(/^bm_[0-9a-z]{26}$/),
        company_id: a.companyId,
        item_id: usageItem.id,
        name: 'EU amount',
        external_name: 'Amount (EU)',
        description: 'Sum of amounts in the EU',
        type: 'CUSTOM_METRIC',
        is_billable: true,
        standard: false,
        editable: true,
        state: 'ACTIVE',
        metering_rule: {
          aggregator: 'SUM',
          property: 'amount',
          group_keys: ['region'],
          rule: {
            comparator: {
              type: 'AND',
              left_item: null,
              right_item: null,
              items: [
                { type: 'EQUAL', items: null, left_item: leaf('zone', null), right_item: leaf(null, 'eu') },
                { type: 'GREATER_THAN', items: null, left_item: leaf('amount', null), right_item: leaf(null, '10') },
                { type: 'IN', items: null, left_item: leaf('tier', null), right_item: leaf(null, ['a', 'b']) },
              ],
            },
          },
        },
        created_at: expect.stringMatching(TS),
        updated_at: res.body.created_at,
      });
      expect((await a.get(`/billable_metrics/${res.body.id}`).expect(200)).body).toEqual(res.body);
      // a rule read back is accepted again as is
      await a.post('/billable_metrics', { ...body, metering_rule: res.body.metering_rule }).expect(200);
    });

    it('accepts COUNT without a property, an object item, and is_billable false', async () => {
      const res = await metric(a, objItem.id, { metering_rule: { aggregator: 'COUNT' }, is_billable: false });
      expect(res).toMatchObject({ is_billable: false, metering_rule: { aggregator: 'COUNT', property: null, group_keys: [], rule: null } });
    });

    it.each(['COUNT', 'SUM', 'MAX', 'AVG', 'UNIQUE_COUNT', 'LATEST'])('accepts aggregator %s', async (aggregator) => {
      const res = await metric(a, usageItem.id, { metering_rule: { aggregator, property: 'p' } });
      expect(res.metering_rule.aggregator).toBe(aggregator);
    });

    const cmp = (type: string, left: unknown, right: unknown) => ({ type, left_item: left, right_item: right });
    const prop = (property: unknown) => ({ item_type: 'PROPERTY', property });
    const val = (value: unknown) => ({ item_type: 'VALUE', value });
    const ok = cmp('EQUAL', prop('a'), val('x'));
    it.each([
      ['a missing aggregator', { property: 'p' }, 'metering_rule.aggregator'],
      ['an unknown aggregator', { aggregator: 'MEDIAN', property: 'p' }, 'metering_rule.aggregator'],
      ['SUM without property', { aggregator: 'SUM' }, 'metering_rule.property'],
      ['an empty property', { aggregator: 'MAX', property: '' }, 'metering_rule.property'],
      ['group_keys not a list', { aggregator: 'COUNT', group_keys: 'region' }, 'metering_rule.group_keys'],
      ['a bad group key', { aggregator: 'COUNT', group_keys: ['ok', 3] }, 'metering_rule.group_keys[1]'],
      ['a repeated group key', { aggregator: 'COUNT', group_keys: ['a', 'a'] }, 'metering_rule.group_keys[1]'],
      ['an unknown field', { aggregator: 'COUNT', filter: {} }, 'metering_rule.filter'],
      ['rule not an object', { aggregator: 'COUNT', rule: 'x' }, 'metering_rule.rule'],
      ['a root without type', { aggregator: 'COUNT', rule: { comparator: { items: [ok] } } }, 'metering_rule.rule.comparator.type'],
      [
        'a bad type in items[1]',
        { aggregator: 'COUNT', rule: { comparator: { type: 'AND', items: [ok, { ...ok, type: 'LIKE' }] } } },
        'metering_rule.rule.comparator.items[1].type',
      ],
      ['empty AND items', { aggregator: 'COUNT', rule: { comparator: { type: 'AND', items: [] } } }, 'metering_rule.rule.comparator.items'],
      ['OR without items', { aggregator: 'COUNT', rule: { comparator: { type: 'OR' } } }, 'metering_rule.rule.comparator.items'],
      [
        'a non-object item',
        { aggregator: 'COUNT', rule: { comparator: { type: 'OR', items: [ok, 'x'] } } },
        'metering_rule.rule.comparator.items[1]',
      ],
      [
        'a comparison without left_item',
        { aggregator: 'COUNT', rule: { comparator: { type: 'EQUAL', right_item: val(1) } } },
        'metering_rule.rule.comparator.left_item',
      ],
      [
        'a bad item_type',
        { aggregator: 'COUNT', rule: { comparator: cmp('EQUAL', { item_type: 'FIELD', property: 'a' }, val(1)) } },
        'metering_rule.rule.comparator.left_item.item_type',
      ],
      [
        'a PROPERTY without property',
        { aggregator: 'COUNT', rule: { comparator: cmp('EQUAL', prop(''), val(1)) } },
        'metering_rule.rule.comparator.left_item.property',
      ],
      [
        'a VALUE without value',
        { aggregator: 'COUNT', rule: { comparator: cmp('EQUAL', prop('a'), { item_type: 'VALUE' }) } },
        'metering_rule.rule.comparator.right_item.value',
      ],
      [
        'an object value',
        { aggregator: 'COUNT', rule: { comparator: cmp('EQUAL', prop('a'), val({ x: 1 })) } },
        'metering_rule.rule.comparator.right_item.value',
      ],
      [
        'a list outside IN',
        { aggregator: 'COUNT', rule: { comparator: cmp('EQUAL', prop('a'), val(['x'])) } },
        'metering_rule.rule.comparator.right_item.value',
      ],
      [
        'IN against a property',
        { aggregator: 'COUNT', rule: { comparator: cmp('IN', prop('a'), prop('b')) } },
        'metering_rule.rule.comparator.right_item.item_type',
      ],
      [
        'an empty IN list',
        { aggregator: 'COUNT', rule: { comparator: cmp('IN', prop('a'), val([])) } },
        'metering_rule.rule.comparator.right_item.value',
      ],
      [
        'items on a comparison',
        { aggregator: 'COUNT', rule: { comparator: { ...ok, items: [ok] } } },
        'metering_rule.rule.comparator.items',
      ],
      [
        'left_item on AND',
        { aggregator: 'COUNT', rule: { comparator: { type: 'AND', items: [ok], left_item: prop('a') } } },
        'metering_rule.rule.comparator.left_item',
      ],
      [
        'a deep bad node',
        {
          aggregator: 'COUNT',
          rule: {
            comparator: {
              type: 'OR',
              items: [ok, { type: 'AND', items: [ok, cmp('LESS_THAN', prop('a'), { item_type: 'VALUE', value: null })] }],
            },
          },
        },
        'metering_rule.rule.comparator.items[1].items[1].right_item.value',
      ],
    ])('rejects %s', async (_what, meteringRule, path) => {
      const res = await a.post('/billable_metrics', { item_id: usageItem.id, name: 'X', metering_rule: meteringRule }).expect(400);
      expect(expectError(res, 400, 'validation_error', 'invalid_field').validation_errors).toHaveProperty([path]);
    });

    it('rejects a tree deeper than 10 levels and one with too many nodes', async () => {
      let node: object = cmp('EQUAL', prop('a'), val('x'));
      for (let i = 0; i < 10; i++) node = { type: 'AND', items: [node] };
      const deep = await a
        .post('/billable_metrics', { item_id: usageItem.id, name: 'X', metering_rule: { aggregator: 'COUNT', rule: { comparator: node } } })
        .expect(400);
      expect(Object.keys(deep.body.validation_errors)[0]).toMatch(/^metering_rule\.rule\.comparator(\.items\[0\])+$/);
      const wide = { type: 'OR', items: Array.from({ length: 120 }, () => ok) };
      const res = await a
        .post('/billable_metrics', { item_id: usageItem.id, name: 'X', metering_rule: { aggregator: 'COUNT', rule: { comparator: wide } } })
        .expect(400);
      expect(res.body.validation_errors).toHaveProperty(['metering_rule.rule.comparator']);
    });

    it('requires item_id, metering_rule and name', async () => {
      const res = await a.post('/billable_metrics', {}).expect(400);
      expect(Object.keys(res.body.validation_errors).sort()).toEqual(['item_id', 'metering_rule', 'name']);
    });

    it('answers 404 naming item_id for a missing item and 400 for the License item', async () => {
      const missing = await a
        .post('/billable_metrics', { item_id: 'bi_01jzzzzzzzzzzzzzzzzzzzzzzz', name: 'X', metering_rule: rule() })
        .expect(404);
      expect(expectError(missing, 404, 'request_error', 'not_found').validation_errors).toHaveProperty('item_id');
      const malformed = await a.post('/billable_metrics', { item_id: 'nope', name: 'X', metering_rule: rule() }).expect(404);
      expect(malformed.body.validation_errors).toHaveProperty('item_id');
      const license = (await a.post('/billable_items/find', { ...PAGE, query: { type: 'LICENSE' } }).expect(200)).body.results[0];
      const res = await a.post('/billable_metrics', { item_id: license.id, name: 'X', metering_rule: rule() }).expect(400);
      expect(expectError(res, 400, 'validation_error').validation_errors).toHaveProperty('item_id');
      const other = await item(b);
      const foreign = await a.post('/billable_metrics', { item_id: other.id, name: 'X', metering_rule: rule() }).expect(404);
      expect(foreign.body.validation_errors).toHaveProperty('item_id');
    });

    it('updates name, external_name, description and state; the rule is immutable', async () => {
      const created = await metric(a, usageItem.id, { external_name: 'E', description: 'D' });
      const res = await a
        .patch(`/billable_metrics/${created.id}`, { name: 'New', external_name: null, description: 'Changed', state: 'ARCHIVED' })
        .expect(200);
      expect(res.body).toMatchObject({
        name: 'New',
        external_name: null,
        description: 'Changed',
        state: 'ARCHIVED',
        metering_rule: created.metering_rule,
      });
      const refused = await a.patch(`/billable_metrics/${created.id}`, { metering_rule: rule({ aggregator: 'MAX' }) }).expect(400);
      expect(expectError(refused, 400, 'validation_error').validation_errors).toHaveProperty('metering_rule');
      expectError(await a.patch(`/billable_metrics/${created.id}`, { item_id: objItem.id }).expect(400), 400, 'validation_error');
      expect((await a.get(`/billable_metrics/${created.id}`).expect(200)).body).toEqual(res.body);
    });

    it('refuses to update the standard License metric (409)', async () => {
      const license = (await a.post('/billable_items/find', { ...PAGE, query: { type: 'LICENSE' } }).expect(200)).body.results[0];
      const metrics = (await a.post('/billable_metrics/find', { query: { item_id: license.id } }).expect(200)).body.results;
      expect(metrics).toHaveLength(1);
      expect(metrics[0]).toMatchObject({ type: 'LICENSE_METRIC', standard: true, editable: false, metering_rule: null });
      expectError(await a.patch(`/billable_metrics/${metrics[0].id}`, { name: 'x' }).expect(409), 409, 'request_error', 'invalid_state');
    });

    it('find filters by name, external_name, item_id and state and sorts', async () => {
      const c = await t.tenant('C2');
      const i1 = await item(c);
      const i2 = await item(c);
      const m1 = await metric(c, i1.id, { name: 'One', external_name: 'Ext' });
      const m2 = await metric(c, i2.id, { name: 'Two', external_name: 'Ext' });
      await c.patch(`/billable_metrics/${m1.id}`, { state: 'ARCHIVED' }).expect(200);
      const ids = async (query: object, sort_key = 'createdAtAsc') =>
        (await c.post('/billable_metrics/find', { sort_key, query }).expect(200)).body.results.map((r: { id: string }) => r.id);
      expect(await ids({ name: 'Two' })).toEqual([m2.id]);
      expect(await ids({ external_name: 'Ext' })).toEqual([m1.id, m2.id]);
      expect(await ids({ external_name: 'Ext' }, 'createdAtDesc')).toEqual([m2.id, m1.id]);
      expect(await ids({ item_id: i1.id })).toEqual([m1.id]);
      expect(await ids({ state: 'archived' })).toEqual([m1.id]);
      expect(await ids({ state: 'ACTIVE', external_name: 'Ext' })).toEqual([m2.id]);
      expect((await ids({}, 'updatedAtDesc'))[0]).toBe(m1.id);
      expectError(await c.post('/billable_metrics/find', { sort_key: 'nameAsc' }).expect(400), 400, 'validation_error');
    });

    it("never shows or changes another company's metric", async () => {
      const mine = await metric(a, usageItem.id, { name: 'Secret metric of A' });
      expectError(await b.get(`/billable_metrics/${mine.id}`).expect(404), 404, 'request_error', 'not_found');
      expectError(await b.patch(`/billable_metrics/${mine.id}`, { name: 'x' }).expect(404), 404, 'request_error', 'not_found');
      expect((await b.post('/billable_metrics/find', { query: { name: 'Secret metric of A' } }).expect(200)).body.results).toEqual([]);
      expect((await b.post('/billable_metrics/find', { query: { item_id: usageItem.id } }).expect(200)).body.results).toEqual([]);
      expectError(await requestAs(b, a, 'get', `/billable_metrics/${mine.id}`), 403, 'auth_error');
      expectError(await requestAs(b, a, 'patch', `/billable_metrics/${mine.id}`, { name: 'x' }), 403, 'auth_error');
      expect((await a.get(`/billable_metrics/${mine.id}`).expect(200)).body.name).toBe('Secret metric of A');
    });
  });

  /** `who`'s token on `owner`'s path. */
  function requestAs(who: Tenant, owner: Tenant, method: 'get' | 'post' | 'patch', path: string, body?: object) {
    const r = request(t.http)
      [method](owner.base + path)
      .set('Authorization', `Bearer ${who.token}`);
    return body ? r.send(body) : r;
  }
});
