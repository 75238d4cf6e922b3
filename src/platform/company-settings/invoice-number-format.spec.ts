import { checkInvoiceNumberSetting, formatInvoiceNumber, plainInvoiceNumbers, resolveInvoiceNumberSettings } from './invoice-number-format';

describe('invoice number format', () => {
  const customer = 'cus_01jz3k4m5n6p7q8r9s0t7qx2kd';

  it('reads the plain number when nothing is set', () => {
    const s = resolveInvoiceNumberSettings({});
    expect(plainInvoiceNumbers(s)).toBe(true);
    expect(formatInvoiceNumber(s, 42, customer)).toBe('42');
  });

  it('pads the sequence without ever cutting it, after the prefix', () => {
    const s = resolveInvoiceNumberSettings({ invoice_number_prefix: 'ACME-2028-', invoice_number_digits: 4 });
    expect(formatInvoiceNumber(s, 1, customer)).toBe('ACME-2028-0001');
    expect(formatInvoiceNumber(s, 12345, customer)).toBe('ACME-2028-12345');
  });

  it('tags a per-customer sequence with the end of the customer id', () => {
    const s = resolveInvoiceNumberSettings({ invoice_number_prefix: 'AC-', invoice_number_digits: 3, invoice_number_sequence: 'CUSTOMER' });
    expect(plainInvoiceNumbers(s)).toBe(false);
    expect(formatInvoiceNumber(s, 7, customer)).toBe('AC-7QX2KD-007');
  });

  it('checks each key', () => {
    expect(checkInvoiceNumberSetting('invoice_number_prefix', 'INV/2028.')).toEqual({ value: 'INV/2028.' });
    for (const bad of ['', '-A', 'A B', 'A'.repeat(25), 7])
      expect(checkInvoiceNumberSetting('invoice_number_prefix', bad)).toHaveProperty('error');
    for (const bad of [0, 13, 2.5, '4']) expect(checkInvoiceNumberSetting('invoice_number_digits', bad)).toHaveProperty('error');
    expect(checkInvoiceNumberSetting('invoice_number_sequence', 'YEAR')).toHaveProperty('error');
    expect(checkInvoiceNumberSetting('nope', 1)).toEqual({ error: 'is not a company setting' });
  });
});
