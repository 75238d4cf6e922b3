import request from 'supertest';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { MAX_MONEY_CENTS, MAX_TERM_COUNT } from '../../src/platform/validation/limits';

/** Hostile or careless input is a 400 in the documented shape, never a 500, and nothing is stored. */
describe('hardening: bad input is a 400', () => {
  let t: TestApp;
  let a: Tenant;
  const clock = new FixedClock(new Date('2027-01-15T12:00:00.000Z'));
  let customer: any;
  let product: any;
  let seats: any;

  const cursor = (parts: unknown[]) => Buffer.from(JSON.stringify(parts), 'utf8').toString('base64url');
  const field = (res: request.Response, name: string) => {
    const body = expectError(res, 400, 'validation_error');
    expect(Object.keys(body.validation_errors ?? {})).toContain(name);
    return body;
  };
  const subscriptionCount = async () =>
    (await a.post('/subscriptions/find', { query: { customer_id: customer.id }, include_meta: true }).expect(200)).body.pagination.total;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('Hardening');
    customer = (await a.post('/customers', { name: 'Hostile', email: 'hostile@example.com' }).expect(201)).body;
    product = (await a.post('/products', { name: 'Platform' }).expect(200)).body;
    seats = (
      await a
        .post('/pricing', {
          product_id: product.id,
          name: 'Seats',
          currency: 'USD',
          pricing_type: 'FIXED',
          fixed_price: { price_per_unit: 1000 },
          billing_frequency: { count: 1, frequency: 'MONTH' },
        })
        .expect(200)
    ).body;
  });
  afterAll(() => t.close());

  describe('search cursors', () => {
    it('refuses a forged cursor whose values do not fit the sort key (date, id)', async () => {
      for (const forged of [
        ['createdAtDesc', 'x', 'x'],
        ['createdAtDesc', 12, 'cus_x'],
        ['createdAtAsc', '2030-W05-1', 'cus_x'],
        ['createdAtDesc', '2027-01-01T00:00:00.000Z', 'a\u0000b'],
      ]) {
        const res = await a.post('/customers/find', { pagination: { from_key: cursor(forged) }, sort_key: forged[0] });
        field(res, 'pagination.from_key');
      }
    });

    it('refuses a forged numeric cursor on a numeric sort key', async () => {
      const res = await a.post('/payments/transactions/find', {
        pagination: { from_key: cursor(['totalAmountAsc', 'abc', 'txn_x']) },
        sort_key: 'totalAmountAsc',
      });
      field(res, 'pagination.from_key');
    });

    it('still follows a genuine cursor', async () => {
      await a.post('/customers', { name: 'Second', email: 'second@example.com' }).expect(201);
      const first = await a.post('/customers/find', { pagination: { limit: 1 } }).expect(200);
      expect(first.body.pagination.from_key).toEqual(expect.any(String));
      const next = await a.post('/customers/find', { pagination: { limit: 1, from_key: first.body.pagination.from_key } }).expect(200);
      expect(next.body.results).toHaveLength(1);
      expect(next.body.results[0].id).not.toBe(first.body.results[0].id);
    });
  });

  describe('dates', () => {
    it.each(['2030-W05-1', '2030-123', '2030-02-30', '0000-01-01', '2030-01-01T10:00:00', '2030-01-01T24:00:00Z', '20300101'])(
      'refuses %s in an invoice date filter and in a credit expiration_date',
      async (value) => {
        field(await a.post('/invoices/find', { query: { invoice_date: { gte: value } } }), 'query.invoice_date.gte');
        field(await a.post('/invoices/find', { query: { due_date: { lt: value } } }), 'query.due_date.lt');
        const credit = await a.post('/credits', {
          customer_id: customer.id,
          name: 'c',
          type: 'AMOUNT',
          amount: { currency: 'USD', value_in_cents: 100 },
          expiration_date: value,
        });
        field(credit, 'expiration_date');
      },
    );

    it('accepts the documented forms', async () => {
      for (const value of [
        '2030-01-05',
        '2030-01-05T10:00Z',
        '2030-01-05T10:00:00Z',
        '2030-01-05T10:00:00.123Z',
        '2030-01-05T10:00:00+02:00',
        '2028-02-29',
      ]) {
        await a.post('/invoices/find', { query: { invoice_date: { gte: value } } }).expect(200);
      }
      const credit = await a
        .post('/credits', {
          customer_id: customer.id,
          name: 'c',
          type: 'AMOUNT',
          amount: { currency: 'USD', value_in_cents: 100 },
          expiration_date: '2030-01-05T10:00:00+02:00',
        })
        .expect(201);
      expect(credit.body.expiration_date).toBe('2030-01-05T08:00:00.000Z');
    });
  });

  describe('NUL characters', () => {
    it('refuses a NUL in any string of a body, naming the field, and stores nothing', async () => {
      const res = await a.post('/customers', { name: 'nul\u0000name', email: 'nul@example.com' });
      const body = field(res, 'name');
      expect(body.error_message).toContain('NUL');
      field(
        await a.post('/entitlements', { key: 'k', name: 'n', type: 'BOOL', aggregator_type: 'OR', metadata: { deep: [{ x: 'a\u0000' }] } }),
        'metadata.deep[0].x',
      );
      field(await a.patch(`/customers/${customer.id}`, { metadata: { 'k\u0000': 1 } }), 'metadata.k\\u0000');
      const found = await a.post('/customers/find', { query: { search: 'nul' }, include_meta: true }).expect(200);
      expect(found.body.pagination.total).toBe(0);
    });

    it('refuses a lone surrogate and nesting deeper than 32 levels, naming the field', async () => {
      field(await a.post('/customers', { name: 'x\ud800y', email: 'surrogate@example.com' }), 'name');
      field(await a.patch(`/customers/${customer.id}`, { metadata: { note: '\udfff' } }), 'metadata.note');
      let deep: unknown = 1;
      for (let i = 0; i < 2000; i++) deep = { a: deep };
      const res = await a.post('/customers/find', { query: deep });
      const body = expectError(res, 400, 'validation_error');
      expect(Object.keys(body.validation_errors!)[0]).toMatch(/^query(\.a)+$/);
      let ok: unknown = 1;
      for (let i = 0; i < 20; i++) ok = { a: ok };
      const kept = await a.patch(`/customers/${customer.id}`, { metadata: { ok } }).expect(200);
      expect(JSON.stringify(kept.body.metadata.ok)).toBe(JSON.stringify(ok));
    });

    it('refuses a NUL in a path parameter or a search filter', async () => {
      field(await a.get('/customers/abc%00def'), 'customer_id');
      field(await a.post('/customers/find', { query: { search: 'x\u0000' } }), 'query.search');
    });
  });

  describe('bounds', () => {
    it(`bounds term.count at ${MAX_TERM_COUNT}`, async () => {
      const res = await a.post('/subscriptions', {
        customer_id: customer.id,
        product_pricing_ids: [seats.id],
        term: { count: 1e9, frequency: 'MONTH' },
      });
      field(res, 'term.count');
      field(
        await a.post('/subscriptions', {
          customer_id: customer.id,
          product_pricing_ids: [seats.id],
          term: { count: MAX_TERM_COUNT + 1, frequency: 'MONTH' },
        }),
        'term.count',
      );
      expect(await subscriptionCount()).toBe(0);
    });

    it(`bounds every money amount at ${MAX_MONEY_CENTS} cents`, async () => {
      const onetime = (cents: number) => ({
        customer_id: customer.id,
        product_pricing_ids: [seats.id],
        onetime_items: [{ custom_price: { amount: { currency: 'USD', value_in_cents: cents } } }],
      });
      field(await a.post('/subscriptions', onetime(1e20)), 'onetime_items[0].custom_price.amount.value_in_cents');
      field(await a.post('/subscriptions', onetime(MAX_MONEY_CENTS + 1)), 'onetime_items[0].custom_price.amount.value_in_cents');
      field(
        await a.post('/one_times', {
          customer_id: customer.id,
          type: 'NEXT',
          onetime_items: [{ custom_price: { amount: { value_in_cents: 1e20 } } }],
        }),
        'onetime_items[0].custom_price.amount.value_in_cents',
      );
      field(
        await a.post('/credits', {
          customer_id: customer.id,
          name: 'c',
          type: 'AMOUNT',
          amount: { currency: 'USD', value_in_cents: 1e15 },
        }),
        'amount.value_in_cents',
      );
      const price = await a.post('/pricing', {
        product_id: product.id,
        name: 'Huge',
        currency: 'USD',
        pricing_type: 'FIXED',
        fixed_price: { price_per_unit: '99999999999999' },
      });
      field(price, 'fixed_price.price_per_unit');
      expect(await subscriptionCount()).toBe(0);
    });
  });

  describe('amounts a write derives', () => {
    it('refuses a subscription whose MRR would pass the maximum, and the customer stays readable', async () => {
      const big = (
        await a
          .post('/pricing', {
            product_id: product.id,
            name: 'Big seat',
            currency: 'USD',
            pricing_type: 'FIXED',
            fixed_price: { price_per_unit: MAX_MONEY_CENTS },
            billing_frequency: { count: 1, frequency: 'MONTH' },
          })
          .expect(200)
      ).body;
      const [pmp] = big.product_metric_pricings ?? [];
      const config = pmp
        ? [{ product_metric_pricing_id: pmp.id, num_licenses: 10_000 }]
        : [{ product_pricing_id: big.id, num_licenses: 10_000 }];
      const res = await a.post('/subscriptions', { customer_id: customer.id, product_pricing_ids: [big.id], config_items: config });
      expectError(res, 400, 'validation_error', 'amount_out_of_range');
      expect(await subscriptionCount()).toBe(0);
      await a.get(`/customers/${customer.id}`).expect(200);

      // one licence is fine; a change or a one-time item that would pass the maximum is not
      const sub = (await a.post('/subscriptions', { customer_id: customer.id, product_pricing_ids: [big.id] }).expect(200)).body;
      expect(sub.mrr.value_in_cents).toBe(MAX_MONEY_CENTS);
      expect(sub.arr.value_in_cents).toBe(MAX_MONEY_CENTS * 12);
      expectError(
        await a.post(`/subscriptions/${sub.id}/change`, { config_items: config.map((c) => ({ ...c, num_licenses: 2 })) }),
        400,
        'validation_error',
        'amount_out_of_range',
      );
      const second = await a.post('/subscriptions', { customer_id: customer.id, product_pricing_ids: [big.id] });
      expectError(second, 400, 'validation_error', 'amount_out_of_range');
      const item = { custom_price: { amount: { currency: 'USD', value_in_cents: MAX_MONEY_CENTS } }, aggregate: 2 };
      expectError(
        await a.post(`/subscriptions/${sub.id}/change`, { onetime_items: [item] }),
        400,
        'validation_error',
        'amount_out_of_range',
      );
      expectError(
        await a.post('/one_times', { customer_id: customer.id, type: 'NEXT', onetime_items: [item] }),
        400,
        'validation_error',
        'amount_out_of_range',
      );

      const read = await a.get(`/subscriptions/${sub.id}`).expect(200);
      expect(read.body.mrr.value_in_cents).toBe(MAX_MONEY_CENTS);
      expect((await a.get(`/customers/${customer.id}`).expect(200)).body.arr.value_in_cents).toBe(MAX_MONEY_CENTS * 12);
      expect(await subscriptionCount()).toBe(1);
    });
  });
});
