import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import { FixedClock, Tenant } from '../support/app';
import { ARTIFACTS, BrowserHarness, startBrowserHarness } from '../support/browser';

/**
 * A real browser signs a contract on the hosted signing page: the app listens on 127.0.0.1,
 * PUBLIC_URL points at it, headless Chromium opens the signatory's link with JavaScript OFF,
 * reads the prices and terms, submits once empty (server-side errors), then signs. The
 * contract is then EXECUTED through the API and the link shows "already signed".
 */
describe('contract signing page in a browser', () => {
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

  it('shows the contract, refuses an empty form, signs, and executes the contract', async () => {
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
    const contract = (
      await a
        .post('/contracts', {
          customer_id: customer.id,
          title: 'Analytics Suite — Order Form',
          product_pricing_ids: [seats.id],
          config_items: [{ product_metric_pricing_id: seats.product_metric_pricings[0].id, num_licenses: 5 }],
          term: { count: 1, frequency: 'YEAR' },
          start_date: '2027-04-01T00:00:00.000Z',
          expiration_date: '2027-03-31T00:00:00.000Z',
          discounts: [{ name: 'Annual commitment', type: 'DISCOUNT_PERCENT', percent: 0.1, product_pricing_id: seats.id }],
          onetime_items: [
            { custom_price: { amount: { currency: 'USD', value_in_cents: 50_000 }, description: 'Onboarding and training' } },
          ],
          custom_variables: { customer: 'Contoso Ltd' },
          content:
            '1. Services. Northwind provides the Analytics Suite to {{customer}} for the term below.\n\n' +
            '2. Fees. Fees are invoiced monthly in advance and due within 30 days.\n\n' +
            '3. Renewal. The order renews automatically for successive terms unless cancelled 30 days before the end of a term.\n\n' +
            '4. Data. Each party keeps its own data; Northwind processes customer data only to provide the service.',
          status: 'PENDING_SIGNATURES',
          signatories: [{ email: 'jane@contoso.test', name: 'Jane Doe', title: 'VP Operations' }],
        })
        .expect(200)
    ).body;
    const link: string = contract.signatories[0].signature_link;
    expect(link.startsWith(`${publicUrl}/contracts/sign/`)).toBe(true);

    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1000, height: 900 } });
    try {
      const page = await context.newPage();
      const first = await page.goto(link);
      expect(first?.status()).toBe(200);
      await expect(page.title()).resolves.toContain('Analytics Suite — Order Form');
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Analytics Suite — Order Form');
      const body = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
      expect(body).toContain('Northwind Software');
      expect(body).toContain('Contoso Ltd');
      expect(body).toContain('Jane Doe');
      expect(body).toContain('Analytics seats');
      expect(body).toContain('5 licences × $58.00');
      expect(body).toContain('$290.00 / month');
      expect(body).toContain('10% off');
      expect(body).toContain('$500.00 one time');
      // the signer is the buyer: no seller figures (the annual contract value, $3,132.00)
      expect(body).not.toContain('Annual contract value');
      expect(body).not.toContain('$3,132.00');
      expect(body).toContain('1 year');
      expect(body).toContain('1 April 2027');
      expect(body).toContain('to Contoso Ltd for the term below');
      // the signatory types their own name: a signature is never pre-filled
      await expect(page.getByLabel('Full name').inputValue()).resolves.toBe('');
      await expect(page.getByLabel('I agree to the terms of this contract', { exact: false }).isChecked()).resolves.toBe(false);
      await page.screenshot({ path: path.join(ARTIFACTS, 'contract-signing.png'), fullPage: true });

      // empty submission: the server answers with the form and its errors
      await page.getByLabel('Full name').fill('');
      await page.getByRole('button', { name: 'Sign contract' }).click();
      await page.waitForLoadState();
      const alert = page.getByRole('alert');
      await expect(alert.innerText()).resolves.toContain('Enter your full name.');
      await expect(alert.innerText()).resolves.toContain('Tick the box to agree');
      await expect(page.getByLabel('Full name').getAttribute('aria-invalid')).resolves.toBe('true');
      // the errors are the first thing on screen, and focused
      await expect(page.evaluate('document.activeElement && document.activeElement.getAttribute("role")')).resolves.toBe('alert');
      expect((await a.get(`/contracts/${contract.id}`).expect(200)).body.signatories[0].signed).toBe(false);
      await page.screenshot({ path: path.join(ARTIFACTS, 'contract-signing-errors.png'), fullPage: true });

      // sign
      await page.getByLabel('Full name').fill('Jane Doe');
      await page.getByLabel('I agree to the terms of this contract', { exact: false }).check();
      await page.getByRole('button', { name: 'Sign contract' }).click();
      await page.waitForLoadState();
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Thank you, the contract is signed');
      // the start date reads as a date right after execution
      await expect(page.locator('.state p').innerText()).resolves.toContain('your subscription starts on 1 April 2027.');
      await expect(page.locator('form').count()).resolves.toBe(0);
      await page.screenshot({ path: path.join(ARTIFACTS, 'contract-signing-done.png'), fullPage: true });

      const after = (await a.get(`/contracts/${contract.id}`).expect(200)).body;
      expect(after).toMatchObject({
        status: 'EXECUTED',
        completed_date: '2027-03-01T12:00:00.000Z',
        subscription_id: expect.stringMatching(/^subs_/),
      });
      expect(after.signatories[0]).toMatchObject({ signed: true, signed_date: '2027-03-01T12:00:00.000Z' });
      expect(after.signatories[0].view_timestamps.length).toBeGreaterThanOrEqual(1);
      const sub = (await a.get(`/subscriptions/${after.subscription_id}`).expect(200)).body;
      expect(sub).toMatchObject({ customer_id: customer.id, start_date: '2027-04-01T00:00:00.000Z', product_pricing_ids: [seats.id] });

      // reopening the link: already signed, no form
      const again = await page.goto(link);
      expect(again?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('You have already signed this contract');
      await expect(page.locator('form').count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });
});
