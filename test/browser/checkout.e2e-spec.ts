import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import { FixedClock, Tenant } from '../support/app';
import { ARTIFACTS, BrowserHarness, startBrowserHarness } from '../support/browser';

/**
 * A real browser completes a checkout on the hosted checkout page: the app listens on
 * 127.0.0.1, PUBLIC_URL points at it, headless Chromium opens the session's link with
 * JavaScript OFF, reads the order (the billing engine's first invoice), submits once with a
 * declined test card (the page says so, nothing changes), then pays with tok_visa. The
 * session is then COMPLETED through the API, the invoice PAID, and the link cannot pay again.
 */
describe('checkout page in a browser', () => {
  let h: BrowserHarness;
  let a: Tenant;
  let browser: Browser;
  let publicUrl: string;
  const clock = new FixedClock(new Date('2027-03-01T12:00:00.000Z'));

  beforeAll(async () => {
    h = await startBrowserHarness({ clock, companyName: 'Northwind Software' });
    ({ a, browser, publicUrl } = h);
  });

  afterAll(() => h?.close());

  it('shows the order, reports a declined card, then completes the checkout', async () => {
    await a
      .patch('/settings', { display_name: 'Northwind Cloud', support_email: 'help@northwind.test', accent_color: '#0f766e' })
      .expect(200);
    const product = (await a.post('/products', { name: 'Analytics Suite' }).expect(200)).body;
    const seats = (
      await a
        .post('/pricing', {
          product_id: product.id,
          name: 'Seats',
          external_name: 'Analytics seats',
          currency: 'USD',
          pricing_type: 'FIXED',
          fixed_price: { price_per_unit: 5800 },
          billing_frequency: { count: 1, frequency: 'MONTH' },
        })
        .expect(200)
    ).body;
    const customer = (await a.post('/customers', { name: 'Jane Doe', org_name: 'Contoso Ltd', email: 'jane@contoso.test' }).expect(201))
      .body;
    const session = (
      await a
        .post('/checkout', {
          type: 'CHECKOUT_SESSION',
          customer_id: customer.id,
          product_pricing_ids: [seats.id],
          config_items: [{ product_metric_pricing_id: seats.product_metric_pricings[0].id, num_licenses: 5 }],
          discounts: [{ name: 'Launch offer', type: 'DISCOUNT_PERCENT', percent: 0.1 }],
          onetime_items: [
            { custom_price: { amount: { currency: 'USD', value_in_cents: 50_000 }, description: 'Onboarding and training' } },
          ],
          options: { requires_customer_address: true, confirmation_message: 'Welcome to Analytics Suite! Your workspace is ready.' },
        })
        .expect(200)
    ).body;
    expect(session.url.startsWith(`${publicUrl}/checkout/pay/`)).toBe(true);

    // a phone: the form sits below the order, so an error must come up to the top
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      const first = await page.goto(session.url);
      expect(first?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Analytics seats');
      const body = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
      expect(body).toContain('Northwind Cloud');
      expect(body).toContain('help@northwind.test');
      expect(body).not.toContain('Annual value');
      expect(body).not.toMatch(/e-?mailed|receipts? (is|are) sent|on its way to your e-mail/i);
      await expect(page.evaluate("getComputedStyle(document.querySelector('button.pay-btn')).backgroundColor")).resolves.toBe(
        'rgb(15, 118, 110)',
      );
      expect(body).toContain('5 × $58.00');
      expect(body).toContain('$290.00');
      expect(body).toContain('Onboarding and training');
      expect(body).toContain('$500.00');
      expect(body).toContain('Due today');
      const sessionNow = (await a.get(`/checkout/${session.id}`).expect(200)).body;
      const total = sessionNow.totals.total.value_in_cents;
      const totalText = `$${(total / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
      expect(body).toContain(totalText);
      await expect(page.getByLabel('Full name').inputValue()).resolves.toBe('Jane Doe');
      await expect(page.getByLabel('E-mail', { exact: false }).inputValue()).resolves.toBe('jane@contoso.test');

      await page.getByLabel('Address line 1').fill('1 Harbour Road');
      await page.getByLabel('City').fill('Seattle');
      await page.getByLabel('Postal code').fill('98101');
      await page.getByLabel('Country', { exact: false }).selectOption('US');
      await page.getByLabel('Card', { exact: false }).selectOption('tok_visa');
      await page.screenshot({ path: path.join(ARTIFACTS, 'checkout.png'), fullPage: true });

      // a declined card: the page says so and the session stays open
      await page.getByLabel('Card', { exact: false }).selectOption('tok_chargeDeclined');
      await page.getByRole('button', { name: /^Pay / }).click();
      await page.waitForLoadState();
      await expect(page.getByRole('alert').innerText()).resolves.toContain('Your card was declined.');
      // the error is the first thing on screen, and focused
      const alertBox = await page.getByRole('alert').boundingBox();
      expect(alertBox!.y + alertBox!.height).toBeLessThanOrEqual(844);
      await expect(page.evaluate('document.activeElement && document.activeElement.getAttribute("role")')).resolves.toBe('alert');
      await expect(page.getByLabel('City').inputValue()).resolves.toBe('Seattle');
      expect((await a.get(`/checkout/${session.id}`).expect(200)).body.status).toBe('OPEN');
      await page.screenshot({ path: path.join(ARTIFACTS, 'checkout-declined.png'), fullPage: true });

      // pay
      await page.getByLabel('Card', { exact: false }).selectOption('tok_visa');
      await page.getByRole('button', { name: /^Pay / }).click();
      await page.waitForLoadState();
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Thank you, your subscription is active');
      await expect(page.locator('main').innerText()).resolves.toContain('Welcome to Analytics Suite!');
      await expect(page.locator('form').count()).resolves.toBe(0);
      await page.screenshot({ path: path.join(ARTIFACTS, 'checkout-done.png'), fullPage: true });
      // the receipt is the paid invoice's page; the way back is the support e-mail (no redirect_url)
      await expect(page.locator('#return-link').getAttribute('href')).resolves.toBe('mailto:help@northwind.test');
      const receipt = await page.locator('#receipt-link').getAttribute('href');
      expect(receipt!.startsWith(`${publicUrl}/invoices/pay/`)).toBe(true);
      await page.goto(receipt!);
      await expect(page.locator('#invoice-status').innerText()).resolves.toBe('Paid');

      const after = (await a.get(`/checkout/${session.id}`).expect(200)).body;
      expect(after).toMatchObject({
        status: 'COMPLETED',
        completed_at: '2027-03-01T12:00:00.000Z',
        subscription_id: expect.stringMatching(/^subs_/),
      });
      const invoices = (await a.post('/invoices/find', { query: { customer_id: customer.id } }).expect(200)).body.results;
      expect(invoices).toHaveLength(1);
      expect(invoices[0]).toMatchObject({ status: 'PAID', total: { currency: 'USD', value_in_cents: total } });
      const c = (await a.get(`/customers/${customer.id}`).expect(200)).body;
      expect(c.address).toMatchObject({ address_line_1: '1 Harbour Road', city: 'Seattle', zip: '98101', country: 'US' });

      // reopening the link: already complete, no form
      const again = await page.goto(session.url);
      expect(again?.status()).toBe(409);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('This checkout is already complete');
      await expect(page.locator('form').count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });

  it('completes a REDIRECT checkout and lands on the company page of another origin', async () => {
    // the company's own site: another origin (another port) that the 303 after paying leads to
    const shop = http.createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>Shop</title><h1>Thanks from the shop</h1><p>${req.url}</p>`);
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    const shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
    try {
      const product = (await a.post('/products', { name: 'Reports' }).expect(200)).body;
      const pricing = (
        await a
          .post('/pricing', {
            product_id: product.id,
            name: 'Reports seats',
            currency: 'USD',
            pricing_type: 'FIXED',
            fixed_price: { price_per_unit: 1500 },
            billing_frequency: { count: 1, frequency: 'MONTH' },
          })
          .expect(200)
      ).body;
      const customer = (await a.post('/customers', { name: 'Rui Costa', email: 'rui@example.test' }).expect(201)).body;
      const session = (
        await a
          .post('/checkout', {
            type: 'CHECKOUT_SESSION',
            customer_id: customer.id,
            product_pricing_ids: [pricing.id],
            config_items: [{ product_metric_pricing_id: pricing.product_metric_pricings[0].id, num_licenses: 2 }],
            options: { completion_action: 'REDIRECT', redirect_url: `${shopUrl}/thanks?order=42` },
          })
          .expect(200)
      ).body;
      const context = await browser.newContext({ javaScriptEnabled: false });
      try {
        const page = await context.newPage();
        expect((await page.goto(session.url))?.status()).toBe(200);
        await page.getByLabel('Card', { exact: false }).selectOption('tok_visa');
        await Promise.all([page.waitForURL(`${shopUrl}/thanks?order=42`), page.getByRole('button', { name: /^Pay / }).click()]);
        await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Thanks from the shop');
        expect((await a.get(`/checkout/${session.id}`).expect(200)).body.status).toBe('COMPLETED');
      } finally {
        await context.close();
      }
    } finally {
      await new Promise<void>((resolve) => shop.close(() => resolve()));
    }
  });
});
