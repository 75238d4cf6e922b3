import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AppliedPayments, AuditViolation } from '../invoicing/invoice-ledger.audit';

interface PaymentRow {
  id: string;
  invoice_id: string;
  total_amount_cents: string;
  created_at: Date;
  refunded_ok: string;
  refunds_pending: string;
}

/**
 * The payments part of the reconciliation, over payments' own table. How refunds count: a
 * payment the ledger applied to an invoice holds `total − succeeded refunds` of it (a refund
 * still PENDING at the processor has not moved money yet); an invoice's `paid` is the sum of
 * that over its applied payments (plus what it had paid before the ledger existed). A payment
 * of an invoice that the ledger never applied (a late charge) must be refunded in full — or
 * have its refund in flight — or it is money lost.
 */
@Injectable()
export class PaymentsAudit {
  constructor(private readonly dataSource: DataSource) {}

  async check(companyId: string, invoices: AppliedPayments[]): Promise<AuditViolation[]> {
    const rows: PaymentRow[] = await this.dataSource.query(
      `SELECT p.id, p.invoice_id, p.total_amount_cents::text, p.created_at,
              COALESCE(SUM(r.total_amount_cents) FILTER (WHERE r.status = 'SUCCEEDED'), 0)::text AS refunded_ok,
              COUNT(r.id) FILTER (WHERE r.status = 'PENDING')::text AS refunds_pending
       FROM payment_transactions p
       LEFT JOIN payment_transactions r ON r.company_id = p.company_id AND r.parent_transaction_id = p.id AND r.transaction_type = 'REFUND'
       WHERE p.company_id = $1 AND p.transaction_type = 'PAYMENT' AND p.invoice_id IS NOT NULL AND p.status IN ('SUCCEEDED', 'REFUNDED', 'PARTIALLY_REFUNDED')
       GROUP BY p.company_id, p.id ORDER BY p.id`,
      [companyId],
    );
    const out: AuditViolation[] = [];
    const add = (id: string, kind: string, message: string) => out.push({ company_id: companyId, kind, id, message });
    const payments = new Map(rows.map((r) => [r.id, r]));
    const held = (p: PaymentRow) => Number(p.total_amount_cents) - Number(p.refunded_ok);
    const applied = new Set<string>();
    for (const inv of invoices) {
      let expected = inv.before_ledger?.paid_cents ?? 0;
      for (const [paymentId, net] of inv.payments) {
        applied.add(paymentId);
        const p = payments.get(paymentId);
        if (!p) {
          add(
            paymentId,
            'applied_payment_missing',
            `the ledger of invoice ${inv.invoice_id} holds ${net} cents of payment ${paymentId}, which is not a settled payment`,
          );
          continue;
        }
        if (p.invoice_id !== inv.invoice_id)
          add(paymentId, 'payment_invoice_mismatch', `payment of invoice ${p.invoice_id} is applied to invoice ${inv.invoice_id}`);
        if (net !== held(p))
          add(
            paymentId,
            'payment_ledger_mismatch',
            `the ledger holds ${net} cents of this payment; paid ${p.total_amount_cents} − refunded ${p.refunded_ok} = ${held(p)}`,
          );
        expected += held(p);
      }
      if (expected !== inv.paid_cents) {
        add(
          inv.invoice_id,
          'paid_mismatch',
          `invoice paid is ${inv.paid_cents} cents; its applied payments minus their refunds come to ${expected}`,
        );
      }
    }
    const before = new Map(invoices.filter((i) => i.before_ledger).map((i) => [i.invoice_id, i.before_ledger!.until.getTime()]));
    for (const p of rows) {
      if (applied.has(p.id)) continue;
      const until = before.get(p.invoice_id);
      if (until !== undefined && new Date(p.created_at).getTime() <= until) continue;
      if (held(p) > 0 && Number(p.refunds_pending) === 0) {
        add(
          p.id,
          'unapplied_payment',
          `payment of ${p.total_amount_cents} cents on invoice ${p.invoice_id} was never applied to it and ${held(p)} cents are neither applied nor refunded`,
        );
      }
    }
    return out;
  }
}
