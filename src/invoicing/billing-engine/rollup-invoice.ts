import { FULL_SHARE } from '../../billing-math';
import type { InvoiceEntity, InvoiceLineEntity } from '../invoicing.entity';
import type { InvoiceDraft, LineDraft, WrittenTotals } from '../invoice-writer.service';
import { GatheredTaxes, gatherTaxes } from '../invoice-taxes';
import { addDays } from './model';
import { previousRollupDate, RollupConfig } from './rollup-dates';

/** The days a roll-up invoice is due after its date when its config says none (as a subscription's invoice). */
const DEFAULT_DUE_DAYS = 30;

/**
 * A gathered child invoice's lines as lines of the roll-up, naming the child and its
 * subscription: copied as they were written (charges, unit credits and the child's own discount
 * lines), so that the roll-up charges exactly what the child invoices would have.
 */
function rollupLines(child: InvoiceEntity, lines: InvoiceLineEntity[]): LineDraft[] {
  return lines.map((l) => ({
    name: l.name,
    kind: l.kind as LineDraft['kind'],
    quantity: l.quantity,
    unit_price: l.unit_price,
    amount_cents: l.amount_cents,
    prorated: l.prorated,
    share: FULL_SHARE,
    period_start: l.period_start,
    period_end: l.period_end,
    product_pricing_id: l.product_pricing_id,
    item_id: l.item_id,
    product_metric_pricing_id: l.product_metric_pricing_id,
    one_time_id: l.one_time_id,
    details: l.details,
    customer_id: child.customer_id,
    subscription_id: child.subscription_id,
    tax_cents: l.tax_cents ?? 0,
    taxes: l.taxes ?? [],
  }));
}

/**
 * The totals of a roll-up: the sums of the invoices it gathers. Never summed again from the
 * lines with discounts: each child's discounts were rounded on its own invoice, and the roll-up
 * must come to the cent to what those invoices would have charged.
 */
export function rollupTotals(
  children: InvoiceEntity[],
  linesOf: Map<string, InvoiceLineEntity[]>,
): { totals: WrittenTotals; taxes: GatheredTaxes } {
  const sum = (f: (i: InvoiceEntity) => number) => children.reduce((n, i) => n + f(i), 0);
  const lines = children.flatMap((c) => rollupLines(c, linesOf.get(c.id) ?? []));
  // the children's taxes, kept as they charged them; the writer adds the exclusive ones back
  const taxes = gatherTaxes(children);
  return {
    totals: {
      lines,
      sub_total_cents: sum((i) => i.sub_total_cents),
      discount_cents: sum((i) => i.discount_cents),
      total_cents: sum((i) => i.total_cents) - taxes.exclusive_cents,
      prorated_amount_cents: sum((i) => i.prorated_amount_cents),
    },
    taxes,
  };
}

/**
 * A roll-up's billing key: the parent, the date and the currency (children billed in different
 * currencies get a roll-up per currency), and for a later roll-up of the same date the first
 * child invoice it gathers.
 */
export function rollupKey(parentId: string, date: Date, currency: string, suffix: string | null): string {
  return `${parentId}@${date.toISOString()}/${currency}${suffix ? `+${suffix}` : ''}`;
}

/**
 * The roll-up invoice of `parentId` at `date` gathering `children` (ordered by child, then date):
 * kind ROLLUP, billed to and for the parent, dated at the roll-up date, over the roll-up period,
 * charged, due and showing the display fields as the parent's config says (not charged, due in
 * 30 days, no display fields, once the config is gone). `suffix` tells a later roll-up of the same date (children written after it) apart.
 */
export function rollupDraft(
  parentId: string,
  date: Date,
  config: RollupConfig | null,
  children: InvoiceEntity[],
  gathered: { totals: WrittenTotals; taxes: GatheredTaxes },
  suffix: string | null,
): InvoiceDraft {
  return {
    kind: 'ROLLUP',
    billing_key: rollupKey(parentId, date, children[0].currency, suffix),
    customer_id: parentId,
    billed_customer_id: parentId,
    subscription_id: null,
    currency: children[0].currency,
    status: 'PENDING',
    name: null,
    invoice_date: date,
    period_start: previousRollupDate(config, date) ?? minDate(children),
    period_end: date,
    due_date: addDays(date, config?.invoice_due_date_from_creation ?? DEFAULT_DUE_DAYS),
    finalize_after: null,
    auto_charges: config?.auto_charges ?? false,
    display_fields: config?.invoice_additional_display_fields ?? [],
    lines: [],
    totals: gathered.totals,
    gathered_taxes: gathered.taxes,
  };
}

function minDate(children: InvoiceEntity[]): Date {
  return new Date(Math.min(...children.map((c) => c.invoice_date.getTime())));
}
