import { createTestApp, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { createCustomer, ok } from '../support/fixtures';

/** Issue 12: objects/find `matching_rule_string` and aToZ/zToA; objects carry customer_identifier; ingest answers `enqueued`. */
describe('compat: objects', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let item: string;
  let customer: { id: string; identifier: string };
  const made: Record<string, string> = {};

  const rule = (comparator: unknown) => JSON.stringify({ comparator });
  const eq = (property: string, value: string) => ({
    type: 'EQUAL',
    left_item: { item_type: 'PROPERTY', property },
    right_item: { item_type: 'VALUE', value },
  });

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.tenant('A');
    b = await t.tenant('B');
    item = (await ok(await a.post('/billable_items', { name: 'Seats', type: 'CUSTOM_OBJ' }))).id;
    customer = await createCustomer(a, { identifier: 'obj-owner' });
    for (const [identifier, properties] of [
      ['bravo', { is_active: true, size: 10, plan: 'pro' }],
      ['alpha', { is_active: false, size: 3, plan: 'free' }],
      ['charlie', { is_active: true, size: 2, plan: 'free' }],
    ] as const) {
      made[identifier] = (
        await ok(await a.post('/objects', { item_id: item, customer_id: customer.id, object_identifier: identifier, properties }), 201)
      ).id;
    }
  });
  afterAll(() => t.close());

  const find = async (tenant: Tenant, body: Record<string, unknown>) =>
    (
      (await ok(await tenant.post('/objects/find', { pagination: { limit: 100 }, ...body }))).results as { object_identifier: string }[]
    ).map((r) => r.object_identifier);

  it('objects carry their customer_identifier (create, get, find)', async () => {
    const one = await ok(await a.get(`/objects/${made.alpha}`));
    expect(one.customer_identifier).toBe('obj-owner');
    const page = await ok(await a.post('/objects/find', { query: { customer_id: customer.id } }));
    expect(page.results.map((r: { customer_identifier: string }) => r.customer_identifier)).toEqual([
      'obj-owner',
      'obj-owner',
      'obj-owner',
    ]);
    const anonymous = await createCustomer(a, { identifier: null });
    const created = await ok(await a.post('/objects', { item_id: item, customer_id: anonymous.id, object_identifier: 'x' }), 201);
    expect(created.customer_identifier).toBeNull();
  });

  it('sort keys aToZ and zToA order by object_identifier, and page by it', async () => {
    const q = { query: { customer_id: customer.id } };
    expect(await find(a, { ...q, sort_key: 'aToZ' })).toEqual(['alpha', 'bravo', 'charlie']);
    expect(await find(a, { ...q, sort_key: 'zToA' })).toEqual(['charlie', 'bravo', 'alpha']);
    const first = await ok(await a.post('/objects/find', { ...q, sort_key: 'aToZ', pagination: { limit: 2 } }));
    expect(first.results.map((r: { object_identifier: string }) => r.object_identifier)).toEqual(['alpha', 'bravo']);
    const second = await ok(
      await a.post('/objects/find', { ...q, sort_key: 'aToZ', pagination: { limit: 2, from_key: first.pagination.from_key } }),
    );
    expect(second.results.map((r: { object_identifier: string }) => r.object_identifier)).toEqual(['charlie']);
    expect(second.pagination.from_key).toBeNull();
    expectError(
      await a.post('/objects/find', { ...q, sort_key: 'zToA', pagination: { limit: 2, from_key: first.pagination.from_key } }),
      400,
      'validation_error',
    );
  });

  it('matching_rule_string filters on the properties (the reference sample, comparisons, AND/OR, IN)', async () => {
    const q = (r: string) => find(a, { query: { customer_id: customer.id, matching_rule_string: r }, sort_key: 'aToZ' });
    expect(await q(rule(eq('is_active', 'true')))).toEqual(['bravo', 'charlie']);
    expect(await q(JSON.stringify(eq('plan', 'free')))).toEqual(['alpha', 'charlie']);
    expect(
      await q(
        rule({
          type: 'GREATER_THAN',
          left_item: { item_type: 'PROPERTY', property: 'size' },
          right_item: { item_type: 'VALUE', value: '2' },
        }),
      ),
    ).toEqual(['alpha', 'bravo']);
    expect(await q(rule({ type: 'AND', items: [eq('is_active', 'true'), eq('plan', 'free')] }))).toEqual(['charlie']);
    expect(await q(rule({ type: 'OR', items: [eq('plan', 'pro'), eq('size', '3')] }))).toEqual(['alpha', 'bravo']);
    expect(
      await q(
        rule({ type: 'IN', left_item: { item_type: 'PROPERTY', property: 'size' }, right_item: { item_type: 'VALUE', value: ['2', '3'] } }),
      ),
    ).toEqual(['alpha', 'charlie']);
    expect(await q(rule(eq('missing', 'x')))).toEqual([]);
  });

  it('matching_rule_string: bad rules are a 400 naming the field', async () => {
    for (const bad of [
      'not json',
      '[]',
      '{}',
      rule({ type: 'LIKE' }),
      rule({ type: 'EQUAL', left_item: { item_type: 'PROPERTY' } }),
      '5',
    ]) {
      const body = expectError(await a.post('/objects/find', { query: { matching_rule_string: bad } }), 400, 'validation_error');
      expect(JSON.stringify(body.validation_errors ?? body.error_message)).toContain('matching_rule_string');
    }
    expectError(await a.post('/objects/find', { query: { matching_rule_string: { comparator: {} } } }), 400, 'validation_error');
    expectError(await a.post('/objects/find', { sort_key: 'byName' }), 400, 'validation_error');
  });

  it('POST /objects/ingest answers {enqueued: [{action, object_identifier}], errors}', async () => {
    const res = await ok(
      await a.post('/objects/ingest', {
        objects: [
          {
            action: 'CREATE',
            item_id: item,
            customer_identifier: 'obj-owner',
            object_identifier: 'delta',
            properties: { is_active: true },
          },
          { action: 'UPDATE', item_id: item, customer_id: customer.id, object_identifier: 'delta', properties: { is_active: false } },
          { action: 'DELETE', item_id: item, customer_id: customer.id, object_identifier: 'nobody' },
        ],
      }),
      207, // one entry refused
    );
    expect(res.enqueued).toEqual([
      { action: 'CREATE', object_identifier: 'delta', index: 0, id: expect.stringMatching(/^obj_/) },
      { action: 'UPDATE', object_identifier: 'delta', index: 1, id: res.enqueued[0].id },
    ]);
    expect(res.errors).toEqual([{ index: 2, object_identifier: 'nobody', error_code: 'not_found', error_message: expect.any(String) }]);
    expect((await ok(await a.get(`/objects/${res.enqueued[0].id}`))).properties).toEqual({ is_active: false });
  });

  it('stays inside the company', async () => {
    expect(await find(b, { query: { matching_rule_string: rule(eq('is_active', 'true')) } })).toEqual([]);
    expect(await find(b, { sort_key: 'aToZ' })).toEqual([]);
    expectError(await b.get(`/objects/${made.alpha}`), 404, 'request_error', 'not_found');
  });
});
