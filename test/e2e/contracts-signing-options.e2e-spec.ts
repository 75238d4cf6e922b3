/**
 * Issue 40: a contract's `options` and `requires_payment_method` act on the signing page, through
 * its form posts: the confirmation message and the REDIRECT (the one completion path of the
 * hosted pages, as checkout), and a card taken with the signature before it counts. The error
 * paths: a signature without a card (or with a token the page does not offer) is a 400 page and
 * writes nothing; a card sent with stale terms attaches nothing; another company's link opens
 * nothing. (The browser drives the same pages in test/browser/contracts-signing-options.e2e-spec.ts.)
 */
import request from 'supertest';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { monthlySeatPricing, ok } from '../support/fixtures';
import { expectError } from '../support/errors';

const NOW = '2031-05-01T09:00:00.000Z';

describe('contract signing page: options and payment method', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const clock = new FixedClock(new Date(NOW));
  let product: any;
  let pricing: any;
  let n = 0;

  const contract = async (over: Record<string, unknown> = {}, signatories = [{ email: 'ceo@buyer.test', name: 'Ada' }]) => {
    const customer = await ok(await a.post('/customers', { name: `Signer Co ${++n}`, email: `s${n}@example.com` }), 201);
    return ok(
      await a.post('/contracts', {
        customer_id: customer.id,
        title: 'Order form',
        status: 'PENDING_SIGNATURES',
        product_pricing_ids: [pricing.id],
        config_items: [{ product_metric_pricing_id: pricing.product_metric_pricings[0].id, num_licenses: 2 }],
        signatories,
        ...over,
      }),
    );
  };
  const get = async (id: string) => ok(await a.get(`/contracts/${id}`));
  const page = (link: string) => request(t.http).get(new URL(link).pathname);
  const termsOn = (html: string) => /name="terms" value="([^"]*)"/.exec(html)?.[1];
  const post = (link: string, form: Record<string, string>) => request(t.http).post(new URL(link).pathname).type('form').send(form);
  const text = (html: string) =>
    html
      .replace(/<style>[\s\S]*?<\/style>/, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
  const sign = async (link: string, extra: Record<string, string> = {}) => {
    const shown = await page(link).expect(200);
    return post(link, { full_name: 'Ada Lovelace', agree: 'yes', terms: termsOn(shown.text)!, ...extra });
  };
  const cardsOf = async (customerId: string) => (await ok(await a.get(`/customers/${customerId}/payment_methods`))) as any[];

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('Signing options');
    b = await t.tenant('Another company');
    product = await ok(await a.post('/products', { name: 'Options product' }));
    pricing = await monthlySeatPricing(a, product.id, 'Seats', 5800);
  });
  afterAll(() => t.close());

  it('confirmation_message replaces the page text after the signature (escaped); without options the page keeps its own', async () => {
    const c = await contract({ options: { confirmation_message: 'Thanks <b>Ada</b>: we start Monday.' } });
    const res = await sign(c.signatories[0].signature_link);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Thanks &#60;b&#62;Ada&#60;/b&#62;: we start Monday.');
    expect(res.text).not.toContain('Every signatory has now signed');
    expect((await get(c.id)).status).toBe('EXECUTED');

    const plain = await contract();
    const own = await sign(plain.signatories[0].signature_link);
    expect(text(own.text)).toContain('Every signatory has now signed');
  });

  it('REDIRECT: the signature answers a 303 to redirect_url, and the page lets its form lead to that origin', async () => {
    const c = await contract({ options: { completion_action: 'REDIRECT', redirect_url: 'https://buyer.example.com/welcome?x=1' } });
    const link = c.signatories[0].signature_link;
    const shown = await page(link).expect(200);
    expect(shown.headers['content-security-policy']).toContain("form-action 'self' https://buyer.example.com;");
    const res = await post(link, { full_name: 'Ada', agree: 'yes', terms: termsOn(shown.text)! });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('https://buyer.example.com/welcome?x=1');
    expect((await get(c.id)).status).toBe('EXECUTED');
    // an invalid form is answered on the page, not redirected
    const other = await contract({ options: { redirect_url: 'https://buyer.example.com/welcome' } });
    const refused = await post(other.signatories[0].signature_link, { full_name: '', agree: 'yes', terms: other.terms_digest });
    expect(refused.status).toBe(400);
    expect(refused.headers.location).toBeUndefined();
    // without REDIRECT the policy names no other origin
    const plain = await contract({ options: { confirmation_message: 'Hi' } });
    expect((await page(plain.signatories[0].signature_link)).headers['content-security-policy']).toContain("form-action 'self';");
  });

  it('requires_payment_method: no card, or a token the page does not offer, is a 400 page and writes nothing', async () => {
    const c = await contract({ requires_payment_method: true });
    const link = c.signatories[0].signature_link;
    const shown = await page(link).expect(200);
    expect(shown.text).toContain('<select id="payment_token" name="payment_token"');
    const posts: Record<string, string>[] = [{}, { payment_token: '' }, { payment_token: 'tok_bogus' }, { payment_token: 'pm_stolen' }];
    for (const extra of posts) {
      const res = await post(link, { full_name: 'Ada', agree: 'yes', terms: termsOn(shown.text)!, ...extra });
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(text(res.text)).toContain('Choose a card: this contract needs a payment method before your signature counts.');
      expect(res.text).toContain('aria-invalid="true"');
    }
    const after = await get(c.id);
    expect(after).toMatchObject({ status: 'PENDING_SIGNATURES', payment_method_id: null, subscription_id: null });
    expect(after.signatories[0]).toMatchObject({ signed: false, terms_digest: null });
    expect(await cardsOf(c.customer_id)).toEqual([]);
  });

  it('requires_payment_method: a card sent with terms that changed attaches nothing (409)', async () => {
    const c = await contract({ requires_payment_method: true });
    const link = c.signatories[0].signature_link;
    const shown = await page(link).expect(200);
    await ok(await a.patch(`/contracts/${c.id}`, { auto_renews: false }));
    const res = await post(link, { full_name: 'Ada', agree: 'yes', terms: termsOn(shown.text)!, payment_token: 'tok_visa' });
    expect(res.status).toBe(409);
    expect((await get(c.id)).payment_method_id).toBeNull();
    expect(await cardsOf(c.customer_id)).toEqual([]);
  });

  it('requires_payment_method: the first signatory gives the card, the next is not asked; the subscription is charged to it', async () => {
    const c = await contract({ requires_payment_method: true }, [
      { email: 'ceo@buyer.test', name: 'Ada' },
      { email: 'cfo@buyer.test', name: 'Bob' },
    ]);
    const first = await sign(c.signatories[0].signature_link, { payment_token: 'tok_visa' });
    expect(first.status).toBe(200);
    const mid = await get(c.id);
    expect(mid.payment_method_id).toMatch(/^pm_/);
    const cards = await cardsOf(c.customer_id);
    expect(cards.map((x) => [x.id, x.last_4, x.default])).toEqual([[mid.payment_method_id, '4242', true]]);
    // the second signatory's page takes no card, and a signature without one counts
    const second = await page(c.signatories[1].signature_link).expect(200);
    expect(second.text).not.toContain('payment_token');
    expect((await sign(c.signatories[1].signature_link)).status).toBe(200);
    const done = await get(c.id);
    expect(done).toMatchObject({ status: 'EXECUTED', payment_method_id: mid.payment_method_id });
    const sub = await ok(await a.get(`/subscriptions/${done.subscription_id}`));
    expect(sub).toMatchObject({ payment_method_id: mid.payment_method_id, auto_charges: true });
  });

  it('requires_customer_address: the page asks for a billing address; a signature without one is a 400 page, with one it is saved', async () => {
    const c = await contract({ options: { requires_customer_address: true } });
    const link = c.signatories[0].signature_link;
    const shown = await page(link).expect(200);
    expect(shown.text).toContain('<label for="address_line_1">');
    const terms = termsOn(shown.text)!;
    const missing = await post(link, { full_name: 'Ada', agree: 'yes', terms, city: 'Paris', country: 'France' });
    expect(missing.status).toBe(400);
    expect(text(missing.text)).toContain('Enter your address line 1.');
    expect(text(missing.text)).toContain('Enter your postal code.');
    expect(text(missing.text)).toContain('Choose your country from the list.');
    expect(missing.text).toContain('value="Paris"');
    expect((await get(c.id)).signatories[0].signed).toBe(false);
    expect((await ok(await a.get(`/customers/${c.customer_id}`))).address).toBeNull();

    const address = { address_line_1: '1 Rue de Rivoli', city: 'Paris', zip: '75001', country: 'fr' };
    const res = await post(link, { full_name: 'Ada', agree: 'yes', terms, ...address });
    expect(res.status).toBe(200);
    expect((await get(c.id)).status).toBe('EXECUTED');
    expect((await ok(await a.get(`/customers/${c.customer_id}`))).address).toMatchObject({
      address_line_1: '1 Rue de Rivoli',
      city: 'Paris',
      zip: '75001',
      country: 'FR',
    });
    // without the option the page asks for no address and posted address fields are ignored
    const plain = await contract();
    expect((await page(plain.signatories[0].signature_link)).text).not.toContain('address_line_1');
  });

  it('signatures recorded through the API execute a requires_payment_method contract without a card', async () => {
    const c = await contract({ requires_payment_method: true });
    const signed = await ok(await a.patch(`/contracts/${c.id}`, { signatories: [{ email: 'ceo@buyer.test', name: 'Ada', signed: true }] }));
    expect(signed).toMatchObject({ status: 'EXECUTED', payment_method_id: null });
    const sub = await ok(await a.get(`/subscriptions/${signed.subscription_id}`));
    expect(sub).toMatchObject({ payment_method_id: null, auto_charges: false });
  });

  it("company isolation: another company's id on the link opens nothing, and the contract stays invisible to it", async () => {
    const c = await contract({ requires_payment_method: true });
    const link: string = c.signatories[0].signature_link;
    const forged = link.replace(a.companyId, b.companyId);
    expect((await request(t.http).get(new URL(forged).pathname)).status).toBe(404);
    const res = await post(forged, { full_name: 'Eve', agree: 'yes', terms: c.terms_digest, payment_token: 'tok_visa' });
    expect(res.status).toBe(404);
    expect(await cardsOf(c.customer_id)).toEqual([]);
    expect((await get(c.id)).signatories[0].signed).toBe(false);
    expectError(await b.get(`/contracts/${c.id}`), 404, 'request_error', 'not_found');
  });
});
