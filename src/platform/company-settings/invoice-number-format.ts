/**
 * How a company's invoice numbers read (company settings `invoice_number_prefix`,
 * `invoice_number_digits`, `invoice_number_sequence`). Pure: the numbering itself (a counter row
 * locked in the numbering transaction, gapless) is invoicing's `InvoiceWriter.assignNumbers`.
 *
 * With none of the three set, an invoice reads its plain number ("Invoice 42"), as it always has.
 * A prefix and a width give "ACME-2028-0042". The sequence is the company's own counter by
 * default; per customer, each billed customer counts from 1 and the number carries a short tag of
 * the customer ("ACME-7QX2KD-0001") so that two customers' first invoices never read the same.
 */
export const INVOICE_NUMBER_SEQUENCES = ['COMPANY', 'CUSTOMER'] as const;
export type InvoiceNumberSequence = (typeof INVOICE_NUMBER_SEQUENCES)[number];
export const INVOICE_NUMBER_PREFIX_MAX = 24;
export const INVOICE_NUMBER_DIGITS_MAX = 12;
/** Letters, digits and the separators people put in invoice numbers; starts with a letter or digit. */
const PREFIX = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
/** Characters of the customer tag (the end of its ULID id, upper case). */
const CUSTOMER_TAG_LENGTH = 6;

export interface InvoiceNumberSettings {
  /** Written before the sequence ("ACME-2028-"); default none. */
  invoice_number_prefix: string | null;
  /** The sequence is zero-padded to this many digits (never cut); default none (no padding). */
  invoice_number_digits: number | null;
  /** COMPANY (default): the company's gapless counter; CUSTOMER: one gapless counter per billed customer. */
  invoice_number_sequence: InvoiceNumberSequence;
}

export const INVOICE_NUMBER_KEYS = ['invoice_number_prefix', 'invoice_number_digits', 'invoice_number_sequence'] as const;

export function resolveInvoiceNumberSettings(s: Record<string, unknown>): InvoiceNumberSettings {
  const prefix = s.invoice_number_prefix;
  const digits = s.invoice_number_digits;
  return {
    invoice_number_prefix: typeof prefix === 'string' && PREFIX.test(prefix) ? prefix : null,
    invoice_number_digits:
      typeof digits === 'number' && Number.isInteger(digits) && digits >= 1 && digits <= INVOICE_NUMBER_DIGITS_MAX ? digits : null,
    invoice_number_sequence: s.invoice_number_sequence === 'CUSTOMER' ? 'CUSTOMER' : 'COMPANY',
  };
}

/** Checks one key of a settings patch: its normalised value, or what is wrong with it. */
export function checkInvoiceNumberSetting(key: string, value: unknown): { value: unknown } | { error: string } {
  switch (key) {
    case 'invoice_number_prefix':
      if (typeof value !== 'string' || value.length > INVOICE_NUMBER_PREFIX_MAX || !PREFIX.test(value))
        return {
          error: `must be 1 to ${INVOICE_NUMBER_PREFIX_MAX} letters, digits, '-', '_', '.' or '/', starting with a letter or digit`,
        };
      return { value };
    case 'invoice_number_digits':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > INVOICE_NUMBER_DIGITS_MAX)
        return { error: `must be a whole number of digits between 1 and ${INVOICE_NUMBER_DIGITS_MAX}` };
      return { value };
    case 'invoice_number_sequence':
      if (!(INVOICE_NUMBER_SEQUENCES as readonly unknown[]).includes(value)) return { error: 'must be COMPANY or CUSTOMER' };
      return { value };
  }
  return { error: 'is not a company setting' };
}

/** True when the company set no format: its invoices read their plain number, stored as nothing more. */
export function plainInvoiceNumbers(s: InvoiceNumberSettings): boolean {
  return s.invoice_number_prefix === null && s.invoice_number_digits === null && s.invoice_number_sequence === 'COMPANY';
}

/** The counter a numbered invoice draws from: the company's, or its billed customer's. */
export function customerCounterName(customerId: string): string {
  return `invoice_number:${customerId}`;
}

/** The short tag of a customer in a per-customer number: the end of its id, upper case. */
export function customerTag(customerId: string): string {
  return customerId.slice(-CUSTOMER_TAG_LENGTH).toUpperCase();
}

/** The number as the company formats it; `sequence` is the company's or the customer's counter value. */
export function formatInvoiceNumber(s: InvoiceNumberSettings, sequence: number, customerId: string): string {
  const digits = String(sequence).padStart(s.invoice_number_digits ?? 0, '0');
  const prefix = s.invoice_number_prefix ?? '';
  return s.invoice_number_sequence === 'CUSTOMER' ? `${prefix}${customerTag(customerId)}-${digits}` : `${prefix}${digits}`;
}
