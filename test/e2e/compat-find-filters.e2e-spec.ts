import request from 'supertest';
import { createTestApp, Tenant, TestApp } from '../support/app';
import { createCustomer, createEntitlement, createPricing, createProduct, fixedPricing, ok } from '../support/fixtures';
import { allRows as all, Probe, probeProblems, Row } from '../support/find-probes';

/**
 * Every filter the OpenAPI document lists for these finds narrows a result as its
 * description says. The document is the list: a filter added to one of these finds without a
 * probe here fails the completeness check. Each probe's expected rows come from the unfiltered
 * answer (its fields, or the fixture it was built from), and must be a strict, non-empty subset.
 */
describe('compat: each documented find filter narrows', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let doc: Row;
  const probes: Record<string, Record<string, Probe>> = {};
  const now = Date.now();

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.tenant('A');
    b = await t.tenant('B');
    doc = (await request(t.http).get('/api/docs-json').expect(200)).body;

    // ---- catalog
    const gold = await createProduct(a, { name: 'Gold', tags: ['gold', 'seats'] });
    const basic = await createProduct(a, { name: 'Basic', tags: ['basic'] });
    const goldPrice = await createPricing(
      a,
      fixedPricing(gold.id, {
        name: 'Gold monthly',
        tags: ['popular'],
        billing_frequency: { count: 1, frequency: 'MONTH' },
        fixed_price: { price_per_unit: 1000 },
      }),
    );
    const basicPrice = await createPricing(
      a,
      fixedPricing(basic.id, {
        name: 'Basic monthly',
        billing_frequency: { count: 1, frequency: 'MONTH' },
        fixed_price: { price_per_unit: 500 },
      }),
    );
    const bundle = await ok(await a.post('/bundles', { name: 'Basic bundle', product_pricing_ids: [basicPrice.id] }));

    // ---- customers
    const parent = await createCustomer(a, { name: 'Parent Co', identifier: 'parent-co' });
    const c1 = await createCustomer(a, {
      name: 'Ada',
      identifier: 'ada-f',
      email: 'ada@f.test',
      owner_id: 'user_1',
      exclude_from_metrics: true,
      managed_externally: true,
      parent_customer_id: parent.id,
      phone: '+44 1',
      title: 'CEO',
      org_name: 'Analytical',
      tags: ['vip'],
      metadata: { crm_id: 'abc' },
    });
    const c2 = await createCustomer(a, { name: 'Bob', identifier: 'bob-f', email: 'bob@f.test', status: 'ACTIVE' });
    const pm = await ok(await a.post(`/customers/${c1.id}/payment_methods`, { token: 'tok_visa' }));

    // ---- subscriptions
    const seats = (p: Row) => [{ product_metric_pricing_id: p.product_metric_pricings[0].id, num_licenses: 3 }];
    const s1 = await ok(
      await a.post('/subscriptions', {
        customer_id: c1.id,
        product_pricing_ids: [goldPrice.id],
        config_items: seats(goldPrice),
        payment_method_id: pm.id,
        auto_charges: true,
        start_date: new Date(now - 86_400_000).toISOString(),
      }),
    );
    await ok(await a.patch(`/subscriptions/${s1.id}`, { parent_billed: true, tags: ['vip', 'eu'] }));
    const s2 = await ok(
      await a.post('/subscriptions', {
        customer_id: c2.id,
        product_pricing_ids: [basicPrice.id],
        config_items: seats(basicPrice),
        trial: true,
        trial_term: { count: 1, frequency: 'MONTH' },
      }),
    );
    const s3 = await ok(await a.post('/subscriptions', { customer_id: c2.id, bundle_pricing_id: bundle.id, auto_renews: false }));
    await ok(await a.post(`/subscriptions/${s3.id}/cancel`, { timing: 'IMMEDIATE' }));
    const subs = { s1: s1.id, s2: s2.id, s3: s3.id };
    const is =
      (...ids: string[]) =>
      (r: Row) =>
        ids.includes(r.id);
    const least = async (field: string) =>
      (await all(a, 'subscriptions'))
        .map((r) => r[field])
        .filter(Boolean)
        .sort()[0] as string;

    const firstRenewal = await least('renewal_date');
    const firstInvoice = await least('next_invoice_date');
    probes.subscriptions = {
      customer_id: { value: c1.identifier, keeps: is(subs.s1) },
      status: { value: 'CANCELLED', keeps: (r) => r.status === 'cancelled' },
      statuses: { value: ['cancelled', 'TRIAL'], keeps: is(subs.s2, subs.s3) },
      exclude_from_metrics: { value: true, keeps: is(subs.s1) },
      group_id: { value: 'grp_1', keeps: () => false, matchesNothing: true },
      managed_externally: { value: true, keeps: (r) => r.customer_id === c1.id },
      mrr: { value: { gte: 3000 }, keeps: (r) => r.mrr.value_in_cents >= 3000 },
      owner_id: { value: 'user_1', keeps: is(subs.s1) },
      owner_ids: { value: { condition: 'OR', values: ['user_1', 'user_9'] }, keeps: is(subs.s1) },
      parent_billed: { value: true, keeps: (r) => r.parent_billed === true },
      parent_customer_id: { value: parent.id, keeps: is(subs.s1) },
      payment_method_id: { value: pm.id, keeps: (r) => r.payment_method_id === pm.id },
      product_ids: { value: { condition: 'OR', values: [gold.id] }, keeps: is(subs.s1) },
      product_pricing_ids: { value: { condition: 'AND', values: [basicPrice.id] }, keeps: is(subs.s2, subs.s3) },
      product_pricing_tags: { value: { condition: 'OR', values: ['popular'] }, keeps: is(subs.s1) },
      product_tags: { value: { condition: 'AND', values: ['basic'] }, keeps: is(subs.s2, subs.s3) },
      tags: { value: { condition: 'AND', values: ['vip'] }, keeps: (r) => r.tags.includes('vip') },
      product_pricing_id: { value: goldPrice.id, keeps: is(subs.s1) },
      bundle_pricing_id: { value: bundle.id, keeps: (r) => r.bundle_pricing_id === bundle.id },
      auto_renews: { value: false, keeps: (r) => r.auto_renews === false },
      auto_charges: { value: true, keeps: (r) => r.auto_charges === true },
      trial: { value: true, keeps: (r) => r.trial === true },
      start_date: { value: { lt: new Date(now - 3_600_000).toISOString() }, keeps: (r) => Date.parse(r.start_date) < now - 3_600_000 },
      end_date: { value: { lte: new Date(Date.now() + 1000).toISOString() }, keeps: (r) => r.end_date !== null },
      renewal_date: { value: { lte: firstRenewal }, keeps: (r) => r.renewal_date !== null && r.renewal_date <= firstRenewal },
      next_invoice_date: {
        value: { lte: firstInvoice },
        keeps: (r) => r.next_invoice_date !== null && r.next_invoice_date <= firstInvoice,
      },
      search: { value: 'ada', keeps: is(subs.s1) },
    };

    // ---- customers
    probes.customers = {
      email: { value: 'ADA@f.test', keeps: (r) => r.id === c1.id },
      exclude_from_metrics: { value: true, keeps: (r) => r.exclude_from_metrics === true },
      managed_externally: { value: true, keeps: (r) => r.managed_externally === true },
      metadata: { value: { condition: 'AND', values: ['crm_id=abc'] }, keeps: (r) => r.id === c1.id },
      owner_ids: { value: { condition: 'OR', values: ['user_1'] }, keeps: (r) => r.owner_id === 'user_1' },
      phone: { value: '+44 1', keeps: (r) => r.phone === '+44 1' },
      tags: { value: { condition: 'AND', values: ['vip'] }, keeps: (r) => r.tags.includes('vip') },
      title: { value: 'CEO', keeps: (r) => r.title === 'CEO' },
      identifier: { value: 'bob-f', keeps: (r) => r.identifier === 'bob-f' },
      name: { value: 'Parent Co', keeps: (r) => r.name === 'Parent Co' },
      org_name: { value: 'Analytical', keeps: (r) => r.org_name === 'Analytical' },
      parent_customer_id: { value: parent.id, keeps: (r) => r.parent_customer_id === parent.id },
      has_parent: { value: true, keeps: (r) => r.parent_customer_id !== null },
      owner_id: { value: 'user_1', keeps: (r) => r.owner_id === 'user_1' },
      status: { value: 'ACTIVE', keeps: (r) => r.status === 'ACTIVE' },
      statuses: { value: 'ACTIVE', keeps: (r) => r.status === 'ACTIVE' },
      search: { value: 'analyt', keeps: (r) => r.id === c1.id },
      mrr: { value: { gt: 0 }, keeps: (r) => r.mrr.value_in_cents > 0 },
      arr: { value: { gt: 0 }, keeps: (r) => r.arr.value_in_cents > 0 },
    };
    // one customer not ACTIVE, so the status filters narrow
    await ok(await a.patch(`/customers/${parent.id}`, { status: 'ARCHIVED' }));

    // ---- contracts
    const contractBody = (over: Row) => ({
      customer_id: c1.id,
      title: 'MSA',
      product_pricing_ids: [goldPrice.id],
      config_items: seats(goldPrice),
      signatories: [{ email: 'ceo@acme.test', name: 'Ada', position: 1 }],
      ...over,
    });
    const k1 = await ok(await a.post('/contracts', contractBody({ auto_charges: true, owner_id: 'user_1', status: 'PENDING_SIGNATURES' })));
    const k2 = await ok(await a.post('/contracts', contractBody({ customer_id: c2.id, title: 'Order form', auto_renews: false })));
    probes.contracts = {
      customer_id: { value: c2.identifier, keeps: (r) => r.id === k2.id },
      status: { value: 'pending_signatures', keeps: (r) => r.id === k1.id },
      statuses: { value: 'DRAFT', keeps: (r) => r.id === k2.id },
      owner_id: { value: 'user_1', keeps: (r) => r.id === k1.id },
      auto_charges: { value: true, keeps: (r) => r.auto_charges === true },
      auto_renews: { value: false, keeps: (r) => r.auto_renews === false },
      type: { value: 'CHECKOUT_SESSION', keeps: () => false, matchesNothing: true },
      search: { value: 'order', keeps: (r) => r.id === k2.id },
    };

    // ---- products and pricing
    probes.products = {
      name: { value: 'Gold', keeps: (r) => r.name === 'Gold' },
      search: { value: 'basi', keeps: (r) => r.name === 'Basic' },
      state: { value: 'ARCHIVED', keeps: (r) => r.state === 'ARCHIVED' },
      tags: { value: ['gold'], keeps: (r) => r.tags.includes('gold') },
    };
    const eur = await createPricing(
      a,
      fixedPricing(basic.id, { name: 'Basic EUR', currency: 'EUR', external_name: 'Basis', type: 'ONETIME' }),
    );
    await ok(await a.patch(`/pricing/${eur.id}`, { state: 'ARCHIVED' }));
    await createPricing(
      a,
      fixedPricing(basic.id, {
        name: 'Basic custom',
        pricing_type: 'CUSTOM',
        fixed_price: undefined,
        custom_price: { preset_price_per_unit: 5, min_price_per_unit: 1, max_price_per_unit: 10 },
      }),
    );
    const old = await createProduct(a, { name: 'Old' });
    await ok(await a.patch(`/products/${old.id}`, { state: 'ARCHIVED' }));
    probes.pricing = {
      currency: { value: 'eur', keeps: (r) => r.currency === 'EUR' },
      name: { value: 'Gold monthly', keeps: (r) => r.name === 'Gold monthly' },
      external_name: { value: 'Basis', keeps: (r) => r.external_name === 'Basis' },
      product_id: { value: gold.id, keeps: (r) => r.product_id === gold.id },
      search: { value: 'gold', keeps: (r) => /gold/i.test(`${r.name} ${r.external_name ?? ''} ${r.description ?? ''}`) },
      state: { value: 'ARCHIVED', keeps: (r) => r.state === 'ARCHIVED' },
      tags: { value: ['popular'], keeps: (r) => r.tags.includes('popular') },
      type: { value: eur.type, keeps: (r) => r.type === eur.type },
      pricing_type: { value: 'CUSTOM', keeps: (r) => r.pricing_type === 'CUSTOM' },
    };

    // ---- entitlements
    await createEntitlement(a, { key: 'seats-max', name: 'Seats', type: 'NUMBER', aggregator_type: 'ADD' });
    await createEntitlement(a, { key: 'sso', name: 'SSO', type: 'BOOL', aggregator_type: 'OR' });
    probes.entitlements = {
      aggregator_type: { value: 'OR', keeps: (r) => r.aggregator_type === 'OR' },
      key: { value: 'sso', keeps: (r) => r.key === 'sso' },
      name: { value: 'Seats', keeps: (r) => r.name === 'Seats' },
      search: { value: 'ss', keeps: (r) => /ss/i.test(`${r.key} ${r.name}`) },
      type: { value: 'NUMBER', keeps: (r) => r.type === 'NUMBER' },
    };

    // ---- billable items and metrics
    const calls = await ok(await a.post('/billable_items', { name: 'Calls', type: 'CUSTOM_USAGE', external_name: 'API calls' }));
    const seatsObj = await ok(await a.post('/billable_items', { name: 'Seats object', type: 'CUSTOM_OBJ' }));
    await ok(await a.patch(`/billable_items/${seatsObj.id}`, { state: 'ARCHIVED' }));
    probes.billable_items = {
      external_name: { value: 'API calls', keeps: (r) => r.external_name === 'API calls' },
      name: { value: 'Calls', keeps: (r) => r.name === 'Calls' },
      state: { value: 'archived', keeps: (r) => r.state === 'ARCHIVED' },
      type: { value: 'CUSTOM_USAGE', keeps: (r) => r.type === 'CUSTOM_USAGE' },
    };
    const rule = { aggregator: 'COUNT', group_keys: [] };
    await ok(
      await a.post('/billable_metrics', { item_id: calls.id, name: 'Call count', external_name: 'Calls made', metering_rule: rule }),
    );
    const objects = await ok(await a.post('/billable_metrics', { item_id: seatsObj.id, name: 'Object count', metering_rule: rule }));
    await ok(await a.patch(`/billable_metrics/${objects.id}`, { state: 'ARCHIVED' }));
    probes.billable_metrics = {
      name: { value: 'Call count', keeps: (r) => r.name === 'Call count' },
      external_name: { value: 'Calls made', keeps: (r) => r.external_name === 'Calls made' },
      item_id: { value: seatsObj.id, keeps: (r) => r.item_id === seatsObj.id },
      state: { value: 'ARCHIVED', keeps: (r) => r.state === 'ARCHIVED' },
    };

    // ---- one-time charges
    const charge = { onetime_items: [{ custom_price: { amount: { currency: 'USD', value_in_cents: 700 } } }] };
    await ok(await a.post('/one_times', { ...charge, customer_id: c1.id }), 201);
    await ok(await a.post('/one_times', { ...charge, customer_id: c2.id, type: 'NEXT' }), 201);
    probes.one_times = {
      customer_id: { value: c1.identifier, keeps: (r) => r.customer_id === c1.id },
      state: { value: 'PENDING', keeps: (r) => r.state === 'PENDING' },
      type: { value: 'NEXT', keeps: (r) => r.type === 'NEXT' },
    };

    // ---- contract templates
    await ok(await a.post('/contract_templates', { name: 'MSA template', content: 'Master services' }));
    await ok(await a.post('/contract_templates', { name: 'NDA template', content: 'Non-disclosure' }));
    probes.contract_templates = {
      name: { value: 'NDA template', keeps: (r) => r.name === 'NDA template' },
      search: { value: 'msa', keeps: (r) => r.name === 'MSA template' },
    };
  });
  afterAll(() => t.close());

  const FINDS = [
    'subscriptions',
    'customers',
    'contracts',
    'products',
    'pricing',
    'entitlements',
    'billable_items',
    'billable_metrics',
    'one_times',
    'contract_templates',
  ];
  for (const find of FINDS) {
    it(`${find}/find: a probe for every documented filter, each keeping exactly the rows it describes`, async () => {
      expect(await probeProblems(doc, a, b, find, probes[find])).toEqual([]);
    });
  }
});
