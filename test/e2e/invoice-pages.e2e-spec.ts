/**
 * The hosted invoice page and PDF (issue 15): every final invoice answers its `hosted_link` and
 * `pdf_link`, `GET /invoices/{uuid}/link` answers the page, the page shows the invoice (escaped),
 * pays it with a sandbox card through the invoice ledger, and the PDF carries the same text.
 */
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { expectBooksBalanced } from '../support/audit';
import { createCustomer, createPricing, createProduct, fixedPricing } from '../support/fixtures';
import { draftInvoice } from '../support/fixtures';
import { loadConfig } from '../../src/platform/config/config';
import { binary, pdfText } from '../support/system-tools';

const T0 = new Date('2027-03-01T10:00:00Z');

describe('hosted invoice page and PDF', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let clock: FixedClock;
  const publicUrl = loadConfig().publicUrl;
  const path = (url: string) => {
    expect(url.startsWith(`${publicUrl}/invoices/pay/`)).toBe(true);
    return url.slice(publicUrl.length);
  };

  beforeAll(async () => {
    clock = new FixedClock(T0);
    t = await createTestApp({ clock });
    a = await t.tenant('Acme Invoices Ltd');
    b = await t.tenant('Other Company');
  });
  afterAll(() => t.close());
  afterEach(() => expectBooksBalanced(t));

  /** An IMMEDIATE one-time charge: a PENDING invoice of `cents` × `aggregate`. */
  async function pendingInvoice(tenant: Tenant, customerId: string, cents = 1250, aggregate = 3, description = 'Setup fee') {
    const res = await tenant
      .post('/one_times', {
        customer_id: customerId,
        type: 'IMMEDIATE',
        onetime_items: [{ aggregate, custom_price: { amount: { currency: 'USD', value_in_cents: cents }, description } }],
      })
      .expect(201);
    return (await tenant.get(`/invoices/${res.body[0].invoice_uuid}`).expect(200)).body;
  }

  it('a final invoice answers hosted_link and pdf_link; GET /link answers the page; a draft has none (409)', async () => {
    const c = await createCustomer(a);
    const inv = await pendingInvoice(a, c.id);
    expect(inv.status).toBe('PENDING');
    expect(inv.hosted_link).toMatch(new RegExp(`^${publicUrl}/invoices/pay/${a.companyId}_[A-Za-z0-9_-]{43}$`));
    expect(inv.pdf_link).toBe(`${inv.hosted_link}/pdf`);
    const link = await a.get(`/invoices/${inv.uuid}/link`).expect(200);
    expect(link.body).toEqual({ url: inv.hosted_link, link: inv.hosted_link });
    const found = await a.post('/invoices/find', { query: { customer_id: c.id } }).expect(200);
    expect(found.body.results[0].hosted_link).toBe(inv.hosted_link);

    const draft = await draftInvoice(t, a, c.id, clock.now());
    expect(draft.status).toBe('DRAFT');
    expect(draft.hosted_link).toBeNull();
    expect(draft.pdf_link).toBeNull();
    expectError(await a.get(`/invoices/${draft.uuid}/link`), 409, 'request_error', 'invalid_state');
    // finalized: the draft gets its link
    const finalized = await a.post(`/invoices/${draft.uuid}/finalize`).expect(200);
    expect(finalized.body.hosted_link).toMatch(/\/invoices\/pay\//);
    expect((await a.get(`/invoices/${draft.uuid}/link`).expect(200)).body.url).toBe(finalized.body.hosted_link);
  });

  it("isolation: B's token gets 404 for A's invoice on its own route and 403 on A's", async () => {
    const c = await createCustomer(a);
    const inv = await pendingInvoice(a, c.id);
    expectError(await b.get(`/invoices/${inv.uuid}/link`), 404, 'request_error', 'not_found');
    const res = await request(t.http).get(`${a.base}/invoices/${inv.uuid}/link`).set('Authorization', `Bearer ${b.token}`);
    expectError(res, 403, 'auth_error');
  });

  it('the page shows the company, number, dates, customer, lines and totals, every value escaped', async () => {
    await a
      .patch('/settings', { display_name: 'Acme <b>Cloud</b>', support_email: 'billing@acme.test', accent_color: '#0f766e' })
      .expect(200);
    const c = await createCustomer(a, {
      name: '<script>alert("x")</script> Eve',
      org_name: 'Evil & Co',
      email: 'eve@example.com',
      address: { address_line_1: '1 <img src=x onerror=alert(1)> Road', city: 'Paris', zip: '75001', country: 'FR' },
    });
    const inv = await pendingInvoice(a, c.id, 1250, 3, 'Onboarding <i>pack</i>');
    const res = await request(t.http).get(path(inv.hosted_link)).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).toContain("form-action 'self'");
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.text;
    expect(html).not.toMatch(/<script|<img|<b>Cloud|<i>pack/);
    expect(html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; Eve');
    expect(html).toContain('Acme &#60;b&#62;Cloud&#60;/b&#62;');
    expect(html).toContain('Evil &#38; Co');
    expect(html).toContain(`Invoice ${inv.number}`);
    expect(html).toContain('1 March 2027'); // invoice date
    expect(html).toContain('Onboarding &#60;i&#62;pack&#60;/i&#62;');
    expect(html).toMatch(/<td class="num">3<\/td><td class="num">\$12\.50<\/td><td class="num">\$37\.50<\/td>/);
    expect(html).toContain('Amount due');
    expect(html).toContain('billing@acme.test');
    expect(html).toContain('--brand:#0f766e');
    expect(html).toMatch(/<label for="payment_token">/);
    expect(html).toMatch(/<meta name="viewport" content="width=device-width, initial-scale=1">/);
    await a.patch('/settings', { display_name: null, support_email: null, accent_color: null }).expect(200);
  });

  it('an unknown, malformed, other-company or draft secret is the hosted error page, 404', async () => {
    const c = await createCustomer(a);
    const inv = await pendingInvoice(a, c.id);
    const secret = path(inv.hosted_link).split('/').pop()!;
    const otherCompany = secret.replace(a.companyId, b.companyId);
    for (const s of ['nothing', `${a.companyId}_${'A'.repeat(43)}`, otherCompany, `${secret}x`]) {
      for (const suffix of ['', '/pdf']) {
        const res = await request(t.http).get(`/invoices/pay/${s}${suffix}`);
        expect(res.status).toBe(404);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.text).toContain('This page cannot be found');
        expect(res.text).not.toContain(s);
      }
    }
    const post = await request(t.http).post(`/invoices/pay/${otherCompany}`).type('form').send({ payment_token: 'tok_visa', due: '3750' });
    expect(post.status).toBe(404);
  });

  it('paying on the page: a decline changes nothing (402), a stale amount charges nothing (409), tok_visa pays it (303, then PAID)', async () => {
    const c = await createCustomer(a);
    const inv = await pendingInvoice(a, c.id);
    const page = path(inv.hosted_link);
    const declined = await request(t.http).post(page).type('form').send({ payment_token: 'tok_chargeDeclined', due: '3750' });
    expect(declined.status).toBe(402);
    expect(declined.text).toContain('Payment failed: Your card was declined.');
    const stale = await request(t.http).post(page).type('form').send({ payment_token: 'tok_visa', due: '1000' });
    expect(stale.status).toBe(409);
    expect(stale.text).toContain('The amount due changed since you opened this page: it is now $37.50');
    const noCard = await request(t.http).post(page).type('form').send({ payment_token: 'tok_nope', due: '3750' });
    expect(noCard.status).toBe(400);
    expect((await a.get(`/invoices/${inv.uuid}`).expect(200)).body).toMatchObject({ status: 'PENDING', paid: { value_in_cents: 0 } });
    expect((await a.get(`/customers/${c.id}/payment_methods`).expect(200)).body).toHaveLength(0);
    const none = await a.post('/payments/transactions/find', { query: { invoice_uuid: inv.uuid }, pagination: { limit: 10 } }).expect(200);
    expect(none.body.results).toHaveLength(0);

    const paid = await request(t.http).post(page).type('form').send({ payment_token: 'tok_visa', due: '3750' });
    expect(paid.status).toBe(303);
    expect(new URL(paid.headers.location, `http://x${page}`).pathname).toBe(page);
    const after = await request(t.http).get(page).expect(200);
    expect(after.text).toContain('id="invoice-status">Paid<');
    expect(after.text).not.toContain('<form');
    const body = (await a.get(`/invoices/${inv.uuid}`).expect(200)).body;
    expect(body).toMatchObject({ status: 'PAID', paid: { value_in_cents: 3750 }, due: { value_in_cents: 0 } });
    const txns = await a.post('/payments/transactions/find', { query: { invoice_uuid: inv.uuid }, pagination: { limit: 10 } }).expect(200);
    expect(txns.body.results).toHaveLength(1);
    expect(txns.body.results[0]).toMatchObject({
      status: 'SUCCEEDED',
      transaction_type: 'PAYMENT',
      total_amount: { value_in_cents: 3750 },
    });
    const methods = (await a.get(`/customers/${c.id}/payment_methods`).expect(200)).body;
    expect(methods).toHaveLength(1);
    // a second post (the same form again) charges nothing
    const again = await request(t.http).post(page).type('form').send({ payment_token: 'tok_visa', due: '3750' });
    expect(again.status).toBe(409);
    expect(
      (await a.post('/payments/transactions/find', { query: { invoice_uuid: inv.uuid }, pagination: { limit: 10 } }).expect(200)).body
        .results,
    ).toHaveLength(1);
  });

  it('a VOID invoice reads VOID, with nothing to pay', async () => {
    const c = await createCustomer(a);
    const inv = await pendingInvoice(a, c.id);
    await a.post(`/invoices/${inv.uuid}/void`, {}).expect(200);
    const res = await request(t.http).get(path(inv.hosted_link)).expect(200);
    expect(res.text).toContain('id="invoice-status">Void<');
    expect(res.text).not.toContain('<form');
  });

  it("shows each line's quantity as its price's display_type says, on the page and the PDF; the API's quantities stay", async () => {
    const c = await createCustomer(a, { name: 'Display Types Inc' });
    const product = await createProduct(a, { name: 'Data' });
    const price = (name: string, display_type: string, cents: number) =>
      createPricing(
        a,
        fixedPricing(product.id, { name, external_name: name, type: 'ONETIME', display_type, fixed_price: { price_per_unit: cents } }),
      );
    const thousands = await price('Rows synced', 'THOUSAND_UNITS', 1);
    const millions = await price('Tokens', 'MILLION_UNITS', 1);
    const amount = await price('Spend passed through', 'AMOUNT', 100);
    const units = await price('Seats', 'UNITS', 700);
    const res = await a
      .post('/one_times', {
        customer_id: c.id,
        type: 'IMMEDIATE',
        onetime_items: [
          { product_pricing_id: thousands.id, aggregate: 2500 },
          { product_pricing_id: millions.id, aggregate: 1250000 },
          { product_pricing_id: amount.id, aggregate: 1234 },
          { product_pricing_id: units.id, aggregate: 3 },
        ],
      })
      .expect(201);
    const inv = (await a.get(`/invoices/${res.body[0].invoice_uuid}`).expect(200)).body;
    // the API answers the quantities billed; only what a person reads changes
    expect(inv.items.map((l: any) => [l.name, l.quantity, l.amount.value_in_cents])).toEqual([
      ['Rows synced', 2500, 2500],
      ['Tokens', 1250000, 1250000],
      ['Spend passed through', 1234, 123400],
      ['Seats', 3, 2100],
    ]);
    const page = (await request(t.http).get(path(inv.hosted_link)).expect(200)).text;
    const row = (name: string) => new RegExp(`${name}.*?<td class="num">([^<]*)</td>`, 's').exec(page)?.[1];
    expect(row('Rows synced')).toBe('2.5 thousand');
    expect(row('Tokens')).toBe('1.25 million');
    expect(row('Spend passed through')).toBe('$1,234.00');
    expect(row('Seats')).toBe('3');
    const text = pdfText((await binary(request(t.http).get(path(inv.pdf_link))).expect(200)).body as Buffer);
    expect(text).toMatch(/Rows synced\s+2\.5 thousand\s+\$0\.01\s+\$25\.00/);
    expect(text).toMatch(/Tokens\s+1\.25 million\s+\$0\.01\s+\$12,500\.00/);
    expect(text).toMatch(/Spend passed through\s+\$1,234\.00\s+\$1\.00\s+\$1,234\.00/);
  });

  it('the PDF carries the number, the lines and the totals as text (pdftotext)', async () => {
    const c = await createCustomer(a, { name: 'Grace Hopper', org_name: 'Navy Labs' });
    const inv = await pendingInvoice(a, c.id, 1250, 3, 'Onboarding pack');
    const res = await binary(request(t.http).get(path(inv.pdf_link))).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(`Invoice ${inv.number}`);
    expect(text).toContain('Acme Invoices Ltd');
    expect(text).toContain('Grace Hopper');
    expect(text).toContain('Navy Labs');
    expect(text).toMatch(/Onboarding pack\s+3\s+\$12\.50\s+\$37\.50/);
    expect(text).toMatch(/Total\s+\$37\.50/);
    expect(text).toMatch(/Amount due\s+\$37\.50/);
    expect(text).toContain('1 March 2027');
  });
});

describe('hosted invoice page: rate limit per link', () => {
  let t: TestApp;
  beforeAll(async () => {
    const base = loadConfig().rateLimit;
    t = await createTestApp({
      config: { rateLimit: { ...base, pagePoints: 3, windowSeconds: 60, redisUrl: null, keyPrefix: `pgi:${randomUUID()}` } },
    });
  });
  afterAll(() => t.close());

  it('answers the hosted 429 page past TALLY_PAGE_RATE_LIMIT requests of one link (page and PDF count together); another link counts on its own', async () => {
    const a = await t.tenant();
    const c = await createCustomer(a);
    const make = async () => {
      const res = await a
        .post('/one_times', {
          customer_id: c.id,
          type: 'IMMEDIATE',
          onetime_items: [{ aggregate: 1, custom_price: { amount: { currency: 'USD', value_in_cents: 500 }, description: 'Fee' } }],
        })
        .expect(201);
      return (await a.get(`/invoices/${res.body[0].invoice_uuid}`).expect(200)).body.hosted_link as string;
    };
    const publicUrl = loadConfig().publicUrl;
    const first = (await make()).slice(publicUrl.length);
    const second = (await make()).slice(publicUrl.length);
    await request(t.http).get(first).expect(200);
    await request(t.http).get(`${first}/pdf`).expect(200);
    await request(t.http).get(first).expect(200);
    const limited = await request(t.http).get(first);
    expect(limited.status).toBe(429);
    expect(limited.headers['content-type']).toMatch(/^text\/html/);
    expect(limited.text).toContain('Too many requests');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await request(t.http).get(second).expect(200);
  });
});
