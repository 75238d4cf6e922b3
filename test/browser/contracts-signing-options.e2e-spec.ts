import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { FixedClock, Tenant } from '../support/app';
import { ARTIFACTS, BrowserHarness, startBrowserHarness } from '../support/browser';
import { BillingRunService } from '../../src/invoicing/billing-engine/billing-run.service';

/**
 * A contract's `options` and `requires_payment_method` act on the signing page, in headless
 * Chromium with JavaScript OFF: the confirmation message replaces the page's own text, REDIRECT
 * lands on the company's page on another origin, and a contract that requires a payment method
 * refuses a signature without a card, then takes one: the subscription it starts is charged to
 * that card by the billing run (the customer's default card, which declines, is not used).
 */
describe('contract signing page options in a browser', () => {
  let h: BrowserHarness;
  let a: Tenant;
  let browser: Browser;
  let seats: any;
  const clock = new FixedClock(new Date('2027-03-01T12:00:00.000Z'));

  beforeAll(async () => {
    h = await startBrowserHarness({ clock, companyName: 'Northwind Software' });
    ({ a, browser } = h);
    const product = (await a.post('/products', { name: 'Analytics Suite' }).expect(200)).body;
    seats = (
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
  });

  afterAll(() => h?.close());

  async function contractFor(fields: Record<string, unknown>, customerName = 'Jane Doe') {
    const customer = (await a.post('/customers', { name: customerName, email: 'jane@contoso.test' }).expect(201)).body;
    const contract = (
      await a
        .post('/contracts', {
          customer_id: customer.id,
          title: 'Analytics Suite — Order Form',
          product_pricing_ids: [seats.id],
          config_items: [{ product_metric_pricing_id: seats.product_metric_pricings[0].id, num_licenses: 3 }],
          term: { count: 1, frequency: 'YEAR' },
          status: 'PENDING_SIGNATURES',
          signatories: [{ email: 'jane@contoso.test', name: 'Jane Doe' }],
          ...fields,
        })
        .expect(200)
    ).body;
    return { customer, contract, link: contract.signatories[0].signature_link as string };
  }

  async function fillAndAgree(page: Page) {
    await page.getByLabel('Full name').fill('Jane Doe');
    await page.getByLabel('I agree to the terms of this contract', { exact: false }).check();
  }

  it('shows the confirmation message after the signature', async () => {
    const { contract, link } = await contractFor({ options: { confirmation_message: 'Welcome aboard! Your workspace opens on Monday.' } });
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      expect((await page.goto(link))?.status()).toBe(200);
      await fillAndAgree(page);
      await page.getByRole('button', { name: 'Sign contract' }).click();
      await page.waitForLoadState();
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Thank you, the contract is signed');
      const body = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
      expect(body).toContain('Welcome aboard! Your workspace opens on Monday.');
      expect(body).not.toContain('Every signatory has now signed');
      expect((await a.get(`/contracts/${contract.id}`).expect(200)).body.status).toBe('EXECUTED');
    } finally {
      await context.close();
    }
  });

  it('REDIRECT: after the signature the browser lands on the company page of another origin', async () => {
    const shop = http.createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>Shop</title><h1>Thanks from Northwind</h1><p>${req.url}</p>`);
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    const shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
    try {
      const { contract, link } = await contractFor({
        options: { completion_action: 'REDIRECT', redirect_url: `${shopUrl}/signed?deal=7` },
      });
      const context = await browser.newContext({ javaScriptEnabled: false });
      try {
        const page = await context.newPage();
        const first = await page.goto(link);
        expect(first?.status()).toBe(200);
        // the page's form may lead to the redirect's origin, and nowhere else
        expect(first?.headers()['content-security-policy']).toContain(`form-action 'self' ${shopUrl};`);
        await fillAndAgree(page);
        await Promise.all([page.waitForURL(`${shopUrl}/signed?deal=7`), page.getByRole('button', { name: 'Sign contract' }).click()]);
        await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Thanks from Northwind');
        const after = (await a.get(`/contracts/${contract.id}`).expect(200)).body;
        expect(after.status).toBe('EXECUTED');
        expect(after.signatories[0].signed).toBe(true);
      } finally {
        await context.close();
      }
    } finally {
      await new Promise<void>((resolve) => shop.close(() => resolve()));
    }
  });

  it('requires_payment_method: refuses a signature without a card, then charges the subscription to the card given', async () => {
    const { customer, contract, link } = await contractFor(
      { requires_payment_method: true, start_date: '2027-03-01T12:00:00.000Z' },
      'Card Co',
    );
    // the customer's default card declines every charge: only the card given on the page can pay
    await a.post(`/customers/${customer.id}/payment_methods`, { token: 'tok_chargeDeclined' }).expect(200);
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1000, height: 900 } });
    try {
      const page = await context.newPage();
      expect((await page.goto(link))?.status()).toBe(200);
      await expect(page.getByRole('group', { name: 'Payment method' }).isVisible()).resolves.toBe(true);
      await fillAndAgree(page);
      // no card chosen: refused on the page, nothing written
      await page.getByRole('combobox', { name: /^Card/ }).selectOption('');
      await page.getByRole('button', { name: 'Sign contract' }).click();
      await page.waitForLoadState();
      await expect(page.getByRole('alert').innerText()).resolves.toContain('Choose a card: this contract needs a payment method');
      await expect(page.getByRole('combobox', { name: /^Card/ }).getAttribute('aria-invalid')).resolves.toBe('true');
      await page.screenshot({ path: path.join(ARTIFACTS, 'contract-signing-card-required.png'), fullPage: true });
      const refused = (await a.get(`/contracts/${contract.id}`).expect(200)).body;
      expect(refused).toMatchObject({ status: 'PENDING_SIGNATURES', payment_method_id: null, subscription_id: null });
      expect(refused.signatories[0].signed).toBe(false);
      expect((await a.get(`/customers/${customer.id}/payment_methods`).expect(200)).body).toHaveLength(1);

      // with the card: the signature counts, the contract executes, the card pays the subscription
      await fillAndAgree(page);
      await page.getByRole('combobox', { name: /^Card/ }).selectOption('tok_visa');
      await page.getByRole('button', { name: 'Sign contract' }).click();
      await page.waitForLoadState();
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Thank you, the contract is signed');
      const after = (await a.get(`/contracts/${contract.id}`).expect(200)).body;
      expect(after).toMatchObject({ status: 'EXECUTED', payment_method_id: expect.stringMatching(/^pm/) });
      const cards = (await a.get(`/customers/${customer.id}/payment_methods`).expect(200)).body as any[];
      expect(cards).toHaveLength(2);
      const given = cards.find((c) => c.id === after.payment_method_id);
      expect(given).toMatchObject({ last_4: '4242', default: false });
      const sub = (await a.get(`/subscriptions/${after.subscription_id}`).expect(200)).body;
      expect(sub).toMatchObject({ payment_method_id: after.payment_method_id, auto_charges: true });

      // the first invoice: 3 seats × $58.00 = 17,400 cents, charged to the card given on the page
      await h.t.app.get(BillingRunService).run(clock.now(), { companyIds: [a.companyId] });
      const [invoice] = (await a.post('/invoices/find', { query: { customer_id: customer.id } }).expect(200)).body.results;
      expect(invoice).toMatchObject({ status: 'PAID', total: { value_in_cents: 17400 }, due: { value_in_cents: 0 } });
      const payments = (
        await a.post('/payments/transactions/find', { pagination: { limit: 10 }, query: { customer_id: customer.id } }).expect(200)
      ).body.results;
      expect(payments).toHaveLength(1);
      expect(payments[0]).toMatchObject({
        status: 'SUCCEEDED',
        total_amount: { value_in_cents: 17400 },
        payment_method: { last_4: '4242' },
      });
    } finally {
      await context.close();
    }
  });
});
