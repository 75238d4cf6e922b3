import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { FixedClock, Tenant } from '../support/app';
import { ARTIFACTS, BrowserHarness, startBrowserHarness } from '../support/browser';
import { BillingRunService } from '../../src/invoicing/billing-engine/billing-run.service';

/**
 * The customer portal and the usage page in headless Chromium with JavaScript OFF: the portal at
 * 375 px wide (nothing wider than the screen), adding a card with its labelled select, and the
 * usage page framed by the company's own site on another origin — refused by default, shown
 * once the company lists that origin in `usage_page_frame_ancestors`; the portal is never framed.
 */
describe('customer portal and usage page in a browser', () => {
  let h: BrowserHarness;
  let a: Tenant;
  let browser: Browser;
  let customer: any;
  const clock = new FixedClock(new Date('2027-03-10T12:00:00.000Z'));

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
          fixed_price: { price_per_unit: 5800 },
          billing_frequency: { count: 1, frequency: 'MONTH' },
        })
        .expect(200)
    ).body;
    const item = (await a.post('/billable_items', { name: 'Reports', type: 'CUSTOM_USAGE' }).expect(200)).body;
    const metric = (
      await a
        .post('/billable_metrics', { item_id: item.id, name: 'Reports run', metering_rule: { aggregator: 'COUNT', group_keys: [] } })
        .expect(200)
    ).body;
    const reports = (
      await a
        .post('/pricing', {
          product_id: product.id,
          name: 'Reports',
          currency: 'USD',
          pricing_type: 'FIXED',
          fixed_price: { price_per_unit: 10 },
          billing_frequency: { count: 1, frequency: 'MONTH' },
          item_id: item.id,
          metric_id: metric.id,
        })
        .expect(200)
    ).body;
    customer = (await a.post('/customers', { name: 'Jane Doe', org_name: 'Contoso Ltd', email: 'jane@contoso.test' }).expect(201)).body;
    await a
      .post('/subscriptions', {
        customer_id: customer.id,
        product_pricing_ids: [seats.id, reports.id],
        config_items: [{ product_metric_pricing_id: seats.product_metric_pricings[0].id, num_licenses: 5 }],
        start_date: '2027-03-01T00:00:00.000Z',
      })
      .expect(200);
    const events = [2, 3, 3, 5, 8, 8, 8, 9].map((day, i) => ({
      customer_id: customer.id,
      item_id: item.id,
      transaction_id: `r${i}`,
      timestamp: `2027-03-0${day}T10:00:00.000Z`,
    }));
    await a.post('/events/ingest', { events }).expect(200);
    // the first invoice (seats, in advance) is written and finalized: the portal lists it
    await h.t.app.get(BillingRunService).run(clock.now(), { companyIds: [a.companyId] });
  });

  afterAll(() => h?.close());

  /** Everything laid out within `width` (no horizontal scrolling), measured without script. */
  async function expectFits(page: Page, width: number) {
    for (const selector of ['main', 'table', 'form', 'h1', 'ul.cards li']) {
      for (const el of await page.locator(selector).all()) {
        const box = await el.boundingBox();
        if (!box) continue;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
    }
  }

  it('reads at 375 px without JavaScript and adds a card', async () => {
    const { url } = (await a.post(`/customer_dashboards/${customer.id}/portal`).expect(200)).body;
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    try {
      const page = await context.newPage();
      expect((await page.goto(url))?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Contoso Ltd');
      const body = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
      expect(body).toContain('Northwind Software');
      expect(body).toContain('Analytics seats + Reports');
      expect(body).toContain('$290.00 a month');
      expect(body).toContain('1 April 2027');
      expect(body).toContain('No card on file.');
      const [invoice] = (await a.post('/invoices/find', { query: { customer_id: customer.id } }).expect(200)).body.results;
      expect(invoice.status).toBe('PENDING');
      expect(body).toContain('$290.00');
      await expectFits(page, 375);
      await page.screenshot({ path: path.join(ARTIFACTS, 'customer-portal-375.png'), fullPage: true });

      // the invoice's own page, from its link
      await page.getByRole('link', { name: `View invoice ${invoice.number}` }).click();
      await page.waitForLoadState();
      expect(page.url()).toBe(invoice.hosted_link);
      await page.goBack();

      await page.getByLabel('Card to add').selectOption('tok_visa');
      await page.getByRole('button', { name: 'Add card' }).click();
      await page.waitForLoadState();
      await expect(page.getByRole('status').innerText()).resolves.toBe('Your card was added.');
      await expect(page.locator('ul.cards').innerText()).resolves.toContain('Visa •••• 4242');
      const cards = (await a.get(`/customers/${customer.id}/payment_methods`).expect(200)).body;
      expect(cards).toHaveLength(1);
      expect(cards[0]).toMatchObject({ last_4: '4242', default: true });
      await expectFits(page, 375);
      await page.screenshot({ path: path.join(ARTIFACTS, 'customer-portal-card-added.png'), fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('the usage page is framed by an allowed origin only; the portal never', async () => {
    const usageUrl = (await a.post(`/customer_dashboards/${customer.id}/usage`).expect(200)).body.url;
    const portalUrl = (await a.post(`/customer_dashboards/${customer.id}/portal`).expect(200)).body.url;
    // the company's own app: another origin that frames the pages
    const site = http.createServer((req, res) => {
      const src = req.url === '/portal' ? portalUrl : usageUrl;
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>App</title><h1>Our app</h1><iframe title="embedded" src="${src}" width="700" height="900"></iframe>`);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 800, height: 1000 } });
    const framed = async (page: Page, at: string): Promise<Frame> => {
      await page.goto(at);
      await page.waitForLoadState('load');
      const frame = page.frames().find((f) => f !== page.mainFrame());
      expect(frame).toBeDefined();
      return frame!;
    };
    try {
      const page = await context.newPage();
      // by default no one may frame it
      let frame = await framed(page, `${siteUrl}/usage`);
      await expect(frame.locator('h1').count()).resolves.toBe(0);
      await page.screenshot({ path: path.join(ARTIFACTS, 'usage-page-framing-refused.png'), fullPage: true });

      await a.patch('/settings', { usage_page_frame_ancestors: [siteUrl] }).expect(200);
      frame = await framed(page, `${siteUrl}/usage`);
      await expect(frame.locator('h1').textContent()).resolves.toBe('Contoso Ltd');
      const text = (await frame.locator('main').innerText()).replace(/\s+/g, ' ');
      expect(text).toContain('Reports run 8');
      expect(text).toContain('Current period: 1 March 2027 – 1 April 2027');
      await expect(frame.getByRole('img', { name: 'Reports run per day' }).count()).resolves.toBe(1);
      await page.screenshot({ path: path.join(ARTIFACTS, 'usage-page-framed.png'), fullPage: true });

      // another origin than the one listed is still refused, and the portal is never framed
      await a.patch('/settings', { usage_page_frame_ancestors: ['https://app.example.com'] }).expect(200);
      frame = await framed(page, `${siteUrl}/usage`);
      await expect(frame.locator('h1').count()).resolves.toBe(0);
      await a.patch('/settings', { usage_page_frame_ancestors: [siteUrl] }).expect(200);
      frame = await framed(page, `${siteUrl}/portal`);
      await expect(frame.locator('h1').count()).resolves.toBe(0);
    } finally {
      await context.close();
      await a.patch('/settings', { usage_page_frame_ancestors: null }).expect(200);
      await new Promise<void>((resolve) => site.close(() => resolve()));
    }
  });
});
