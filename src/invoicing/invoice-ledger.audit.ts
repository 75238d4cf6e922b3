import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** One broken rule found by a reconciliation (`npm run cli -- audit`). */
export interface AuditViolation {
  company_id: string;
  kind: string;
  /** The record at fault (an invoice, a payment transaction, a credit). */
  id: string;
  message: string;
}

/** Per invoice: the payments the ledger applied to it, net of the refunds it recorded. */
export interface AppliedPayments {
  invoice_id: string;
  status: string;
  paid_cents: number;
  credits_applied_cents: number;
  /** payment transaction id → cents the ledger holds of it (PAYMENT − PAYMENT_REFUNDED). */
  payments: Map<string, number>;
  /**
   * An invoice finalized before the ledger existed: what it had paid then (its MIGRATION entry)
   * and when; payments of it recorded until then were never linked to ledger entries.
   */
  before_ledger: { paid_cents: number; until: Date } | null;
}

interface Row {
  id: string;
  status: string;
  total_cents: string;
  paid_cents: string;
  due_cents: string;
  credits_applied_cents: string;
  entries: string;
  sum_total: string | null;
  sum_paid: string | null;
  sum_credited: string | null;
  last_status: string | null;
  last_due: string | null;
  tax_cents: string;
  line_tax: string;
  line_exclusive: string;
  sub_total_cents: string;
  discount_cents: string;
}

/**
 * The invoicing part of the reconciliation, over invoicing's own tables: each invoice's
 * arithmetic (due = total − paid while open, nothing due once PAID or VOID, no money kept on a
 * VOID invoice, paid never above the total) and its ledger (the entries of every finalized
 * invoice add up to its total, paid and credited amounts; the last one has its status and due).
 * Also reads back which payments the ledger applied, for the payments side of the audit.
 */
@Injectable()
export class InvoiceLedgerAudit {
  constructor(private readonly dataSource: DataSource) {}

  async check(companyId: string): Promise<AuditViolation[]> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT i.id, i.status, i.total_cents::text, i.paid_cents::text, i.due_cents::text, i.credits_applied_cents::text,
              count(e.id)::text AS entries, SUM(e.total_delta_cents)::text AS sum_total, SUM(e.paid_delta_cents)::text AS sum_paid,
              SUM(e.credited_delta_cents)::text AS sum_credited,
              (array_agg(e.status_after ORDER BY e.id DESC))[1] AS last_status, (array_agg(e.due_after_cents ORDER BY e.id DESC))[1]::text AS last_due,
              i.tax_cents::text, i.sub_total_cents::text, i.discount_cents::text,
              (SELECT COALESCE(SUM(l.tax_cents), 0) FROM invoice_lines l WHERE l.company_id = i.company_id AND l.invoice_id = i.id)::text AS line_tax,
              (SELECT COALESCE(SUM((t->>'amount_cents')::bigint), 0) FROM invoice_lines l, jsonb_array_elements(l.taxes) t
                WHERE l.company_id = i.company_id AND l.invoice_id = i.id AND NOT (t->>'inclusive')::boolean)::text AS line_exclusive
       FROM invoices i LEFT JOIN invoice_ledger_entries e ON e.company_id = i.company_id AND e.invoice_id = i.id
       WHERE i.company_id = $1
       GROUP BY i.company_id, i.id ORDER BY i.id`,
      [companyId],
    );
    const out: AuditViolation[] = [];
    const add = (id: string, kind: string, message: string) => out.push({ company_id: companyId, kind, id, message });
    for (const r of rows) {
      const total = Number(r.total_cents);
      const paid = Number(r.paid_cents);
      const due = Number(r.due_cents);
      const credited = Number(r.credits_applied_cents);
      if ((r.status === 'PAID' || r.status === 'VOID') && due !== 0)
        add(r.id, 'due_on_closed_invoice', `invoice is ${r.status} with ${due} cents due`);
      if ((r.status === 'PENDING' || r.status === 'DRAFT' || r.status === 'ROLLED_UP') && due !== Math.max(0, total - paid)) {
        add(
          r.id,
          'due_mismatch',
          `invoice is ${r.status}: due ${due} cents, but total ${total} − paid ${paid} = ${Math.max(0, total - paid)}`,
        );
      }
      if (paid < 0 || paid > Math.max(total, 0)) add(r.id, 'overpaid', `paid ${paid} cents on a total of ${total}`);
      if (credited < 0) add(r.id, 'negative_credits', `credits applied ${credited} cents`);
      if (r.status === 'VOID' && paid !== 0) add(r.id, 'money_on_void_invoice', `VOID invoice holds ${paid} cents paid`);
      if (Number(r.tax_cents) !== Number(r.line_tax))
        add(r.id, 'tax_mismatch', `invoice tax ${r.tax_cents} cents, but its lines' taxes add up to ${r.line_tax}`);
      // total = sub_total − discounts + exclusive taxes − credits (docs/billing-rules.md#totals)
      const expected = Number(r.sub_total_cents) - Number(r.discount_cents) + Number(r.line_exclusive) - credited;
      if (Number(r.line_tax) !== 0 && total !== expected)
        add(r.id, 'total_mismatch', `invoice total ${total} cents, but sub_total − discounts + exclusive taxes − credits = ${expected}`);
      // a DRAFT, and a ROLLED_UP child invoice (its money is on its roll-up), have no entries
      if (r.status === 'DRAFT' || r.status === 'ROLLED_UP') continue;
      if (Number(r.entries) === 0) {
        add(r.id, 'ledger_missing', `invoice is ${r.status} and has no ledger entries`);
        continue;
      }
      const sums = { total: Number(r.sum_total), paid: Number(r.sum_paid), credited: Number(r.sum_credited) };
      if (sums.total !== total || sums.paid !== paid || sums.credited !== credited) {
        add(
          r.id,
          'ledger_mismatch',
          `ledger entries add up to total ${sums.total}, paid ${sums.paid}, credited ${sums.credited}; the invoice has total ${total}, paid ${paid}, credited ${credited}`,
        );
      }
      if (r.last_status !== r.status || Number(r.last_due) !== due) {
        add(
          r.id,
          'ledger_state_mismatch',
          `last ledger entry says ${r.last_status} with ${r.last_due} due; the invoice is ${r.status} with ${due} due`,
        );
      }
    }
    return out;
  }

  /** Every invoice's paid and credited amounts, and the payments the ledger applied to it. */
  async appliedPayments(companyId: string): Promise<AppliedPayments[]> {
    const invoices: { id: string; status: string; paid_cents: string; credits_applied_cents: string }[] = await this.dataSource.query(
      `SELECT id, status, paid_cents::text, credits_applied_cents::text FROM invoices WHERE company_id = $1 ORDER BY id`,
      [companyId],
    );
    const entries: { invoice_id: string; payment_transaction_id: string; net: string }[] = await this.dataSource.query(
      `SELECT invoice_id, payment_transaction_id, SUM(paid_delta_cents)::text AS net FROM invoice_ledger_entries
       WHERE company_id = $1 AND payment_transaction_id IS NOT NULL GROUP BY invoice_id, payment_transaction_id`,
      [companyId],
    );
    const migrated: { invoice_id: string; paid: string; until: Date }[] = await this.dataSource.query(
      `SELECT invoice_id, SUM(paid_delta_cents)::text AS paid, max(created_at) AS until FROM invoice_ledger_entries
       WHERE company_id = $1 AND source = 'MIGRATION' GROUP BY invoice_id`,
      [companyId],
    );
    const byInvoice = new Map<string, AppliedPayments>(
      invoices.map((i) => [
        i.id,
        {
          invoice_id: i.id,
          status: i.status,
          paid_cents: Number(i.paid_cents),
          credits_applied_cents: Number(i.credits_applied_cents),
          payments: new Map(),
          before_ledger: null,
        },
      ]),
    );
    for (const e of entries) byInvoice.get(e.invoice_id)?.payments.set(e.payment_transaction_id, Number(e.net));
    for (const x of migrated) {
      const inv = byInvoice.get(x.invoice_id);
      if (inv) inv.before_ledger = { paid_cents: Number(x.paid), until: new Date(x.until) };
    }
    return [...byInvoice.values()];
  }
}
