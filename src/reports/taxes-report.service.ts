import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { spreadCents } from '../billing-math';
import { parseRange, MAX_RANGE_DAYS } from './report-range';
import type { TaxesReportDto, TaxesReportResponse, TaxesRow } from './dto/taxes-report.dto';
import type { StoredTaxDetail } from '../invoicing/invoicing.entity';

/** One rate of an invoice's `tax_details`, as invoicing stores it. */
type Detail = StoredTaxDetail;

/**
 * Tax collected (docs/reports.md, "Taxes"): per rate and currency, the tax of the invoices
 * finalized (PENDING or PAID; a VOID invoice owes none) whose invoice date is in [from, to), and
 * the tax given back by the refunds recorded in the range — each refund's share
 * (`invoice_ledger_entries.tax_refunded_cents`) spread over its invoice's rates in proportion to
 * their amounts, the remainder on the largest. Two statements, both pinned to the company.
 */
@Injectable()
export class TaxesReportService {
  constructor(private readonly ds: DataSource) {}

  async report(companyId: string, dto: TaxesReportDto): Promise<TaxesReportResponse> {
    const { from, to } = parseRange(dto.from, dto.to, MAX_RANGE_DAYS.MONTH);
    const invoiced: { currency: string; details: Detail[] }[] = await this.ds.query(
      `SELECT i.currency, i.tax_details AS details FROM invoices i
       WHERE i.company_id = $1 AND i.status IN ('PENDING', 'PAID') AND i.tax_cents <> 0
         AND i.invoice_date >= $2 AND i.invoice_date < $3`,
      [companyId, from, to],
    );
    const refunded: { currency: string; details: Detail[]; tax: string }[] = await this.ds.query(
      `SELECT i.currency, i.tax_details AS details, e.tax_refunded_cents::text AS tax
       FROM invoice_ledger_entries e JOIN invoices i ON i.company_id = e.company_id AND i.id = e.invoice_id
       WHERE e.company_id = $1 AND e.kind = 'PAYMENT_REFUNDED' AND e.tax_refunded_cents <> 0
         AND e.created_at >= $2 AND e.created_at < $3`,
      [companyId, from, to],
    );
    const rows = new Map<string, TaxesRow>();
    const rowOf = (currency: string, d: Detail) => {
      const key = `${d.tax_id}\u0000${currency}`;
      const row = rows.get(key) ?? {
        tax_id: d.tax_id,
        code: d.code,
        name: d.name,
        percentage: Number(d.percentage),
        inclusive: d.inclusive,
        currency,
        taxable: 0,
        tax_invoiced: 0,
        tax_refunded: 0,
        net: 0,
      };
      rows.set(key, row);
      return row;
    };
    for (const inv of invoiced)
      for (const d of inv.details) {
        const row = rowOf(inv.currency, d);
        row.taxable += d.taxable_cents;
        row.tax_invoiced += d.amount_cents;
      }
    for (const r of refunded) {
      const shares = spreadCents(
        Number(r.tax),
        r.details.map((d) => Math.abs(d.amount_cents)),
      );
      r.details.forEach((d, k) => (rowOf(r.currency, d).tax_refunded += shares[k]));
    }
    const results = [...rows.values()]
      .map((r) => ({ ...r, net: r.tax_invoiced - r.tax_refunded }))
      .sort((a, b) => (a.code !== b.code ? (a.code < b.code ? -1 : 1) : a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
    return { from: from.toISOString(), to: to.toISOString(), results };
  }
}
