/**
 * What the hosted invoice page and the PDF show, computed once from the stored invoice (pure: no
 * I/O, no clock — `now` is given). Both renderers (invoice-page.html.ts, invoice-pdf.ts) read this
 * document, so the page and the PDF always say the same. Amounts are formatted here from integer
 * cents; no arithmetic beyond the invoice's own stored amounts.
 */
import { formatDate, formatMoney, formatQuantity, invoiceStatusWord } from '../platform/hosted-pages/format';
import { formatAddress } from '../platform/hosted-pages/address';
import { CompanySettings, DEFAULT_ACCENT_COLOR } from '../platform/company-settings/company-settings.rules';
import type { CustomerEntity } from '../customers/customer.entity';
import type { InvoiceEntity, InvoiceLineEntity } from '../invoicing/invoicing.entity';
import { displayNumber, readStatus, InvoiceReadStatus } from '../invoicing/invoicing.mapper';

export interface DocumentLine {
  name: string;
  /** The line's period ("1 March 2027 – 31 March 2027"), or null. */
  detail: string | null;
  quantity: string;
  unitPrice: string;
  amount: string;
  /** On a roll-up: the heading of a child's lines ("For <child>") or their subtotal; absent on a line. */
  row?: 'group' | 'subtotal';
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
  /** "25 December 2026". */
  dueDate: string;
  /** The issuer block: the company's name, its legal name when different, its address, its support e-mail. */
  issuer: string[];
  /** A paid invoice's card and date ("Paid with Visa •••• 4242 on 3 March 2027"), or null. */
  paidWith: string | null;
  /** Letter for a customer in the US or Canada, A4 elsewhere (ISO 216 is the rest of the world's paper). */
  paperSize: 'LETTER' | 'A4';
  /** The page that pays this invoice (the PDF of a payable invoice links to it), or null. */
  payUrl: string | null;
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
  /** One row per tax rate: "VAT 20%" (exclusive: added to the total) or "VAT 20% (included)" with its amount. */
  taxes: DocumentAdjustment[];
  subTotal: string;
  creditsApplied: string | null;
  total: string;
  paid: string;
  due: string;
  notes: string | null;
}

/** Line kinds that are reductions of the charges rather than charges. */
const ADJUSTMENT_KINDS = new Set(['DISCOUNT', 'CREDIT']);

/**
 * A line's name without a repeated part: the billing engine names a usage line
 * "<price name> - <metric name>", which reads "API calls - API calls" when both are the same.
 */
export function lineName(name: string): string {
  const parts = name.split(' - ');
  return parts.filter((p, k) => k === 0 || p.trim().toLowerCase() !== parts[k - 1].trim().toLowerCase()).join(' - ');
}

/** "VAT 20%", "NY sales tax 8.875%", "VAT 20% (included)": a rate as a line of the totals. */
export function taxLabel(d: { name: string; percentage: string; inclusive: boolean }): string {
  return `${d.name} ${Number(d.percentage)}%${d.inclusive ? ' (included)' : ''}`;
}

function period(start: Date | null, end: Date | null, zone: string): string | null {
  if (!start || !end) return null;
  return `${formatDate(start, zone)} – ${formatDate(end, zone)}`;
}

function billedTo(customer: CustomerEntity | null): string[] {
  if (!customer) return [];
  return [
    customer.name,
    customer.org_name,
    customer.email,
    ...formatAddress(customer.address),
    customer.tax_number ? `Tax number: ${customer.tax_number}` : null,
  ].filter((v): v is string => typeof v === 'string' && v.trim() !== '');
}

/** Who a customer is, in one phrase: its name (or organisation), and its e-mail. */
export function customerLabel(c: CustomerEntity): string {
  const name = [c.name, c.org_name].find((v) => typeof v === 'string' && v.trim() !== '') ?? c.identifier ?? c.id;
  return c.email ? `${name} (${c.email})` : name;
}

/**
 * The issuer block, one line each: the company's display name, its legal name when different,
 * its address as its country writes it, its support e-mail, its tax number. A new issuer fact is
 * one more entry.
 */
export function issuerLines(settings: CompanySettings, legalName?: string): string[] {
  return [
    settings.display_name,
    ...(legalName && legalName !== settings.display_name ? [legalName] : []),
    ...formatAddress(settings.address),
    ...(settings.support_email ? [settings.support_email] : []),
    ...(settings.tax_number ? [`Tax number: ${settings.tax_number}`] : []),
  ];
}

export function toInvoiceDocument(input: {
  invoice: InvoiceEntity;
  lines: InvoiceLineEntity[];
  /** The billed customer (the parent of a parent-billed invoice). */
  customer: CustomerEntity | null;
  /** A parent-billed invoice's own customer (the child it is for); null when it bills its own customer. */
  forCustomer?: CustomerEntity | null;
  settings: CompanySettings;
  now: Date;
  /** The company's own name (companies.name), shown in the issuer block when it differs. */
  legalName?: string;
  /** The card that paid the invoice, when it was paid by card ("Visa •••• 4242"). */
  paidCard?: string | null;
  /** The absolute address of the invoice's hosted page. */
  payUrl?: string | null;
  /** The `display_type` of each line's price, by product metric pricing id (none: UNITS). */
  quantityDisplays?: Map<string, string>;
  /** A roll-up's children (the customers its lines name), by id. */
  children?: Map<string, CustomerEntity>;
}): InvoiceDocument {
  const { invoice: i, settings } = input;
  // dates read in the company's zone, where its billing dates are placed
  const date = (d: Date) => formatDate(d, settings.preferred_timezone);
  const money = (cents: number | string) => formatMoney(cents, i.currency);
  const status = readStatus(i, input.now);
  const sorted = [...input.lines].sort((a, b) => a.position - b.position);
  const number = displayNumber(i) ?? '—';
  const facts: { label: string; value: string }[] = [
    { label: 'Invoice number', value: number },
    { label: 'Invoice date', value: date(i.invoice_date) },
    { label: 'Due date', value: date(i.due_date) },
  ];
  const servicePeriod = period(i.period_start, i.period_end, settings.preferred_timezone);
  if (servicePeriod) facts.push({ label: 'Period', value: servicePeriod });
  // the invoice's additional display fields, as they were when it was written (escaped where shown)
  for (const f of i.display_fields ?? []) facts.push({ label: f.name, value: f.value });
  if (input.forCustomer && i.billed_customer_id !== i.customer_id) facts.push({ label: 'For', value: customerLabel(input.forCustomer) });
  if (i.paid_date && status === 'PAID') facts.push({ label: 'Paid on', value: date(i.paid_date) });
  if (i.voided_at && status === 'VOID') facts.push({ label: 'Voided on', value: date(i.voided_at) });
  const country = String(((input.customer?.address ?? {}) as Record<string, unknown>).country ?? '').toUpperCase();
  const payable = (status === 'PENDING' || status === 'OVERDUE') && i.due_cents > 0;
  return {
    companyName: settings.display_name,
    supportEmail: settings.support_email,
    accentColor: /^#[0-9a-fA-F]{6}$/.test(settings.accent_color) ? settings.accent_color : DEFAULT_ACCENT_COLOR,
    title: `Invoice ${number}`,
    number,
    dueDate: date(i.due_date),
    issuer: issuerLines(settings, input.legalName),
    paidWith: status === 'PAID' && input.paidCard && i.paid_date ? `Paid with ${input.paidCard} on ${date(i.paid_date)}` : null,
    status,
    payable,
    paperSize: country === 'US' || country === 'CA' ? 'LETTER' : 'A4',
    payUrl: payable ? (input.payUrl ?? null) : null,
    currency: i.currency,
    dueCents: i.due_cents,
    facts,
    billedTo: billedTo(input.customer),
    lines: sorted.some((l) => l.customer_id)
      ? groupedByChild(
          sorted,
          input.children ?? new Map(),
          (l) => documentLine(l, input.quantityDisplays, i.currency, settings.preferred_timezone),
          money,
        )
      : sorted
          .filter((l) => !ADJUSTMENT_KINDS.has(l.kind))
          .map((l) => documentLine(l, input.quantityDisplays, i.currency, settings.preferred_timezone)),
    adjustments: sorted.filter((l) => ADJUSTMENT_KINDS.has(l.kind)).map((l) => ({ name: l.name, amount: money(l.amount_cents) })),
    taxes: (i.tax_details ?? []).map((d) => ({ name: taxLabel(d), amount: money(d.amount_cents) })),
    subTotal: money(i.sub_total_cents),
    creditsApplied: i.credits_applied_cents > 0 ? money(-i.credits_applied_cents) : null,
    total: money(i.total_cents),
    paid: money(i.paid_cents),
    due: money(i.due_cents),
    notes: i.notes,
  };
}

function documentLine(l: InvoiceLineEntity, displays: Map<string, string> | undefined, currency: string, zone: string): DocumentLine {
  return {
    name: lineName(l.name),
    detail: period(l.period_start, l.period_end, zone),
    quantity: formatQuantity(l.quantity, displays?.get(l.product_metric_pricing_id ?? ''), currency),
    unitPrice: l.unit_price === null ? '' : formatMoney(l.unit_price, currency),
    amount: formatMoney(l.amount_cents, currency),
  };
}

/**
 * A roll-up's lines grouped by the child they were charged for, in the invoice's order: a heading
 * naming the child, its lines (its own discounts and credits included, as its invoice had them),
 * and its subtotal — the sum of those lines, what the child's own invoice would have come to.
 */
function groupedByChild(
  sorted: InvoiceLineEntity[],
  children: Map<string, CustomerEntity>,
  line: (l: InvoiceLineEntity) => DocumentLine,
  money: (cents: number) => string,
): DocumentLine[] {
  const order: string[] = [];
  const byChild = new Map<string, InvoiceLineEntity[]>();
  for (const l of sorted) {
    const key = l.customer_id ?? '';
    if (!byChild.has(key)) order.push(key);
    byChild.set(key, [...(byChild.get(key) ?? []), l]);
  }
  const blank = { detail: null, quantity: '', unitPrice: '' };
  return order.flatMap((id) => {
    const lines = byChild.get(id)!;
    const child = children.get(id);
    const label = child ? customerLabel(child) : id;
    const cents = lines.reduce((n, l) => n + l.amount_cents, 0);
    return [
      { ...blank, name: `For ${label}`, amount: '', row: 'group' as const },
      ...lines.map(line),
      { ...blank, name: `Subtotal for ${label}`, amount: money(cents), row: 'subtotal' as const },
    ];
  });
}

/**
 * The status in the words every hosted page uses (invoice page, PDF, portal): "Due", "Overdue",
 * "Paid", "Void", "Draft".
 */
export function statusLabel(status: InvoiceReadStatus): string {
  return invoiceStatusWord(status);
}
