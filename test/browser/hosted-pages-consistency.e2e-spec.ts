import * as path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pdfText } from '../support/system-tools';
import { FixedClock, Tenant } from '../support/app';
import { apiCallsPricing } from '../support/fixtures';
import { ARTIFACTS, BrowserHarness, startBrowserHarness } from '../support/browser';

/**
 * What stays the same across the hosted pages, in headless Chromium (JavaScript off) at 1280×800
 * and 390×844: the usage page's earlier periods; the signing page (a date right after execution,
 * no seller figures, no pre-filled name); the error pages of valid links wearing the company's
 * brand; and an invoice's status in the same word on its page, its PDF and the portal.
 */
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];
const NOW = new Date('2028-01-10T12:00:00.000Z');
const DAY = 86_400_000;

const text = async (page: Page) => (await page.locator('body').innerText()).replace(/\s+/g, ' ');

describe('hosted pages: consistency in a browser', () => {
  let h: BrowserHarness;
  let a: Tenant;
  let browser: Browser;
  const clock = new FixedClock(NOW);

  beforeAll(async () => {
    h = await startBrowserHarness({ clock, companyName: 'Acme Cloud Inc.' });
    ({ a, browser } = h);
    await a.patch('/settings', { display_name: 'Acme Cloud', support_email: 'billing@acme.test', accent_color: '#0f766e' }).expect(200);
  });
  afterEach(() => clock.set(NOW));
  afterAll(() => h?.close());

  async function withPage<T>(viewport: { width: number; height: number }, f: (page: Page, c: BrowserContext) => Promise<T>): Promise<T> {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport });
    try {
      return await f(await context.newPage(), context);
    } finally {
      await context.close();
    }
  }

  async function seatPlan(name: string) {
    const product = (await a.post('/products', { name: `${name} product` }).expect(200)).body;
    const body = { product_id: product.id, name, currency: 'USD', pricing_type: 'FIXED', fixed_price: { price_per_unit: 5800 } };
    return (await a.post('/pricing', { ...body, billing_frequency: { count: 1, frequency: 'MONTH' } }).expect(200)).body;
  }

  it('usage page: the totals of the earlier billing periods, readable on a phone', async () => {
    const { pricing, itemId } = await apiCallsPricing(a);
    const customer = (await a.post('/customers', { name: 'History Co', email: 'history@example.test' }).expect(201)).body;
    await a
      .post('/subscriptions', { customer_id: customer.id, product_pricing_ids: [pricing.id], start_date: '2027-09-01T00:00:00.000Z' })
      .expect(200);
    // calls per month: 1 in September, 2 in October, 3 in November, 4 in December, 3 so far in January
    const days = ['09-10', '10-05', '10-20', '11-02', '11-15', '11-30', '12-01', '12-12', '12-24', '12-31', '01-02', '01-03', '01-09'];
    const events = days.map((day, i) => ({
      customer_id: customer.id,
      item_id: itemId,
      transaction_id: `h${i}`,
      timestamp: `${day.startsWith('01') ? 2028 : 2027}-${day}T10:00:00.000Z`,
    }));
    await a.post('/events/ingest', { events }).expect(200);
    const { url } = (await a.post(`/customer_dashboards/${customer.id}/usage`).expect(200)).body;
    for (const viewport of VIEWPORTS)
      await withPage(viewport, async (page) => {
        await page.goto(url);
        await expect(page.locator('.figure').first().innerText()).resolves.toBe('3');
        const history = page.locator('table.history');
        await expect(history.locator('caption').innerText()).resolves.toBe('Earlier periods');
        const rows = await history
          .locator('tbody tr')
          .evaluateAll((trs) => trs.map((tr) => (tr as unknown as { innerText: string }).innerText.replace(/\s+/g, ' ').trim()));
        // the three periods before the current one, most recent first (September is a fourth: not listed)
        expect(rows).toEqual([
          '1 December 2027 – 1 January 2028 4',
          '1 November 2027 – 1 December 2027 3',
          '1 October 2027 – 1 November 2027 2',
        ]);
        const sizes = await page
          .locator('.x-axis span, .y-max, .today-label, table.history th, table.history td')
          .evaluateAll((els) =>
            els.map((e) =>
              parseFloat((globalThis as unknown as { getComputedStyle(e: unknown): { fontSize: string } }).getComputedStyle(e).fontSize),
            ),
          );
        for (const size of sizes) expect(size).toBeGreaterThanOrEqual(11);
        await page.screenshot({ path: path.join(ARTIFACTS, `usage-history-${viewport.width}.png`), fullPage: true });
      });
  });

  async function contractFor(customerId: string, pricing: { id: string; product_metric_pricings: { id: string }[] }, extra = {}) {
    const body = {
      customer_id: customerId,
      title: 'Team plan — Order Form',
      product_pricing_ids: [pricing.id],
      config_items: [{ product_metric_pricing_id: pricing.product_metric_pricings[0].id, num_licenses: 3 }],
      term: { count: 1, frequency: 'YEAR' },
      status: 'PENDING_SIGNATURES',
      signatories: [{ email: 'kim@buyer.test', name: 'Kim Park', title: 'CFO' }],
      ...extra,
    };
    return (await a.post('/contracts', body).expect(200)).body;
  }

  it('signing page: no seller figures, no pre-filled name, a start date that reads as a date', async () => {
    const plan = await seatPlan('Team');
    for (const viewport of VIEWPORTS) {
      const customer = (await a.post('/customers', { name: 'Kim Park', email: `kim-${viewport.width}@buyer.test` }).expect(201)).body;
      // no start_date: the subscription starts when the contract executes
      const contract = await contractFor(customer.id, plan);
      await withPage(viewport, async (page) => {
        await page.goto(contract.signatories[0].signature_link);
        const before = await text(page);
        expect(before).toContain('3 licences × $58.00');
        expect(before).not.toContain('Annual contract value');
        expect(before).not.toContain('$2,088.00'); // 3 × $58.00 × 12, the seller's figure
        expect(before).toContain('When every signatory has signed');
        await expect(page.getByLabel('Full name').inputValue()).resolves.toBe('');
        await page.getByLabel('Full name').fill('Kim Park');
        await page.getByLabel('I agree to the terms of this contract', { exact: false }).check();
        await page.getByRole('button', { name: 'Sign contract' }).click();
        await page.waitForLoadState();
        await expect(page.locator('.state p').innerText()).resolves.toContain(
          'the contract is executed and your subscription starts on 10 January 2028.',
        );
        expect(await text(page)).not.toContain('When every signatory has signed');
        await page.screenshot({ path: path.join(ARTIFACTS, `signing-executed-${viewport.width}.png`), fullPage: true });
      });
    }
  });

  it('the error pages of valid links wear the company brand: name, accent colour and support e-mail', async () => {
    const plan = await seatPlan('Brand');
    const customer = (await a.post('/customers', { name: 'Lee Brand', email: 'lee@brand.test' }).expect(201)).body;
    const portal = (await a.post(`/customer_dashboards/${customer.id}/portal`).expect(200)).body.url;
    const usage = (await a.post(`/customer_dashboards/${customer.id}/usage`).expect(200)).body.url;
    const checkout = (
      await a
        .post('/checkout', {
          type: 'CHECKOUT_SESSION',
          customer_id: customer.id,
          product_pricing_ids: [plan.id],
          config_items: [{ product_metric_pricing_id: plan.product_metric_pricings[0].id, num_licenses: 1 }],
        })
        .expect(200)
    ).body.url;
    const contract = await contractFor(customer.id, plan, { expiration_date: '2028-01-11T00:00:00.000Z' });
    // two days later every link has expired (links and sessions last 24 hours, the contract a day)
    clock.set(new Date(NOW.getTime() + 2 * DAY));
    const pages = { portal, usage, checkout, signing: contract.signatories[0].signature_link as string };
    for (const viewport of VIEWPORTS)
      await withPage(viewport, async (page) => {
        for (const [name, url] of Object.entries(pages)) {
          const res = await page.goto(url);
          expect([name, res?.status()]).toEqual([name, 410]);
          const html = await page.content();
          expect([name, html.includes('--brand:#0f766e')]).toEqual([name, true]);
          await expect(page.locator('header').innerText()).resolves.toContain('Acme Cloud');
          expect([name, (await text(page)).includes('billing@acme.test')]).toEqual([name, true]);
          await page.screenshot({ path: path.join(ARTIFACTS, `error-${name}-${viewport.width}.png`) });
        }
      });
  });

  it('an invoice reads the same status word on its page, its PDF and the portal: Due, Overdue, Paid', async () => {
    const customer = (await a.post('/customers', { name: 'Sam Status', email: 'sam@status.test' }).expect(201)).body;
    const onetime = {
      customer_id: customer.id,
      type: 'IMMEDIATE',
      onetime_items: [{ aggregate: 1, custom_price: { amount: { currency: 'USD', value_in_cents: 14_700 }, description: 'Setup' } }],
    };
    const made = (await a.post('/one_times', onetime).expect(201)).body;
    const invoice = (await a.get(`/invoices/${made[0].invoice_uuid}`).expect(200)).body;
    const steps: [string, () => Promise<void>][] = [
      ['Due', async () => undefined],
      ['Overdue', async () => clock.set(new Date(new Date(invoice.due_date).getTime() + DAY))],
      [
        'Paid',
        async () => {
          await a
            .post(`/invoices/${invoice.uuid}/mark_paid`, { amount: { currency: 'USD', value_in_cents: 14_700 }, provider_type: 'WIRE' })
            .expect(200);
        },
      ],
    ];
    for (const [word, before] of steps) {
      await before();
      expect((await a.get(`/invoices/${invoice.uuid}`).expect(200)).body.status).toBe(word === 'Due' ? 'PENDING' : word.toUpperCase());
      const portal = (await a.post(`/customer_dashboards/${customer.id}/portal`).expect(200)).body.url;
      for (const viewport of VIEWPORTS)
        await withPage(viewport, async (page, context) => {
          await page.goto(invoice.hosted_link);
          await expect(page.locator('#invoice-status').innerText()).resolves.toBe(word);
          const pdf = pdfText(await (await context.request.get(invoice.pdf_link)).body());
          // the status stands at the top right of the PDF's first line
          expect(
            pdf
              .split('\n')
              .find((l) => l.trim() !== '')
              ?.trim()
              .endsWith(word),
          ).toBe(true);
          await page.goto(portal);
          await expect(page.locator('td[data-label="Status"]').innerText()).resolves.toBe(word);
          await page.screenshot({ path: path.join(ARTIFACTS, `status-${word.toLowerCase()}-portal-${viewport.width}.png`) });
        });
    }
  });
});
