import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import { FixedClock, Tenant } from '../support/app';
import { ARTIFACTS, BrowserHarness, startBrowserHarness } from '../support/browser';
import { BillingRunService } from '../../src/invoicing/billing-engine/billing-run.service';

/**
 * Seat quantities in the customer portal, in headless Chromium with JavaScript OFF: not offered
 * while the company's `portal_quantity_changes_enabled` is off; once on, a labelled number field
 * per seat price; a quantity out of the price's range is refused on the page (the server's
 * answer: the form does not rely on the browser's own checks); a valid one changes the
 * subscription now and the billing run writes the prorated invoice the portal then lists.
 */
describe('customer portal seat quantities in a browser', () => {
  let h: BrowserHarness;
  let a: Tenant;
  let browser: Browser;
  let customer: any;
  let sub: any;
  const start = new Date('2027-03-01T00:00:00.000Z');
  const changeAt = new Date('2027-03-10T12:00:00.000Z');
  const clock = new FixedClock(start);

  beforeAll(async () => {
    h = await startBrowserHarness({ clock, companyName: 'Northwind Software' });
    ({ a, browser } = h);
    const product = (await a.post('/products', { name: 'Analytics' }).expect(200)).body;
    const seats = (
      await a
        .post('/pricing', {
          product_id: product.id,
          name: 'Analytics seats',
          currency: 'USD',
          pricing_type: 'FIXED',
          fixed_price: { price_per_unit: 4900 },
          billing_frequency: { count: 1, frequency: 'MONTH' },
        })
        .expect(200)
    ).body;
    customer = (await a.post('/customers', { name: 'Jane Doe', org_name: 'Contoso Ltd', email: 'jane@contoso.test' }).expect(201)).body;
    sub = (
      await a
        .post('/subscriptions', {
          customer_id: customer.id,
          product_pricing_ids: [seats.id],
          config_items: [
            {
              product_metric_pricing_id: seats.product_metric_pricings[0].id,
              num_licenses: 5,
              quantity_config: { min_quantity: 2, max_quantity: 20 },
            },
          ],
          start_date: start.toISOString(),
        })
        .expect(200)
    ).body;
    // the first invoice, Mar 1: 5 × $49.00 = $245.00; the customer comes to the portal on Mar 10 at noon
    await h.t.app.get(BillingRunService).run(clock.now(), { companyIds: [a.companyId] });
    clock.set(changeAt);
  });

  afterAll(() => h?.close());

  const seatsOf = async () => (await a.get(`/subscriptions/${sub.id}`).expect(200)).body.config_items[0].num_licenses;

  it('disabled by default: the portal offers no quantity field', async () => {
    const { url } = (await a.post(`/customer_dashboards/${customer.id}/portal`).expect(200)).body;
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      expect((await page.goto(url))?.status()).toBe(200);
      await expect(page.getByRole('spinbutton').count()).resolves.toBe(0);
      await expect(page.getByRole('button', { name: /Change seats/ }).count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });

  it('enabled: refuses a quantity out of range, then changes it and lists the prorated invoice', async () => {
    await a.patch('/settings', { portal_quantity_changes_enabled: true }).expect(200);
    const { url } = (await a.post(`/customer_dashboards/${customer.id}/portal`).expect(200)).body;
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 900 } });
    try {
      const page = await context.newPage();
      expect((await page.goto(url))?.status()).toBe(200);
      const field = page.getByLabel('Seats of Analytics seats', { exact: false });
      await expect(field.inputValue()).resolves.toBe('5');
      await expect(page.locator('main').innerText()).resolves.toContain('Now 5; 2 to 20.');

      // out of range: the page says why, nothing changes
      await field.fill('21');
      await page.getByRole('button', { name: 'Change seats of Analytics seats' }).click();
      await page.waitForLoadState();
      await expect(page.getByRole('alert').innerText()).resolves.toBe('Quantity must be between 2 and 20.');
      expect(await seatsOf()).toBe(5);

      // 8 seats from Mar 10 12:00
      await page.getByLabel('Seats of Analytics seats', { exact: false }).fill('8');
      await page.getByRole('button', { name: 'Change seats of Analytics seats' }).click();
      await page.waitForLoadState();
      await expect(page.getByRole('status').innerText()).resolves.toContain('The quantity was changed.');
      await expect(page.getByLabel('Seats of Analytics seats', { exact: false }).inputValue()).resolves.toBe('8');
      expect(await seatsOf()).toBe(8);
      await expect(page.locator('main').innerText()).resolves.toContain('$392.00 a month');

      // the change's invoice: 516 of March's 744 hours remain;
      // −round(24500 × 516/744) = −16992 and round(39200 × 516/744) = 27187, total 10195
      await h.t.app.get(BillingRunService).run(clock.now(), { companyIds: [a.companyId] });
      const invoices = (await a.post('/invoices/find', { query: { customer_id: customer.id } }).expect(200)).body.results as any[];
      const prorated = invoices.find((i) => i.items.some((l: any) => l.prorated));
      expect(prorated).toMatchObject({ invoice_date: changeAt.toISOString(), total: { value_in_cents: 10195 } });
      expect(prorated.items.map((l: any) => [l.quantity, l.amount.value_in_cents])).toEqual([
        [5, -16992],
        [8, 27187],
      ]);
      await page.reload();
      await expect(page.locator('main').innerText()).resolves.toContain('$101.95');
      await page.screenshot({ path: path.join(ARTIFACTS, 'customer-portal-quantity.png'), fullPage: true });
    } finally {
      await context.close();
    }
  });
});
