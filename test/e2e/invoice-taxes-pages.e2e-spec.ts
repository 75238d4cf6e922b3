/**
 * Taxes where a person reads an invoice: the hosted page and the PDF (read with poppler's
 * pdftotext) show each rate and its amount, the company's tax number in the issuer block and
 * the customer's in the bill-to block.
 */
import request from 'supertest';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { loadConfig } from '../../src/platform/config/config';
import { binary, pdfText } from '../support/system-tools';
import { ok, usd } from '../support/fixtures';

const T0 = new Date('2033-05-01T10:00:00Z');

describe('taxes on the hosted invoice page and PDF', () => {
  let t: TestApp;
  let a: Tenant;
  const publicUrl = loadConfig().publicUrl;
  const path = (url: string) => url.slice(publicUrl.length);

  beforeAll(async () => {
    t = await createTestApp({ clock: new FixedClock(T0) });
    a = await t.tenant('Taxed Goods Inc');
  });
  afterAll(() => t.close());

  it('tax_number: a company setting (checked, null resets) and a customer field', async () => {
    expect((await ok(await a.patch('/settings', { tax_number: ' GB123456789 ' }), 200)).tax_number).toBe('GB123456789');
    expectError(await a.patch('/settings', { tax_number: 'x'.repeat(65) }), 400, 'validation_error');
    expectError(await a.patch('/settings', { tax_number: 12 }), 400, 'validation_error');
    const c = await ok(await a.post('/customers', { tax_number: 'EIN 12-3456789' }), 201);
    expect(c.tax_number).toBe('EIN 12-3456789');
    expect((await ok(await a.patch(`/customers/${c.id}`, { tax_number: null }), 200)).tax_number).toBeNull();
    expectError(await a.post('/customers', { tax_number: '' }), 400, 'validation_error');
  });

  it('shows each rate with its amount, and both tax numbers, on the page and in the PDF', async () => {
    await ok(await a.patch('/settings', { tax_number: 'GB123456789' }), 200);
    await ok(await a.post('/taxes', { name: 'VAT', code: 'VAT', percentage: 20 }), 201);
    await ok(await a.post('/taxes', { name: 'NY sales tax', code: 'NY', percentage: 8.875, country: 'US', state: 'NY' }), 201);
    const c = await ok(
      await a.post('/customers', {
        name: 'Grace Hopper',
        tax_number: 'EIN 12-3456789',
        address: { address_line_1: '1 Main St', city: 'New York', state: 'NY', zip: '10001', country: 'US' },
      }),
      201,
    );
    const created = await ok(
      await a.post('/one_times', {
        customer_id: c.id,
        type: 'IMMEDIATE',
        onetime_items: [{ custom_price: { amount: usd(10000), description: 'Consulting' } }],
      }),
      201,
    );
    const inv = await ok(await a.get(`/invoices/${created[0].invoice_uuid}`), 200);
    // 20 % of 100.00 = 20.00; 8.875 % of 100.00 = 8.875 → 8.88; total 128.88
    expect(inv).toMatchObject({ tax_amount: usd(2888), total: usd(12888) });

    const html = (await request(t.http).get(path(inv.hosted_link)).expect(200)).text;
    expect(html).toContain('VAT 20%');
    expect(html).toContain('$20.00');
    expect(html).toContain('NY sales tax 8.875%');
    expect(html).toContain('$8.88');
    expect(html).toContain('Tax number: GB123456789');
    expect(html).toContain('Tax number: EIN 12-3456789');

    const pdf = (await binary(request(t.http).get(path(inv.pdf_link))).expect(200)).body as Buffer;
    const text = pdfText(pdf);
    expect(text).toMatch(/Subtotal\s+\$100\.00/);
    expect(text).toMatch(/VAT 20%\s+\$20\.00/);
    expect(text).toMatch(/NY sales tax 8\.875%\s+\$8\.88/);
    expect(text).toMatch(/Total\s+\$128\.88/);
    expect(text).toContain('Tax number: GB123456789');
    expect(text).toContain('Tax number: EIN 12-3456789');
    // the customer portal lists the invoice with each rate and its amount
    const portal = await ok(await a.post(`/customer_dashboards/${c.id}/portal`), 200);
    const portalHtml = (await request(t.http).get(path(portal.url)).expect(200)).text;
    expect(portalHtml).toContain('$128.88');
    expect(portalHtml).toContain('VAT 20% $20.00');
    expect(portalHtml).toContain('NY sales tax 8.875% $8.88');
  });
});
