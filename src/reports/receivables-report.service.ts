import { Injectable } from '@nestjs/common';
import { DomainError } from '../platform/errors/domain-error';
import { ReportsRepository } from './reports.repository';
import type { ReceivablesReportDto, ReceivablesReportResponse, ReceivablesRow, ReceivablesTotal } from './dto/report.dto';

const empty = (currency: string) => ({ currency, current: 0, '1_30': 0, '31_60': 0, '61_90': 0, over_90: 0, total: 0, invoices: 0 });

/** The cursor of a page: the last (customer_id, currency) answered, base64url JSON. */
function decodeKey(key: string): [string, string] {
  try {
    const v: unknown = JSON.parse(Buffer.from(key, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'string')) return v as [string, string];
  } catch {
    // refused below
  }
  throw DomainError.invalidField('pagination.from_key', 'is not a cursor this report returned');
}

/**
 * The receivables aging (docs/reports.md, "Receivables"): the due of every invoice PENDING at
 * `as_of` (from the invoice ledger, so a past instant is answered as it was), by whole days past
 * the due date, per customer and currency; the totals cover every customer.
 */
@Injectable()
export class ReceivablesReportService {
  constructor(private readonly repo: ReportsRepository) {}

  async report(companyId: string, dto: ReceivablesReportDto): Promise<ReceivablesReportResponse> {
    const asOf = new Date(dto.as_of);
    const limit = dto.pagination?.limit ?? 20;
    const after = dto.pagination?.from_key ? decodeKey(dto.pagination.from_key) : null;
    const rows = await this.repo.dueAsOf(companyId, asOf);
    const byCustomer = new Map<string, ReceivablesRow>();
    const totals = new Map<string, ReceivablesTotal>();
    for (const r of rows) {
      const due = Number(r.due_cents);
      const bucket = r.bucket;
      const key = `${r.customer_id}\u0000${r.currency}`;
      const row = byCustomer.get(key) ?? { customer_id: r.customer_id, ...empty(r.currency) };
      const total = totals.get(r.currency) ?? empty(r.currency);
      for (const x of [row, total]) {
        x[bucket] += due;
        x.total += due;
        x.invoices += r.invoices;
      }
      byCustomer.set(key, row);
      totals.set(r.currency, total);
    }
    const cmp = (a: [string, string], b: [string, string]) =>
      a[0] !== b[0] ? (a[0] < b[0] ? -1 : 1) : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
    const ordered = [...byCustomer.values()]
      .filter((r) => !after || cmp([r.customer_id, r.currency], after) > 0)
      .sort((a, b) => cmp([a.customer_id, a.currency], [b.customer_id, b.currency]));
    const page = ordered.slice(0, limit);
    const last = page.at(-1);
    return {
      as_of: asOf.toISOString(),
      pagination: {
        from_key:
          ordered.length > limit && last ? Buffer.from(JSON.stringify([last.customer_id, last.currency])).toString('base64url') : null,
        limit,
      },
      results: page,
      totals: [...totals.values()].sort((a, b) => (a.currency < b.currency ? -1 : 1)),
    };
  }
}
