import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AppliedPayments, AuditViolation } from '../invoicing/invoice-ledger.audit';

interface CreditRow {
  id: string;
  state: string;
  issued_cents: string;
  remaining_cents: string;
  issued_units: string;
  remaining_units: string;
  [k: string]: string;
}

const ACTIONS = ['issued', 'consumed', 'restored', 'expired', 'revoked'] as const;

/**
 * The credits part of the reconciliation, over credits' own tables: every credit is conserved —
 * issued = remaining + consumed − restored + expired + revoked, in cents and in units, and its
 * ISSUED log says what was issued — and every invoice's credited amount is what its credits
 * consumed minus what was given back (RESTORED) to them.
 */
@Injectable()
export class CreditsAudit {
  constructor(private readonly dataSource: DataSource) {}

  async check(companyId: string, invoices: AppliedPayments[]): Promise<AuditViolation[]> {
    const sums = ACTIONS.map(
      (a) =>
        `COALESCE(SUM(l.amount_applied_cents) FILTER (WHERE l.action_type = '${a.toUpperCase()}'), 0)::text AS log_${a}_cents,
         COALESCE(SUM(l.units_applied) FILTER (WHERE l.action_type = '${a.toUpperCase()}'), 0)::text AS log_${a}_units`,
    ).join(',\n');
    const credits: CreditRow[] = await this.dataSource.query(
      `SELECT c.id, c.state, c.type, c.issued_cents::text, c.remaining_cents::text, c.issued_units::text, c.remaining_units::text, ${sums}
       FROM credits c LEFT JOIN credit_logs l ON l.company_id = c.company_id AND l.credit_id = c.id
       WHERE c.company_id = $1 GROUP BY c.company_id, c.id ORDER BY c.id`,
      [companyId],
    );
    const out: AuditViolation[] = [];
    const add = (id: string, kind: string, message: string) => out.push({ company_id: companyId, kind, id, message });
    for (const c of credits) {
      const n = (k: string) => Number(c[k]);
      // a UNITS credit's logs carry the cents value of the units an invoice took: its balance is in units only
      const dims: ('cents' | 'units')[] = c.type === 'AMOUNT' ? ['cents'] : ['units'];
      for (const d of dims) {
        const issued = n(`issued_${d}`);
        const [remaining, consumed, restored, expired, revoked] = [
          n(`remaining_${d}`),
          n(`log_consumed_${d}`),
          n(`log_restored_${d}`),
          n(`log_expired_${d}`),
          n(`log_revoked_${d}`),
        ];
        const accounted = remaining + consumed - restored + expired + revoked;
        if (issued !== accounted) {
          add(
            c.id,
            'credit_not_conserved',
            `issued ${issued} ${d} ≠ remaining ${remaining} + consumed ${consumed} − restored ${restored} + expired ${expired} + revoked ${revoked} = ${accounted}`,
          );
        }
        if (n(`log_issued_${d}`) !== issued)
          add(c.id, 'credit_issue_log_mismatch', `issued ${issued} ${d}; its ISSUED log says ${n(`log_issued_${d}`)}`);
      }
    }
    const perInvoice: { invoice_id: string; cents: string }[] = await this.dataSource.query(
      `SELECT invoice_id, SUM(CASE WHEN action_type = 'CONSUMED' THEN amount_applied_cents ELSE -amount_applied_cents END)::text AS cents
       FROM credit_logs WHERE company_id = $1 AND invoice_id IS NOT NULL AND action_type IN ('CONSUMED', 'RESTORED') GROUP BY invoice_id`,
      [companyId],
    );
    const credited = new Map(perInvoice.map((r) => [r.invoice_id, Number(r.cents)]));
    for (const inv of invoices) {
      const fromLogs = credited.get(inv.invoice_id) ?? 0;
      if (fromLogs !== inv.credits_applied_cents) {
        add(
          inv.invoice_id,
          'invoice_credits_mismatch',
          `invoice has ${inv.credits_applied_cents} cents of credits applied; its credit logs say ${fromLogs}`,
        );
      }
    }
    return out;
  }
}
