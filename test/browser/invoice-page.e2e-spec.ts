import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import { FixedClock, Tenant } from '../support/app';
import { ARTIFACTS, BrowserHarness, startBrowserHarness } from '../support/browser';
import { expectBooksBalanced } from '../support/audit';

/**
 * A real browser pays an invoice on its hosted page: headless Chromium, JavaScript OFF, a 375 px
 * wide phone viewport. It reads the invoice (company, number, customer, lines, totals), is
 * refused with a declined test card (nothing changes), pays with tok_visa and lands back on the
 * page, which then reads PAID; the invoice is PAID through the API and the books balance. The
 * PDF link answers a PDF. Screenshots go to test-artifacts/.
 */
describe('invoice page in a browser', () => {
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

  it('shows the invoice at 375 px with JavaScript off, refuses a declined card, then pays it and reads PAID', async () => {
    await a.patch('/settings', { display_name: 'Northwind', support_email: 'billing@northwind.test', accent_color: '#0f766e' }).expect(200);
    const customer = (
      await a
        .post('/customers', {
          name: 'Jane Doe',
          org_name: 'Contoso Ltd',
          email: 'jane@contoso.test',
          address: { address_line_1: '1 Long Street', city: 'Springfield', zip: '12345', country: 'US' },
        })
        .expect(201)
    ).body;
    const onetime = (
      await a
        .post('/one_times', {
          customer_id: customer.id,
          type: 'IMMEDIATE',
          onetime_items: [
            {
              aggregate: 4,
              custom_price: { amount: { currency: 'USD', value_in_cents: 12_500 }, description: 'Implementation workshop (half day)' },
            },
          ],
        })
        .expect(201)
    ).body;
    const invoice = (await a.get(`/invoices/${onetime[0].invoice_uuid}`).expect(200)).body;
    expect(invoice.hosted_link.startsWith(`${publicUrl}/invoices/pay/`)).toBe(true);

    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 });
    try {
      const page = await context.newPage();
      const first = await page.goto(invoice.hosted_link);
      expect(first?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(`Invoice ${invoice.number}`);
      const body = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
      for (const text of [
        'Northwind',
        'Jane Doe',
        'Contoso Ltd',
        '1 Long Street',
        'Implementation workshop (half day)',
        '$500.00',
        'Amount due',
        'Due',
      ])
        expect(body).toContain(text);
      // readable at 375 px: nothing wider than the viewport
      const width = await page.evaluate('document.documentElement.scrollWidth');
      expect(width).toBeLessThanOrEqual(375);
      const linesOverflow = await page.evaluate(
        "(() => { const e = document.querySelector('.lines'); return e.scrollWidth - e.clientWidth; })()",
      );
      expect(linesOverflow).toBeLessThanOrEqual(0); // the lines table fits without scrolling
      await page.screenshot({ path: path.join(ARTIFACTS, 'invoice-page-375.png'), fullPage: true });

      await page.getByLabel('Card', { exact: false }).selectOption('tok_chargeDeclined');
      await page.getByRole('button', { name: /^Pay / }).click();
      await expect(page.getByRole('alert').first().innerText()).resolves.toContain('Your card was declined.');
      expect((await a.get(`/invoices/${invoice.uuid}`).expect(200)).body.status).toBe('PENDING');
      await page.screenshot({ path: path.join(ARTIFACTS, 'invoice-page-declined.png'), fullPage: true });

      await page.getByLabel('Card', { exact: false }).selectOption('tok_visa');
      await Promise.all([page.waitForURL(invoice.hosted_link), page.getByRole('button', { name: /^Pay / }).click()]);
      await expect(page.locator('#invoice-status').innerText()).resolves.toBe('PAID');
      expect(await page.locator('form').count()).toBe(0);
      await page.screenshot({ path: path.join(ARTIFACTS, 'invoice-page-paid.png'), fullPage: true });
      expect((await a.get(`/invoices/${invoice.uuid}`).expect(200)).body).toMatchObject({ status: 'PAID', due: { value_in_cents: 0 } });
      await expectBooksBalanced(h.t);

      const pdf = await context.request.get(invoice.pdf_link);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await context.close();
    }
  });
});
