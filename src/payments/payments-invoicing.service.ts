import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { InvoiceEntity } from '../invoicing/invoicing.entity';
import { InvoicePaymentsHook, InvoicingHooks, ManualPaymentRecord, PostRunStep } from '../invoicing/invoicing.hooks';
import { AutoChargeService } from './auto-charge.service';
import { PaymentTransactionsService } from './payment-transactions.service';

/**
 * The payments module's side of the invoice ledger: fills the ledger's payments hook (charges in
 * flight, manual payment transactions, the charge outbox) and adds the charges step to every
 * billing run — through InvoicingHooks, at start.
 */
@Injectable()
export class PaymentsInvoicingHook implements InvoicePaymentsHook, OnModuleInit {
  constructor(
    private readonly hooks: InvoicingHooks,
    private readonly autoCharge: AutoChargeService,
    private readonly transactions: PaymentTransactionsService,
  ) {}

  onModuleInit(): void {
    this.hooks.fill('payments', this);
  }

  /** Billing runs end with the charges, retries and unpaid flags due at their instant. */
  get postRunStep(): PostRunStep {
    return this.autoCharge.postRunStep;
  }

  async chargeInFlight(m: EntityManager, companyId: string, invoiceId: string, now: Date): Promise<boolean> {
    const rows: unknown[] = await m.query(
      `SELECT 1 FROM payment_attempts WHERE company_id = $1 AND invoice_id = $2 AND status = 'IN_PROGRESS' AND lease_until > $3 LIMIT 1`,
      [companyId, invoiceId, now],
    );
    return rows.length > 0;
  }

  async recordManualPayment(m: EntityManager, companyId: string, payment: ManualPaymentRecord, now: Date): Promise<string> {
    const txn = await this.transactions.recordManualPayment(
      m,
      companyId,
      {
        invoice: payment.invoice,
        customer_id: payment.customer_id,
        currency: payment.currency,
        amount_cents: payment.amount_cents,
        provider_type: payment.provider_type,
        note: payment.note,
        paid_at: payment.paid_at,
      },
      now,
    );
    return txn.id;
  }

  enqueueCharges(m: EntityManager, companyId: string, invoices: InvoiceEntity[], now: Date): Promise<void> {
    return this.autoCharge.enqueueMany(m, companyId, invoices, now);
  }
}
