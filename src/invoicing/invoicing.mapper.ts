import { iso } from '../platform/timestamps';
import type { ProductPricingResponse } from '../catalog/dto/pricing.dto';
import type { InvoiceEntity, InvoiceLineEntity, OneTimeBillableEntity } from './invoicing.entity';
import type { OneTimeBillableResponse } from './dto/one-time.dto';
import type { PageLinks } from '../platform/hosted-pages/page-secrets';

export type InvoiceReadStatus = 'DRAFT' | 'PENDING' | 'OVERDUE' | 'PAID' | 'VOID';

/** PENDING past its due date reads as OVERDUE (conventions: statuses). */
export function readStatus(invoice: InvoiceEntity, now: Date): InvoiceReadStatus {
  if (invoice.status === 'PENDING' && invoice.due_date.getTime() < now.getTime()) return 'OVERDUE';
  // a ROLLED_UP invoice is never read (every reader leaves it out): it reads as the roll-up's draft would
  return invoice.status === 'ROLLED_UP' ? 'DRAFT' : invoice.status;
}

const money = (currency: string, cents: number) => ({ currency, value_in_cents: cents });
const num = (v: string | null) => (v === null ? null : Number(v));

export function toInvoiceLineResponse(l: InvoiceLineEntity, currency: string) {
  return {
    position: l.position,
    kind: l.kind,
    name: l.name,
    period: l.period_start || l.period_end ? { start_date: iso(l.period_start), end_date: iso(l.period_end) } : null,
    quantity: num(l.quantity),
    unit_price: num(l.unit_price),
    amount: money(currency, l.amount_cents),
    prorated: l.prorated,
    product_pricing_id: l.product_pricing_id,
    product_metric_pricing_id: l.product_metric_pricing_id,
    item_id: l.item_id,
    one_time_id: l.one_time_id,
    tax_amount: money(currency, l.tax_cents ?? 0),
    taxes: (l.taxes ?? []).map((t) => ({
      tax_id: t.tax_id,
      percentage: Number(t.percentage),
      inclusive: t.inclusive,
      amount: money(currency, t.amount_cents),
    })),
    customer_id: l.customer_id ?? null,
    subscription_id: l.subscription_id ?? null,
  };
}

export interface InvoiceLinks {
  /** The hosted invoice page. */
  hosted: string;
  /** The invoice as a PDF. */
  pdf: string;
}

/** `PUBLIC_URL/invoices/pay/<secret>` and its `/pdf`, the secret rebuilt from the nonce; null for a draft or an invoice without a link. */
export function invoiceLinks(
  pages: PageLinks,
  invoice: Pick<InvoiceEntity, 'company_id' | 'id' | 'status' | 'link_nonce'>,
): InvoiceLinks | null {
  if (invoice.status === 'DRAFT' || !invoice.link_nonce) return null;
  const hosted = `${pages.publicUrl}/invoices/pay/${pages.secret('invoice', invoice.company_id, invoice.id, invoice.link_nonce)}`;
  return { hosted, pdf: `${hosted}/pdf` };
}

/** The fields of the invoice response that its number sets (a webhook object built before the number was assigned gets them). */
export function invoiceNumberFields(n: AssignedNumber): { number: number; formatted_number: string } {
  return { number: n.number, formatted_number: n.formatted };
}

/** An invoice's number and how it reads (the company's format, or the plain number). */
export interface AssignedNumber {
  number: number;
  formatted: string;
}

/** How an invoice's number reads on its page, PDF, e-mails and the portal; null before it is numbered. */
export function displayNumber(i: Pick<InvoiceEntity, 'number' | 'formatted_number'>): string | null {
  if (i.formatted_number) return i.formatted_number;
  return i.number === null || i.number === undefined ? null : String(i.number);
}

/**
 * The spec's Invoice (plus `items`, the lines). `customer` and `billedCustomer` (who pays it:
 * the customer itself, or its parent) are full customer responses, given by the caller (loaded
 * in one batch for a page of invoices).
 */
export function toInvoiceResponse(
  i: InvoiceEntity,
  lines: InvoiceLineEntity[],
  customer: unknown,
  now: Date,
  pages: PageLinks,
  billedCustomer: unknown = customer,
) {
  const links = invoiceLinks(pages, i);
  return {
    uuid: i.uuid,
    id: i.id,
    company_id: i.company_id,
    number: i.number,
    formatted_number: displayNumber(i),
    name: i.name,
    status: readStatus(i, now),
    customer_id: i.customer_id,
    billed_customer_id: i.billed_customer_id,
    customer,
    billed_customer: i.billed_customer_id === i.customer_id ? customer : billedCustomer,
    subscription_id: i.subscription_id,
    currency: i.currency,
    invoice_date: iso(i.invoice_date),
    period_start: iso(i.period_start),
    period_end: iso(i.period_end),
    due_date: iso(i.due_date),
    paid_date: iso(i.paid_date),
    sub_total: money(i.currency, i.sub_total_cents),
    discount_total: money(i.currency, i.discount_cents),
    credits_applied: money(i.currency, i.credits_applied_cents),
    total: money(i.currency, i.total_cents),
    paid: money(i.currency, i.paid_cents),
    due: money(i.currency, i.due_cents),
    prorated_amount: money(i.currency, i.prorated_amount_cents),
    tax_amount: money(i.currency, i.tax_cents ?? 0),
    tax_details: (i.tax_details ?? []).map((d) => ({
      tax_id: d.tax_id,
      code: d.code,
      name: d.name,
      percentage: Number(d.percentage),
      inclusive: d.inclusive,
      taxable_amount: money(i.currency, d.taxable_cents),
      amount: money(i.currency, d.amount_cents),
    })),
    auto_charges: i.auto_charges,
    hosted_link: links?.hosted ?? null,
    pdf_link: links?.pdf ?? null,
    metadata: i.metadata,
    notes: i.notes,
    display_fields: (i.display_fields ?? []).map((f) => ({ name: f.name, value: f.value })),
    items: [...lines].sort((a, b) => a.position - b.position).map((l) => toInvoiceLineResponse(l, i.currency)),
    created_at: iso(i.created_at),
    updated_at: iso(i.updated_at),
  };
}

/**
 * The spec's one-time billable. `invoiceUuid` (of the invoice it is on, if any) and
 * `productPricing` (its pricing expanded) are loaded by the caller in one batch for a page.
 */
export function toOneTimeBillableResponse(
  r: OneTimeBillableEntity,
  invoiceUuid: string | null,
  productPricing: ProductPricingResponse | null,
): OneTimeBillableResponse {
  return {
    aggregate: Number(r.aggregate),
    company_id: r.company_id,
    created_at: iso(r.created_at)!,
    custom_price: r.custom_price as OneTimeBillableResponse['custom_price'],
    customer_id: r.customer_id,
    deleted_at: null,
    id: r.id,
    import_ref: null,
    imported_from: null,
    invoice_id: r.invoice_id,
    invoice_uuid: invoiceUuid,
    name: r.name,
    product_pricing: productPricing,
    product_pricing_id: r.product_pricing_id,
    proposal_id: null,
    quantity_config: r.quantity_config as OneTimeBillableResponse['quantity_config'],
    sort_order: r.sort_order,
    state: r.state,
    type: r.type,
    updated_at: iso(r.updated_at)!,
  };
}
