import request from 'supertest';
import { Logger } from '@nestjs/common';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { createCustomer } from '../support/fixtures';

/** Hosted pages answer errors as readable HTML pages, and their secret never reaches a log. */
describe('hardening: hosted page errors', () => {
  let t: TestApp;
  let a: Tenant;
  const clock = new FixedClock(new Date('2027-03-01T12:00:00.000Z'));
  let seats: any;

  const pricing = async (name: string) =>
    (
      await a
        .post('/pricing', {
          product_id: (await a.post('/products', { name }).expect(200)).body.id,
          name,
          currency: 'USD',
          pricing_type: 'FIXED',
          fixed_price: { price_per_unit: 5800 },
          billing_frequency: { count: 1, frequency: 'MONTH' },
        })
        .expect(200)
    ).body;
  const checkout = async (customerId: string, price: any) =>
    (
      await a
        .post('/checkout', {
          type: 'CHECKOUT_SESSION',
          customer_id: customerId,
          product_pricing_ids: [price.id],
          config_items: [{ product_metric_pricing_id: price.product_metric_pricings[0].id, num_licenses: 2 }],
        })
        .expect(200)
    ).body as { id: string; url: string };
  const contract = async (customerId: string) =>
    (
      await a
        .post('/contracts', {
          customer_id: customerId,
          title: 'MSA',
          product_pricing_ids: [seats.id],
          config_items: [{ product_metric_pricing_id: seats.product_metric_pricings[0].id, num_licenses: 1 }],
          signatories: [{ email: 'solo@acme.test', name: 'Solo', position: 1 }],
          status: 'PENDING_SIGNATURES',
        })
        .expect(200)
    ).body;
  const submit = (link: string, form: Record<string, string>) => request(t.http).post(new URL(link).pathname).type('form').send(form);
  const payForm = { name: 'Grace Hopper', email: 'grace@navy.test', payment_token: 'tok_visa' };
  // the random part after `<company id>_` (it may itself contain `_`: base64url)
  const secretOf = (link: string) =>
    new URL(link).pathname
      .split('/')
      .pop()!
      .replace(/^cmp_[0-9a-z]{26}_/, '');

  const expectHtmlError = (res: request.Response, status: number, link: string) => {
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.text).toMatch(/^<!doctype html>/);
    expect(res.text).not.toContain('error_type');
    expect(res.text).not.toContain(secretOf(link));
    return res.text;
  };

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('Acme Billing');
    seats = await pricing('Seats');
  });
  afterAll(() => t.close());

  it('the checkout page of a customer archived meanwhile is an HTML page saying why (400), and nothing is created', async () => {
    const c = await createCustomer(a);
    const { url } = await checkout(c.id, seats);
    await a.patch(`/customers/${c.id}`, { status: 'ARCHIVED' }).expect(200);
    const html = expectHtmlError(await submit(url, payForm), 400, url);
    expect(html).toContain('This page cannot be completed');
    expect(html).toContain('ARCHIVED');
    expect(
      (await a.post('/subscriptions/find', { query: { customer_id: c.id }, include_meta: true }).expect(200)).body.pagination.total,
    ).toBe(0);
  });

  it('the checkout page of a price archived meanwhile is an HTML page (4xx), not JSON', async () => {
    const price = await pricing('Archived later');
    const c = await createCustomer(a);
    const { url } = await checkout(c.id, price);
    await a.patch(`/pricing/${price.id}`, { state: 'ARCHIVED' }).expect(200);
    const res = await submit(url, payForm);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expectHtmlError(res, res.status, url);
    expect(
      (await a.post('/subscriptions/find', { query: { customer_id: c.id }, include_meta: true }).expect(200)).body.pagination.total,
    ).toBe(0);
  });

  it('the signing page of a customer archived meanwhile is an HTML page (400), and the contract is unchanged', async () => {
    const c = await createCustomer(a);
    const k = await contract(c.id);
    await a.patch(`/customers/${c.id}`, { status: 'ARCHIVED' }).expect(200);
    const link = k.signatories[0].signature_link;
    // the terms the page showed (a signature binds them), so the refusal under test is the archived customer
    const html = expectHtmlError(await submit(link, { full_name: 'Solo Signer', agree: 'yes', terms: k.terms_digest }), 400, link);
    expect(html).toContain('This page cannot be completed');
    const after = (await a.get(`/contracts/${k.id}`).expect(200)).body;
    expect(after).toMatchObject({ status: 'PENDING_SIGNATURES', subscription_id: null });
    expect(after.signatories[0].signed).toBe(false);
  });

  it('a NUL character in a hosted-page form is an HTML 400', async () => {
    const c = await createCustomer(a);
    const { url } = await checkout(c.id, seats);
    expectHtmlError(await submit(url, { ...payForm, name: 'Grace\u0000' }), 400, url);
  });

  describe('a 5xx of a hosted page', () => {
    // A real database failure: a trigger refuses the subscriptions of this company.
    let url: string;
    beforeAll(async () => {
      url = (await checkout((await createCustomer(a)).id, seats)).url;
      await t.dataSource.query(`
        CREATE OR REPLACE FUNCTION tally_test_refuse_subscription() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.company_id = '${a.companyId}' THEN RAISE EXCEPTION 'storage failure (test)'; END IF;
          RETURN NEW;
        END $$`);
      await t.dataSource.query('DROP TRIGGER IF EXISTS tally_test_refuse_subscription ON subscriptions');
      await t.dataSource.query(
        'CREATE TRIGGER tally_test_refuse_subscription BEFORE INSERT ON subscriptions FOR EACH ROW EXECUTE FUNCTION tally_test_refuse_subscription()',
      );
    });
    afterAll(async () => {
      await t.dataSource.query('DROP TRIGGER IF EXISTS tally_test_refuse_subscription ON subscriptions');
      await t.dataSource.query('DROP FUNCTION IF EXISTS tally_test_refuse_subscription()');
    });

    it('is an HTML page, and the error log shows the path with the secret redacted', async () => {
      const errors = jest.spyOn(Logger.prototype, 'error');
      try {
        const html = expectHtmlError(await submit(url, payForm), 500, url);
        expect(html).toContain('Something went wrong');
        expect(html).not.toContain('storage failure');
        const logged = JSON.stringify(errors.mock.calls);
        expect(logged).toContain('unhandled error');
        expect(logged).toContain('/checkout/pay/');
        expect(logged).toContain('[redacted]');
        expect(logged).not.toContain(secretOf(url));
      } finally {
        errors.mockRestore();
      }
    });
  });
});
