import type { InvoiceEntity, InvoiceLineEntity } from '../invoicing/invoicing.entity';
import type { CustomerEntity } from '../customers/customer.entity';
import { resolveCompanySettings } from '../platform/company-settings/company-settings.rules';
import { lineName, toInvoiceDocument } from './invoice-pages.mapper';
import { issuerLines } from './invoice-pages.mapper';
import { darker } from '../platform/hosted-pages/layout';

const invoice = (over: Partial<InvoiceEntity> = {}): InvoiceEntity =>
  ({
    company_id: 'cmp_x',
    id: 'inv_x',
    uuid: 'u',
    number: 7,
    status: 'PENDING',
    currency: 'USD',
    invoice_date: new Date('2027-03-01T00:00:00Z'),
    due_date: new Date('2027-03-31T00:00:00Z'),
    period_start: null,
    period_end: null,
    paid_date: null,
    voided_at: null,
    sub_total_cents: 10000,
    discount_cents: 1000,
    credits_applied_cents: 500,
    total_cents: 8500,
    paid_cents: 0,
    due_cents: 8500,
    notes: null,
    ...over,
  }) as InvoiceEntity;

const line = (position: number, kind: string, name: string, quantity: string, unit: string | null, cents: number) =>
  ({ position, kind, name, quantity, unit_price: unit, amount_cents: cents, period_start: null, period_end: null }) as InvoiceLineEntity;

describe('invoice document (page and PDF)', () => {
  const lines = [line(2, 'DISCOUNT', 'Launch offer', '1', null, -1000), line(1, 'CHARGE', 'Seats', '4.000000', '2500', 10000)];
  const customer = {
    name: 'Ada',
    org_name: 'Engines Ltd',
    email: 'ada@x.test',
    address: { city: 'London', country: 'GB' },
  } as unknown as CustomerEntity;

  it("dates read in the company's preferred_timezone (Apr 1 00:00 in Paris is Mar 31 22:00 UTC)", () => {
    const doc = toInvoiceDocument({
      invoice: invoice({ invoice_date: new Date('2027-03-31T22:00:00Z'), due_date: new Date('2027-04-30T22:00:00Z') }),
      lines,
      customer,
      settings: resolveCompanySettings('Acme', { preferred_timezone: 'Europe/Paris' }),
      now: new Date('2027-04-02T00:00:00Z'),
    });
    expect(doc.facts.slice(1, 3)).toEqual([
      { label: 'Invoice date', value: '1 April 2027' },
      { label: 'Due date', value: '1 May 2027' },
    ]);
    expect(doc.dueDate).toBe('1 May 2027');
  });

  it('charges, adjustments and totals formatted from the stored cents; a due invoice is payable', () => {
    const doc = toInvoiceDocument({
      invoice: invoice(),
      lines,
      customer,
      settings: resolveCompanySettings('Acme', {}),
      now: new Date('2027-03-02T00:00:00Z'),
    });
    expect(doc).toMatchObject({
      companyName: 'Acme',
      title: 'Invoice 7',
      status: 'PENDING',
      payable: true,
      lines: [{ name: 'Seats', quantity: '4', unitPrice: '$25.00', amount: '$100.00' }],
      adjustments: [{ name: 'Launch offer', amount: '-$10.00' }],
      subTotal: '$100.00',
      creditsApplied: '-$5.00',
      total: '$85.00',
      due: '$85.00',
      billedTo: ['Ada', 'Engines Ltd', 'ada@x.test', 'London', 'United Kingdom'],
    });
  });

  it('past its due date it reads OVERDUE; PAID and VOID are not payable; a bad stored colour falls back', () => {
    const settings = { ...resolveCompanySettings('Acme', {}), accent_color: 'red;}body{display:none' };
    const overdue = toInvoiceDocument({ invoice: invoice(), lines, customer: null, settings, now: new Date('2027-04-02T00:00:00Z') });
    expect(overdue).toMatchObject({ status: 'OVERDUE', payable: true, accentColor: '#1d4ed8' });
    for (const status of ['PAID', 'VOID'] as const)
      expect(
        toInvoiceDocument({ invoice: invoice({ status, due_cents: 0 }), lines, customer: null, settings, now: new Date() }).payable,
      ).toBe(false);
    expect(darker('#ffffff')).toBe('#bfbfbf');
  });

  it('names a line without repeating a part', () => {
    expect(lineName('API calls - API calls')).toBe('API calls');
    expect(lineName('Pro plan - API calls')).toBe('Pro plan - API calls');
    expect(lineName('Seats')).toBe('Seats');
  });
});

describe('issuer block', () => {
  it("reads the company's name, legal name, address as its country writes it, then its e-mail", () => {
    const settings = {
      ...resolveCompanySettings('Acme Cloud Inc.', { display_name: 'Acme Cloud', support_email: 'billing@acme.test' }),
      address: { address_line_1: '1 Main St', city: 'Arlington', state: 'VA', zip: '22201', country: 'US' },
    };
    expect(issuerLines(settings, 'Acme Cloud Inc.')).toEqual([
      'Acme Cloud',
      'Acme Cloud Inc.',
      '1 Main St',
      'Arlington, VA 22201',
      'United States',
      'billing@acme.test',
    ]);
    expect(issuerLines({ ...settings, address: null }, 'Acme Cloud')).toEqual(['Acme Cloud', 'billing@acme.test']);
  });
});
