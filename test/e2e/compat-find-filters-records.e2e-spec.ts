import request from 'supertest';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { createCustomer, createPricing, createProduct, fixedPricing, ok } from '../support/fixtures';
import { Probe, probeProblems, Row } from '../support/find-probes';

const T0 = new Date('2031-05-01T00:00:00.000Z');
const T1 = new Date('2031-05-02T00:00:00.000Z');

/**
 * Every filter the OpenAPI document lists for the finds of bundles, objects, webhook endpoints,
 * webhook events and tax rates narrows a result as its description says (the completeness check and the
 * rules of the probes are those of compat-find-filters.e2e-spec.ts).
 */
describe('compat: each documented find filter narrows (bundles, objects, webhooks, webhook events, taxes)', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let doc: Row;
  const clock = new FixedClock(T0);
  const probes: Record<string, Record<string, Probe>> = {};

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('A');
    b = await t.tenant('B');
    doc = (await request(t.http).get('/api/docs-json').expect(200)).body;

    // ---- bundles
    const product = await createProduct(a, { name: 'Suite' });
    const pricing = await createPricing(a, fixedPricing(product.id, { billing_frequency: { count: 1, frequency: 'MONTH' } }));
    const bundle = (body: Row) => a.post('/bundles', { product_pricing_ids: [pricing.id], ...body });
    await ok(await bundle({ name: 'Starter bundle', description: 'For small teams' }));
    await ok(await bundle({ name: 'Growth bundle', description: 'Starter plus support' }));
    const old = await ok(await bundle({ name: 'Legacy bundle' }));
    await ok(await a.patch(`/bundles/${old.id}`, { state: 'ARCHIVED' }));
    probes.bundles = {
      // every bundle is made through POST /bundles: none is auto-generated
      is_auto_generated: { value: true, keeps: () => false, matchesNothing: true },
      search: { value: 'STARTER', keeps: (r) => /starter/i.test(`${r.name} ${r.description ?? ''}`) },
      state: { value: 'archived', keeps: (r) => r.state === 'ARCHIVED' },
    };

    // ---- objects
    const c1 = await createCustomer(a, { identifier: 'obj-c1' });
    const c2 = await createCustomer(a, { identifier: 'obj-c2' });
    const seats = await ok(await a.post('/billable_items', { name: 'Seats', type: 'CUSTOM_OBJ' }));
    const rooms = await ok(await a.post('/billable_items', { name: 'Rooms', type: 'CUSTOM_OBJ' }));
    const object = async (item: string, customer: string, object_identifier: string, properties: Row) =>
      ok(await a.post('/objects', { item_id: item, customer_id: customer, object_identifier, properties }), 201);
    await object(seats.id, c1.id, 'alpha', { plan: 'pro' });
    await object(seats.id, c2.id, 'bravo', { plan: 'free' });
    await object(rooms.id, c2.id, 'charlie', { plan: 'pro' });
    const gone = await object(seats.id, c1.id, 'delta', { plan: 'free' });
    await ok(await a.delete(`/objects/${gone.id}`));
    const proPlan = {
      type: 'EQUAL',
      left_item: { item_type: 'PROPERTY', property: 'plan' },
      right_item: { item_type: 'VALUE', value: 'pro' },
    };
    probes.objects = {
      customer_id: { value: 'obj-c1', keeps: (r) => r.customer_id === c1.id },
      customer_identifier: { value: 'obj-c2', keeps: (r) => r.customer_identifier === 'obj-c2' },
      include_deleted: { value: false, base: { include_deleted: true }, keeps: (r) => r.deleted_at === null },
      item_id: { value: rooms.id, keeps: (r) => r.item_id === rooms.id },
      matching_rule_string: { value: JSON.stringify({ comparator: proPlan }), keeps: (r) => r.properties.plan === 'pro' },
      object_identifier: { value: 'bravo', keeps: (r) => r.object_identifier === 'bravo' },
    };

    // ---- webhook endpoints
    await ok(await a.post('/webhooks', { url: 'https://billing.example.com/hooks', description: 'Ledger sync' }), 201);
    await ok(await a.post('/webhooks', { url: 'https://crm.example.com/in', description: 'CRM' }), 201);
    const off = await ok(await a.post('/webhooks', { url: 'https://old.example.com/hooks' }), 201);
    await ok(await a.patch(`/webhooks/${off.id}`, { status: 'DISABLED' }));
    probes.webhooks = {
      search: { value: 'LEDGER', keeps: (r) => /ledger/i.test(`${r.url} ${r.description ?? ''}`) },
      status: { value: 'DISABLED', keeps: (r) => r.status === 'DISABLED' },
    };

    // ---- webhook events: those of the records above at T0, one more a day later
    clock.set(T1);
    await ok(await a.patch(`/customers/${c1.id}`, { name: 'Renamed' }));
    probes.webhook_events = {
      created_at: { value: { gte: T1.toISOString() }, keeps: (r) => Date.parse(r.created_at) >= T1.getTime() },
      type: { value: 'customer.created', keeps: (r) => r.type === 'customer.created' },
      types: { value: ['customer.updated', 'invoice.paid'], keeps: (r) => r.type === 'customer.updated' },
    };

    // ---- tax rates
    const rate = async (body: Row) => ok(await a.post('/taxes', body), 201);
    await rate({ name: 'EU VAT', code: 'VAT-FR', percentage: 20, country: 'FR' });
    await rate({ name: 'New York sales tax', code: 'NY', percentage: 8.875, country: 'US', state: 'NY', description: 'city and state' });
    await rate({ name: 'Texas sales tax', code: 'TX', percentage: 6.25, country: 'US', state: 'TX', active: false });
    probes.taxes = {
      code: { value: 'NY', keeps: (r) => r.code === 'NY' },
      country: { value: 'us', keeps: (r) => r.country === 'US' },
      state: { value: 'tx', keeps: (r) => r.state === 'TX' },
      active: { value: false, keeps: (r) => r.active === false },
      search: { value: 'CITY', keeps: (r) => r.code === 'NY' },
    };
  });
  afterAll(() => t.close());

  for (const find of ['bundles', 'objects', 'webhooks', 'webhook_events', 'taxes']) {
    it(`${find}/find: a probe for every documented filter, each keeping exactly the rows it describes`, async () => {
      expect(await probeProblems(doc, a, b, find, probes[find])).toEqual([]);
    });
  }
});
