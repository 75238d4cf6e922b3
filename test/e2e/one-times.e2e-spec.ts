import request from 'supertest';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { createPricing, createProduct, fixedPricing, usd } from '../support/fixtures';

const DAY = 86_400_000;
const T0 = new Date('2026-07-15T09:00:00.000Z');
const custom = (cents: number, over: Record<string, unknown> = {}) => ({
  custom_price: { amount: usd(cents), description: 'Onboarding' },
  ...over,
});

describe('one-time charges (spec #2)', () => {
  let t: TestApp;
  let clock: FixedClock;
  let a: Tenant;
  let b: Tenant;
  let cust: Record<string, any>;
  let product: Record<string, any>;
  let seats: Record<string, any>; // FIXED 1000 per unit, USD, ONETIME
  let tiered: Record<string, any>; // base 500 + GRADIENT 0–10 @100, 10–∞ @50
  let euro: Record<string, any>;

  beforeAll(async () => {
    clock = new FixedClock(T0);
    t = await createTestApp({ clock });
    a = await t.tenant('A');
    b = await t.tenant('B');
    cust = (await a.post('/customers', { name: 'Grace Hopper', identifier: 'grace' }).expect(201)).body;
    product = await createProduct(a, { name: 'Services' });
    seats = await createPricing(a, fixedPricing(product.id, { name: 'Setup fee', external_name: 'Setup (one-time)', type: 'ONETIME' }));
    tiered = await createPricing(a, {
      product_id: product.id,
      name: 'Training',
      currency: 'USD',
      pricing_type: 'GRADIENT',
      type: 'ONETIME',
      base_price: usd(500),
      gradient_price: [
        { start: 0, end: 10, price_per_unit: 100 },
        { start: 10, end: null, price_per_unit: 50 },
      ],
    });
    euro = await createPricing(a, fixedPricing(product.id, { name: 'Euro setup', currency: 'EUR', type: 'ONETIME' }));
  });
  afterAll(() => t.close());
  afterEach(() => clock.set(T0));

  const post = (tenant: Tenant, body: Record<string, unknown>) =>
    tenant.post('/one_times', { customer_id: cust.id, type: 'IMMEDIATE', ...body });
  const invoiceOf = async (tenant: Tenant, otb: any) => (await tenant.get(`/invoices/${otb.invoice_uuid}`).expect(200)).body;

  describe('IMMEDIATE', () => {
    it('creates the one-times (201, spec shape) on an invoice of their own, finalized at once', async () => {
      const res = await post(a, {
        onetime_items: [
          custom(2500, { aggregate: 2, sort_order: 1, quantity_config: { allow_custom_quantity: true, max_quantity: 5, min_quantity: 1 } }),
        ],
        metadata: { deal: 'x-1' },
      }).expect(201);
      expect(res.body).toEqual([
        {
          aggregate: 2,
          company_id: a.companyId,
          created_at: T0.toISOString(),
          custom_price: { amount: usd(2500), product_id: null, description: 'Onboarding' },
          customer_id: cust.id,
          deleted_at: null,
          id: expect.stringMatching(/^otb_[0-9a-z]{26}$/),
          import_ref: null,
          imported_from: null,
          invoice_id: expect.stringMatching(/^inv_/),
          invoice_uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
          name: 'Onboarding',
          product_pricing: null,
          product_pricing_id: null,
          proposal_id: null,
          quantity_config: { allow_custom_quantity: true, max_quantity: 5, min_quantity: 1 },
          sort_order: 1,
          state: 'INVOICED',
          type: 'IMMEDIATE',
          updated_at: T0.toISOString(),
        },
      ]);
      const inv = await invoiceOf(a, res.body[0]);
      expect(inv).toMatchObject({
        id: res.body[0].invoice_id,
        status: 'PENDING',
        customer_id: cust.id,
        subscription_id: null,
        currency: 'USD',
        invoice_date: T0.toISOString(),
        due_date: new Date(T0.getTime() + 30 * DAY).toISOString(),
        sub_total: usd(5000),
        total: usd(5000),
        due: usd(5000),
        paid: usd(0),
        metadata: { deal: 'x-1' },
        auto_charges: false,
      });
      expect(inv.items).toEqual([
        expect.objectContaining({
          kind: 'CHARGE',
          name: 'Onboarding',
          quantity: 2,
          unit_price: 2500,
          amount: usd(5000),
          one_time_id: res.body[0].id,
        }),
      ]);
    });

    it('prices product pricings through billing-math (fixed and graduated with a base price) and expands them', async () => {
      const res = await post(a, {
        onetime_items: [
          { product_pricing_id: seats.id, aggregate: 3 },
          { product_pricing_id: tiered.id, aggregate: 15 },
        ],
      }).expect(201);
      expect(res.body.map((o: any) => [o.name, o.aggregate, o.product_pricing_id, o.custom_price, o.state])).toEqual([
        ['Setup (one-time)', 3, seats.id, null, 'INVOICED'],
        ['Training', 15, tiered.id, null, 'INVOICED'],
      ]);
      expect(res.body[0].invoice_id).toBe(res.body[1].invoice_id);
      const view = (await a.get(`/pricing/${seats.id}`).expect(200)).body;
      expect(res.body[0].product_pricing).toEqual(view);
      const inv = await invoiceOf(a, res.body[0]);
      // 3 × 1000 = 3000; 500 base + 10 × 100 + 5 × 50 = 1750
      expect(inv.items.map((l: any) => [l.kind, l.name, l.quantity, l.amount.value_in_cents, l.product_pricing_id])).toEqual([
        ['CHARGE', 'Setup (one-time)', 3, 3000, seats.id],
        ['BASE', 'Training', 1, 500, tiered.id],
        ['CHARGE', 'Training', 15, 1250, tiered.id],
      ]);
      expect(inv).toMatchObject({ sub_total: usd(4750), total: usd(4750), due: usd(4750), status: 'PENDING' });
    });

    it('rounds a fractional quantity once per line, half away from zero', async () => {
      const res = await post(a, { onetime_items: [custom(333, { aggregate: 1.5 })] }).expect(201);
      expect(res.body[0].aggregate).toBe(1.5);
      expect((await invoiceOf(a, res.body[0])).total).toEqual(usd(500)); // 499.5 → 500
    });

    it('takes invoice_date, due days, notes, payment instructions and auto_charges', async () => {
      const date = '2026-07-01T00:00:00.000Z';
      const res = await post(a, {
        onetime_items: [custom(100)],
        invoice_date: date,
        invoice_due_date_from_creation: 0,
        notes: 'PO 77',
        invoice_payment_instructions: 'IBAN XX00',
        auto_charges: true,
      }).expect(201);
      const inv = await invoiceOf(a, res.body[0]);
      expect(inv).toMatchObject({ invoice_date: date, due_date: date, notes: 'PO 77', auto_charges: true, status: 'OVERDUE' });
    });

    it('applies discounts (amount, then a capped percent) to the invoice', async () => {
      const res = await post(a, {
        onetime_items: [custom(1000), { product_pricing_id: seats.id, aggregate: 2 }],
        discounts: [
          { name: '10% off', type: 'DISCOUNT_PERCENT', percent: 0.1, cap: usd(150) },
          { name: 'Welcome', type: 'DISCOUNT_AMOUNT', amount: usd(200) },
        ],
      }).expect(201);
      const inv = await invoiceOf(a, res.body[0]);
      // 3000 − 200 = 2800; 10 % = 280, capped at 150 → 2650
      expect(inv).toMatchObject({ sub_total: usd(3000), discount_total: usd(350), total: usd(2650), due: usd(2650) });
      expect(
        inv.items
          .filter((l: any) => l.kind === 'DISCOUNT')
          .map((l: any) => l.amount.value_in_cents)
          .sort((x: number, y: number) => x - y),
      ).toEqual([-200, -150]);
    });

    it('applies a pricing-scoped discount to that pricing only, and never below zero', async () => {
      const res = await post(a, {
        onetime_items: [custom(1000), { product_pricing_id: seats.id }],
        discounts: [{ name: 'Free setup', type: 'DISCOUNT_AMOUNT', amount: usd(5000), product_pricing_id: seats.id }],
      }).expect(201);
      expect((await invoiceOf(a, res.body[0])).total).toEqual(usd(1000));
    });

    it('makes an invoice with nothing to pay PAID at once', async () => {
      const res = await post(a, { onetime_items: [custom(0)] }).expect(201);
      expect(await invoiceOf(a, res.body[0])).toMatchObject({ status: 'PAID', total: usd(0), due: usd(0), paid_date: T0.toISOString() });
    });

    it('accepts the customer identifier and takes the currency of the request (EUR)', async () => {
      const res = await a
        .post('/one_times', {
          customer_id: 'grace',
          type: 'IMMEDIATE',
          onetime_items: [{ product_pricing_id: euro.id }, custom(5, { custom_price: { amount: { currency: 'EUR', value_in_cents: 5 } } })],
        })
        .expect(201);
      expect(res.body[0].customer_id).toBe(cust.id);
      expect(res.body[1].custom_price.amount).toEqual({ currency: 'EUR', value_in_cents: 5 });
      expect((await invoiceOf(a, res.body[0])).total).toEqual({ currency: 'EUR', value_in_cents: 1005 });
    });
  });

  describe('NEXT', () => {
    it('stores the one-times PENDING for the next invoice, and writes no invoice', async () => {
      const other = (await a.post('/customers', { name: 'Next customer' }).expect(201)).body;
      const res = await a
        .post('/one_times', { customer_id: other.id, type: 'NEXT', onetime_items: [custom(700), { product_pricing_id: seats.id }] })
        .expect(201);
      expect(res.body.map((o: any) => [o.state, o.type, o.invoice_id, o.invoice_uuid])).toEqual([
        ['PENDING', 'NEXT', null, null],
        ['PENDING', 'NEXT', null, null],
      ]);
      expect(res.body[1].product_pricing.id).toBe(seats.id);
      expect((await a.post('/invoices/find', { query: { customer_id: other.id } }).expect(200)).body.results).toEqual([]);
    });
  });

  describe('validation', () => {
    it.each(
      (
        [
          [{ customer_id: undefined }, 'customer_id'],
          [{ type: 'LATER' }, 'type'],
          [{ onetime_items: undefined }, 'onetime_items'],
          [{ onetime_items: [] }, 'onetime_items'],
          [{ onetime_items: Array.from({ length: 101 }, () => custom(1)) }, 'onetime_items'],
          [{ onetime_items: [{ aggregate: 2 }] }, 'onetime_items[0].product_pricing_id'],
          [{ onetime_items: [custom(1), custom(1, { aggregate: 0 })] }, 'onetime_items[1].aggregate'],
          [{ onetime_items: [custom(1, { aggregate: -1 })] }, 'onetime_items[0].aggregate'],
          [{ onetime_items: [{ custom_price: { amount: usd(1.5) } }] }, 'onetime_items[0].custom_price.amount.value_in_cents'],
          [{ onetime_items: [{ custom_price: { description: 'no amount' } }] }, 'onetime_items[0].custom_price.amount'],
          [{ onetime_items: [custom(1)], invoice_due_date_from_creation: -1 }, 'invoice_due_date_from_creation'],
          [{ onetime_items: [custom(1)], invoice_date: 'tomorrow' }, 'invoice_date'],
          [{ onetime_items: [custom(1)], discounts: [{ name: 'x', type: 'DISCOUNT_AMOUNT' }] }, 'discounts[0].amount'],
          [
            {
              onetime_items: [custom(1)],
              discounts: [{ name: 'x', type: 'DISCOUNT_PERCENT', percent: 0.1, product_pricing_id: 'pp_01hzzzzzzzzzzzzzzzzzzzzzzz' }],
            },
            'discounts[0].product_pricing_id',
          ],
          [{ onetime_items: [custom(1)], colour: 'red' }, 'colour'],
        ] as [Record<string, unknown>, string][]
      ).map(([over, field]) => [field, over] as const),
    )('names %s in a 400 validation_error', async (field, over) => {
      const res = await post(a, { onetime_items: [custom(100)], ...over });
      expect(expectError(res, 400, 'validation_error').validation_errors).toHaveProperty([field]);
    });

    it('rejects mixed currencies with a 400 request_error', async () => {
      const res = await post(a, { onetime_items: [{ product_pricing_id: seats.id }, { product_pricing_id: euro.id }] });
      expect(expectError(res, 400, 'request_error', 'currency_mismatch').validation_errors).toHaveProperty([
        'onetime_items[1].product_pricing_id',
      ]);
      const res2 = await post(a, {
        onetime_items: [custom(1)],
        discounts: [{ name: 'x', type: 'DISCOUNT_AMOUNT', amount: { currency: 'EUR', value_in_cents: 1 } }],
      });
      expectError(res2, 400, 'request_error', 'currency_mismatch');
    });

    it('answers 404 naming the field for an unknown customer, pricing or product', async () => {
      const r1 = await post(a, { customer_id: 'cus_01hzzzzzzzzzzzzzzzzzzzzzzz', onetime_items: [custom(1)] });
      expect(expectError(r1, 404, 'request_error', 'not_found').validation_errors).toHaveProperty(['customer_id']);
      const r2 = await post(a, { onetime_items: [custom(1), { product_pricing_id: 'pp_01hzzzzzzzzzzzzzzzzzzzzzzz' }] });
      expect(expectError(r2, 404, 'request_error', 'not_found').validation_errors).toHaveProperty(['onetime_items[1].product_pricing_id']);
      const r3 = await post(a, { onetime_items: [{ custom_price: { amount: usd(1), product_id: 'prod_01hzzzzzzzzzzzzzzzzzzzzzzz' } }] });
      expect(expectError(r3, 404, 'request_error', 'not_found').validation_errors).toHaveProperty([
        'onetime_items[0].custom_price.product_id',
      ]);
    });

    it('rejects an archived pricing', async () => {
      const old = await createPricing(a, fixedPricing(product.id, { name: 'Old', type: 'ONETIME' }));
      await a.patch(`/pricing/${old.id}`, { state: 'ARCHIVED' }).expect(200);
      const res = await post(a, { onetime_items: [{ product_pricing_id: old.id }] });
      expect(expectError(res, 400, 'validation_error').validation_errors).toHaveProperty(['onetime_items[0].product_pricing_id']);
    });

    it('writes nothing when the request is refused', async () => {
      const other = (await a.post('/customers', {}).expect(201)).body;
      await post(a, { customer_id: other.id, onetime_items: [custom(1), { product_pricing_id: 'pp_01hzzzzzzzzzzzzzzzzzzzzzzz' }] }).expect(
        404,
      );
      expect((await a.post('/one_times/find', { query: { customer_id: other.id } }).expect(200)).body.results).toEqual([]);
      expect((await a.post('/invoices/find', { query: { customer_id: other.id } }).expect(200)).body.results).toEqual([]);
    });
  });

  describe('POST /one_times/find', () => {
    let c: Tenant;
    let c1: Record<string, any>;
    let c2: Record<string, any>;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      c = await t.tenant('find');
      c1 = (await c.post('/customers', {}).expect(201)).body;
      c2 = (await c.post('/customers', {}).expect(201)).body;
      const make = async (key: string, customerId: string, type: string, step: number) => {
        clock.set(new Date(T0.getTime() + step * 1000));
        const res = await c.post('/one_times', { customer_id: customerId, type, onetime_items: [custom(100)] }).expect(201);
        ids[key] = res.body[0].id;
      };
      await make('n1', c1.id, 'NEXT', 1);
      await make('i1', c1.id, 'IMMEDIATE', 2);
      await make('n2', c2.id, 'NEXT', 3);
      await make('i2', c2.id, 'IMMEDIATE', 4);
      clock.set(T0);
    });

    const find = async (body: Record<string, unknown>) =>
      (await c.post('/one_times/find', body).expect(200)).body.results.map((r: any) => r.id);

    it('finds by customer, state and type (case-insensitively), newest first by default', async () => {
      expect(await find({})).toEqual([ids.i2, ids.n2, ids.i1, ids.n1]);
      expect(await find({ query: { customer_id: c1.id } })).toEqual([ids.i1, ids.n1]);
      expect(await find({ query: { state: 'pending' } })).toEqual([ids.n2, ids.n1]);
      expect(await find({ query: { state: 'INVOICED' } })).toEqual([ids.i2, ids.i1]);
      expect(await find({ query: { type: 'next', customer_id: c2.id } })).toEqual([ids.n2]);
    });

    it('returns the spec shape and pages with every base sort key', async () => {
      const res = (await c.post('/one_times/find', { pagination: { limit: 3 }, include_meta: true, sort_key: 'createdAtAsc' }).expect(200))
        .body;
      expect(res.pagination).toEqual({ from_key: expect.any(String), limit: 3, total: 4 });
      expect(res.results.map((r: any) => r.id)).toEqual([ids.n1, ids.i1, ids.n2]);
      expect(res.results[1]).toMatchObject({
        id: ids.i1,
        state: 'INVOICED',
        type: 'IMMEDIATE',
        invoice_uuid: expect.any(String),
        aggregate: 1,
      });
      const next = (
        await c
          .post('/one_times/find', { pagination: { limit: 3, from_key: res.pagination.from_key }, sort_key: 'createdAtAsc' })
          .expect(200)
      ).body;
      expect(next.results.map((r: any) => r.id)).toEqual([ids.i2]);
      expect(next.pagination.from_key).toBeNull();
      expect(await find({ sort_key: 'updatedAtAsc' })).toEqual([ids.n1, ids.i1, ids.n2, ids.i2]);
      expect(await find({ sort_key: 'updatedAtDesc' })).toEqual([ids.i2, ids.n2, ids.i1, ids.n1]);
    });

    it('rejects an unknown sort key or filter', async () => {
      expectError(await c.post('/one_times/find', { sort_key: 'amountDesc' }), 400, 'validation_error');
      expectError(await c.post('/one_times/find', { query: { invoice_id: 'x' } }), 400, 'validation_error');
    });
  });

  describe('tenancy', () => {
    it("company B can neither use A's customers or pricings nor see A's one-times", async () => {
      const mine = await post(a, { onetime_items: [custom(100)] }).expect(201);
      const r1 = await b.post('/one_times', { customer_id: cust.id, type: 'IMMEDIATE', onetime_items: [custom(100)] });
      expectError(r1, 404, 'request_error', 'not_found');
      const bCust = (await b.post('/customers', {}).expect(201)).body;
      const r2 = await b.post('/one_times', { customer_id: bCust.id, type: 'NEXT', onetime_items: [{ product_pricing_id: seats.id }] });
      expectError(r2, 404, 'request_error', 'not_found');
      expect((await b.post('/one_times/find', { query: { customer_id: cust.id } }).expect(200)).body.results).toEqual([]);
      expect((await b.post('/one_times/find', {}).expect(200)).body.results).toEqual([]);
      expectError(await b.get(`/invoices/${mine.body[0].invoice_uuid}`), 404, 'request_error', 'not_found');
      const asB = (r: request.Test) => r.set('Authorization', `Bearer ${b.token}`);
      expectError(
        await asB(
          request(t.http)
            .post(`${a.base}/one_times`)
            .send({ customer_id: cust.id, type: 'NEXT', onetime_items: [custom(1)] }),
        ),
        403,
        'auth_error',
      );
      expectError(await asB(request(t.http).post(`${a.base}/one_times/find`).send({})), 403, 'auth_error');
    });
  });
});
