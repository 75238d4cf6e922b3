import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { Browser, BrowserContext } from 'playwright-core';
import { pdftotextPath } from '../support/system-tools';
import { FixedClock, Tenant } from '../support/app';
import { ARTIFACTS, BrowserHarness, startBrowserHarness } from '../support/browser';

/**
 * The details a company's customer reads on the hosted pages, in headless Chromium (JavaScript
 * off) at 1280×800 and 390×844: invoice numbers as the company formats them (page and PDF).
 */
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-pdf-'));
  try {
    const file = path.join(dir, 'invoice.pdf');
    fs.writeFileSync(file, pdf);
    return execFileSync(pdftotextPath(), ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

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
});
