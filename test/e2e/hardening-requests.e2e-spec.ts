import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { AutoChargeService } from '../../src/payments/auto-charge.service';

/**
 * What a request's body may be, and what the service answers when it is not: JSON only on the
 * API (415 otherwise, nothing runs), read only once the token is known, forms only on the
 * hosted pages (whose errors are HTML pages whatever refused them), validation messages that
 * say what is wrong, and names free of invisible characters.
 */
describe('hardening: request bodies', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const clock = new FixedClock(new Date('2027-01-15T12:00:00.000Z'));
  let customer: any;
  let seats: any;

  const raw = (method: 'post' | 'patch', path: string) =>
    request(t.http)
      [method](a.base + path)
      .set('Authorization', `Bearer ${a.token}`);
  const customerCount = async () => (await a.post('/customers/find', { include_meta: true }).expect(200)).body.pagination.total as number;
  const field = (res: request.Response, name: string) => {
    const body = expectError(res, 400, 'validation_error');
    expect(Object.keys(body.validation_errors ?? {})).toContain(name);
    return body.validation_errors![name];
  };

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('Requests');
    b = await t.tenant('Other');
    customer = (await a.post('/customers', { name: 'Body', email: 'body@example.com' }).expect(201)).body;
    const product = (await a.post('/products', { name: 'Platform' }).expect(200)).body;
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

  describe('API bodies are JSON', () => {
    it('refuses a text/plain body with 415 before anything runs (a refund of an unknown payment is not even looked up)', async () => {
      const res = await raw('post', '/payments/transactions/txn_01jzzzzzzzzzzzzzzzzzzzzzzz/refund')
        .set('Content-Type', 'text/plain')
        .send(JSON.stringify({ amount: { value_in_cents: 100, currency: 'USD' } }));
      expectError(res, 415, 'request_error', 'unsupported_media_type');
    });

    it('a partial refund of a real 50.00 card payment sent as text/plain refunds nothing; sent as JSON it refunds 1.00', async () => {
      const payer = (await a.post('/customers', { name: 'Payer' }).expect(201)).body;
      await a.post(`/customers/${payer.id}/payment_methods`, { token: 'tok_visa' }).expect(200);
      const [charge] = (
        await a
          .post('/one_times', {
            customer_id: payer.id,
            type: 'IMMEDIATE',
            auto_charges: true,
            onetime_items: [{ custom_price: { amount: { currency: 'USD', value_in_cents: 5000 }, description: 'Work' } }],
          })
          .expect(201)
      ).body;
      await t.app.get(AutoChargeService).settle();
      const paymentOf = async () =>
        (
          await a
            .post('/payments/transactions/find', {
              pagination: { limit: 10 },
              query: { invoice_uuid: charge.invoice_uuid, transaction_type: 'PAYMENT' },
            })
            .expect(200)
        ).body.results[0];
      const payment = await paymentOf();
      expect(payment).toMatchObject({ status: 'SUCCEEDED', refundable_amount: { value_in_cents: 5000 } });
      const partial = JSON.stringify({ amount: { value_in_cents: 100, currency: 'USD' } });
      const plain = await raw('post', `/payments/transactions/${payment.id}/refund`).set('Content-Type', 'text/plain').send(partial);
      expectError(plain, 415, 'request_error', 'unsupported_media_type');
      expect((await paymentOf()).refundable_amount.value_in_cents).toBe(5000);
      await raw('post', `/payments/transactions/${payment.id}/refund`).set('Content-Type', 'application/json').send(partial).expect(200);
      expect((await paymentOf()).refundable_amount.value_in_cents).toBe(4900);
    });

    it('a cancellation sent as text/plain is refused and the subscription stays as it was', async () => {
      const sub = (await a.post('/subscriptions', { customer_id: customer.id, product_pricing_ids: [seats.id] }).expect(200)).body;
      const res = await raw('post', `/subscriptions/${sub.id}/cancel`).set('Content-Type', 'text/plain').send('{"timing":"PERIOD_END"}');
      expectError(res, 415, 'request_error', 'unsupported_media_type');
      const after = (await a.get(`/subscriptions/${sub.id}`).expect(200)).body;
      expect(after.status).toBe(sub.status);
      expect(after.canceled_at ?? null).toBeNull();
    });

    it('a body without a Content-Type creates nothing (415); neither does a form', async () => {
      const before = await customerCount();
      const untyped = raw('post', '/customers');
      untyped.unset('Content-Type');
      expectError(await untyped.send(Buffer.from('{"name":"Untyped"}')), 415, 'request_error', 'unsupported_media_type');
      expectError(await raw('post', '/customers').type('form').send({ name: 'Form' }), 415, 'request_error', 'unsupported_media_type');
      expect(await customerCount()).toBe(before);
    });

    it('refuses another charset (415) and an unknown Content-Encoding (415), and answers bad gzip with 400, never 500', async () => {
      const latin = await raw('post', '/customers').set('Content-Type', 'application/json; charset=latin1').send('{"name":"L"}');
      expectError(latin, 415, 'request_error', 'unsupported_media_type');
      const utf16 = await raw('post', '/customers').set('Content-Type', 'application/json; charset=utf-16').send('{"name":"L"}');
      expectError(utf16, 415, 'request_error', 'unsupported_media_type');
      const unknown = await raw('post', '/customers')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'x-zip')
        .send('{"name":"Z"}');
      expectError(unknown, 415, 'request_error', 'unsupported_media_type');
      const broken = await raw('post', '/customers')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'gzip')
        .serialize((x: unknown) => x as string)
        .send(Buffer.from('not gzip at all'));
      expectError(broken, 400, 'request_error');
      // a well-formed gzip body and an explicit UTF-8 charset are fine
      const gz = await raw('post', '/customers')
        .set('Content-Type', 'application/json; charset=UTF-8')
        .set('Content-Encoding', 'gzip')
        .serialize((x: unknown) => x as string) // the bytes as they are (superagent would JSON-encode a Buffer)
        .send(gzipSync(Buffer.from('{"name":"Zipped"}')));
      expect(gz.status).toBe(201);
      expect(gz.body.name).toBe('Zipped');
    });

    it('takes application/*+json (merge-patch) as JSON', async () => {
      const res = await raw('patch', `/customers/${customer.id}`)
        .set('Content-Type', 'application/merge-patch+json')
        .send('{"title":"CFO"}');
      expect(res.status).toBe(200);
      expect(res.body.title).toBe('CFO');
    });

    it('a route that needs a body and gets none is a 400 missing_body naming the required fields; an all-optional action takes its defaults', async () => {
      const res = await raw('post', '/checkout');
      const body = expectError(res, 400, 'validation_error', 'missing_body');
      expect(body.validation_errors).toMatchObject({ customer_id: 'is required' });
      // an empty JSON body is no body either
      const empty = await raw('post', '/checkout').set('Content-Type', 'application/json').set('Content-Length', '0');
      expectError(empty, 400, 'validation_error', 'missing_body');
      // the body of undo_cancel is all optional: no body at all is its defaults (here: not cancelled)
      const sub = (await a.post('/subscriptions', { customer_id: customer.id, product_pricing_ids: [seats.id] }).expect(200)).body;
      const undo = await raw('post', `/subscriptions/${sub.id}/undo_cancel`);
      expect([200, 409]).toContain(undo.status);
    });
  });

  describe('the body is read only once the token is known', () => {
    it('an unauthenticated request is a 401 whatever its body (a malformed or non-JSON body is not parsed)', async () => {
      const broken = await request(t.http).post(`${a.base}/customers`).set('Content-Type', 'application/json').send('{"name": ');
      expectError(broken, 401, 'auth_error');
      const bad = await request(t.http)
        .post(`${a.base}/customers`)
        .set('Authorization', 'Bearer tally_sk_nope')
        .set('Content-Type', 'application/json')
        .send('{"name": ');
      expectError(bad, 401, 'auth_error');
      const text = await request(t.http).post(`${a.base}/customers`).set('Content-Type', 'text/plain').send('hello');
      expectError(text, 401, 'auth_error');
    });

    it("another company's token is a 403 without its body being parsed", async () => {
      const res = await request(t.http)
        .post(`${a.base}/customers`)
        .set('Authorization', `Bearer ${b.token}`)
        .set('Content-Type', 'application/json')
        .send('{"name": ');
      expectError(res, 403, 'auth_error');
    });

    it('a body nested deeper than the bound is refused before it is parsed, naming the path', async () => {
      const depth = 100_000;
      const text = `{"query":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;
      const res = await raw('post', '/customers/find').set('Content-Type', 'application/json').send(text);
      const body = expectError(res, 400, 'validation_error');
      expect(Object.keys(body.validation_errors!)[0]).toMatch(/^query(\.a){31}$/);
      const arrays = await raw('post', '/customers/find')
        .set('Content-Type', 'application/json')
        .send(`{"query":{"x":[0,${'['.repeat(depth)}${']'.repeat(depth)}]}}`);
      expect(Object.keys(expectError(arrays, 400, 'validation_error').validation_errors!)[0]).toMatch(/^query\.x\[1\](\[0\])+$/);
    });
  });

  describe('hosted pages answer HTML', () => {
    const expectHtml = (res: request.Response, status: number) => {
      expect(res.status).toBe(status);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.text).toMatch(/^<!doctype html>/);
      expect(res.text).not.toContain('error_type');
    };

    it('a path that does not decode is an HTML 400 on every hosted page', async () => {
      for (const page of ['/checkout/pay/', '/contracts/sign/', '/invoices/pay/', '/portal/', '/usage/']) {
        expectHtml(await request(t.http).get(`${page}%E0%A4%A`), 400);
      }
    });

    it('a body too large, not a form, malformed or of an unknown encoding is an HTML page', async () => {
      const path = '/checkout/pay/cmp_01jzzzzzzzzzzzzzzzzzzzzzzz_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx';
      expectHtml(
        await request(t.http)
          .post(path)
          .type('form')
          .send(`name=${'x'.repeat(1_100_000)}`),
        413,
      );
      expectHtml(await request(t.http).post(path).set('Content-Type', 'application/json').send('{"name":"x"}'), 415);
      expectHtml(await request(t.http).post('/portal/cmp_x').set('Content-Type', 'text/plain').send('x'), 415);
      expectHtml(await request(t.http).post(path).type('form').set('Content-Encoding', 'x-zip').send('name=x'), 415);
      expectHtml(await request(t.http).post(path).type('form').set('Content-Encoding', 'gzip').send('name=x'), 400);
    });
  });

  describe('validation messages say what is wrong', () => {
    it('a missing required field is "is required", whatever its other checks', async () => {
      const checkout = await a.post('/checkout', { type: 'CHECKOUT_SESSION', customer_id: customer.id, product_pricing_ids: [seats.id] });
      expect(field(checkout, 'config_items')).toBe('is required');
      expect(checkout.body.error_message).toBe('config_items is required');
      expect(field(await a.post('/webhooks', { events: ['invoice.created'] }), 'url')).toBe('is required');
      expect(field(await a.post('/webhooks', { url: null, events: ['invoice.created'] }), 'url')).toBe('must not be null');
    });

    it('a value of the wrong kind is told its kind before its range', async () => {
      expect(field(await a.post('/customers/find', { pagination: { limit: '10' } }), 'pagination.limit')).toBe('must be an integer number');
      expect(field(await a.post('/customers/find', { pagination: { limit: 1000 } }), 'pagination.limit')).toBe(
        'must not be greater than 100',
      );
      expect(field(await a.post('/webhooks', { url: 12, events: ['invoice.created'] }), 'url')).toBe('must be a string');
    });
  });

  describe('names a person reads', () => {
    it.each([
      ['a right-to-left override', 'Acme\u202Egnp.exe'],
      ['a zero-width space', 'Ac\u200Bme'],
      ['a zero-width joiner inside a Latin word', 'Ac\u200Dme'],
      ['a byte-order mark', 'Ac\uFEFFme'],
      ['a left-to-right isolate', 'Acme\u2066'],
    ])('refuses %s in a customer name, a product name, a pricing name and the company display name', async (_what, name) => {
      expect(field(await a.post('/customers', { name }), 'name')).toMatch(/invisible or text-direction/);
      expect(field(await a.patch(`/customers/${customer.id}`, { name }), 'name')).toMatch(/invisible or text-direction/);
      expect(field(await a.post('/products', { name }), 'name')).toMatch(/invisible or text-direction/);
      expect(field(await a.post('/products', { name: 'ok', external_name: name }), 'external_name')).toMatch(/invisible/);
      expect(field(await a.patch(`/pricing/${seats.id}`, { external_name: name }), 'external_name')).toMatch(/invisible/);
      expect(field(await a.patch('/settings', { display_name: name }), 'display_name')).toMatch(/invisible/);
    });

    it('keeps names that need a joiner (Persian, Devanagari, emoji sequences)', async () => {
      for (const name of [
        '\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645',
        '\u0915\u094D\u200D\u0937',
        'Team \u{1F469}\u200D\u{1F4BB}',
      ]) {
        const res = await a.post('/customers', { name }).expect(201);
        expect(res.body.name).toBe(name);
      }
    });
  });
});
