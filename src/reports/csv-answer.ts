import type { Response } from 'express';
import { stringify } from 'csv-stringify/sync';

/** Whether the request asks for CSV (`Accept: text/csv`, before any JSON type it also lists). */
export function wantsCsv(accept: string | undefined): boolean {
  if (!accept) return false;
  const types = accept.split(',').map((t) => t.split(';')[0].trim().toLowerCase());
  const csv = types.indexOf('text/csv');
  const json = types.indexOf('application/json');
  return csv >= 0 && (json < 0 || csv < json);
}

/**
 * A report's answer: the JSON body, or its `results` rows as CSV (a header of `columns`, one
 * line per row, the same values; RFC 4180 quoting by csv-stringify).
 */
export function answer<T extends { results: object[] }>(res: Response, accept: string | undefined, body: T, columns: string[]): T | string {
  if (!wantsCsv(accept)) return body;
  res.type('text/csv; charset=utf-8');
  return stringify(body.results as Record<string, unknown>[], { header: true, columns, cast: { boolean: (b) => String(b) } });
}

export const REVENUE_COLUMNS = ['period', 'period_start', 'period_end', 'currency', 'invoiced', 'recognized', 'deferred_balance'];
export const REVENUE_PRODUCT_COLUMNS = [
  'period',
  'period_start',
  'period_end',
  'currency',
  'product_id',
  'invoiced',
  'recognized',
  'deferred_balance',
];
export const MRR_COLUMNS = [
  'month',
  'currency',
  'starting_mrr',
  'new',
  'expansion',
  'contraction',
  'churned',
  'reactivated',
  'ending_mrr',
  'starting_customers',
  'new_customers',
  'expanded_customers',
  'contracted_customers',
  'churned_customers',
  'reactivated_customers',
  'ending_customers',
];
export const TAXES_COLUMNS = [
  'tax_id',
  'code',
  'name',
  'percentage',
  'inclusive',
  'currency',
  'taxable',
  'tax_invoiced',
  'tax_refunded',
  'net',
];
export const RECEIVABLES_COLUMNS = ['customer_id', 'currency', 'current', '1_30', '31_60', '61_90', 'over_90', 'total', 'invoices'];
