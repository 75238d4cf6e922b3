import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** An invoice line as the revenue report reads it. */
export interface RevenueLineRow {
  currency: string;
  invoice_date: Date;
  line_start: Date | null;
  line_end: Date | null;
  invoice_start: Date | null;
  invoice_end: Date | null;
  amount_cents: string;
  product_id: string | null;
  price_type: string | null;
  usage: boolean;
  recognition_schedule: { recognition_schedule_type: string; amount_per_period: (number | string)[] | null } | null;
  /** How many identical lines this row stands for. */
  lines: number;
}

/** The due of a customer's PENDING invoices as of an instant, per currency and whole days past due. */
export interface DueRow {
  customer_id: string;
  currency: string;
  /** The aging bucket by time past the due date d (days of 24 h): current d ≤ 0, 1_30 0 < d ≤ 30, …, over_90 d > 90. */
  bucket: 'current' | '1_30' | '31_60' | '61_90' | 'over_90';
  due_cents: string;
  invoices: number;
}

/**
 * The reports' reads (docs/reports.md). Every statement pins company_id and ties each table to
 * it; the reports read other modules' tables and write none.
 */
@Injectable()
export class ReportsRepository {
  constructor(private readonly ds: DataSource) {}

  /** The company's `preferred_timezone` setting, or null. */
  async timeZone(companyId: string): Promise<string | null> {
    const rows: { tz: string | null }[] = await this.ds.query(
      `SELECT settings->>'preferred_timezone' AS tz FROM companies WHERE company_id = $1`,
      [companyId],
    );
    return rows[0]?.tz ?? null;
  }

  /**
   * The lines of the invoices finalized (PENDING or PAID, not VOID) with an invoice date before
   * `to`, with what decides their recognition: the item price's schedule and type, whether its
   * metric is metered (usage), and the product.
   */
  revenueLines(companyId: string, to: Date): Promise<RevenueLineRow[]> {
    // identical lines (same amount, dates, price) are recognised identically: one row each with
    // their count, which the service multiplies (a company's lines repeat by the thousand)
    return this.ds.query(
      `SELECT i.currency, i.invoice_date, l.period_start AS line_start, l.period_end AS line_end,
              i.period_start AS invoice_start, i.period_end AS invoice_end, l.amount_cents,
              pp.product_id, ip.type AS price_type, ip.recognition_schedule,
              (bm.metering_rule IS NOT NULL AND bm.type <> 'LICENSE_METRIC') AS usage, count(*)::int AS lines
         FROM invoices i
         JOIN invoice_lines l ON l.company_id = i.company_id AND l.invoice_id = i.id
         LEFT JOIN product_pricings pp ON pp.company_id = i.company_id AND pp.id = l.product_pricing_id
         LEFT JOIN product_metric_pricings pmp ON pmp.company_id = i.company_id AND pmp.id = l.product_metric_pricing_id
         LEFT JOIN item_pricings ip ON ip.company_id = i.company_id AND ip.id = pmp.item_pricing_id
         LEFT JOIN billable_metrics bm ON bm.company_id = i.company_id AND bm.id = pmp.metric_id
        WHERE i.company_id = $1 AND i.status IN ('PENDING', 'PAID') AND i.invoice_date < $2
        GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11`,
      [companyId, to],
    );
  }

  /**
   * The invoices PENDING at `asOf` with their due then: of each invoice's ledger entries dated
   * at or before `asOf`, the last one written (ids are monotonic: the order entries were written
   * in, which holds when a billing run at a chosen instant and a payment at the wall clock's
   * interleave); the ledger records the status and due after every movement.
   *
   * The same answer, cheaper, when no ledger entry is dated after `asOf` (an `as_of` of now, or later): then
   * every invoice's last entry is its current state, so the invoices' own status and due are read.
   */
  async dueAsOf(companyId: string, asOf: Date): Promise<DueRow[]> {
    const later: unknown[] = await this.ds.query(`SELECT 1 FROM invoice_ledger_entries WHERE company_id = $1 AND created_at > $2 LIMIT 1`, [
      companyId,
      asOf,
    ]);
    if (later.length > 0) return this.dueFromLedger(companyId, asOf);
    return this.ds.query(
      `SELECT i.billed_customer_id AS customer_id, i.currency, CASE WHEN i.due_date >= $2::timestamptz THEN 'current'
                   WHEN i.due_date >= $2::timestamptz - interval '720 hours' THEN '1_30'
                   WHEN i.due_date >= $2::timestamptz - interval '1440 hours' THEN '31_60'
                   WHEN i.due_date >= $2::timestamptz - interval '2160 hours' THEN '61_90'
                   ELSE 'over_90' END AS bucket,
              sum(i.due_cents)::bigint AS due_cents, count(*)::int AS invoices
         FROM invoices i
        WHERE i.company_id = $1 AND i.status = 'PENDING'
        GROUP BY 1, 2, 3`,
      [companyId, asOf],
    );
  }

  private dueFromLedger(companyId: string, asOf: Date): Promise<DueRow[]> {
    // per invoice, its last ledger entry dated at or before asOf (an index probe); summed per
    // customer, currency and aging bucket (docs/reports.md), so few rows come back
    return this.ds.query(
      `SELECT i.billed_customer_id AS customer_id, i.currency,
              CASE WHEN i.due_date >= $2::timestamptz THEN 'current'
                   WHEN i.due_date >= $2::timestamptz - interval '720 hours' THEN '1_30'
                   WHEN i.due_date >= $2::timestamptz - interval '1440 hours' THEN '31_60'
                   WHEN i.due_date >= $2::timestamptz - interval '2160 hours' THEN '61_90'
                   ELSE 'over_90' END AS bucket,
              sum(e.due_after_cents)::bigint AS due_cents, count(*)::int AS invoices
         FROM invoices i
        CROSS JOIN LATERAL (SELECT le.status_after, le.due_after_cents
                              FROM invoice_ledger_entries le
                             WHERE le.company_id = i.company_id AND le.invoice_id = i.id AND le.created_at <= $2
                             ORDER BY le.id DESC
                             LIMIT 1) e
        WHERE i.company_id = $1 AND e.status_after = 'PENDING'
        GROUP BY 1, 2, 3`,
      [companyId, asOf],
    );
  }

  /** The company's customers left out of metrics. */
  async excludedCustomers(companyId: string): Promise<Set<string>> {
    const rows: { id: string }[] = await this.ds.query(`SELECT id FROM customers WHERE company_id = $1 AND exclude_from_metrics`, [
      companyId,
    ]);
    return new Set(rows.map((r) => r.id));
  }
}
