/**
 * Issue 10, item 4: a quote is a promise. A checkout session keeps the quote it was created
 * with; the hosted page posts back the quote it showed; when the pricing changed between
 * opening the page and paying, nothing is charged and the page shows the new total and asks
 * again. The buyer is only ever charged a total they were shown and agreed to.
 */
import request from 'supertest';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { monthlySeatPricing, ok, createCustomer } from '../support/fixtures';

const NOW = '2032-02-01T10:00:00.000Z';

describe('checkout: the quote shown is the quote charged', () => {
  let t: TestApp;
  let a: Tenant;
  const clock = new FixedClock(new Date(NOW));
  let product: any;
  let n = 0;

  const newPricing = (cents: number) => monthlySeatPricing(a, product.id, `Seats ${++n}`, cents);
  const session = async (pricing: any, customer: any, over: Record<string, unknown> = {}) =>
    ok(
      await a.post('/checkout', {
        type: 'CHECKOUT_SESSION',
        customer_id: customer.id,
        product_pricing_ids: [pricing.id],
        config_items: [{ product_metric_pricing_id: pricing.product_metric_pricings[0].id, num_licenses: 2 }],
        ...over,
      }),
    ) as Promise<{ id: string; url: string }>;
  const reprice = (pricing: any, cents: number) =>
    a.patch(`/pricing/${pricing.id}`, { fixed_price: { price_per_unit: cents } }).then((r) => ok(r));
  const page = (link: string) => request(t.http).get(new URL(link).pathname);
  const quoteOn = (html: string) => /name="quote" value="([^"]*)"/.exec(html)?.[1];
  const post = (link: string, form: Record<string, string>) => request(t.http).post(new URL(link).pathname).type('form').send(form);
  const form = { name: 'Grace Hopper', email: 'grace@navy.test', payment_token: 'tok_visa' };
  /** What the customer was charged and billed: payment transactions, invoices, subscriptions, cards. */
  const money = async (customerId: string) => {
    const q = (sql: string) => t.dataSource.query(sql, [a.companyId, customerId]);
    const charges = await q(
      `SELECT total_amount_cents::int AS cents, status FROM payment_transactions WHERE company_id = $1 AND customer_id = $2 ORDER BY created_at`,
    );
    const invoices = await q(
      `SELECT total_cents::int AS total, status FROM invoices WHERE company_id = $1 AND customer_id = $2 ORDER BY created_at`,
    );
    const subs = await q(`SELECT id FROM subscriptions WHERE company_id = $1 AND customer_id = $2`);
    const cards = await q(`SELECT id FROM payment_methods WHERE company_id = $1 AND customer_id = $2`);
    return {
      charges: charges.map((r: any) => [Number(r.cents), r.status]),
      invoices: invoices.map((r: any) => [Number(r.total), r.status]),
      subscriptions: subs.length,
      cards: cards.length,
    };
  };
  const nothing = { charges: [], invoices: [], subscriptions: 0, cards: 0 };

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('Quotes');
    product = await ok(await a.post('/products', { name: 'Quoted product' }));
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(new Date(NOW)));

  it('PATCH pricing between opening the page and paying: nothing is charged, the page shows the new total and asks; confirming it pays the new total', async () => {
    const pricing = await newPricing(5800);
    const buyer = await createCustomer(a);
    const { id, url } = await session(pricing, buyer);
    const opened = await page(url).expect(200);
    expect(opened.text).toContain('$116.00');
    const shownQuote = quoteOn(opened.text)!;
    expect(shownQuote).toMatch(/^sha256:[0-9a-f]{64}$/);

    await reprice(pricing, 9900);
    const res = await post(url, { ...form, quote: shownQuote });
    expect(res.status).toBe(409);
    expect(res.text).toContain('The total changed since you opened this page: your first invoice is now $198.00. Nothing was charged');
    expect(res.text).toContain('Pay $198.00 and subscribe');
    expect(res.text).toContain('value="Grace Hopper"'); // what the buyer typed is kept
    const newQuote = quoteOn(res.text)!;
    expect(newQuote).not.toBe(shownQuote);
    expect(await money(buyer.id)).toEqual(nothing);
    const open = await ok(await a.get(`/checkout/${id}`));
    expect(open).toMatchObject({ status: 'OPEN', subscription_id: null, invoice_id: null });
    expect(open.totals.total).toEqual({ currency: 'USD', value_in_cents: 11_600 }); // the session still shows what it promised

    // the buyer agrees to the new total on the page that showed it
    const paid = await post(url, { ...form, quote: newQuote });
    expect(paid.status).toBe(200);
    expect(paid.text).toContain('Thank you, your subscription is active');
    expect(await money(buyer.id)).toEqual({ charges: [[19_800, 'SUCCEEDED']], invoices: [[19_800, 'PAID']], subscriptions: 1, cards: 1 });
    expect((await ok(await a.get(`/checkout/${id}`))).status).toBe('COMPLETED');
  });

  it('a post without a quote is held to the quote the session was created with', async () => {
    const pricing = await newPricing(5800);
    const buyer = await createCustomer(a);
    const { url } = await session(pricing, buyer);
    await reprice(pricing, 6000);
    const res = await post(url, form);
    expect(res.status).toBe(409);
    expect(res.text).toContain('your first invoice is now $120.00');
    expect(await money(buyer.id)).toEqual(nothing);
  });

  it('a page first opened after the change says so, and what it shows is what is charged', async () => {
    const pricing = await newPricing(5800);
    const buyer = await createCustomer(a);
    const { url } = await session(pricing, buyer);
    await reprice(pricing, 4000);
    const opened = await page(url).expect(200);
    expect(opened.text).toContain('The price changed since this checkout was prepared (it was $116.00): your first invoice is now $80.00');
    expect((await post(url, { ...form, quote: quoteOn(opened.text)! })).status).toBe(200);
    expect(await money(buyer.id)).toEqual({ charges: [[8000, 'SUCCEEDED']], invoices: [[8000, 'PAID']], subscriptions: 1, cards: 1 });
  });

  it('an unchanged quote completes at once, at the quoted total', async () => {
    const pricing = await newPricing(5800);
    const buyer = await createCustomer(a);
    const { url } = await session(pricing, buyer);
    const opened = await page(url).expect(200);
    expect(opened.text).not.toContain('quote-changed');
    expect((await post(url, { ...form, quote: quoteOn(opened.text)! })).status).toBe(200);
    expect(await money(buyer.id)).toEqual({ charges: [[11_600, 'SUCCEEDED']], invoices: [[11_600, 'PAID']], subscriptions: 1, cards: 1 });
  });

  it('a trial (nothing due today) is asked again too when the price it will bill changed', async () => {
    const pricing = await newPricing(5800);
    const buyer = await createCustomer(a);
    const { url } = await session(pricing, buyer, { trial: true, trial_term: { count: 14, frequency: 'DAY' } });
    const opened = await page(url).expect(200);
    await reprice(pricing, 7000);
    const res = await post(url, { ...form, quote: quoteOn(opened.text)! });
    expect(res.status).toBe(409);
    expect(res.text).toContain('$140.00');
    expect(await money(buyer.id)).toEqual(nothing);
  });

  it('a plan change (previous_subscription_id) whose new prices changed is not applied until the buyer confirms', async () => {
    const current = await newPricing(2000);
    const next = await newPricing(5800);
    const buyer = await createCustomer(a);
    const sub = await ok(
      await a.post('/subscriptions', {
        customer_id: buyer.id,
        product_pricing_ids: [current.id],
        config_items: [{ product_metric_pricing_id: current.product_metric_pricings[0].id, num_licenses: 1 }],
      }),
    );
    const { url } = await session(next, buyer, { previous_subscription_id: sub.id });
    const opened = await page(url).expect(200);
    await reprice(next, 9900);
    const res = await post(url, { ...form, quote: quoteOn(opened.text)! });
    expect(res.status).toBe(409);
    expect(res.text).toContain(
      'The prices of this plan changed since you opened this page. Nothing was charged and your plan was not changed',
    );
    expect((await ok(await a.get(`/subscriptions/${sub.id}`))).product_pricing_ids).toEqual([current.id]);
    expect((await post(url, { ...form, quote: quoteOn(res.text)! })).status).toBe(200);
    expect((await ok(await a.get(`/subscriptions/${sub.id}`))).product_pricing_ids).toEqual([next.id]);
  });
});
