import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import type { TaxRate } from '../billing-math';
import { CustomerLookupService } from '../customers/customer-lookup.service';
import { ProductPricingsRepository } from '../catalog/catalog.repository';
import { TaxesService } from '../taxes/taxes.service';
import type { InvoiceEntity, InvoiceLineEntity } from './invoicing.entity';
import { InvoiceLinesRepository } from './invoicing.repository';
import { chargeRows, GatheredTaxes, lineRates, RateRow, TaxContext, taxedInvoice, taxRows } from './invoice-taxes';

/** An invoice about to be written or rewritten: its row and its line rows (totals without tax). */
export interface InvoiceRows {
  invoice: InvoiceEntity;
  lines: InvoiceLineEntity[];
}

/**
 * Taxes on invoices as they are written (InvoiceWriter), recomputed (a draft's rewrite) or
 * previewed: the rates of each line resolved from the company's rates, the billed customer and
 * the lines' pricings (three reads for a whole batch, one when the company has no rate), then
 * billing-math's arithmetic through `invoice-taxes.ts`.
 */
@Injectable()
export class InvoiceTaxes {
  constructor(
    private readonly taxes: TaxesService,
    private readonly customers: CustomerLookupService,
    private readonly pricings: ProductPricingsRepository,
    private readonly lines: InvoiceLinesRepository,
  ) {}

  /** The rates of each charge line (position order) of each invoice; null for all when the company has no rate. */
  async ratesOf(m: EntityManager, companyId: string, docs: readonly InvoiceRows[]): Promise<TaxRate[][][] | null> {
    if (docs.length === 0) return null;
    const rates: RateRow[] = await this.taxes.all(m, companyId);
    if (rates.length === 0) return null;
    const customers = await this.customers.getMany(
      companyId,
      docs.map((d) => d.invoice.billed_customer_id),
      m,
    );
    const pricingIds = [...new Set(docs.flatMap((d) => d.lines.map((l) => l.product_pricing_id)).filter((x): x is string => !!x))];
    const pricingRows = pricingIds.length ? await this.pricings.with(m).find(companyId, { where: { id: In(pricingIds) } }) : [];
    const pricingOverrides = new Map(pricingRows.map((p) => [p.id, p.override_taxes]));
    const byId = new Map(rates.map((r) => [r.id, r]));
    return docs.map((d) => {
      const c = customers.get(d.invoice.billed_customer_id);
      const ctx: TaxContext = {
        rates: byId,
        customer: c ? { override_taxes: c.override_taxes, address: c.address } : null,
        pricingOverrides,
      };
      return chargeRows(d.lines).map((l) => lineRates(ctx, l.product_pricing_id));
    });
  }

  /** The invoices with their taxes (rows unsaved): what InvoiceWriter and a draft's rewrite store. */
  async apply(
    m: EntityManager,
    companyId: string,
    docs: readonly InvoiceRows[],
    gathered: readonly (GatheredTaxes | null)[] = [],
  ): Promise<InvoiceRows[]> {
    const rates = await this.ratesOf(m, companyId, docs);
    return docs.map((d, k) => {
      // a roll-up keeps the taxes its gathered invoices charged, line by line
      const given = gathered[k];
      const taxed = given ? { ...given, lines: d.lines } : rates ? taxRows(d.lines, rates[k]) : null;
      return {
        invoice: taxedInvoice(d.invoice, taxed),
        lines: taxed ? taxed.lines : d.lines.map((l) => ({ ...l, tax_cents: 0, taxes: [] })),
      };
    });
  }

  /**
   * A draft's taxes again with the rates as they stand (its lines unchanged): its lines' taxes
   * and its tax, total and due rewritten, in two statements. The caller holds the invoice's lock.
   */
  async retax(m: EntityManager, companyId: string, invoice: InvoiceEntity, now: Date): Promise<InvoiceEntity> {
    // a company without rates and an invoice without tax: nothing to do (one read)
    if ((invoice.tax_details ?? []).length === 0 && (await this.taxes.all(m, companyId)).length === 0) return invoice;
    const lines = await this.lines.with(m).find(companyId, { where: { invoice_id: invoice.id }, order: { position: 'ASC' } });
    const before = lines.flatMap((l) => l.taxes ?? []).reduce((s, t) => s + (t.inclusive ? 0 : t.amount_cents), 0);
    const untaxed = { ...invoice, total_cents: invoice.total_cents - before };
    const [taxed] = await this.apply(m, companyId, [{ invoice: untaxed, lines }]);
    await m.query(
      `UPDATE invoice_lines l SET tax_cents = v.tax_cents, taxes = v.taxes::jsonb
       FROM unnest($3::int[], $4::bigint[], $5::text[]) AS v(position, tax_cents, taxes)
       WHERE l.company_id = $1 AND l.invoice_id = $2 AND l.position = v.position`,
      [
        companyId,
        invoice.id,
        taxed.lines.map((l) => l.position),
        taxed.lines.map((l) => l.tax_cents),
        taxed.lines.map((l) => JSON.stringify(l.taxes)),
      ],
    );
    const t = taxed.invoice;
    await m.query(
      `UPDATE invoices SET tax_cents = $3, tax_details = $4::jsonb, total_cents = $5, due_cents = $6, updated_at = $7
       WHERE company_id = $1 AND id = $2`,
      [companyId, invoice.id, t.tax_cents, JSON.stringify(t.tax_details), t.total_cents, t.due_cents, now],
    );
    return { ...t, updated_at: now };
  }

  /**
   * Fixes the rates of invoices that are final: a rate on a finalized invoice keeps its
   * percentage, inclusive flag and place from then on (TaxesService.markFinalized).
   */
  async freeze(
    m: EntityManager,
    companyId: string,
    invoices: readonly Pick<InvoiceEntity, 'status' | 'tax_details'>[],
    now: Date,
  ): Promise<void> {
    const ids = invoices.filter((i) => i.status !== 'DRAFT').flatMap((i) => (i.tax_details ?? []).map((d) => d.tax_id));
    await this.taxes.markFinalized(m, companyId, ids, now);
  }
}
