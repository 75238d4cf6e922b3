/**
 * What the hosted invoice page and the PDF show, computed once from the stored invoice (pure: no
 * I/O, no clock — `now` is given). Both renderers (invoice-page.html.ts, invoice-pdf.ts) read this
 * document, so the page and the PDF always say the same. Amounts are formatted here from integer
 * cents; no arithmetic beyond the invoice's own stored amounts.
 */
import { formatDate, formatMoney } from '../platform/hosted-pages/format';
import { CompanySettings, DEFAULT_ACCENT_COLOR } from '../platform/company-settings/company-settings.rules';
import type { CustomerEntity } from '../customers/customer.entity';
import type { InvoiceEntity, InvoiceLineEntity } from '../invoicing/invoicing.entity';
import { readStatus, InvoiceReadStatus } from '../invoicing/invoicing.mapper';

export interface DocumentLine {
  name: string;
  /** The line's period ("1 March 2027 – 31 March 2027"), or null. */
  detail: string | null;
  quantity: string;
  unitPrice: string;
  amount: string;
}

export interface DocumentAdjustment {
  name: string;
  amount: string;
}

export interface InvoiceDocument {
  companyName: string;
  supportEmail: string | null;
  accentColor: string;
  title: string;
  number: string;
  status: InvoiceReadStatus;
  /** PENDING, OVERDUE: a card can pay what is due. */
  payable: boolean;
  currency: string;
  dueCents: number;
  facts: { label: string; value: string }[];
  billedTo: string[];
  lines: DocumentLine[];
  /** Discount lines and unit-credit lines (negative amounts), in the invoice's order. */
  adjustments: DocumentAdjustment[];
  subTotal: string;
  creditsApplied: string | null;
  total: string;
  paid: string;
  due: string;
  notes: string | null;
}

/** Line kinds that are reductions of the charges rather than charges. */
const ADJUSTMENT_KINDS = new Set(['DISCOUNT', 'CREDIT']);

/** A quantity as written: integers plainly, decimals without trailing zeros. */
function quantityText(q: string): string {
  const n = q.includes('.') ? q.replace(/0+$/, '').replace(/\.$/, '') : q;
  return n === '' ? '0' : n;
}

function period(start: Date | null, end: Date | null): string | null {
  if (!start || !end) return null;
  return `${formatDate(start)} – ${formatDate(end)}`;
}

function billedTo(customer: CustomerEntity | null): string[] {
  if (!customer) return [];
  const address = (customer.address ?? {}) as Record<string, unknown>;
  const part = (k: string) => (typeof address[k] === 'string' && (address[k] as string).trim() ? (address[k] as string).trim() : null);
  const cityLine = [part('zip'), part('city'), part('state')].filter(Boolean).join(' ');
  return [
    customer.name,
    customer.org_name,
    customer.email,
    part('address_line_1'),
    part('address_line_2'),
    cityLine || null,
    part('country'),
  ].filter((v): v is string => typeof v === 'string' && v.trim() !== '');
}

export function toInvoiceDocument(input: {
  invoice: InvoiceEntity;
  lines: InvoiceLineEntity[];
  customer: CustomerEntity | null;
  settings: CompanySettings;
  now: Date;
}): InvoiceDocument {
  const { invoice: i, settings } = input;
  const money = (cents: number | string) => formatMoney(cents, i.currency);
  const status = readStatus(i, input.now);
  const sorted = [...input.lines].sort((a, b) => a.position - b.position);
  const number = i.number === null || i.number === undefined ? '—' : String(i.number);
  const facts: { label: string; value: string }[] = [
    { label: 'Invoice number', value: number },
    { label: 'Invoice date', value: formatDate(i.invoice_date) },
    { label: 'Due date', value: formatDate(i.due_date) },
  ];
  const servicePeriod = period(i.period_start, i.period_end);
  if (servicePeriod) facts.push({ label: 'Period', value: servicePeriod });
  if (i.paid_date && status === 'PAID') facts.push({ label: 'Paid on', value: formatDate(i.paid_date) });
  if (i.voided_at && status === 'VOID') facts.push({ label: 'Voided on', value: formatDate(i.voided_at) });
  return {
    companyName: settings.display_name,
    supportEmail: settings.support_email,
    accentColor: /^#[0-9a-fA-F]{6}$/.test(settings.accent_color) ? settings.accent_color : DEFAULT_ACCENT_COLOR,
    title: `Invoice ${number}`,
    number,
    status,
    payable: (status === 'PENDING' || status === 'OVERDUE') && i.due_cents > 0,
    currency: i.currency,
    dueCents: i.due_cents,
    facts,
    billedTo: billedTo(input.customer),
    lines: sorted
      .filter((l) => !ADJUSTMENT_KINDS.has(l.kind))
      .map((l) => ({
        name: l.name,
        detail: period(l.period_start, l.period_end),
        quantity: quantityText(l.quantity),
        unitPrice: l.unit_price === null ? '' : money(l.unit_price),
        amount: money(l.amount_cents),
      })),
    adjustments: sorted.filter((l) => ADJUSTMENT_KINDS.has(l.kind)).map((l) => ({ name: l.name, amount: money(l.amount_cents) })),
    subTotal: money(i.sub_total_cents),
    creditsApplied: i.credits_applied_cents > 0 ? money(-i.credits_applied_cents) : null,
    total: money(i.total_cents),
    paid: money(i.paid_cents),
    due: money(i.due_cents),
    notes: i.notes,
  };
}

/** A darker shade of a `#rrggbb` colour (hover of the pay button). */
export function darker(color: string, factor = 0.75): string {
  const c = (k: number) =>
    Math.round(parseInt(color.slice(k, k + 2), 16) * factor)
      .toString(16)
      .padStart(2, '0');
  return `#${c(1)}${c(3)}${c(5)}`;
}

/** The status as the page and PDF name it. */
export function statusLabel(status: InvoiceReadStatus): string {
  return { DRAFT: 'Draft', PENDING: 'Due', OVERDUE: 'Overdue', PAID: 'PAID', VOID: 'VOID' }[status];
}
