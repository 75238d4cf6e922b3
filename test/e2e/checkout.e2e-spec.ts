import request from 'supertest';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { expectBooksBalanced } from '../support/audit';
import { createPricing, createProduct, ISO, createCustomer, seatPricing5800 } from '../support/fixtures';

/** A monthly seat price of 58.00 USD per licence (these tests' plan), on the shared fixedPricing. */
const LINK = /^https?:\/\/[^/]+\/checkout\/pay\/(cmp_[0-9a-z]{26}_[A-Za-z0-9_-]{43})$/;
const NOW = '2027-03-01T12:00:00.000Z';
const DAY = 86_400_000;

const RECORD_KEYS = [
  'acv',
  'auto_charges',
  'auto_renews',
  'bundle_pricing',
  'bundle_pricing_id',
  'change_proration_type',
  'change_reset_billing_anchor',
  'change_timing',
  'company_id',
  'completed_at',
  'config_items',
  'created_at',
  'currency',
  'customer',
  'customer_id',
  'discounts',
  'expires_at',
  'id',
  'invoice_id',
  'metadata',
  'onetime_items',
  'options',
  'previous_subscription_id',
  'product_pricing_ids',
  'product_pricings',
  'status',
  'subscription_id',
  'term',
  'totals',
  'trial',
  'trial_term',
  'type',
  'updated_at',
  'url',
].sort();

describe('checkout sessions', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const clock = new FixedClock(new Date(NOW));
  let seats: any; // $58.00 per seat a month
  let yearly: any; // $1,000.00 a year
  let setup: any; // one-time $250.00
  let eur: any;
  let bundle: any;
  let customer: any;

  const setNow = (iso: string) => clock.set(new Date(iso));
  const seatPmp = () => seats.product_metric_pricings[0].id;
  const base = (over: Record<string, unknown> = {}) => ({
    type: 'CHECKOUT_SESSION',
    customer_id: customer.id,
    product_pricing_ids: [seats.id],
    config_items: [{ product_metric_pricing_id: seatPmp(), num_licenses: 2 }],
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}, tenant: Tenant = a) => {
    const res = await tenant.post('/checkout', base(over));
    if (res.status !== 200) throw new Error(`POST /checkout ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: string; url: string };
  };
  const page = (link: string) => request(t.http).get(new URL(link).pathname);
  const submit = (link: string, form: Record<string, string>) => request(t.http).post(new URL(link).pathname).type('form').send(form);
  const goodForm = { name: 'Grace Hopper', email: 'grace@navy.test', payment_token: 'tok_visa' };
  const subscriptionsOf = async (customerId: string) =>
    (await a.post('/subscriptions/find', { query: { customer_id: customerId }, include_meta: true }).expect(200)).body;
  const invoicesOf = async (customerId: string) =>
    (await a.post('/invoices/find', { query: { customer_id: customerId }, include_meta: true }).expect(200)).body;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('Acme Billing');
    b = await t.tenant('Other Co');
    const product = await createProduct(a, { name: 'Platform' });
    seats = await createPricing(a, seatPricing5800(product.id));
    yearly = await createPricing(
      a,
      seatPricing5800(product.id, {
        name: 'Yearly',
        fixed_price: { price_per_unit: 100_000 },
        billing_frequency: { count: 1, frequency: 'YEAR' },
      }),
    );
    setup = await createPricing(
      a,
      seatPricing5800(product.id, {
        name: 'Setup',
        fixed_price: { price_per_unit: 25_000 },
        type: 'ONETIME',
        billing_frequency: { count: 1, frequency: 'ONETIME' },
      }),
    );
    eur = await createPricing(a, seatPricing5800(product.id, { name: 'Euro seats', currency: 'EUR' }));
    bundle = (
      await a.post('/bundles', {
        name: 'Starter',
        currency: 'USD',
        term: { count: 1, frequency: 'YEAR' },
        product_pricing_ids: [seats.id, yearly.id],
      })
    ).body;
    customer = await createCustomer(a);
  });
  afterAll(() => t.close());
  afterEach(() => expectBooksBalanced(t));
  beforeEach(() => setNow(NOW));

  describe('#10 create', () => {
    it('answers 200 with {id, url}: a chk_ id and an absolute, unguessable link', async () => {
      const res = await a.post('/checkout', base()).expect(200);
      expect(Object.keys(res.body).sort()).toEqual(['id', 'url']);
      expect(res.body.id).toMatch(/^chk_[0-9a-z]{26}$/);
      expect(res.body.url).toMatch(LINK);
      expect(LINK.exec(res.body.url)![1].startsWith(a.companyId)).toBe(true);
      const other = await create();
      expect(other.url).not.toBe(res.body.url);
    });

    it('accepts every optional field and returns them in #20', async () => {
      const { id, url } = await create({
        auto_charges: true,
        auto_renews: false,
        term: { count: 1, frequency: 'YEAR' },
        trial: true,
        trial_term: { count: 14, frequency: 'DAY' },
        discounts: [{ name: 'Launch', type: 'DISCOUNT_PERCENT', percent: 0.25, product_pricing_id: seats.id }],
        onetime_items: [{ product_pricing_id: setup.id, aggregate: 1 }],
        metadata: { deal: 'D-42' },
        options: {
          allow_promo_code: false,
          completion_action: 'REDIRECT',
          redirect_url: 'https://shop.example.com/thanks?x=1',
          requires_customer_address: true,
          confirmation_message: 'Thanks!',
        },
      });
      const body = (await a.get(`/checkout/${id}`).expect(200)).body;
      expect(Object.keys(body).sort()).toEqual(RECORD_KEYS);
      expect(body).toMatchObject({
        id,
        url,
        type: 'CHECKOUT_SESSION',
        company_id: a.companyId,
        status: 'OPEN',
        currency: 'USD',
        customer_id: customer.id,
        customer: { id: customer.id, name: customer.name, email: customer.email },
        // 2 seats × $58.00 × 12, 25 % off
        acv: { currency: 'USD', value_in_cents: 104_400 },
        auto_charges: true,
        auto_renews: false,
        bundle_pricing: null,
        bundle_pricing_id: null,
        product_pricing_ids: [seats.id],
        config_items: [{ product_metric_pricing_id: seatPmp(), product_pricing_id: seats.id, num_licenses: 2 }],
        term: { count: 1, frequency: 'YEAR' },
        trial: true,
        trial_term: { count: 14, frequency: 'DAY' },
        metadata: { deal: 'D-42' },
        options: {
          allow_promo_code: false,
          completion_action: 'REDIRECT',
          redirect_url: 'https://shop.example.com/thanks?x=1',
          requires_customer_address: true,
          confirmation_message: 'Thanks!',
        },
        previous_subscription_id: null,
        change_proration_type: null,
        change_timing: null,
        change_reset_billing_anchor: null,
        subscription_id: null,
        invoice_id: null,
        completed_at: null,
      });
      expect(body.product_pricings).toHaveLength(1);
      expect(body.product_pricings[0].id).toBe(seats.id);
      expect(body.discounts).toHaveLength(1);
      expect(body.discounts[0]).toMatchObject({ name: 'Launch', type: 'DISCOUNT_PERCENT', percent: 0.25 });
      expect(body.onetime_items).toHaveLength(1);
      expect(body.created_at).toBe(NOW);
      expect(body.updated_at).toMatch(ISO);
      expect(new Date(body.expires_at).getTime() - new Date(NOW).getTime()).toBe(DAY);
      expect(body.totals).not.toBeNull();
    });

    it('totals are the billing engine first invoice (2 seats + setup, no trial)', async () => {
      const { id } = await create({ onetime_items: [{ product_pricing_id: setup.id, aggregate: 1 }] });
      const body = (await a.get(`/checkout/${id}`).expect(200)).body;
      expect(body.totals).toEqual({
        sub_total: { currency: 'USD', value_in_cents: 2 * 5800 + 25_000 },
        discount: { currency: 'USD', value_in_cents: 0 },
        total: { currency: 'USD', value_in_cents: 2 * 5800 + 25_000 },
        invoice_date: NOW,
      });
      // creating the session changed nothing: no subscription, no invoice
      expect((await subscriptionsOf(customer.id)).pagination.total).toBe(0);
    });

    it('a bundle session expands bundle_pricing', async () => {
      const { id } = await create({ product_pricing_ids: undefined, bundle_pricing_id: bundle.id });
      const body = (await a.get(`/checkout/${id}`).expect(200)).body;
      expect(body.bundle_pricing_id).toBe(bundle.id);
      expect(body.bundle_pricing).toMatchObject({ id: bundle.id, name: 'Starter', default_term: { count: 1, frequency: 'YEAR' } });
      expect(body.product_pricing_ids).toEqual([seats.id, yearly.id]);
      expect(body.term).toEqual({ count: 1, frequency: 'YEAR' });
      // 2 × $58 × 12 + $1,000
      expect(body.acv).toEqual({ currency: 'USD', value_in_cents: 2 * 5800 * 12 + 100_000 });
    });

    describe('validation', () => {
      it.each([
        ['type missing', { type: undefined }, 'type'],
        ['type wrong', { type: 'SUBSCRIPTION' }, 'type'],
        ['customer_id missing', { customer_id: undefined }, 'customer_id'],
        ['config_items missing', { config_items: undefined }, 'config_items'],
        ['config_items not an array', { config_items: 'x' }, 'config_items'],
        ['num_licenses negative', { config_items: [{ product_metric_pricing_id: 'x', num_licenses: -1 }] }, 'config_items[0].num_licenses'],
        ['auto_charges not boolean', { auto_charges: 'yes' }, 'auto_charges'],
        ['auto_renews not boolean', { auto_renews: 1 }, 'auto_renews'],
        ['change_proration_type unknown', { change_proration_type: 'LATER' }, 'change_proration_type'],
        ['change_timing unknown', { change_timing: 'NOW' }, 'change_timing'],
        ['change_reset_billing_anchor not boolean', { change_reset_billing_anchor: 'no' }, 'change_reset_billing_anchor'],
        ['discount without name', { discounts: [{ type: 'DISCOUNT_AMOUNT' }] }, 'discounts[0].name'],
        ['discount type unknown', { discounts: [{ name: 'x', type: 'FREE' }] }, 'discounts[0].type'],
        ['metadata not an object', { metadata: 'x' }, 'metadata'],
        ['onetime aggregate negative', { onetime_items: [{ product_pricing_id: 'x', aggregate: -2 }] }, 'onetime_items[0].aggregate'],
        ['options not an object', { options: 'x' }, 'options'],
        ['completion_action unknown', { options: { completion_action: 'CLOSE' } }, 'options.completion_action'],
        ['requires_customer_address not boolean', { options: { requires_customer_address: 'y' } }, 'options.requires_customer_address'],
        ['product_pricing_ids empty', { product_pricing_ids: [] }, 'product_pricing_ids'],
        ['term count zero', { term: { count: 0, frequency: 'MONTH' } }, 'term.count'],
        ['term frequency unknown', { term: { count: 1, frequency: 'DECADE' } }, 'term.frequency'],
        ['trial not boolean', { trial: 'y' }, 'trial'],
        ['trial_term invalid', { trial_term: { count: 1 } }, 'trial_term.frequency'],
        ['unknown field', { colour: 'red' }, 'colour'],
      ])('%s → 400 naming %s', async (_label, over, path) => {
        const res = await a.post('/checkout', base(over as Record<string, unknown>));
        expectError(res, 400, 'validation_error');
        expect(Object.keys(res.body.validation_errors)).toContain(path);
      });

      it.each([
        ['redirect_url relative', { options: { redirect_url: '/thanks' } }, 'options.redirect_url'],
        ['redirect_url not http', { options: { redirect_url: 'javascript:alert(1)' } }, 'options.redirect_url'],
        ['REDIRECT without redirect_url', { options: { completion_action: 'REDIRECT' } }, 'options.redirect_url'],
        ['a promotion code asked for (Tally has none)', { options: { allow_promo_code: true } }, 'options.allow_promo_code'],
        ['both pricings and bundle', { bundle_pricing_id: 'bndl_x' }, 'bundle_pricing_id'],
        ['neither pricings nor bundle', { product_pricing_ids: null }, 'product_pricing_ids'],
        ['pricing listed twice', { product_pricing_ids: ['A', 'A'] }, 'product_pricing_ids[1]'],
        ['mixed currencies', { product_pricing_ids: ['SEATS', 'EUR'], config_items: [] }, 'product_pricing_ids[1]'],
        [
          'config item not in plan',
          { config_items: [{ product_metric_pricing_id: 'pmp_00000000000000000000000000', num_licenses: 1 }] },
          'config_items[0].product_metric_pricing_id',
        ],
        ['ONETIME term', { term: { count: 1, frequency: 'ONETIME' } }, 'term.frequency'],
        ['trial without trial_term', { trial: true }, 'trial_term'],
        ['discount percent missing', { discounts: [{ name: 'x', type: 'DISCOUNT_PERCENT' }] }, 'discounts[0].percent'],
        [
          'discount in another currency',
          { discounts: [{ name: 'x', type: 'DISCOUNT_AMOUNT', amount: { currency: 'EUR', value_in_cents: 100 } }] },
          'discounts[0].amount.currency',
        ],
      ])('%s → 400 naming %s', async (_label, over, path) => {
        const o = JSON.parse(
          JSON.stringify(over)
            .replace(/"SEATS"/g, `"${seats.id}"`)
            .replace(/"EUR"/g, `"${eur.id}"`)
            .replace(/"A"/g, `"${seats.id}"`),
        );
        const res = await a.post('/checkout', base(o));
        expectError(res, 400, 'validation_error');
        expect(Object.keys(res.body.validation_errors)).toContain(path);
      });

      it('records that do not exist are 404 naming the field', async () => {
        expectError(await a.post('/checkout', base({ customer_id: 'cus_00000000000000000000000000' })), 404, 'request_error', 'not_found');
        expectError(
          await a.post('/checkout', base({ product_pricing_ids: ['pp_00000000000000000000000000'], config_items: [] })),
          404,
          'request_error',
          'not_found',
        );
        expectError(
          await a.post(
            '/checkout',
            base({ product_pricing_ids: undefined, bundle_pricing_id: 'bndl_00000000000000000000000000', config_items: [] }),
          ),
          404,
          'request_error',
          'not_found',
        );
        expectError(
          await a.post('/checkout', base({ previous_subscription_id: 'subs_00000000000000000000000000' })),
          404,
          'request_error',
          'not_found',
        );
        expectError(
          await a.post('/checkout', base({ onetime_items: [{ product_pricing_id: 'pp_00000000000000000000000000' }] })),
          404,
          'request_error',
          'not_found',
        );
      });

      it('previous_subscription_id must be a live subscription of the same customer', async () => {
        const other = await createCustomer(a);
        const sub = (await a.post('/subscriptions', { customer_id: other.id, product_pricing_ids: [seats.id] }).expect(200)).body;
        const res = await a.post('/checkout', base({ previous_subscription_id: sub.id }));
        expectError(res, 400, 'validation_error');
        expect(res.body.validation_errors).toHaveProperty('previous_subscription_id');
        const ok = await a
          .post(
            '/checkout',
            base({
              customer_id: other.id,
              previous_subscription_id: sub.id,
              change_timing: 'IMMEDIATE',
              change_proration_type: 'NONE',
              change_reset_billing_anchor: true,
            }),
          )
          .expect(200);
        const body = (await a.get(`/checkout/${ok.body.id}`).expect(200)).body;
        expect(body).toMatchObject({
          previous_subscription_id: sub.id,
          change_timing: 'IMMEDIATE',
          change_proration_type: 'NONE',
          change_reset_billing_anchor: true,
        });
      });

      it('an archived customer cannot check out', async () => {
        const c = await createCustomer(a);
        await a.patch(`/customers/${c.id}`, { status: 'ARCHIVED' }).expect(200);
        expectError(await a.post('/checkout', base({ customer_id: c.id })), 400, 'request_error');
      });
    });
  });

  describe('#20 get and tenancy', () => {
    it('unknown or malformed ids are 404', async () => {
      expectError(await a.get('/checkout/chk_00000000000000000000000000'), 404, 'request_error', 'not_found');
      expectError(await a.get('/checkout/nope'), 404, 'request_error', 'not_found');
    });

    it("company B cannot read A's session nor create one for A's customer", async () => {
      const { id } = await create();
      expectError(await b.get(`/checkout/${id}`), 404, 'request_error', 'not_found');
      expectError(
        await request(t.http).get(`/api/v1/companies/${a.companyId}/checkout/${id}`).set('Authorization', `Bearer ${b.token}`),
        403,
        'auth_error',
      );
      expectError(await b.post('/checkout', base()), 404, 'request_error', 'not_found');
      expectError(
        await request(t.http).post(`/api/v1/companies/${a.companyId}/checkout`).set('Authorization', `Bearer ${b.token}`).send(base()),
        403,
        'auth_error',
      );
    });

    it('EXPIRED is derived from the clock after 24 hours', async () => {
      const { id, url } = await create();
      setNow(new Date(new Date(NOW).getTime() + DAY + 1000).toISOString());
      expect((await a.get(`/checkout/${id}`).expect(200)).body.status).toBe('EXPIRED');
      const p = await page(url).expect(410);
      expect(p.text).toContain('This checkout link has expired');
      expect(p.text).not.toContain('<form');
      const s = await submit(url, goodForm).expect(410);
      expect(s.text).toContain('expired');
      setNow(NOW);
      expect((await subscriptionsOf(customer.id)).pagination.total).toBe(0);
    });
  });

  describe('hosted page', () => {
    it('shows the plan, each price and the first invoice total from the engine, with accessible labels', async () => {
      const { url } = await create({
        onetime_items: [{ product_pricing_id: setup.id, aggregate: 1 }],
        options: { requires_customer_address: true },
      });
      const res = await page(url).expect(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      const html = res.text;
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('Seats');
      expect(html).toContain('Setup');
      expect(html).toContain('2 × $58.00');
      expect(html).toContain('$116.00');
      expect(html).toContain('$250.00');
      expect(html).toContain('$366.00'); // total of the first invoice
      expect(html).toContain('Due today');
      expect(html).toContain('1 month');
      expect(html).toContain('Renews automatically');
      for (const id of ['name', 'email', 'payment_token', 'address_line_1', 'city', 'zip', 'country']) {
        expect(html).toContain(`<label for="${id}">`);
        expect(html).toContain(`id="${id}"`);
      }
      expect(html).toContain('tok_visa');
      expect(html).toContain('tok_chargeDeclined');
      expect(html).toContain('tok_insufficientFunds');
      expect(html).not.toMatch(/<script/);
    });

    it('unknown tokens are 404 pages', async () => {
      const res = await request(t.http)
        .get(`/checkout/pay/${a.companyId}_${'x'.repeat(43)}`)
        .expect(404);
      expect(res.text).toContain('This checkout link is not valid');
      await request(t.http).get('/checkout/pay/garbage').expect(404);
    });

    it('an invalid form is re-rendered with errors, nothing changes', async () => {
      const c = await createCustomer(a);
      const { id, url } = await create({ customer_id: c.id, options: { requires_customer_address: true } });
      const res = await submit(url, { name: '', email: 'nope', payment_token: 'tok_fake', city: 'Paris' }).expect(400);
      expect(res.text).toContain('role="alert"');
      expect(res.text).toContain('Enter your full name.');
      expect(res.text).toContain('id="email-error"');
      expect(res.text).toContain('id="address_line_1-error"');
      expect(res.text).toContain('value="Paris"');
      expect((await a.get(`/checkout/${id}`).expect(200)).body.status).toBe('OPEN');
      expect((await subscriptionsOf(c.id)).pagination.total).toBe(0);
    });

    it('completes: customer updated, subscription started, first invoice generated and paid, confirmation shown', async () => {
      const c = await createCustomer(a);
      const { id, url } = await create({
        customer_id: c.id,
        auto_charges: true,
        options: { requires_customer_address: true, confirmation_message: 'Welcome aboard!' },
        metadata: { deal: 'D-1' },
      });
      const res = await submit(url, { ...goodForm, address_line_1: '1 Main St', city: 'Springfield', zip: '12345', country: 'us' }).expect(
        200,
      );
      expect(res.text).toContain('Welcome aboard!');
      expect(res.text).not.toContain('<form');

      const session = (await a.get(`/checkout/${id}`).expect(200)).body;
      expect(session).toMatchObject({ status: 'COMPLETED', completed_at: NOW });
      expect(session.subscription_id).toMatch(/^subs_/);
      expect(session.totals.total).toEqual({ currency: 'USD', value_in_cents: 11_600 });

      const subs = await subscriptionsOf(c.id);
      expect(subs.pagination.total).toBe(1);
      expect(subs.results[0]).toMatchObject({
        id: session.subscription_id,
        status: 'active',
        auto_charges: true,
        metadata: { deal: 'D-1', checkout_session_id: id },
      });
      const customerNow = (await a.get(`/customers/${c.id}`).expect(200)).body;
      expect(customerNow).toMatchObject({
        name: 'Grace Hopper',
        email: 'grace@navy.test',
        address: { address_line_1: '1 Main St', city: 'Springfield', zip: '12345', country: 'US' },
      });

      const invoices = await invoicesOf(c.id);
      expect(invoices.pagination.total).toBe(1);
      expect(invoices.results[0]).toMatchObject({
        subscription_id: session.subscription_id,
        status: 'PAID',
        total: { currency: 'USD', value_in_cents: 11_600 },
        due: { currency: 'USD', value_in_cents: 0 },
      });
      const txnRes = await a.post('/payments/transactions/find', { pagination: { limit: 10 }, query: { customer_id: c.id } });
      if (txnRes.status !== 200) throw new Error(JSON.stringify(txnRes.body));
      const txns = txnRes.body;
      expect(txns.results).toHaveLength(1);
      expect(txns.results[0]).toMatchObject({
        status: 'SUCCEEDED',
        transaction_type: 'PAYMENT',
        total_amount: { currency: 'USD', value_in_cents: 11_600 },
      });
      // charged through the payments module: the sandbox processor, with the card now on file
      expect(txns.results[0]).toMatchObject({ provider_type: 'SANDBOX', provider_transaction_id: expect.stringMatching(/^sbxch_/) });
      const cards = (await a.get(`/customers/${c.id}/payment_methods`).expect(200)).body;
      const list = Array.isArray(cards) ? cards : cards.results;
      expect(list).toEqual([expect.objectContaining({ type: 'card', brand: 'visa', last_4: '4242', default: true })]);
      expect((await a.get(`/subscriptions/${session.subscription_id}`).expect(200)).body.payment_method_id).toBe(list[0].id);

      // the link now shows a clear page and cannot complete twice
      const again = await page(url).expect(409);
      expect(again.text).toContain('already complete');
      await submit(url, goodForm).expect(409);
      expect((await subscriptionsOf(c.id)).pagination.total).toBe(1);
    });

    it('a trial session: nothing is due today, the subscription starts in trial, no invoice yet', async () => {
      const c = await createCustomer(a);
      const { id, url } = await create({ customer_id: c.id, trial: true, trial_term: { count: 14, frequency: 'DAY' } });
      const shown = await page(url).expect(200);
      expect(shown.text).toContain('Due on 15 March 2027');
      expect(shown.text).toContain('14 days');
      await submit(url, goodForm).expect(200);
      const session = (await a.get(`/checkout/${id}`).expect(200)).body;
      expect(session).toMatchObject({ status: 'COMPLETED', invoice_id: null });
      const sub = (await a.get(`/subscriptions/${session.subscription_id}`).expect(200)).body;
      expect(sub).toMatchObject({ trial: true, trial_conversion_date: '2027-03-15T12:00:00.000Z' });
      expect((await invoicesOf(c.id)).pagination.total).toBe(0);
    });

    it('redirects (303) to redirect_url', async () => {
      const c = await createCustomer(a);
      const { url } = await create({
        customer_id: c.id,
        options: { completion_action: 'REDIRECT', redirect_url: 'https://shop.example.com/thanks' },
      });
      const res = await submit(url, goodForm).expect(303);
      expect(res.headers.location).toBe('https://shop.example.com/thanks');
    });

    it('two concurrent submissions complete once: one subscription, one invoice', async () => {
      const c = await createCustomer(a);
      const { id, url } = await create({ customer_id: c.id });
      const [r1, r2] = await Promise.all([submit(url, goodForm), submit(url, goodForm)]);
      expect([r1.status, r2.status].sort()).toEqual([200, 409]);
      expect((await subscriptionsOf(c.id)).pagination.total).toBe(1);
      expect((await invoicesOf(c.id)).pagination.total).toBe(1);
      expect((await a.get(`/checkout/${id}`).expect(200)).body.status).toBe('COMPLETED');
    });

    it('with previous_subscription_id: the subscription changes plan (once), no new subscription', async () => {
      const c = await createCustomer(a);
      const sub = (await a.post('/subscriptions', { customer_id: c.id, product_pricing_ids: [seats.id] }).expect(200)).body;
      const { id, url } = await create({
        customer_id: c.id,
        product_pricing_ids: [yearly.id],
        config_items: [],
        previous_subscription_id: sub.id,
        change_timing: 'IMMEDIATE',
        change_proration_type: 'NONE',
      });
      const shown = await page(url).expect(200);
      expect(shown.text).toContain('changes the plan of your current subscription');
      const [r1, r2] = await Promise.all([submit(url, goodForm), submit(url, goodForm)]);
      expect([r1.status, r2.status].sort()).toEqual([200, 409]);
      expect((r1.status === 200 ? r1 : r2).text).toContain('Thank you, your plan is changed');
      expect((await a.get(`/checkout/${id}`).expect(200)).body).toMatchObject({
        status: 'COMPLETED',
        subscription_id: sub.id,
        completed_at: NOW,
      });
      const subs = await subscriptionsOf(c.id);
      expect(subs.pagination.total).toBe(1);
      expect(subs.results[0].product_pricing_ids).toEqual([yearly.id]);
      expect((await a.get(`/customers/${c.id}`).expect(200)).body.name).toBe('Grace Hopper');
    });

    it('a plan change that the subscription refuses leaves the session OPEN', async () => {
      const c = await createCustomer(a);
      const sub = (await a.post('/subscriptions', { customer_id: c.id, product_pricing_ids: [seats.id] }).expect(200)).body;
      const { id, url } = await create({
        customer_id: c.id,
        product_pricing_ids: [yearly.id],
        config_items: [],
        previous_subscription_id: sub.id,
      });
      await a.post(`/subscriptions/${sub.id}/cancel`, { timing: 'IMMEDIATE' }).expect(200);
      const res = await submit(url, goodForm).expect(402);
      expect(res.text).toContain('Your plan could not be changed');
      expect((await a.get(`/checkout/${id}`).expect(200)).body).toMatchObject({
        status: 'OPEN',
        subscription_id: null,
        completed_at: null,
      });
      expect((await a.get(`/subscriptions/${sub.id}`).expect(200)).body.product_pricing_ids).toEqual([seats.id]);
    });

    it.each([
      ['tok_chargeDeclined', 'Your card was declined.'],
      ['tok_insufficientFunds', 'Your card has insufficient funds.'],
    ])('a declined card (%s) re-renders the page with the message; the session stays OPEN and nothing changed', async (token, message) => {
      const c = await createCustomer(a, { name: 'Before' });
      const { id, url } = await create({ customer_id: c.id });
      const res = await submit(url, { ...goodForm, payment_token: token }).expect(402);
      expect(res.text).toContain(message);
      expect(res.text).toContain('<form');
      expect(res.text).toContain('value="Grace Hopper"');
      expect((await a.get(`/checkout/${id}`).expect(200)).body).toMatchObject({
        status: 'OPEN',
        subscription_id: null,
        completed_at: null,
      });
      expect((await subscriptionsOf(c.id)).pagination.total).toBe(0);
      expect((await invoicesOf(c.id)).pagination.total).toBe(0);
      expect((await a.get(`/customers/${c.id}`).expect(200)).body.name).toBe('Before');
      const cards = (await a.get(`/customers/${c.id}/payment_methods`).expect(200)).body;
      expect(Array.isArray(cards) ? cards : cards.results).toEqual([]);
      expect(
        (await a.post('/payments/transactions/find', { pagination: { limit: 10 }, query: { customer_id: c.id } }).expect(200)).body.results,
      ).toEqual([]);
      // a good card then completes it
      await submit(url, goodForm).expect(200);
      expect((await subscriptionsOf(c.id)).pagination.total).toBe(1);
    });
  });
});
