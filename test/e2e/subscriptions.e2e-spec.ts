import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';

import {
  createEntitlement,
  createPricing,
  createProduct,
  createUsageItem,
  fixedPricing,
  ISO,
  UsageItem,
  createCustomer,
} from '../support/fixtures';

const DAY = 86_400_000;

describe('subscriptions', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const clock = new FixedClock(new Date('2027-01-31T12:00:00.000Z'));
  let product: { id: string };
  let seats: any; // monthly seat price, 10.00 per seat
  let yearly: any; // yearly 12,000.00 fixed
  let usagePrice: any; // usage price (base 5.00 monthly)
  let usage: UsageItem;
  let customer: any;

  const customerBody = (name: string, over: Record<string, unknown> = {}) => ({
    name,
    email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`,
    ...over,
  });
  const subscribe = async (body: Record<string, unknown>, tenant: Tenant = a) => {
    const res = await tenant.post('/subscriptions', body);
    if (res.status !== 200) throw new Error(`POST /subscriptions ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const setNow = (iso: string) => clock.set(new Date(iso));

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('A');
    b = await t.tenant('B');
    product = await createProduct(a, { name: 'Platform' });
    usage = await createUsageItem(a, 'API calls');
    seats = await createPricing(a, fixedPricing(product.id, { name: 'Seats', billing_frequency: { count: 1, frequency: 'MONTH' } }));
    yearly = await createPricing(
      a,
      fixedPricing(product.id, {
        name: 'Yearly',
        fixed_price: { price_per_unit: 1_200_000 },
        billing_frequency: { count: 1, frequency: 'YEAR' },
      }),
    );
    usagePrice = await createPricing(a, {
      product_id: product.id,
      name: 'API usage',
      currency: 'USD',
      pricing_type: 'FIXED',
      fixed_price: { price_per_unit: 0.5 },
      base_price: { currency: 'USD', value_in_cents: 500 },
      billing_frequency: { count: 1, frequency: 'MONTH' },
      item_id: usage.itemId,
      metric_id: usage.metricId,
    });
    customer = await createCustomer(a, customerBody('Acme', { identifier: 'acme-1' }));
  });
  afterAll(() => t.close());
  beforeEach(() => setNow('2027-01-31T12:00:00.000Z'));

  const seatPmp = () => seats.product_metric_pricings[0].id;

  describe('create', () => {
    it('creates a subscription (200) and answers the full #19 shape', async () => {
      const body = await subscribe({
        customer_id: customer.id,
        product_pricing_ids: [seats.id, usagePrice.id],
        config_items: [{ product_metric_pricing_id: seatPmp(), num_licenses: 3, quantity_config: { min_quantity: 1, max_quantity: 10 } }],
        identifier: 'sub-shape',
        metadata: { plan: 'pro' },
        invoice_due_date_from_creation: 14,
        invoice_additional_display_fields: [{ name: 'PO', value: '42' }],
        minimum_spend: { currency: 'USD', value_in_cents: 2000 },
      });
      expect(body.billing_error).toBeNull();
      expect(Object.keys(body).sort()).toEqual(
        [
          'arr',
          'auto_charges',
          'auto_renews',
          'billing_anchor_date',
          'billing_cycle',
          'billing_error',
          'billing_timezone',
          'bundle_pricing',
          'bundle_pricing_id',
          'cancel_config',
          'cancel_date',
          'change_config',
          'change_date',
          'company_id',
          'computed_entitlements',
          'config_items',
          'created_at',
          'customer',
          'customer_id',
          'discounts',
          'end_date',
          'id',
          'identifier',
          'invoice_additional_display_fields',
          'invoice_due_date_from_creation',
          'invoice_payment_instructions',
          'metadata',
          'minimum_spend',
          'mrr',
          'next_invoice_date',
          'onetime_items',
          'override_entitlements',
          'pause_config',
          'pause_date',
          'parent_billed',
          'payment_method_id',
          'product_pricing_ids',
          'product_pricings',
          'renewal_date',
          'start_date',
          'status',
          'tags',
          'term',
          'trial',
          'trial_conversion_date',
          'trial_term',
          'updated_at',
          'usage_thresholds',
        ].sort(),
      );
      expect(body).toMatchObject({
        id: expect.stringMatching(/^subs_[0-9a-z]{26}$/),
        company_id: a.companyId,
        customer_id: customer.id,
        identifier: 'sub-shape',
        status: 'active',
        auto_renews: true,
        auto_charges: false,
        trial: false,
        trial_term: null,
        trial_conversion_date: null,
        start_date: '2027-01-31T12:00:00.000Z',
        billing_anchor_date: '2027-01-31T12:00:00.000Z',
        renewal_date: '2027-02-28T12:00:00.000Z',
        next_invoice_date: '2027-01-31T12:00:00.000Z',
        end_date: null,
        cancel_date: null,
        cancel_config: null,
        change_date: null,
        change_config: null,
        pause_date: null,
        pause_config: null,
        term: { count: 1, frequency: 'MONTH' },
        product_pricing_ids: [seats.id, usagePrice.id],
        bundle_pricing: null,
        bundle_pricing_id: null,
        metadata: { plan: 'pro' },
        minimum_spend: { currency: 'USD', value_in_cents: 2000 },
        invoice_due_date_from_creation: 14,
        invoice_additional_display_fields: [{ name: 'PO', value: '42' }],
        payment_method_id: null,
        discounts: [],
        onetime_items: [],
        computed_entitlements: [],
        override_entitlements: [],
        // 3 seats × 10.00 + usage base 5.00 = 35.00 a month
        mrr: { currency: 'USD', value_in_cents: 3500 },
        arr: { currency: 'USD', value_in_cents: 42000 },
        created_at: '2027-01-31T12:00:00.000Z',
        updated_at: '2027-01-31T12:00:00.000Z',
      });
      expect(body.config_items).toEqual([
        {
          hide_at_checkout: null,
          minimum_units: 0,
          num_licenses: 3,
          product_metric_pricing_id: seatPmp(),
          product_pricing_id: seats.id,
          quantity_config: { allow_custom_quantity: null, max_quantity: 10, min_quantity: 1 },
          sort_order: null,
          upsell_product_metric_pricing_id: null,
        },
      ]);
      expect(body.product_pricings).toHaveLength(2);
      const pp = body.product_pricings[0];
      expect(Object.keys(pp).sort()).toEqual(
        [
          'created_at',
          'currency',
          'external_name',
          'id',
          'name',
          'product',
          'product_id',
          'product_metric_pricings',
          'tags',
          'type',
          'updated_at',
        ].sort(),
      );
      expect(pp).toMatchObject({
        id: seats.id,
        currency: 'USD',
        name: 'Seats',
        product_id: product.id,
        type: 'RECURRING',
        product: { id: product.id },
      });
      expect(pp.product_metric_pricings[0]).toMatchObject({
        id: seatPmp(),
        num_licenses: 3,
        minimum_units: 0,
        item_pricing: { frequency: 'MONTH' },
      });
      expect(body.product_pricings[1].product_metric_pricings[0]).toMatchObject({
        num_licenses: 0,
        minimum_units: 0,
        metric_id: usage.metricId,
      });
      expect(body.customer).toMatchObject({
        id: customer.id,
        name: 'Acme',
        mrr: { currency: 'USD', value_in_cents: 3500 },
        arr: { value_in_cents: 42000 },
      });
      expect(body.created_at).toMatch(ISO);

      const byId = await a.get(`/subscriptions/${body.id}`).expect(200);
      expect(byId.body).toEqual(body);
      const byIdentifier = await a.get('/subscriptions/sub-shape').expect(200);
      expect(byIdentifier.body).toEqual(body);
      expectError(await a.get('/subscriptions/subs_01jzzzzzzzzzzzzzzzzzzzzzzz'), 404, 'request_error', 'not_found');
      expectError(await a.get('/subscriptions/nope'), 404, 'request_error', 'not_found');
    });

    it('accepts the customer identifier; licence prices without a config item get 1 licence', async () => {
      const body = await subscribe({ customer_id: 'acme-1', product_pricing_ids: [seats.id] });
      expect(body.customer_id).toBe(customer.id);
      expect(body.config_items).toEqual([expect.objectContaining({ product_metric_pricing_id: seatPmp(), num_licenses: 1 })]);
      expect(body.mrr).toEqual({ currency: 'USD', value_in_cents: 1000 });
    });

    it('normalises MRR per frequency: 12,000.00 yearly is 1,000.00 MRR and 12,000.00 ARR', async () => {
      const c = await createCustomer(a, customerBody('Yearly Co'));
      const body = await subscribe({ customer_id: c.id, product_pricing_ids: [yearly.id] });
      expect(body.term).toEqual({ count: 1, frequency: 'YEAR' });
      expect(body.mrr).toEqual({ currency: 'USD', value_in_cents: 100_000 });
      expect(body.arr).toEqual({ currency: 'USD', value_in_cents: 1_200_000 });
      expect(body.renewal_date).toBe('2028-01-31T12:00:00.000Z');
    });

    it('applies discounts to MRR (disc_ ids, shape of a stored discount)', async () => {
      const c = await createCustomer(a, customerBody('Discount Co'));
      const body = await subscribe({
        customer_id: c.id,
        product_pricing_ids: [seats.id],
        config_items: [{ product_metric_pricing_id: seatPmp(), num_licenses: 10 }],
        discounts: [{ name: 'Half', type: 'DISCOUNT_PERCENT', percent: 0.5 }],
      });
      expect(body.mrr.value_in_cents).toBe(5000);
      expect(body.discounts[0]).toMatchObject({
        id: expect.stringMatching(/^disc_/),
        name: 'Half',
        type: 'DISCOUNT_PERCENT',
        percent: 0.5,
        state: 'ACTIVE',
        deleted_at: null,
      });
    });

    it('validates the body', async () => {
      const c = await createCustomer(a, customerBody('Validation Co'));
      const eur = await createPricing(a, fixedPricing(product.id, { name: 'EUR seats', currency: 'EUR' }));
      const archived = await createPricing(a, fixedPricing(product.id, { name: 'Old' }));
      await a.patch(`/pricing/${archived.id}`, { state: 'ARCHIVED' }).expect(200);
      const onetime = await createPricing(
        a,
        fixedPricing(product.id, { name: 'Setup', type: 'ONETIME', billing_frequency: { count: 1, frequency: 'ONETIME' } }),
      );
      const archivedCustomer = await createCustomer(a, customerBody('Gone'));
      await a.patch(`/customers/${archivedCustomer.id}`, { status: 'ARCHIVED' }).expect(200);

      const base = { customer_id: c.id, product_pricing_ids: [seats.id] };
      expectError(await a.post('/subscriptions', { ...base, customer_id: archivedCustomer.id }), 400, 'request_error');
      let e = expectError(
        await a.post('/subscriptions', { ...base, customer_id: 'cus_01jzzzzzzzzzzzzzzzzzzzzzzz' }),
        404,
        'request_error',
        'not_found',
      );
      expect(e.validation_errors).toHaveProperty('customer_id');
      e = expectError(await a.post('/subscriptions', { ...base, product_pricing_ids: [seats.id, archived.id] }), 400, 'validation_error');
      expect(e.validation_errors).toHaveProperty(['product_pricing_ids[1]']);
      e = expectError(await a.post('/subscriptions', { ...base, product_pricing_ids: [seats.id, eur.id] }), 400, 'validation_error');
      expect(e.validation_errors).toHaveProperty(['product_pricing_ids[1]']);
      e = expectError(await a.post('/subscriptions', { ...base, currency: 'EUR' }), 400, 'validation_error');
      expect(e.validation_errors).toHaveProperty('currency');
      e = expectError(await a.post('/subscriptions', { ...base, product_pricing_ids: [onetime.id] }), 400, 'validation_error');
      expect(e.validation_errors).toHaveProperty('product_pricing_ids');
      e = expectError(
        await a.post('/subscriptions', { ...base, product_pricing_ids: [seats.id, 'pp_01jzzzzzzzzzzzzzzzzzzzzzzz'] }),
        404,
        'request_error',
        'not_found',
      );
      expect(e.validation_errors).toHaveProperty(['product_pricing_ids[1]']);
      expectError(await a.post('/subscriptions', { customer_id: c.id }), 400, 'validation_error');
      expectError(
        await a.post('/subscriptions', { ...base, bundle_pricing_id: 'bndl_01jzzzzzzzzzzzzzzzzzzzzzzz' }),
        400,
        'validation_error',
      );
      e = expectError(
        await a.post('/subscriptions', { customer_id: c.id, bundle_pricing_id: 'bndl_01jzzzzzzzzzzzzzzzzzzzzzzz' }),
        404,
        'request_error',
        'not_found',
      );
      expect(e.validation_errors).toHaveProperty('bundle_pricing_id');
      // config item on a usage pmp
      e = expectError(
        await a.post('/subscriptions', {
          ...base,
          product_pricing_ids: [seats.id, usagePrice.id],
          config_items: [{ product_metric_pricing_id: usagePrice.product_metric_pricings[0].id, num_licenses: 2 }],
        }),
        400,
        'validation_error',
      );
      expect(e.validation_errors).toHaveProperty(['config_items[0].product_metric_pricing_id']);
      // quantity outside quantity_config
      e = expectError(
        await a.post('/subscriptions', {
          ...base,
          config_items: [{ product_metric_pricing_id: seatPmp(), num_licenses: 11, quantity_config: { max_quantity: 10 } }],
        }),
        400,
        'validation_error',
      );
      expect(e.validation_errors).toHaveProperty(['config_items[0].num_licenses']);
      e = expectError(
        await a.post('/subscriptions', {
          ...base,
          config_items: [{ product_metric_pricing_id: seatPmp(), num_licenses: 0, quantity_config: { min_quantity: 1 } }],
        }),
        400,
        'validation_error',
      );
      expect(e.validation_errors).toHaveProperty(['config_items[0].num_licenses']);
      e = expectError(
        await a.post('/subscriptions', { ...base, config_items: [{ product_metric_pricing_id: seatPmp(), num_licenses: -1 }] }),
        400,
        'validation_error',
      );
      expect(e.validation_errors).toHaveProperty(['config_items[0].num_licenses']);
      expectError(await a.post('/subscriptions', { ...base, invoice_due_date_from_creation: -1 }), 400, 'validation_error');
      e = expectError(
        await a.post('/subscriptions', { ...base, minimum_spend: { currency: 'EUR', value_in_cents: 1 } }),
        400,
        'validation_error',
      );
      expect(e.validation_errors).toHaveProperty(['minimum_spend.currency']);
      expectError(await a.post('/subscriptions', { ...base, mrr: 5 }), 400, 'validation_error');
      e = expectError(await a.post('/subscriptions', { ...base, trial: true }), 400, 'validation_error');
      expect(e.validation_errors).toHaveProperty('trial_term');
      // nothing was created for the customer
      const found = await a.post('/subscriptions/find', { query: { customer_id: c.id }, include_meta: true }).expect(200);
      expect(found.body.pagination.total).toBe(0);
    });

    it('uses a bundle: plan, currency and term from it; num_subs on bundle and pricing', async () => {
      const p1 = await createPricing(a, fixedPricing(product.id, { name: 'Bundle seats' }));
      const bundle = (
        await a
          .post('/bundles', { name: 'Starter', currency: 'USD', term: { count: 1, frequency: 'QUARTER' }, product_pricing_ids: [p1.id] })
          .expect(200)
      ).body;
      expect(bundle.num_subs).toBe(0);
      const c = await createCustomer(a, customerBody('Bundle Co'));
      const sub = await subscribe({ customer_id: c.id, bundle_pricing_id: bundle.id });
      expect(sub).toMatchObject({ bundle_pricing_id: bundle.id, product_pricing_ids: [p1.id], term: { count: 1, frequency: 'QUARTER' } });
      expect(sub.bundle_pricing).toMatchObject({
        id: bundle.id,
        name: 'Starter',
        default_term: { count: 1, frequency: 'QUARTER' },
        deleted_at: null,
        image_url: null,
        key: null,
        num_subs: 1,
      });
      expect((await a.get(`/bundles/${bundle.id}`).expect(200)).body.num_subs).toBe(1);
      expect((await a.get(`/pricing/${p1.id}`).expect(200)).body.num_subs).toBe(1);
      const found = await a.post('/subscriptions/find', { query: { bundle_pricing_id: bundle.id } }).expect(200);
      expect(found.body.results.map((r: any) => r.id)).toEqual([sub.id]);
      await a.post(`/subscriptions/${sub.id}/cancel`, { timing: 'IMMEDIATE' }).expect(200);
      expect((await a.get(`/bundles/${bundle.id}`).expect(200)).body.num_subs).toBe(0);
      expect((await a.get(`/pricing/${p1.id}`).expect(200)).body.num_subs).toBe(0);
    });
  });

  describe('dates', () => {
    it('auto_renews false: end_date = start + term, renewal_date = end_date; status turns cancelled at the end', async () => {
      const c = await createCustomer(a, customerBody('Fixed Term'));
      const sub = await subscribe({
        customer_id: c.id,
        product_pricing_ids: [seats.id],
        auto_renews: false,
        term: { count: 3, frequency: 'MONTH' },
      });
      expect(sub).toMatchObject({ end_date: '2027-04-30T12:00:00.000Z', renewal_date: '2027-04-30T12:00:00.000Z', status: 'active' });
      setNow('2027-03-01T00:00:00.000Z');
      expect((await a.get(`/subscriptions/${sub.id}`).expect(200)).body).toMatchObject({
        next_invoice_date: '2027-03-31T12:00:00.000Z',
        status: 'active',
      });
      setNow('2027-04-30T12:00:00.000Z');
      expect((await a.get(`/subscriptions/${sub.id}`).expect(200)).body).toMatchObject({
        status: 'cancelled',
        next_invoice_date: null,
        renewal_date: null,
        mrr: { value_in_cents: 0 },
      });
    });

    it('steps monthly from the 31st with month-end clamping; start in the future', async () => {
      const c = await createCustomer(a, customerBody('Future Co'));
      const sub = await subscribe({ customer_id: c.id, product_pricing_ids: [seats.id], start_date: '2027-03-31T00:00:00.000Z' });
      expect(sub).toMatchObject({
        start_date: '2027-03-31T00:00:00.000Z',
        billing_anchor_date: '2027-03-31T00:00:00.000Z',
        next_invoice_date: '2027-03-31T00:00:00.000Z',
        renewal_date: '2027-04-30T00:00:00.000Z',
        mrr: { value_in_cents: 0 },
      });
      const expected = ['2027-04-30', '2027-05-31', '2027-06-30', '2027-07-31', '2027-08-31', '2027-09-30'];
      let now = new Date('2027-04-01T00:00:00.000Z');
      for (const day of expected) {
        clock.set(now);
        const got = (await a.get(`/subscriptions/${sub.id}`).expect(200)).body;
        expect(got.next_invoice_date).toBe(`${day}T00:00:00.000Z`);
        expect(got.renewal_date).toBe(`${day}T00:00:00.000Z`);
        now = new Date(new Date(`${day}T00:00:00.000Z`).getTime() + DAY);
      }
    });

    it('start in the past: the current period', async () => {
      const c = await createCustomer(a, customerBody('Past Co'));
      const sub = await subscribe({ customer_id: c.id, product_pricing_ids: [seats.id], start_date: '2026-11-30T12:00:00.000Z' });
      expect(sub).toMatchObject({
        next_invoice_date: '2027-02-28T12:00:00.000Z',
        renewal_date: '2027-02-28T12:00:00.000Z',
        status: 'active',
      });
    });
  });

  describe('trial', () => {
    it('trial: conversion date, anchor at the trial end, MRR 0 during the trial; extend moves both', async () => {
      const c = await createCustomer(a, customerBody('Trial Co'));
      const sub = await subscribe({
        customer_id: c.id,
        product_pricing_ids: [seats.id],
        trial: true,
        trial_term: { count: 14, frequency: 'DAY' },
      });
      expect(sub).toMatchObject({
        trial: true,
        trial_term: { count: 14, frequency: 'DAY' },
        trial_conversion_date: '2027-02-14T12:00:00.000Z',
        billing_anchor_date: '2027-02-14T12:00:00.000Z',
        next_invoice_date: '2027-02-14T12:00:00.000Z',
        mrr: { value_in_cents: 0 },
      });
      expectError(await a.post(`/subscriptions/${sub.id}/extend`, { end_date: '2027-01-01T00:00:00.000Z' }), 400, 'validation_error');
      const ext = (await a.post(`/subscriptions/${sub.id}/extend`, { end_date: '2027-02-28T12:00:00.000Z' }).expect(200)).body;
      expect(ext).toMatchObject({
        trial_conversion_date: '2027-02-28T12:00:00.000Z',
        billing_anchor_date: '2027-02-28T12:00:00.000Z',
        next_invoice_date: '2027-02-28T12:00:00.000Z',
      });
      setNow('2027-03-01T00:00:00.000Z');
      const after = (await a.get(`/subscriptions/${sub.id}`).expect(200)).body;
      expect(after.mrr.value_in_cents).toBe(1000);
      expect(after.next_invoice_date).toBe('2027-03-28T12:00:00.000Z');
      expectError(
        await a.post(`/subscriptions/${sub.id}/extend`, { end_date: '2027-04-01T00:00:00.000Z' }),
        409,
        'request_error',
        'invalid_state',
      );
    });
  });

  describe('cancel', () => {
    const make = async (name: string) =>
      subscribe({
        customer_id: (await createCustomer(a, customerBody(name))).id,
        product_pricing_ids: [seats.id],
        start_date: '2027-01-10T00:00:00.000Z',
      });

    it('IMMEDIATE: cancelled now, MRR 0 on subscription and customer; a second cancel is 409; undo is 409', async () => {
      const sub = await make('Cancel Now');
      expect((await a.get(`/customers/${sub.customer_id}`).expect(200)).body.mrr.value_in_cents).toBe(1000);
      const res = (
        await a
          .post(`/subscriptions/${sub.id}/cancel`, { timing: 'IMMEDIATE', reason: 'subscription.revoked', refund_type: 'PRORATED' })
          .expect(200)
      ).body;
      expect(res).toMatchObject({
        status: 'cancelled',
        cancel_date: '2027-01-31T12:00:00.000Z',
        end_date: '2027-01-31T12:00:00.000Z',
        mrr: { value_in_cents: 0 },
        cancel_config: {
          campaign_id: null,
          campaign_step_id: null,
          timing: 'IMMEDIATE',
          reason: 'subscription.revoked',
          refund_type: 'PRORATED',
          custom_end_date: null,
          custom_refund_amount: null,
          charge_remaining_balance: null,
          send_customer_receipt: null,
        },
      });
      expect((await a.get(`/customers/${sub.customer_id}`).expect(200)).body).toMatchObject({
        mrr: { value_in_cents: 0 },
        arr: { value_in_cents: 0 },
      });
      expectError(await a.post(`/subscriptions/${sub.id}/cancel`, {}), 409, 'request_error', 'invalid_state');
      expectError(await a.post(`/subscriptions/${sub.id}/undo_cancel`, {}), 409, 'request_error', 'invalid_state');
      expectError(
        await a.post(`/subscriptions/${sub.id}/change`, { config_items: [{ product_metric_pricing_id: seatPmp(), num_licenses: 2 }] }),
        409,
        'request_error',
        'invalid_state',
      );
      expectError(await a.post(`/subscriptions/${sub.id}/pause`, {}), 409, 'request_error', 'invalid_state');
    });

    it('PERIOD_END: active until the end of the billing period, then cancelled; find by status follows the clock', async () => {
      const sub = await make('Cancel Period End');
      const res = (await a.post(`/subscriptions/${sub.id}/cancel`, { timing: 'PERIOD_END' }).expect(200)).body;
      expect(res).toMatchObject({
        status: 'active',
        cancel_date: '2027-01-31T12:00:00.000Z',
        end_date: '2027-02-10T00:00:00.000Z',
        renewal_date: '2027-02-10T00:00:00.000Z',
      });
      const ids = async (status: string) =>
        (await a.post('/subscriptions/find', { query: { customer_id: sub.customer_id, status } }).expect(200)).body.results.map(
          (r: any) => r.id,
        );
      expect(await ids('active')).toEqual([sub.id]);
      expect(await ids('CANCELLED')).toEqual([]);
      setNow('2027-02-10T00:00:00.000Z');
      expect((await a.get(`/subscriptions/${sub.id}`).expect(200)).body.status).toBe('cancelled');
      expect(await ids('cancelled')).toEqual([sub.id]);
      expect(await ids('active')).toEqual([]);
    });

    it('RENEWAL and custom date; undo_cancel while pending restores', async () => {
      const yearlySub = await subscribe({
        customer_id: (await createCustomer(a, customerBody('Cancel Renewal'))).id,
        product_pricing_ids: [yearly.id],
        start_date: '2026-06-15T00:00:00.000Z',
      });
      const res = (await a.post(`/subscriptions/${yearlySub.id}/cancel`, { timing: 'RENEWAL' }).expect(200)).body;
      expect(res).toMatchObject({ end_date: '2027-06-15T00:00:00.000Z', status: 'active' });
      const undone = (await a.post(`/subscriptions/${yearlySub.id}/undo_cancel`, {}).expect(200)).body;
      expect(undone).toMatchObject({
        end_date: null,
        cancel_date: null,
        cancel_config: null,
        status: 'active',
        renewal_date: '2027-06-15T00:00:00.000Z',
      });
      expectError(await a.post(`/subscriptions/${yearlySub.id}/undo_cancel`, {}), 409, 'request_error', 'invalid_state');

      const sub = await make('Cancel Custom');
      const e = expectError(
        await a.post(`/subscriptions/${sub.id}/cancel`, { custom_end_date: '2027-01-01T00:00:00.000Z' }),
        400,
        'validation_error',
      );
      expect(e.validation_errors).toHaveProperty('custom_end_date');
      const custom = (
        await a
          .post(`/subscriptions/${sub.id}/cancel`, {
            custom_end_date: '2027-03-03T00:00:00.000Z',
            custom_refund_amount: { currency: 'USD', value_in_cents: 100 },
          })
          .expect(200)
      ).body;
      expect(custom).toMatchObject({
        end_date: '2027-03-03T00:00:00.000Z',
        cancel_config: {
          timing: 'IMMEDIATE',
          custom_end_date: '2027-03-03T00:00:00.000Z',
          custom_refund_amount: { currency: 'USD', value_in_cents: 100 },
        },
      });
      setNow('2027-03-03T00:00:00.000Z');
      expect((await a.get(`/subscriptions/${sub.id}`).expect(200)).body.status).toBe('cancelled');
      expectError(await a.post(`/subscriptions/${sub.id}/undo_cancel`, {}), 409, 'request_error', 'invalid_state');
    });
  });

  describe('change', () => {
    const history = async (subId: string) =>
      t.dataSource.query(
        'SELECT seq, type, effective_at, recorded_at, before, after FROM subscription_events WHERE company_id = $1 AND subscription_id = $2 ORDER BY seq',
        [a.companyId, subId],
      );
    const phases = async (subId: string) =>
      t.dataSource.query('SELECT * FROM subscription_phases WHERE company_id = $1 AND subscription_id = $2 ORDER BY seq', [
        a.companyId,
        subId,
      ]);

    it('immediate quantity change: new phase from now, history appended, old rows unchanged', async () => {
      const c = await createCustomer(a, customerBody('Change Now'));
      const sub = await subscribe({
        customer_id: c.id,
        product_pricing_ids: [seats.id],
        config_items: [{ product_metric_pricing_id: seatPmp(), num_licenses: 2 }],
        start_date: '2027-01-01T00:00:00.000Z',
      });
      const h0 = await history(sub.id);
      const p0 = await phases(sub.id);
      expect(h0.map((r: any) => r.type)).toEqual(['CREATED']);
      setNow('2027-01-11T00:00:00.000Z');
      const res = (
        await a
          .post(`/subscriptions/${sub.id}/change`, {
            config_items: [{ product_metric_pricing_id: seatPmp(), num_licenses: 5 }],
            proration_type: 'IMMEDIATE',
          })
          .expect(200)
      ).body;
      expect(res).toMatchObject({
        config_items: [expect.objectContaining({ num_licenses: 5 })],
        mrr: { value_in_cents: 5000 },
        change_date: null,
        change_config: null,
      });
      expect((await a.get(`/customers/${c.id}`).expect(200)).body.mrr.value_in_cents).toBe(5000);
      const h1 = await history(sub.id);
      const p1 = await phases(sub.id);
      expect(h1).toHaveLength(2);
      expect(h1[0]).toEqual(h0[0]);
      expect(h1[1]).toMatchObject({ seq: 2, type: 'CHANGED' });
      expect(p1).toHaveLength(2);
      expect(p1[0]).toEqual(p0[0]);
      expect(p1[1]).toMatchObject({ seq: 2, change_kind: 'CHANGE', proration_type: 'IMMEDIATE', event_seq: 2 });
      expect(p1[1].starts_at.toISOString()).toBe('2027-01-11T00:00:00.000Z');
      await expect(
        t.dataSource.query('UPDATE subscription_events SET type = $1 WHERE company_id = $2 AND subscription_id = $3', [
          'UPDATED',
          a.companyId,
          sub.id,
        ]),
      ).rejects.toThrow(/append-only/);
      await expect(
        t.dataSource.query('DELETE FROM subscription_phases WHERE company_id = $1 AND subscription_id = $2', [a.companyId, sub.id]),
      ).rejects.toThrow(/append-only/);
    });

    it('scheduled plan change at PERIOD_END: change_date/change_config until it applies, then the new plan', async () => {
      const c = await createCustomer(a, customerBody('Change Later'));
      const sub = await subscribe({ customer_id: c.id, product_pricing_ids: [seats.id], start_date: '2027-01-10T00:00:00.000Z' });
      const res = (
        await a
          .post(`/subscriptions/${sub.id}/change`, {
            product_pricing_ids: [yearly.id],
            timing: 'PERIOD_END',
            term: { count: 1, frequency: 'YEAR' },
          })
          .expect(200)
      ).body;
      expect(res).toMatchObject({
        product_pricing_ids: [seats.id],
        change_date: '2027-02-10T00:00:00.000Z',
        term: { count: 1, frequency: 'MONTH' },
      });
      expect(res.change_config).toMatchObject({
        product_pricing_ids: [yearly.id],
        timing: 'PERIOD_END',
        proration_type: 'NEXT',
        term: { count: 1, frequency: 'YEAR' },
      });
      expect((await history(sub.id)).map((r: any) => r.type)).toEqual(['CREATED', 'CHANGE_SCHEDULED']);
      // num_subs counts the scheduled plan too
      expect((await a.get(`/pricing/${yearly.id}`).expect(200)).body.num_subs).toBeGreaterThanOrEqual(1);
      setNow('2027-02-10T00:00:00.000Z');
      const after = (await a.get(`/subscriptions/${sub.id}`).expect(200)).body;
      expect(after).toMatchObject({
        product_pricing_ids: [yearly.id],
        change_date: null,
        change_config: null,
        term: { count: 1, frequency: 'YEAR' },
        mrr: { value_in_cents: 100_000 },
      });
      const found = await a.post('/subscriptions/find', { query: { product_pricing_id: yearly.id, customer_id: c.id } }).expect(200);
      expect(found.body.results.map((r: any) => r.id)).toEqual([sub.id]);
    });

    it('scheduled changes: a later one joins the pending one, one at the same instant replaces it (trace kept); custom_change_date before the period is 400', async () => {
      const c = await createCustomer(a, customerBody('Change Twice'));
      const sub = await subscribe({ customer_id: c.id, product_pricing_ids: [seats.id], start_date: '2027-01-10T00:00:00.000Z' });
      const change = async (n: number, when: Record<string, string>) =>
        (
          await a
            .post(`/subscriptions/${sub.id}/change`, { config_items: [{ product_metric_pricing_id: seatPmp(), num_licenses: n }], ...when })
            .expect(200)
        ).body;
      await change(4, { timing: 'RENEWAL' }); // Feb 10: the end of the monthly term
      const res = await change(7, { custom_change_date: '2027-03-01T00:00:00.000Z' });
      // both scheduled: change_date shows the next to apply
      expect(res.change_date).toBe('2027-02-10T00:00:00.000Z');
      let p = await phases(sub.id);
      expect(p.map((x: any) => x.superseded_by_event_seq)).toEqual([null, null, null]);
      await change(8, { custom_change_date: '2027-03-01T00:00:00.000Z' });
      p = await phases(sub.id);
      expect(p).toHaveLength(4);
      expect(p[2].superseded_by_event_seq).toBe(4);
      setNow('2027-02-10T00:00:00.000Z');
      expect((await a.get(`/subscriptions/${sub.id}`).expect(200)).body.config_items[0].num_licenses).toBe(4);
      const e = expectError(
        await a.post(`/subscriptions/${sub.id}/change`, { custom_change_date: '2027-01-09T00:00:00.000Z' }),
        400,
        'validation_error',
      );
      expect(e.validation_errors).toHaveProperty('custom_change_date');
      const eur = await createPricing(a, fixedPricing(product.id, { name: 'EUR 2', currency: 'EUR' }));
      expectError(await a.post(`/subscriptions/${sub.id}/change`, { product_pricing_ids: [eur.id] }), 400, 'validation_error');
      setNow('2027-03-01T00:00:00.000Z');
      expect((await a.get(`/subscriptions/${sub.id}`).expect(200)).body.config_items[0].num_licenses).toBe(8);
    });
  });

  describe('update, pause, resume, usage', () => {
    it('PATCH non-plan fields; plan fields are unknown', async () => {
      const c = await createCustomer(a, customerBody('Patch Co'));
      const sub = await subscribe({ customer_id: c.id, product_pricing_ids: [seats.id] });
      // payment_method_id must be a card of the subscription's customer (issue 10)
      const card = (await a.post(`/customers/${c.id}/payment_methods`, { token: 'tok_visa' }).expect(200)).body;
      setNow('2027-02-01T00:00:00.000Z');
      const res = (
        await a
          .patch(`/subscriptions/${sub.id}`, {
            auto_charges: true,
            metadata: { a: 1 },
            payment_method_id: card.id,
            invoice_due_date_from_creation: 30,
            minimum_spend: { currency: 'USD', value_in_cents: 500 },
            invoice_additional_display_fields: [{ name: 'n', value: 'v' }],
          })
          .expect(200)
      ).body;
      expect(res).toMatchObject({
        auto_charges: true,
        metadata: { a: 1 },
        payment_method_id: card.id,
        invoice_due_date_from_creation: 30,
        minimum_spend: { value_in_cents: 500 },
        updated_at: '2027-02-01T00:00:00.000Z',
      });
      const e = expectError(await a.patch(`/subscriptions/${sub.id}`, { product_pricing_ids: [seats.id] }), 400, 'validation_error');
      expect(e.validation_errors).toHaveProperty('product_pricing_ids');
      const [row] = await t.dataSource.query(
        "SELECT count(*)::int AS n FROM subscription_events WHERE company_id = $1 AND subscription_id = $2 AND type = 'UPDATED'",
        [a.companyId, sub.id],
      );
      expect(row.n).toBe(1);
    });

    it('pause and resume', async () => {
      const c = await createCustomer(a, customerBody('Pause Co'));
      const sub = await subscribe({ customer_id: c.id, product_pricing_ids: [seats.id] });
      expectError(await a.post(`/subscriptions/${sub.id}/resume`, {}), 409, 'request_error', 'invalid_state');
      const paused = (
        await a.post(`/subscriptions/${sub.id}/pause`, { behavior: 'KEEP_AS_DRAFT', resume_date: '2027-03-01T00:00:00.000Z' }).expect(200)
      ).body;
      expect(paused).toMatchObject({
        pause_date: '2027-01-31T12:00:00.000Z',
        pause_config: { behavior: 'KEEP_AS_DRAFT', resume_date: '2027-03-01T00:00:00.000Z' },
      });
      expectError(await a.post(`/subscriptions/${sub.id}/pause`, {}), 409, 'request_error', 'invalid_state');
      const resumed = (await a.post(`/subscriptions/${sub.id}/resume`, {}).expect(200)).body;
      expect(resumed).toMatchObject({ pause_date: null, pause_config: null });
    });

    it('usage of a metric of the plan', async () => {
      const c = await createCustomer(a, customerBody('Usage Co'));
      const sub = await subscribe({ customer_id: c.id, product_pricing_ids: [seats.id, usagePrice.id] });
      await a
        .post('/events/ingest', {
          events: [
            {
              customer_id: c.id,
              item_id: usage.itemId,
              transaction_id: 'u1',
              timestamp: '2027-01-31T13:00:00.000Z',
              properties: { bytes: 10 },
            },
            {
              customer_id: c.id,
              item_id: usage.itemId,
              transaction_id: 'u2',
              timestamp: '2027-01-31T14:00:00.000Z',
              properties: { bytes: 5 },
            },
          ],
        })
        .expect(200);
      const pmp = usagePrice.product_metric_pricings[0].id;
      const res = (
        await a
          .post(`/subscriptions/${sub.id}/usage`, {
            product_metric_pricing_id: pmp,
            period: { start_date: '2027-01-31T00:00:00.000Z', end_date: '2027-02-01T00:00:00.000Z' },
          })
          .expect(200)
      ).body;
      const period = { start_date: '2027-01-31T00:00:00.000Z', end_date: '2027-02-01T00:00:00.000Z' };
      expect(res).toEqual({
        metric: expect.objectContaining({ id: usage.metricId }),
        usage: [{ value: 15, period, subscription_metric_record_id: null, breakdown: [] }],
        product_metric_pricing: expect.objectContaining({ id: pmp, metric_id: usage.metricId }),
        product_metric_pricing_id: pmp,
        metric_id: usage.metricId,
        value: 15,
        breakdown: [],
      });
      const other = await createPricing(a, fixedPricing(product.id, { name: 'Not in plan' }));
      const e = expectError(
        await a.post(`/subscriptions/${sub.id}/usage`, {
          product_metric_pricing_id: other.product_metric_pricings[0].id,
          period: { start_date: '2027-01-31T00:00:00.000Z', end_date: '2027-02-01T00:00:00.000Z' },
        }),
        404,
        'request_error',
        'not_found',
      );
      expect(e.validation_errors).toHaveProperty('product_metric_pricing_id');
    });
  });

  describe('entitlements', () => {
    it('subscription overrides pricing overrides product; customer combines subscriptions by aggregator; adjust_for_quantity', async () => {
      const seatsEnt = await createEntitlement(a, { key: 'api_calls', type: 'NUMBER', aggregator_type: 'ADD', adjust_for_quantity: true });
      const sso = await createEntitlement(a, { key: 'sso', type: 'BOOL', aggregator_type: 'OR' });
      const tier = await createEntitlement(a, { key: 'tier', type: 'TEXT', aggregator_type: 'COALESCE' });
      const maxUsers = await createEntitlement(a, { key: 'max_users', type: 'NUMBER', aggregator_type: 'MAXIMUM' });
      const prod = await createProduct(a, {
        name: 'Ent product',
        entitlements: [
          { entitlement_id: seatsEnt.id, value: 100 },
          { entitlement_id: sso.id, value: false },
          { entitlement_id: tier.id, value: 'basic' },
        ],
      });
      const basic = await createPricing(
        a,
        fixedPricing(prod.id, { name: 'Basic', entitlements: [{ entitlement_id: maxUsers.id, value: 5 }] }),
      );
      const pro = await createPricing(
        a,
        fixedPricing(prod.id, {
          name: 'Pro',
          entitlements: [
            { entitlement_id: sso.id, value: true },
            { entitlement_id: tier.id, value: 'pro' },
            { entitlement_id: maxUsers.id, value: 50 },
          ],
        }),
      );
      const c = await createCustomer(a, customerBody('Ent Co'));
      const s1 = await subscribe({
        customer_id: c.id,
        product_pricing_ids: [basic.id],
        config_items: [{ product_pricing_id: basic.id, num_licenses: 2 }],
      });
      const byKey = (list: any[]) => Object.fromEntries(list.map((e) => [e.key, e.value]));
      expect(byKey(s1.computed_entitlements)).toEqual({ api_calls: 200, sso: false, tier: 'basic', max_users: 5 });
      setNow('2027-02-01T00:00:00.000Z');
      const s2 = await subscribe({
        customer_id: c.id,
        product_pricing_ids: [pro.id],
        config_items: [{ product_pricing_id: pro.id, num_licenses: 3 }],
        override_entitlements: [{ entitlement_id: maxUsers.id, value: 70 }],
      });
      expect(byKey(s2.computed_entitlements)).toEqual({ api_calls: 300, sso: true, tier: 'pro', max_users: 70 });
      expect(s2.override_entitlements).toEqual([
        expect.objectContaining({
          entitlement_id: maxUsers.id,
          value: 70,
          overridden: true,
          original_value: 50,
          inherited_from_type: 'SUBSCRIPTION',
          inherited_from_id: s2.id,
        }),
      ]);
      // customer: ADD 200 + 300, OR false|true, COALESCE oldest first 'basic', MAXIMUM 5 vs 70
      expect(byKey(s2.customer.computed_entitlements)).toEqual({ api_calls: 500, sso: true, tier: 'basic', max_users: 70 });
      // the customer endpoints show the same combination
      const customer = (await a.get(`/customers/${s2.customer_id}`).expect(200)).body;
      expect(byKey(customer.computed_entitlements)).toEqual({ api_calls: 500, sso: true, tier: 'basic', max_users: 70 });
      const found = (await a.post('/customers/find', { pagination: { limit: 100 } }).expect(200)).body.results;
      const listed = found.find((c: { id: string }) => c.id === customer.id);
      expect(byKey(listed.computed_entitlements)).toEqual({ api_calls: 500, sso: true, tier: 'basic', max_users: 70 });
      // after s1 is cancelled, only s2 counts
      await a.post(`/subscriptions/${s1.id}/cancel`, {}).expect(200);
      const again = (await a.get(`/subscriptions/${s2.id}`).expect(200)).body;
      expect(byKey(again.customer.computed_entitlements)).toEqual({ api_calls: 300, sso: true, tier: 'pro', max_users: 70 });
      expect(byKey((await a.get(`/customers/${s2.customer_id}`).expect(200)).body.computed_entitlements)).toEqual({
        api_calls: 300,
        sso: true,
        tier: 'pro',
        max_users: 70,
      });
      // PATCH override_entitlements
      const patched = (await a.patch(`/subscriptions/${s2.id}`, { override_entitlements: [] }).expect(200)).body;
      expect(byKey(patched.computed_entitlements).max_users).toBe(50);
      expect(patched.override_entitlements).toEqual([]);
    });
  });

  describe('find', () => {
    it('filters by every query field, paginates, sorts', async () => {
      const c = await createCustomer(a, customerBody('Findable Zeta', { identifier: 'zeta-ident' }));
      const s1 = await subscribe({ customer_id: c.id, product_pricing_ids: [seats.id], auto_charges: true, identifier: 'find-one' });
      setNow('2027-02-01T00:00:00.000Z');
      const s2 = await subscribe({
        customer_id: c.id,
        product_pricing_ids: [yearly.id],
        auto_renews: false,
        trial: true,
        trial_term: { count: 7, frequency: 'DAY' },
      });
      const q = async (query: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
        (await a.post('/subscriptions/find', { query: { customer_id: c.id, ...query }, ...extra }).expect(200)).body.results.map(
          (r: any) => r.id,
        );
      expect(await q({})).toEqual([s2.id, s1.id]);
      expect(await q({}, { sort_key: 'createdAtAsc' })).toEqual([s1.id, s2.id]);
      expect(await q({ product_pricing_id: seats.id })).toEqual([s1.id]);
      expect(await q({ auto_renews: false })).toEqual([s2.id]);
      expect(await q({ auto_charges: true })).toEqual([s1.id]);
      expect(await q({ trial: true })).toEqual([s2.id]);
      expect(await q({ statuses: ['ACTIVE', 'unpaid'] })).toEqual([s2.id, s1.id]);
      expect(await q({ start_date: { gte: '2027-02-01T00:00:00.000Z' } })).toEqual([s2.id]);
      expect(await q({ end_date: { lte: '2028-12-31T00:00:00.000Z' } })).toEqual([s2.id]);
      expect(await q({ renewal_date: { lt: '2027-03-01T00:00:00.000Z' } })).toEqual([s1.id]);
      expect(await q({ next_invoice_date: { eq: '2027-02-08T00:00:00.000Z' } })).toEqual([s2.id]);
      expect(await q({ search: 'FIND-ONE' })).toEqual([s1.id]);
      expect((await a.post('/subscriptions/find', { query: { search: 'zeta-ident' } }).expect(200)).body.results).toHaveLength(2);
      expect((await a.post('/subscriptions/find', { query: { search: 'findable zeta' } }).expect(200)).body.results).toHaveLength(2);
      const page1 = (
        await a.post('/subscriptions/find', { query: { customer_id: c.id }, pagination: { limit: 1 }, include_meta: true }).expect(200)
      ).body;
      expect(page1.pagination).toMatchObject({ limit: 1, total: 2, from_key: expect.any(String) });
      const page2 = (
        await a
          .post('/subscriptions/find', { query: { customer_id: c.id }, pagination: { limit: 1, from_key: page1.pagination.from_key } })
          .expect(200)
      ).body;
      expect(page2.results.map((r: any) => r.id)).toEqual([s1.id]);
      expect(page2.pagination.from_key).toBeNull();
      expectError(await a.post('/subscriptions/find', { sort_key: 'nope' }), 400, 'validation_error');
      expectError(await a.post('/subscriptions/find', { query: { colour: 'red' } }), 400, 'validation_error');
    });
  });

  describe('tenancy', () => {
    it("B cannot read, find, change, cancel A's subscriptions, nor subscribe A's customer or pricing", async () => {
      const sub = await subscribe({ customer_id: customer.id, product_pricing_ids: [seats.id], identifier: 'tenancy-a' });
      expectError(await b.get(`/subscriptions/${sub.id}`), 404, 'request_error', 'not_found');
      expectError(await b.get('/subscriptions/tenancy-a'), 404, 'request_error', 'not_found');
      expect((await b.post('/subscriptions/find', { query: { customer_id: customer.id } }).expect(200)).body.results).toEqual([]);
      expect((await b.post('/subscriptions/find', { query: { search: 'tenancy-a' } }).expect(200)).body.results).toEqual([]);
      expectError(await b.patch(`/subscriptions/${sub.id}`, { metadata: {} }), 404, 'request_error', 'not_found');
      expectError(await b.post(`/subscriptions/${sub.id}/change`, { config_items: [] }), 404, 'request_error', 'not_found');
      expectError(await b.post(`/subscriptions/${sub.id}/cancel`, {}), 404, 'request_error', 'not_found');
      expectError(await b.post(`/subscriptions/${sub.id}/undo_cancel`, {}), 404, 'request_error', 'not_found');
      expectError(await b.post(`/subscriptions/${sub.id}/pause`, {}), 404, 'request_error', 'not_found');
      expectError(await b.post(`/subscriptions/${sub.id}/resume`, {}), 404, 'request_error', 'not_found');
      expectError(
        await b.post(`/subscriptions/${sub.id}/extend`, { end_date: '2030-01-01T00:00:00.000Z' }),
        404,
        'request_error',
        'not_found',
      );
      expectError(
        await b.post(`/subscriptions/${sub.id}/usage`, {
          product_metric_pricing_id: seatPmp(),
          period: { start_date: '2027-01-01T00:00:00.000Z', end_date: '2027-02-01T00:00:00.000Z' },
        }),
        404,
        'request_error',
      );
      // B's token on A's path
      const foreign = (path: string) => `/api/v1/companies/${a.companyId}${path}`;
      const request = (await import('supertest')).default;
      const res = await request(t.http)
        .get(foreign(`/subscriptions/${sub.id}`))
        .set('Authorization', `Bearer ${b.token}`);
      expectError(res, 403, 'auth_error');
      const res2 = await request(t.http)
        .post(foreign(`/subscriptions/${sub.id}/cancel`))
        .set('Authorization', `Bearer ${b.token}`)
        .send({});
      expectError(res2, 403, 'auth_error');
      // B subscribing A's customer / A's pricing
      const bCustomer = await createCustomer(b, customerBody('B customer'));
      const bProduct = await createProduct(b, { name: 'B product' });
      const bPricing = await createPricing(b, fixedPricing(bProduct.id));
      let e = expectError(
        await b.post('/subscriptions', { customer_id: customer.id, product_pricing_ids: [bPricing.id] }),
        404,
        'request_error',
        'not_found',
      );
      expect(e.validation_errors).toHaveProperty('customer_id');
      e = expectError(
        await b.post('/subscriptions', { customer_id: bCustomer.id, product_pricing_ids: [seats.id] }),
        404,
        'request_error',
        'not_found',
      );
      expect(e.validation_errors).toHaveProperty(['product_pricing_ids[0]']);
      // A's subscription is unchanged
      expect((await a.get(`/subscriptions/${sub.id}`).expect(200)).body.status).toBe('active');
    });
  });
});
