import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { pdfText } from '../support/system-tools';
import { FixedClock, Tenant } from '../support/app';
import { apiCallsPricing } from '../support/fixtures';
import { ARTIFACTS, BrowserHarness, startBrowserHarness } from '../support/browser';

/**
 * The details a company's customer reads on the hosted pages, in headless Chromium (JavaScript
 * off) at 1280×800 and 390×844: invoice numbers as the company formats them (page and PDF); the
 * portal's subscriptions told apart, cancelling behind a confirmation, billing details edited and
 * card labels that match the card added.
 */
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

describe('customer pages: details in a browser', () => {
  let h: BrowserHarness;
  let a: Tenant;
  let browser: Browser;
  const clock = new FixedClock(new Date('2028-01-10T12:00:00.000Z'));

  beforeAll(async () => {
    h = await startBrowserHarness({ clock, companyName: 'Acme Cloud Inc.' });
    ({ a, browser } = h);
    await a.patch('/settings', { display_name: 'Acme Cloud', support_email: 'billing@acme.test' }).expect(200);
  });
  afterAll(() => h?.close());

  async function withPage<T>(viewport: { width: number; height: number }, f: (c: BrowserContext) => Promise<T>): Promise<T> {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport });
    try {
      return await f(context);
    } finally {
      await context.close();
    }
  }

  async function oneTimeInvoice(customerId: string, cents: number, description: string) {
    const made = (
      await a
        .post('/one_times', {
          customer_id: customerId,
          type: 'IMMEDIATE',
          onetime_items: [{ aggregate: 1, custom_price: { amount: { currency: 'USD', value_in_cents: cents }, description } }],
        })
        .expect(201)
    ).body;
    return (await a.get(`/invoices/${made[0].invoice_uuid}`).expect(200)).body;
  }

  it('shows the invoice number as the company formats it, on the page and the PDF', async () => {
    await a.patch('/settings', { invoice_number_prefix: 'ACME-2028-', invoice_number_digits: 4 }).expect(200);
    const customer = (await a.post('/customers', { name: 'Ann Lee', email: 'ann@example.test' }).expect(201)).body;
    const invoice = await oneTimeInvoice(customer.id, 14_700, 'Onboarding');
    const formatted = `ACME-2028-${String(invoice.number).padStart(4, '0')}`;
    expect(invoice.formatted_number).toBe(formatted);
    for (const viewport of VIEWPORTS)
      await withPage(viewport, async (context) => {
        const page = await context.newPage();
        await page.goto(invoice.hosted_link);
        await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(`Invoice ${formatted}`);
        await page.screenshot({ path: path.join(ARTIFACTS, `invoice-number-${viewport.width}.png`) });
        const pdf = await context.request.get(invoice.pdf_link);
        expect(pdf.headers()['content-disposition']).toContain(`invoice-${formatted}.pdf`);
        expect(pdfText(await pdf.body())).toContain(`Invoice ${formatted}`);
      });
  });

  /** A monthly seat plan at $58.00 a seat. */
  async function seatPlan(name: string) {
    const product = (await a.post('/products', { name: `${name} product` }).expect(200)).body;
    return (
      await a
        .post('/pricing', {
          product_id: product.id,
          name,
          currency: 'USD',
          pricing_type: 'FIXED',
          fixed_price: { price_per_unit: 5800 },
          billing_frequency: { count: 1, frequency: 'MONTH' },
        })
        .expect(200)
    ).body;
  }

  it('portal: subscriptions told apart, cancel behind a confirmation, billing details edited, cards labelled as added', async () => {
    await a.patch('/settings', { portal_cancel_enabled: true }).expect(200);
    const plan = await seatPlan('Team');
    for (const viewport of VIEWPORTS) {
      const customer = (await a.post('/customers', { name: 'Ann Lee', email: `ann-portal-${viewport.width}@example.test` }).expect(201))
        .body;
      const pmp = plan.product_metric_pricings[0].id;
      for (const [seats, start] of [
        [3, '2027-12-01T00:00:00.000Z'],
        [5, '2028-01-01T00:00:00.000Z'],
      ] as const)
        await a
          .post('/subscriptions', {
            customer_id: customer.id,
            product_pricing_ids: [plan.id],
            config_items: [{ product_metric_pricing_id: pmp, num_licenses: seats }],
            start_date: start,
          })
          .expect(200);
      const { url } = (await a.post(`/customer_dashboards/${customer.id}/portal`).expect(200)).body;
      await withPage(viewport, async (context) => {
        const page = await context.newPage();
        await page.goto(url);
        // two subscriptions of one plan: their quantities and start dates differ
        const subs = page.locator('section.sub');
        await expect(subs.count()).resolves.toBe(2);
        const first = (await subs.nth(0).innerText()).replace(/\s+/g, ' ');
        const second = (await subs.nth(1).innerText()).replace(/\s+/g, ' ');
        expect(first).toContain('Started 1 December 2027');
        expect(first).toContain('3 seats');
        expect(second).toContain('Started 1 January 2028');
        expect(second).toContain('5 seats');
        expect(second).toContain('Current period 1 January 2028 – 1 February 2028');
        // the confirmation is hidden until the disclosure is opened, with the keyboard
        const confirm = subs.nth(1).getByLabel(/Yes, cancel Team/);
        await expect(confirm.isVisible()).resolves.toBe(false);
        await subs.nth(1).locator('summary').focus();
        await page.keyboard.press('Enter');
        await expect(confirm.isVisible()).resolves.toBe(true);
        await page.screenshot({ path: path.join(ARTIFACTS, `portal-cancel-confirm-${viewport.width}.png`) });
        await confirm.check();
        await Promise.all([
          page.waitForURL(/done=cancelled/),
          subs
            .nth(1)
            .getByRole('button', { name: /Confirm cancellation/ })
            .click(),
        ]);
        await expect(page.getByRole('status').innerText()).resolves.toContain('will end at the end of the current period');
        await expect(page.locator('section.sub').nth(1).innerText()).resolves.toContain('Ends on 1 February 2028');

        // billing details: a refusal keeps what was typed and says why at the top; then saved
        await page.locator('#billing-details summary').click();
        await page.getByLabel('Name', { exact: true }).fill('Ann Lee-Smith');
        await page.getByLabel(/^Also send invoices to/).fill('ap@example.test');
        await page.getByLabel('Address line 1').fill('1 Main St');
        await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Save billing details' }).click()]);
        await expect(page.getByRole('alert').innerText()).resolves.toContain('Enter your city.');
        await expect(page.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe('Ann Lee-Smith');
        await page.getByLabel('City').fill('Arlington');
        await page.getByLabel(/^State/).fill('VA');
        await page.getByLabel('Postal code').fill('22201');
        await page.getByLabel('Country').selectOption('US');
        await Promise.all([page.waitForURL(/done=details_saved/), page.getByRole('button', { name: 'Save billing details' }).click()]);
        await expect(page.locator('#billing-summary').innerText()).resolves.toContain('Arlington, VA 22201');
        const saved = (await a.get(`/customers/${customer.id}`).expect(200)).body;
        expect(saved).toMatchObject({
          name: 'Ann Lee-Smith',
          billing_emails: ['ap@example.test'],
          address: { address_line_1: '1 Main St', city: 'Arlington', state: 'VA', zip: '22201', country: 'US' },
        });

        // the card added reads as its choice said
        const choice = page.locator('#payment_token option[value="tok_chargeDeclined"]');
        await expect(choice.innerText()).resolves.toContain('Visa •••• 0002');
        await page.getByLabel('Card to add').selectOption('tok_chargeDeclined');
        await Promise.all([page.waitForURL(/done=card_added/), page.getByRole('button', { name: 'Add card' }).click()]);
        await expect(page.locator('ul.cards').innerText()).resolves.toMatch(/Visa •••• 0002\s+Expires 12\/2031/);
        await page.screenshot({ path: path.join(ARTIFACTS, `portal-details-${viewport.width}.png`), fullPage: true });
      });
    }
  });

  it('usage page: axis labels readable on a phone, and a marker for today', async () => {
    const { pricing, itemId } = await apiCallsPricing(a);
    const customer = (await a.post('/customers', { name: 'Usage Co', email: 'usage@example.test' }).expect(201)).body;
    await a
      .post('/subscriptions', { customer_id: customer.id, product_pricing_ids: [pricing.id], start_date: '2028-01-01T00:00:00.000Z' })
      .expect(200);
    const events = [2, 3, 3, 9].map((day, i) => ({
      customer_id: customer.id,
      item_id: itemId,
      transaction_id: `u${i}`,
      timestamp: `2028-01-0${day}T10:00:00.000Z`,
    }));
    await a.post('/events/ingest', { events }).expect(200);
    const { url } = (await a.post(`/customer_dashboards/${customer.id}/usage`).expect(200)).body;
    for (const viewport of VIEWPORTS)
      await withPage(viewport, async (context) => {
        const page = await context.newPage();
        await page.goto(url);
        const sizes = await page
          .locator('.x-axis span, .y-max, .today-label')
          .evaluateAll((els) =>
            els.map((e) =>
              parseFloat((globalThis as unknown as { getComputedStyle(e: unknown): { fontSize: string } }).getComputedStyle(e).fontSize),
            ),
          );
        expect(sizes.length).toBeGreaterThanOrEqual(5);
        for (const size of sizes) expect(size).toBeGreaterThanOrEqual(11);
        await expect(page.locator('.x-axis').innerText()).resolves.toMatch(/1 Jan[\s\S]*16 Jan[\s\S]*31 Jan/);
        // today (10 January, noon) falls after 10 of January's 31 days
        const box = (await page.locator('svg.chart').boundingBox())!;
        const line = (await page.locator('svg.chart line.today').boundingBox())!;
        expect((line.x - box.x) / box.width).toBeCloseTo(10 / 31, 1);
        await expect(page.locator('.today-label').isVisible()).resolves.toBe(true);
        // 4 calls so far at $0.02 each: 8 cents
        await expect(page.locator('p.estimate').innerText()).resolves.toContain('Estimated charges so far: $0.08');
        await page.screenshot({ path: path.join(ARTIFACTS, `usage-chart-${viewport.width}.png`) });
      });
  });

  it('checkout: every price of the plan, usage per unit of its metric, and what renews after today', async () => {
    const seats = await seatPlan('Checkout seats');
    const product = (await a.post('/products', { name: 'Checkout API' }).expect(200)).body;
    const item = (await a.post('/billable_items', { name: 'Checkout API calls', type: 'CUSTOM_USAGE' }).expect(200)).body;
    const metric = (
      await a
        .post('/billable_metrics', { item_id: item.id, name: 'API calls', metering_rule: { aggregator: 'COUNT', group_keys: [] } })
        .expect(200)
    ).body;
    const usage = (
      await a
        .post('/pricing', {
          product_id: product.id,
          name: 'API usage',
          currency: 'USD',
          pricing_type: 'FIXED',
          fixed_price: { price_per_unit: 2 },
          billing_frequency: { count: 1, frequency: 'MONTH' },
          item_id: item.id,
          metric_id: metric.id,
        })
        .expect(200)
    ).body;
    for (const viewport of VIEWPORTS) {
      const customer = (await a.post('/customers', { name: 'Buyer', email: `buyer-${viewport.width}@example.test` }).expect(201)).body;
      const session = (
        await a
          .post('/checkout', {
            type: 'CHECKOUT_SESSION',
            customer_id: customer.id,
            product_pricing_ids: [seats.id, usage.id],
            config_items: [{ product_metric_pricing_id: seats.product_metric_pricings[0].id, num_licenses: 3 }],
          })
          .expect(200)
      ).body;
      await withPage(viewport, async (context) => {
        const page = await context.newPage();
        await page.goto(session.url);
        // today: 3 seats × 5,800 = 17,400 cents; then the same each month, usage on top
        await expect(page.locator('#renewal').innerText()).resolves.toBe(
          'Then $174.00 per month, plus usage. Renews monthly on 10 February 2028.',
        );
        const prices = (await page.locator('ul.prices').innerText()).replace(/\s+/g, ' ');
        expect(prices).toContain('Checkout seats $58.00 per seat per month');
        expect(prices).toContain('API usage $0.02 per API call');
        await page.screenshot({ path: path.join(ARTIFACTS, `checkout-prices-${viewport.width}.png`), fullPage: true });
      });
    }
  });

  it('signing: every signatory with its status, and the signed terms to download', async () => {
    const seats = await seatPlan('Contract seats');
    const customer = (await a.post('/customers', { name: 'Contoso', email: 'legal@contoso.test' }).expect(201)).body;
    const contract = (
      await a
        .post('/contracts', {
          customer_id: customer.id,
          title: 'Contoso order form',
          product_pricing_ids: [seats.id],
          config_items: [{ product_metric_pricing_id: seats.product_metric_pricings[0].id, num_licenses: 3 }],
          term: { count: 1, frequency: 'YEAR' },
          content: 'Fees are invoiced monthly in advance.',
          status: 'PENDING_SIGNATURES',
          signatories: [
            { email: 'jane@contoso.test', name: 'Jane Doe', title: 'VP Operations' },
            { email: 'sam@contoso.test', name: 'Sam Roe', title: 'CFO' },
          ],
        })
        .expect(200)
    ).body;
    const [jane, sam] = contract.signatories;
    for (const viewport of VIEWPORTS)
      await withPage(viewport, async (context) => {
        const page = await context.newPage();
        await page.goto(viewport === VIEWPORTS[0] ? jane.signature_link : sam.signature_link);
        const list = page.locator('ul.signatories li');
        await expect(list.count()).resolves.toBe(2);
        if (viewport === VIEWPORTS[0]) {
          await expect(list.nth(0).innerText()).resolves.toMatch(/Jane Doe\s+you[\s\S]*Waiting to sign/);
          await expect(list.nth(1).innerText()).resolves.toMatch(/Sam Roe[\s\S]*Waiting to sign/);
          await expect(page.getByText('Download the signed terms').count()).resolves.toBe(0);
        } else {
          // Jane signed at the first size: Sam's page says so
          await expect(list.nth(0).innerText()).resolves.toMatch(/Jane Doe[\s\S]*Signed on 10 January 2028/);
        }
        await page.getByLabel('Full name').fill(viewport === VIEWPORTS[0] ? 'Jane Doe' : 'Sam Roe');
        await page.getByLabel('I agree to the terms of this contract', { exact: false }).check();
        await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Sign contract' }).click()]);
        await page.goto(viewport === VIEWPORTS[0] ? jane.signature_link : sam.signature_link);
        const download = page.getByRole('link', { name: 'Download the signed terms' });
        await expect(download.isVisible()).resolves.toBe(true);
        await page.screenshot({ path: path.join(ARTIFACTS, `signing-signatories-${viewport.width}.png`), fullPage: true });
        const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
        expect(file.suggestedFilename()).toBe('Contoso-order-form-signed-terms.txt');
        const text = fs.readFileSync((await file.path())!, 'utf8');
        expect(text).toContain('Contoso order form');
        expect(text).toContain('Fees are invoiced monthly in advance.');
        expect(text).toContain('Jane Doe, VP Operations: Signed on 10 January 2028');
        expect(text).toMatch(/Terms digest: sha256:[0-9a-f]{64}/);
      });
    // a signatory who has not signed, and a link that is not one, get the 404 page
    const other = (
      await a
        .post('/contracts', {
          customer_id: customer.id,
          title: 'Unsigned',
          product_pricing_ids: [seats.id],
          term: { count: 1, frequency: 'YEAR' },
          status: 'PENDING_SIGNATURES',
          signatories: [{ email: 'x@contoso.test', name: 'X' }],
        })
        .expect(200)
    ).body;
    await withPage(VIEWPORTS[1], async (context) => {
      expect((await context.request.get(`${other.signatories[0].signature_link}/terms`)).status()).toBe(404);
      expect((await context.request.get(`${h.publicUrl}/contracts/sign/${a.companyId}_${'x'.repeat(43)}/terms`)).status()).toBe(404);
    });
  });

  it("invoice page and PDF: the company's address in the issuer block, as its country writes it", async () => {
    await a
      .patch('/settings', { address: { address_line_1: '10 Downing Lane', city: 'London', zip: 'SW1A 2AA', country: 'GB' } })
      .expect(200);
    const customer = (await a.post('/customers', { name: 'Ann Lee', email: 'ann-issuer@example.test' }).expect(201)).body;
    const invoice = await oneTimeInvoice(customer.id, 9_900, 'Audit');
    for (const viewport of VIEWPORTS)
      await withPage(viewport, async (context) => {
        const page = await context.newPage();
        await page.goto(invoice.hosted_link);
        const issuer = await page.locator('#issuer').innerText();
        expect(issuer.split('\n').map((l) => l.trim())).toEqual([
          'Acme Cloud',
          '10 Downing Lane',
          'London',
          'SW1A 2AA',
          'United Kingdom',
          'billing@acme.test',
        ]);
        await page.screenshot({ path: path.join(ARTIFACTS, `invoice-issuer-${viewport.width}.png`) });
        const text = pdfText(await (await context.request.get(invoice.pdf_link)).body());
        for (const line of ['10 Downing Lane', 'SW1A 2AA', 'United Kingdom']) expect(text).toContain(line);
      });
    await a.patch('/settings', { address: null }).expect(200);
  });
});
