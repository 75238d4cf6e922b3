import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { pdftotextPath } from '../support/system-tools';
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
/** The text of a PDF (pdftotext, layout kept) and its page size line (pdfinfo, same folder). */
function readPdf(pdf: Buffer): { text: string; size: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-pdf-'));
  try {
    const file = path.join(dir, 'invoice.pdf');
    fs.writeFileSync(file, pdf);
    const text = execFileSync(pdftotextPath(), ['-layout', file, '-'], { encoding: 'utf8' });
    const info = execFileSync(path.join(path.dirname(pdftotextPath()), 'pdfinfo'), [file], { encoding: 'utf8' });
    return { text, size: /Page size:\s+(.*)/.exec(info)?.[1] ?? '' };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** True when the element is entirely inside the first screen (no scrolling). */
async function onFirstScreen(page: Page, selector: string): Promise<boolean> {
  const box = await page.locator(selector).boundingBox();
  const height = page.viewportSize()!.height;
  return box !== null && box.y >= 0 && box.y + box.height <= height;
}

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
      await expect(page.locator('#invoice-status').innerText()).resolves.toBe('Paid');
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

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ])
    it(`at ${viewport.width}×${viewport.height}: what is due on the first screen, a decline at the top, paid with the card on file`, async () => {
      await a
        .patch('/settings', { display_name: 'Northwind', support_email: 'billing@northwind.test', accent_color: '#0f766e' })
        .expect(200);
      const customer = (
        await a
          .post('/customers', {
            name: 'Ann Lee',
            email: `ann-${viewport.width}@example.test`,
            address: { address_line_1: '1 Main St', city: 'Arlington', state: 'VA', zip: '22201', country: 'US' },
          })
          .expect(201)
      ).body;
      const onetime = (
        await a
          .post('/one_times', {
            customer_id: customer.id,
            type: 'IMMEDIATE',
            onetime_items: [
              { aggregate: 1, custom_price: { amount: { currency: 'USD', value_in_cents: 14_700 }, description: 'Onboarding' } },
            ],
          })
          .expect(201)
      ).body;
      // the card arrives after the invoice (so nothing charged it automatically)
      await a.post(`/customers/${customer.id}/payment_methods`, { token: 'tok_visa' }).expect(200);
      const invoice = (await a.get(`/invoices/${onetime[0].invoice_uuid}`).expect(200)).body;
      expect(invoice.status).toBe('PENDING');

      const context = await browser.newContext({ javaScriptEnabled: false, viewport });
      try {
        const page = await context.newPage();
        await page.goto(invoice.hosted_link);
        // the brand, and the amount due, its date and the Pay button without scrolling
        await expect(page.locator('header.top').innerText()).resolves.toContain('Northwind');
        await expect(page.locator('#support-email').innerText()).resolves.toBe('billing@northwind.test');
        const brand = await page.evaluate("getComputedStyle(document.querySelector('#pay-button')).backgroundColor");
        expect(brand).toBe('rgb(15, 118, 110)');
        await expect(page.locator('#amount-due').innerText()).resolves.toBe(`$147.00 due 31 March 2027`);
        expect(await onFirstScreen(page, '#amount-due')).toBe(true);
        expect(await onFirstScreen(page, '#pay-button')).toBe(true);
        await expect(page.locator('#invoice-status').innerText()).resolves.toBe('Due');
        // the card on file comes first and is chosen
        await expect(page.locator('#payment_token').inputValue()).resolves.toBe('card_on_file');
        await expect(page.locator('#payment_token option').first().innerText()).resolves.toContain('Visa •••• 4242');
        await expect(page.locator('#billed-to').innerText()).resolves.toContain('Arlington, VA 22201');
        await page.screenshot({ path: path.join(ARTIFACTS, `invoice-page-due-${viewport.width}.png`) });

        // a declined card: the error is the first thing on screen, announced and focused
        await page.locator('#payment_token').selectOption('tok_chargeDeclined');
        const declined = await Promise.all([page.waitForEvent('load'), page.locator('#pay-button').click()]);
        expect(declined).toBeDefined();
        await expect(page.locator('#pay-errors').getAttribute('role')).resolves.toBe('alert');
        await expect(page.locator('#pay-errors').innerText()).resolves.toContain('Your card was declined.');
        expect(await onFirstScreen(page, '#pay-errors')).toBe(true);
        await expect(page.evaluate('document.activeElement && document.activeElement.id')).resolves.toBe('pay-errors');
        // the focus ring of the focused alert: dark ink, at least 3:1 on white
        await expect(page.evaluate('getComputedStyle(document.activeElement).outlineColor')).resolves.toBe('rgb(31, 41, 55)');
        await page.screenshot({ path: path.join(ARTIFACTS, `invoice-page-declined-${viewport.width}.png`) });

        // pays with the card on file: no card is added
        await page.locator('#payment_token').selectOption('card_on_file');
        await Promise.all([page.waitForURL(invoice.hosted_link), page.locator('#pay-button').click()]);
        await expect(page.locator('#invoice-status').innerText()).resolves.toBe('Paid');
        await expect(page.locator('#paid-stamp').innerText()).resolves.toContain('Paid with Visa •••• 4242 on 1 March 2027');
        const cards = (await a.get(`/customers/${customer.id}/payment_methods`).expect(200)).body;
        expect(cards).toHaveLength(1);
        expect((await a.get(`/invoices/${invoice.uuid}`).expect(200)).body).toMatchObject({ status: 'PAID', due: { value_in_cents: 0 } });

        // the PDF: the issuer, the card that paid, Letter paper for a US customer
        const pdf = readPdf(await (await context.request.get(invoice.pdf_link)).body());
        expect(pdf.text).toContain('Paid with Visa •••• 4242 on 1 March 2027');
        expect(pdf.text).toContain('billing@northwind.test');
        expect(pdf.text).toContain('Arlington, VA 22201');
        expect(pdf.size).toMatch(/^612 x 792/);
      } finally {
        await context.close();
      }
    });
});
