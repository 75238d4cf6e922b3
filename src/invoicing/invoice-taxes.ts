/**
 * Which tax rates apply to an invoice's lines, and the invoice's rows with their taxes (pure:
 * the rows, the rates and the customer in, the rows with taxes out).
 *
 * Rates of a line, first that is set: the billed customer's `override_taxes` ([] exempts), the
 * line's pricing's `override_taxes`, else the automatic rates — every active rate without a
 * country, and every active rate of the customer's address country whose state is null or the
 * address state (case-insensitive). An override names rates whatever their `active`.
 */
import { InvoiceTaxes, TaxRate, taxInvoice } from '../billing-math';
import type { InvoiceEntity, InvoiceLineEntity, StoredTaxDetail } from './invoicing.entity';

/** A company's rate as the resolution reads it. */
export interface RateRow {
  id: string;
  code: string;
  name: string;
  percentage: string;
  inclusive: boolean;
  country: string | null;
  state: string | null;
  active: boolean;
}

type Override = readonly Record<string, unknown>[] | null;

export interface TaxContext {
  rates: ReadonlyMap<string, RateRow>;
  /** The billed customer's override_taxes and address. */
  customer: { override_taxes: Override; address: Record<string, unknown> | null } | null;
  /** product pricing id → its override_taxes. */
  pricingOverrides: ReadonlyMap<string, Override>;
}

const asRate = (r: RateRow): TaxRate => ({ tax_id: r.id, code: r.code, name: r.name, percentage: r.percentage, inclusive: r.inclusive });

function named(ctx: TaxContext, list: readonly Record<string, unknown>[]): TaxRate[] {
  return list
    .map((x) => ctx.rates.get(String(x.tax_id)))
    .filter((r): r is RateRow => r !== undefined)
    .map(asRate);
}

const upper = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim().toUpperCase() : null);

/** The automatic rates of a customer (see the file comment). */
export function automaticRates(ctx: TaxContext): TaxRate[] {
  const country = upper(ctx.customer?.address?.country);
  const state = upper(ctx.customer?.address?.state);
  return [...ctx.rates.values()]
    .filter((r) => r.active && (r.country === null || (r.country === country && (r.state === null || upper(r.state) === state))))
    .map(asRate);
}

/** The rates of a line of pricing `productPricingId`. */
export function lineRates(ctx: TaxContext, productPricingId: string | null): TaxRate[] {
  const customer = ctx.customer?.override_taxes;
  if (Array.isArray(customer)) return named(ctx, customer);
  const pricing = productPricingId ? ctx.pricingOverrides.get(productPricingId) : null;
  if (Array.isArray(pricing)) return named(ctx, pricing);
  return automaticRates(ctx);
}

const isCharge = (l: Pick<InvoiceLineEntity, 'kind'>) => l.kind !== 'DISCOUNT' && l.kind !== 'CREDIT';

/** The charge lines of an invoice's rows, in position order (the lines taxes apply to). */
export function chargeRows<T extends Pick<InvoiceLineEntity, 'kind' | 'position'>>(lines: readonly T[]): T[] {
  return [...lines].sort((a, b) => a.position - b.position).filter(isCharge);
}

/** The taxes of invoices gathered into one (a roll-up): the sums of theirs, per rate. */
export interface GatheredTaxes {
  tax_cents: number;
  exclusive_cents: number;
  tax_details: StoredTaxDetail[];
}

/** The taxes `invoices` charged, summed per rate (in the order the rates first appear). */
export function gatherTaxes(invoices: readonly Pick<InvoiceEntity, 'tax_cents' | 'tax_details'>[]): GatheredTaxes {
  const byRate = new Map<string, StoredTaxDetail>();
  for (const d of invoices.flatMap((i) => i.tax_details ?? [])) {
    const seen = byRate.get(d.tax_id);
    if (seen)
      byRate.set(d.tax_id, {
        ...seen,
        taxable_cents: seen.taxable_cents + d.taxable_cents,
        amount_cents: seen.amount_cents + d.amount_cents,
      });
    else byRate.set(d.tax_id, { ...d });
  }
  const details = [...byRate.values()];
  return {
    tax_cents: invoices.reduce((n, i) => n + (i.tax_cents ?? 0), 0),
    exclusive_cents: details.filter((d) => !d.inclusive).reduce((n, d) => n + d.amount_cents, 0),
    tax_details: details,
  };
}

export interface TaxedRows {
  lines: InvoiceLineEntity[];
  tax_cents: number;
  /** What the taxes add to the total (the exclusive ones). */
  exclusive_cents: number;
  tax_details: StoredTaxDetail[];
}

/**
 * An invoice's line rows with their taxes: `rates[i]` the rates of the i-th charge line (in
 * position order); the DISCOUNT rows are the applied discounts, in the order applied (their
 * scope is their product_pricing_id).
 */
export function taxRows(lines: readonly InvoiceLineEntity[], rates: readonly (readonly TaxRate[])[]): TaxedRows {
  const sorted = [...lines].sort((a, b) => a.position - b.position);
  const charges = sorted.filter(isCharge);
  const applied = sorted
    .filter((l) => l.kind === 'DISCOUNT')
    .map((l) => ({ discount: { product_pricing_id: l.product_pricing_id }, discount_cents: -l.amount_cents }));
  const taxes: InvoiceTaxes = taxInvoice(charges, applied, rates);
  const byPosition = new Map(charges.map((l, i) => [l.position, taxes.lines[i]]));
  return {
    lines: sorted.map((l) => {
      const t = byPosition.get(l.position);
      if (!t) return { ...l, tax_cents: 0, taxes: [] };
      return { ...l, tax_cents: t.tax_cents, taxes: t.taxes.map((x) => ({ ...x })) };
    }),
    tax_cents: taxes.tax_cents,
    exclusive_cents: taxes.exclusive_cents,
    tax_details: taxes.details.map((d) => ({ ...d })),
  };
}

/** The invoice row with its taxes: tax amount and details, the exclusive taxes added to its total and due. */
export function taxedInvoice(invoice: InvoiceEntity, taxed: TaxedRows | null): InvoiceEntity {
  const total = invoice.total_cents + (taxed?.exclusive_cents ?? 0);
  return {
    ...invoice,
    tax_cents: taxed?.tax_cents ?? 0,
    tax_details: taxed?.tax_details ?? [],
    total_cents: total,
    due_cents: Math.max(0, total - invoice.paid_cents),
  };
}
