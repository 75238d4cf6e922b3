import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { createCustomer, createPricing, createProduct, fixedPricing, ok } from '../support/fixtures';
import { BillingRunService } from '../../src/invoicing/billing-engine/billing-run.service';

/**
 * Hosted-API request fields and answer shapes of subscriptions (issue 12): PATCH
 * invoice_payment_instructions / parent_billed / tags, a change's `currency`, extend with
 * `end_date: null`, and the answer of PATCH /customers/{id}/payment_methods/{pm}.
 */
const T0 = '2027-05-01T12:00:00.000Z';

describe('hosted-API fields: subscriptions and payment methods', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const clock = new FixedClock(new Date(T0));
  let seats: any; // 10.00 per seat, monthly
  let eurSeats: any; // the same in EUR

  const setNow = (iso: string) => clock.set(new Date(iso));
  const subscribe = async (body: Record<string, unknown>, tenant: Tenant = a) => ok(await tenant.post('/subscriptions', body));
  const monthly = async (over: Record<string, unknown> = {}) =>
    subscribe({ customer_id: (await createCustomer(a)).id, product_pricing_ids: [seats.id], ...over });
  const invoicesOf = async (subId: string) =>
    (await ok(await a.post('/invoices/find', { query: { subscription_id: subId }, sort_key: 'createdAtAsc' }))).results;
  const bill = (iso: string) => t.app.get(BillingRunService).run(new Date(iso), { companyIds: [a.companyId] });

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('A');
    b = await t.tenant('B');
    const product = await createProduct(a, { name: 'Compat subscriptions' });
    seats = await createPricing(a, fixedPricing(product.id, { name: 'Seats', billing_frequency: { count: 1, frequency: 'MONTH' } }));
    eurSeats = await createPricing(
      a,
      fixedPricing(product.id, { name: 'Seats EUR', currency: 'EUR', billing_frequency: { count: 1, frequency: 'MONTH' } }),
    );
  });
  afterAll(() => t.close());
  beforeEach(() => setNow(T0));

  describe('PATCH /subscriptions/{id}: invoice_payment_instructions, parent_billed, tags', () => {
    it('a new subscription has none: null, false, []', async () => {
      const sub = await monthly();
      expect(sub).toMatchObject({ invoice_payment_instructions: null, parent_billed: false, tags: [] });
    });

    it('stores and answers them (also on GET), null clears them, duplicates of tags are dropped', async () => {
      // parent_billed needs a customer with a parent (parent-billed.e2e-spec.ts bills it)
      const parent = await createCustomer(a);
      const sub = await monthly({ customer_id: (await createCustomer(a, { parent_customer_id: parent.id })).id });
      const patched = await ok(
        await a.patch(`/subscriptions/${sub.id}`, {
          invoice_payment_instructions: 'Wire to IBAN DE00 1234, reference ACME-7',
          parent_billed: true,
          tags: ['enterprise', 'eu', 'enterprise'],
        }),
      );
      const expected = {
        invoice_payment_instructions: 'Wire to IBAN DE00 1234, reference ACME-7',
        parent_billed: true,
        tags: ['enterprise', 'eu'],
      };
      expect(patched).toMatchObject(expected);
      expect(await ok(await a.get(`/subscriptions/${sub.id}`))).toMatchObject(expected);

      // a PATCH of other fields keeps them
      expect(await ok(await a.patch(`/subscriptions/${sub.id}`, { metadata: { k: 'v' } }))).toMatchObject(expected);

      const cleared = await ok(
        await a.patch(`/subscriptions/${sub.id}`, { invoice_payment_instructions: null, parent_billed: false, tags: null }),
      );
      expect(cleared).toMatchObject({ invoice_payment_instructions: null, parent_billed: false, tags: [] });
    });

    it("invoice_payment_instructions go on the subscription's invoices written afterwards", async () => {
      const sub = await monthly({ start_date: T0 });
      await ok(await a.patch(`/subscriptions/${sub.id}`, { invoice_payment_instructions: 'Pay to account 42' }));
      await bill('2027-06-01T12:00:00.000Z');
      const invoices = await invoicesOf(sub.id);
      expect(invoices.length).toBeGreaterThanOrEqual(1);
      const rows: { payment_instructions: string | null }[] = await t.dataSource.query(
        'SELECT payment_instructions FROM invoices WHERE company_id = $1 AND subscription_id = $2',
        [a.companyId, sub.id],
      );
      expect(rows.map((r) => r.payment_instructions)).toEqual(invoices.map(() => 'Pay to account 42'));
    });

    it.each([
      ['tags not a list', { tags: 'enterprise' }, 'tags'],
      ['a tag not a string', { tags: ['ok', 7] }, 'tags'],
      ['a tag over 255 characters', { tags: ['x'.repeat(256)] }, 'tags'],
      ['parent_billed not a boolean', { parent_billed: 'yes' }, 'parent_billed'],
      ['instructions not a string', { invoice_payment_instructions: 12 }, 'invoice_payment_instructions'],
      ['instructions over 10,000 characters', { invoice_payment_instructions: 'x'.repeat(10_001) }, 'invoice_payment_instructions'],
      ['an undocumented field', { owner_ids: ['u1'] }, 'owner_ids'],
    ])('%s is a 400 naming it, and changes nothing', async (_label, body, field) => {
      const sub = await monthly();
      const e = expectError(await a.patch(`/subscriptions/${sub.id}`, { ...body, metadata: { changed: true } }), 400, 'validation_error');
      expect(Object.keys(e.validation_errors!)).toEqual([field]);
      expect(await ok(await a.get(`/subscriptions/${sub.id}`))).toMatchObject({ metadata: {}, tags: [], parent_billed: false });
    });

    it("another company's token gets 404 and changes nothing", async () => {
      const sub = await monthly();
      expectError(await b.patch(`/subscriptions/${sub.id}`, { tags: ['b'] }), 404, 'request_error', 'not_found');
      expect((await ok(await a.get(`/subscriptions/${sub.id}`))).tags).toEqual([]);
    });
  });

  describe("currency of a change and of the preview's change_config", () => {
    const change = (sub: any, over: Record<string, unknown>) =>
      a.post(`/subscriptions/${sub.id}/change`, {
        product_pricing_ids: [seats.id],
        config_items: [{ product_metric_pricing_id: seats.product_metric_pricings[0].id, num_licenses: 4 }],
        ...over,
      });

    it("the subscription's own currency (any case) is accepted", async () => {
      const sub = await monthly();
      const changed = await ok(await change(sub, { currency: 'usd' }));
      expect(changed.config_items[0].num_licenses).toBe(4);
      expect(changed.mrr).toEqual({ currency: 'USD', value_in_cents: 4000 });
    });

    it('another currency is a 400 naming currency, even with pricings in that currency; nothing changes', async () => {
      const sub = await monthly();
      const e = expectError(await change(sub, { currency: 'EUR' }), 400, 'validation_error', 'invalid_field');
      expect(Object.keys(e.validation_errors!)).toEqual(['currency']);
      expect(e.error_message).toMatch(/keeps its currency/);
      const eur = expectError(
        await change(sub, {
          currency: 'EUR',
          product_pricing_ids: [eurSeats.id],
          config_items: [{ product_metric_pricing_id: eurSeats.product_metric_pricings[0].id, num_licenses: 2 }],
        }),
        400,
        'validation_error',
      );
      expect(Object.keys(eur.validation_errors!)).toEqual(['currency']);
      expectError(await change(sub, { currency: 'dollars' }), 400, 'validation_error');
      const after = await ok(await a.get(`/subscriptions/${sub.id}`));
      expect(after).toMatchObject({ product_pricing_ids: [seats.id], change_config: null, mrr: { value_in_cents: 1000 } });
    });

    it('the invoice preview checks change_config.currency the same way', async () => {
      const sub = await monthly();
      const preview = (currency: string) =>
        a.post('/invoices/next', {
          currency: 'USD',
          customer_id: sub.customer_id,
          subscription_id: sub.id,
          change_config: {
            currency,
            product_pricing_ids: [seats.id],
            config_items: [{ product_metric_pricing_id: seats.product_metric_pricings[0].id, num_licenses: 2 }],
            proration_type: 'NEXT',
          },
        });
      await ok(await preview('USD'));
      const e = expectError(await preview('EUR'), 400, 'validation_error');
      expect(Object.keys(e.validation_errors!)).toEqual(['change_config.currency']);
    });
  });

  describe('POST /subscriptions/{id}/extend with end_date: null', () => {
    const trial = async () =>
      subscribe({
        customer_id: (await createCustomer(a)).id,
        product_pricing_ids: [seats.id],
        config_items: [{ product_metric_pricing_id: seats.product_metric_pricings[0].id, num_licenses: 2 }],
        start_date: T0,
        trial: true,
        trial_term: { count: 14, frequency: 'DAY' },
      });

    it('takes the trial end away: nothing is billed; a later extend with a date starts billing there', async () => {
      const sub = await trial();
      expect(sub.trial_conversion_date).toBe('2027-05-15T12:00:00.000Z');
      const endless = await ok(await a.post(`/subscriptions/${sub.id}/extend`, { end_date: null }));
      expect(endless).toMatchObject({
        trial: true,
        trial_conversion_date: null,
        next_invoice_date: null,
        mrr: { value_in_cents: 0 },
        status: 'active',
      });

      // months after the original trial end: still in its trial, no invoice
      setNow('2027-08-01T00:00:00.000Z');
      await bill('2027-08-01T00:00:00.000Z');
      expect(await invoicesOf(sub.id)).toEqual([]);
      expect(await ok(await a.get(`/subscriptions/${sub.id}`))).toMatchObject({ trial_conversion_date: null, mrr: { value_in_cents: 0 } });

      // the trial gets an end again: billing starts at it
      const dated = await ok(await a.post(`/subscriptions/${sub.id}/extend`, { end_date: '2027-08-10T00:00:00.000Z' }));
      expect(dated).toMatchObject({
        trial_conversion_date: '2027-08-10T00:00:00.000Z',
        billing_anchor_date: '2027-08-10T00:00:00.000Z',
        next_invoice_date: '2027-08-10T00:00:00.000Z',
      });
      setNow('2027-08-10T00:00:00.000Z');
      await bill('2027-08-10T00:00:00.000Z');
      const invoices = await invoicesOf(sub.id);
      expect(invoices.map((i: any) => [i.invoice_date, i.total.value_in_cents])).toEqual([['2027-08-10T00:00:00.000Z', 2000]]);
    });

    it('a change with trial: false ends a trial without end', async () => {
      const sub = await trial();
      await ok(await a.post(`/subscriptions/${sub.id}/extend`, { end_date: null }));
      setNow('2027-06-01T00:00:00.000Z');
      const changed = await ok(
        await a.post(`/subscriptions/${sub.id}/change`, {
          product_pricing_ids: [seats.id],
          config_items: [{ product_metric_pricing_id: seats.product_metric_pricings[0].id, num_licenses: 2 }],
          trial: false,
          proration_type: 'NONE',
        }),
      );
      expect(changed.trial_conversion_date).toBe('2027-06-01T00:00:00.000Z');
      expect(changed.mrr.value_in_cents).toBe(2000);
    });

    it('end_date is still required, and must be a date-time after now; only during a trial', async () => {
      const sub = await trial();
      expect(
        Object.keys(expectError(await a.post(`/subscriptions/${sub.id}/extend`, {}), 400, 'validation_error').validation_errors!),
      ).toEqual(['end_date']);
      expectError(await a.post(`/subscriptions/${sub.id}/extend`, { end_date: 'soon' }), 400, 'validation_error');
      expectError(await a.post(`/subscriptions/${sub.id}/extend`, { end_date: '2027-01-01T00:00:00.000Z' }), 400, 'validation_error');
      const plain = await monthly();
      expectError(await a.post(`/subscriptions/${plain.id}/extend`, { end_date: null }), 409, 'request_error', 'invalid_state');
      expect((await ok(await a.get(`/subscriptions/${plain.id}`))).trial_conversion_date).toBeNull();
      expectError(await b.post(`/subscriptions/${sub.id}/extend`, { end_date: null }), 404, 'request_error', 'not_found');
      expect((await ok(await a.get(`/subscriptions/${sub.id}`))).trial_conversion_date).toBe('2027-05-15T12:00:00.000Z');
    });
  });

  describe('POST /subscriptions/{id}/usage answers {metric, usage}', () => {
    it("one usage record for the period asked, its breakdown by the metric's group keys with period and breakout", async () => {
      const product = await createProduct(a, { name: 'Compat usage' });
      const item = await ok(await a.post('/billable_items', { name: 'Compat requests', type: 'CUSTOM_USAGE' }));
      const metric = await ok(
        await a.post('/billable_metrics', {
          item_id: item.id,
          name: 'Requests by region',
          metering_rule: { aggregator: 'SUM', property: 'n', group_keys: ['region'] },
        }),
      );
      const price = await createPricing(a, {
        product_id: product.id,
        name: 'Requests',
        currency: 'USD',
        pricing_type: 'FIXED',
        fixed_price: { price_per_unit: 1 },
        billing_frequency: { count: 1, frequency: 'MONTH' },
        item_id: item.id,
        metric_id: metric.id,
      });
      const c = await createCustomer(a);
      const sub = await subscribe({ customer_id: c.id, product_pricing_ids: [seats.id, price.id], start_date: T0 });
      const event = (id: string, region: string, n: number) => ({
        customer_id: c.id,
        item_id: item.id,
        transaction_id: id,
        timestamp: '2027-05-01T13:00:00.000Z',
        properties: { region, n },
      });
      await ok(await a.post('/events/ingest', { events: [event('e1', 'eu', 3), event('e2', 'us', 4), event('e3', 'eu', 5)] }));
      const period = { start_date: '2027-05-01T00:00:00.000Z', end_date: '2027-05-02T00:00:00.000Z' };
      const res = await ok(
        await a.post(`/subscriptions/${sub.id}/usage`, { product_metric_pricing_id: price.product_metric_pricings[0].id, period }),
      );
      expect(res.metric).toMatchObject({ id: metric.id, item_id: item.id, name: 'Requests by region' });
      expect(res.usage).toHaveLength(1);
      expect(res.usage[0]).toMatchObject({ value: 12, period, subscription_metric_record_id: null });
      const byRegion = Object.fromEntries(res.usage[0].breakdown.map((b: any) => [b.grouping.region, b]));
      expect(byRegion).toEqual({
        eu: { value: 8, period, grouping: { region: 'eu' }, breakout: {} },
        us: { value: 4, period, grouping: { region: 'us' }, breakout: {} },
      });
      expect(res.value).toBe(12);
      // the older answer's {metric, product_metric_pricing}: the metric pricing as the pricing shows it
      expect(res.product_metric_pricing).toEqual((await ok(await a.get(`/pricing/${price.id}`))).product_metric_pricings[0]);
      expectError(
        await b.post(`/subscriptions/${sub.id}/usage`, { product_metric_pricing_id: price.product_metric_pricings[0].id, period }),
        404,
        'request_error',
        'not_found',
      );
    });
  });

  describe('PATCH /customers/{id}/payment_methods/{pm} answers {method, subscription_customer_pm}', () => {
    it('pairs each live subscription of the customer with the card that pays it, after the update', async () => {
      const c = await createCustomer(a);
      const first = await ok(await a.post(`/customers/${c.id}/payment_methods`, { token: 'tok_visa' }));
      const second = await ok(await a.post(`/customers/${c.id}/payment_methods`, { token: 'tok_chargeDeclined' }));
      const named = await subscribe({ customer_id: c.id, product_pricing_ids: [seats.id], payment_method_id: first.id });
      const byDefault = await subscribe({ customer_id: c.id, product_pricing_ids: [seats.id] });
      const cancelled = await subscribe({ customer_id: c.id, product_pricing_ids: [seats.id] });
      await ok(await a.post(`/subscriptions/${cancelled.id}/cancel`, { timing: 'IMMEDIATE' }));

      const res = await ok(await a.patch(`/customers/${c.id}/payment_methods/${second.id}`, { default: true }));
      expect(res.method).toMatchObject({ id: second.id, default: true, customer_id: c.id });
      expect(res).toMatchObject({ id: second.id, default: true }); // the card's own fields, as before
      const pairs = res.subscription_customer_pm.map((p: any) => [p.subscription.id, p.method?.id]);
      expect(pairs).toEqual([
        [named.id, first.id],
        [byDefault.id, second.id],
      ]);
      expect(res.subscription_customer_pm[0].subscription).toMatchObject({ id: named.id, payment_method_id: first.id, status: 'active' });

      const moved = await ok(
        await a.patch(`/customers/${c.id}/payment_methods/${second.id}`, { default: true, update_subscriptions_non_default_payment: true }),
      );
      expect(moved.subscription_customer_pm.map((p: any) => [p.subscription.id, p.method.id, p.subscription.payment_method_id])).toEqual([
        [named.id, second.id, second.id],
        [byDefault.id, second.id, null],
      ]);
    });

    it('a customer without subscriptions: an empty list; another company: 404', async () => {
      const c = await createCustomer(a);
      const pm = await ok(await a.post(`/customers/${c.id}/payment_methods`, { token: 'tok_visa' }));
      const res = await ok(await a.patch(`/customers/${c.id}/payment_methods/${pm.id}`, { default: true }));
      expect(res.subscription_customer_pm).toEqual([]);
      expectError(await b.patch(`/customers/${c.id}/payment_methods/${pm.id}`, { default: true }), 404, 'request_error', 'not_found');
    });
  });
});
