import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CompaniesService } from '../platform/auth/companies.service';
import { AuditViolation, InvoiceLedgerAudit } from '../invoicing/invoice-ledger.audit';
import { PaymentsAudit } from '../payments/payments.audit';
import { CreditsAudit } from '../credits/credits.audit';
import { SubscriptionBillingStateService } from '../subscriptions/subscription-billing-state.service';

export interface AuditReport {
  ok: boolean;
  violations: AuditViolation[];
}

/**
 * The reconciliation behind `npm run cli -- audit` (and the concurrency tests), per company:
 * - invoices (InvoiceLedgerAudit): open invoices owe total − paid, PAID/VOID ones owe nothing, a
 *   VOID one keeps no money, nothing is paid beyond the total, and the ledger entries of every
 *   finalized invoice add up to its total, paid and credited amounts (the last one has its
 *   status and due);
 * - payments (PaymentsAudit): every invoice's paid amount equals its applied payments minus their
 *   succeeded refunds; a payment the ledger never applied (a late charge) is refunded in full;
 * - credits (CreditsAudit): every credit is conserved (issued = remaining + consumed − restored
 *   + expired + revoked) and every invoice's credited amount matches its credit logs;
 * - subscriptions (SubscriptionBillingStateService): one the billing engine flagged as not
 *   billable (`billing_error`, e.g. an amount out of range) is a `billing_error` violation: its
 *   due invoices are missing from the books until it bills again.
 * Each module checks its own tables; this service only puts the answers side by side.
 */
@Injectable()
export class AuditService {
  constructor(
    private readonly companies: CompaniesService,
    private readonly invoices: InvoiceLedgerAudit,
    private readonly payments: PaymentsAudit,
    private readonly credits: CreditsAudit,
    private readonly billingState: SubscriptionBillingStateService,
    private readonly dataSource: DataSource,
  ) {}

  async run(options: { companyId?: string } = {}): Promise<AuditReport> {
    const companyIds = options.companyId ? [options.companyId] : await this.companies.companyIds();
    const violations: AuditViolation[] = [];
    for (const companyId of companyIds) violations.push(...(await this.company(companyId)));
    return { ok: violations.length === 0, violations };
  }

  async company(companyId: string): Promise<AuditViolation[]> {
    const applied = await this.invoices.appliedPayments(companyId);
    return [
      ...(await this.invoices.check(companyId)),
      ...(await this.payments.check(companyId, applied)),
      ...(await this.credits.check(companyId, applied)),
      ...(await this.billingState.flagged(this.dataSource.manager, companyId)).map((f) => ({
        company_id: companyId,
        kind: 'billing_error',
        id: f.id,
        message: `subscription not billed since ${f.billing_error.at}: ${f.billing_error.code}: ${f.billing_error.message}`,
      })),
    ];
  }
}
