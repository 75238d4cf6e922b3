/**
 * Display formatting of the hosted pages (pure). Amounts are shown with two decimals and the
 * currency symbol or code ($58.00); sub-cent unit prices keep the digits they need ($0.002).
 * Formatting only: no money arithmetic happens here (amounts arrive computed, in cents).
 */
import { Dec, DecimalInput, toDecimal } from '../../billing-math/money';
import type { Frequency } from '../../billing-math/periods';

const FRACTION_DIGITS = new Map<string, number>();

function minorDigits(currency: string): number {
  let digits = FRACTION_DIGITS.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    FRACTION_DIGITS.set(currency, digits);
  }
  return digits;
}

/**
 * An amount given in minor units (cents) as the customer reads it: `5800, 'USD'` → `$58.00`,
 * `0.2, 'USD'` → `$0.002`, `1250, 'EUR'` → `€12.50`.
 */
export function formatMoney(cents: DecimalInput, currency: string): string {
  const digits = minorDigits(currency);
  const major = toDecimal(cents).div(new Dec(10).pow(digits));
  // keep the exact decimal digits (up to 6) for sub-cent unit prices, at least the currency's own
  const exactDigits = Math.min(6, Math.max(digits, major.decimalPlaces()));
  const text = major.toFixed(exactDigits);
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: exactDigits,
    }).format(text as unknown as number);
  } catch {
    return `${currency} ${text}`;
  }
}

const UNIT: Record<Exclude<Frequency, 'ONETIME'>, [string, string]> = {
  HOUR: ['hour', 'hours'],
  DAY: ['day', 'days'],
  WEEK: ['week', 'weeks'],
  BI_MONTH: ['2 months', '2 months'],
  MONTH: ['month', 'months'],
  QUARTER: ['quarter', 'quarters'],
  BI_ANNUAL: ['6 months', '6 months'],
  YEAR: ['year', 'years'],
};

/**
 * A quantity as a person reads it, by the price's `display_type`: UNITS as written ("2500"),
 * THOUSAND_UNITS and MILLION_UNITS scaled ("2.5 thousand", "1.25 million", exact digits),
 * AMOUNT as money of the invoice's currency in its major unit ("1234.5" → "$1,234.50").
 */
export function formatQuantity(quantity: string, displayType: string | undefined, currency: string): string {
  const q = toDecimal(quantity);
  if (displayType === 'AMOUNT') return formatMoney(q.mul(new Dec(10).pow(minorDigits(currency))), currency);
  const scale = SCALES[displayType ?? 'UNITS'];
  return scale ? `${q.div(scale.divisor).toFixed()} ${scale.word}` : q.toFixed();
}

const SCALES: Record<string, { divisor: number; word: string } | undefined> = {
  THOUSAND_UNITS: { divisor: 1000, word: 'thousand' },
  MILLION_UNITS: { divisor: 1_000_000, word: 'million' },
};

/** "1 year", "12 months", "2 quarters". */
export function formatTerm(count: number, frequency: Frequency): string {
  if (frequency === 'ONETIME') return 'one time';
  if (frequency === 'BI_MONTH') return `${count * 2} months`;
  if (frequency === 'BI_ANNUAL') return `${count * 6} months`;
  const [one, many] = UNIT[frequency];
  return `${count} ${count === 1 ? one : many}`;
}

/** The period of a price after a slash: "month", "3 months", "year". */
export function formatPeriod(count: number, frequency: Frequency): string {
  if (frequency === 'ONETIME') return 'one time';
  if (count === 1) return UNIT[frequency][0];
  return formatTerm(count, frequency);
}

const DATES = new Map<string, Intl.DateTimeFormat>();

/**
 * "1 March 2027": the day an instant falls on in `timeZone` (the company's preferred_timezone,
 * where its billing dates are placed: Apr 1 00:00 in Paris is 31 March 22:00 UTC, and reads
 * "1 April 2027" there). UTC by default.
 */
export function formatDate(d: Date, timeZone = 'UTC'): string {
  let fmt = DATES.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone });
    DATES.set(timeZone, fmt);
  }
  return fmt.format(d);
}

/** Escapes text for HTML element content and quoted attribute values. */
export function esc(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'`]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * Fills `{{name}}` placeholders of a contract's text from its custom_variables (strings,
 * numbers and booleans; other placeholders stay as written). Plain text in, plain text out:
 * escaping happens when the page is rendered.
 */
export function fillVariables(text: string, variables: Record<string, unknown>): string {
  return text.replace(/\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g, (whole, name: string) => {
    const v = variables[name];
    return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : whole;
  });
}

/** An invoice status in the words every hosted page and the PDF use: Due, Overdue, Paid, Void, Draft. */
export function invoiceStatusWord(status: string): string {
  return ({ DRAFT: 'Draft', PENDING: 'Due', OVERDUE: 'Overdue', PAID: 'Paid', VOID: 'Void' } as Record<string, string>)[status] ?? status;
}
