/**
 * What a period's invoice reads of its usage-threshold invoices (pure): what they billed, and
 * the line that takes it back. docs/billing-rules.md#usage-thresholds.
 */
import { amountLine } from '../../../billing-math';
import type { LineDraft } from '../../invoice-writer.service';
import { t, WrittenInvoice } from './state';

export const KIND = 'USAGE_THRESHOLD';

/** The key of a period's threshold invoice (unique in its company): the subscription, the period start and the level crossed. */
export const thresholdKey = (subscriptionId: string, periodStart: Date, level: number) =>
  `${subscriptionId}@${periodStart.toISOString()}|${level}`;

/** The threshold invoices of the periods starting in [from, to), not void. */
export function thresholdInvoices(written: ReadonlyMap<string, WrittenInvoice>, from: Date, to: Date) {
  const out: { level: number; invoice: WrittenInvoice }[] = [];
  for (const [k, invoice] of written) {
    if (!k.startsWith(`${KIND}|`) || invoice.status === 'VOID' || !invoice.period_start) continue;
    if (t(invoice.period_start) < t(from) || t(invoice.period_start) >= t(to)) continue;
    out.push({ level: Number(k.slice(k.lastIndexOf('|') + 1)), invoice });
  }
  return out;
}

export function thresholdBilled(written: ReadonlyMap<string, WrittenInvoice>, from: Date, to: Date): number {
  return thresholdInvoices(written, from, to).reduce((sum, x) => sum + (x.invoice.sub_total_cents ?? 0), 0);
}

export const deductionLine = (cents: number, name: string, period: { start: Date; end: Date }): LineDraft => ({
  ...amountLine({ name, amount: -cents, period }),
  product_metric_pricing_id: null,
  details: { usage_thresholds_billed: cents },
});

/** The line of a period's invoice that takes back what its threshold invoices billed (none when nothing was). */
export function thresholdDeduction(ctx: { thresholdBilled: (from: Date, to: Date) => number }, from: Date, to: Date): LineDraft[] {
  const billed = ctx.thresholdBilled(from, to);
  return billed === 0 ? [] : [deductionLine(billed, 'Usage billed at usage thresholds', { start: from, end: to })];
}
