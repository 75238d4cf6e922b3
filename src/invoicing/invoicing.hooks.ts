import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { InvoiceEntity } from './invoicing.entities';

/**
 * The hooks of the invoicing module: what it needs from the modules above it (credits,
 * payments) without importing them. Invoicing declares them here; CreditsModule and
 * PaymentsModule fill them when they start (`onModuleInit`), and `InvoicingHooks` checks at
 * application bootstrap that every hook was filled — a missing one stops the start, it never
 * fails at the first invoice. This is the one mechanism by which invoicing calls upward
 * (credit application and restoration, payment transactions, the charge outbox, the billing
 * run's post-run steps).
 */

/** Ways money arrives outside any processor (mark_paid's `provider_type`); payments records them. */
export const OFFLINE_PROVIDER_TYPES = [
  'WIRE',
  'CHEQUE',
  'CASH',
  'CREDIT_CARD_OFFLINE',
  'PROVIDER_A',
  'PROVIDER_B',
  'PROVIDER_C',
  'BANK_TRANSFER',
  'INTERNAL',
] as const;
export type OfflineProviderType = (typeof OFFLINE_PROVIDER_TYPES)[number];

/** Credits, as the ledger needs them. Every call runs in the caller's transaction, the invoice row locked by the ledger. */
export interface InvoiceCreditsHook {
  /** Which of these customers hold credits that could be applied now (so invoices of others skip the credit step). */
  customersWithCredits(m: EntityManager, companyId: string, customerIds: string[], now: Date): Promise<Set<string>>;
  /**
   * Takes the customer's credits for what the (locked) invoice has due: debits the grants and
   * logs CONSUMED with the invoice id. Never more than `invoice.due_cents`. Returns what was
   * applied in cents; the ledger applies it to the invoice.
   */
  allocate(
    m: EntityManager,
    companyId: string,
    invoice: InvoiceEntity,
    now: Date,
    options: { creditIds?: readonly string[] },
  ): Promise<number>;
  /**
   * Gives back to their grants the credits the (locked) invoice consumed and has not given back
   * yet, with a RESTORED log entry each; returns the cents given back (what the invoice's
   * `credits_applied_cents` drops by).
   */
  restore(m: EntityManager, companyId: string, invoice: InvoiceEntity, now: Date): Promise<number>;
}

/** A payment received outside any processor (mark_paid). */
export interface ManualPaymentRecord {
  invoice: { id: string; uuid: string; number: number | null };
  customer_id: string;
  currency: string;
  amount_cents: number;
  provider_type: OfflineProviderType;
  note: string | null;
  paid_at: Date;
}

/** Payments, as the ledger needs them. */
export interface InvoicePaymentsHook {
  /** True while a processor charge of the invoice is in flight (an attempt IN_PROGRESS whose lease has not passed). */
  chargeInFlight(m: EntityManager, companyId: string, invoiceId: string, now: Date): Promise<boolean>;
  /** Writes the SUCCEEDED payment transaction of a manual payment; returns its id. */
  recordManualPayment(m: EntityManager, companyId: string, payment: ManualPaymentRecord, now: Date): Promise<string>;
  /** Puts the first charge of just-finalized, auto-charging invoices with something due into the outbox (dispatched after commit). */
  enqueueCharges(m: EntityManager, companyId: string, invoices: InvoiceEntity[], now: Date): Promise<void>;
}

/**
 * A step that runs after the invoices of a billing run are written (credit expirations,
 * charges, retries, status changes due at the run's instant). Steps run in `order`.
 */
export interface PostRunStep {
  name: string;
  order: number;
  run(at: Date, options: { companyIds?: string[] }): Promise<Record<string, number> | void>;
}

@Injectable()
export class InvoicingHooks implements OnApplicationBootstrap {
  private creditsHook: InvoiceCreditsHook | null = null;
  private paymentsHook: InvoicePaymentsHook | null = null;
  private readonly steps: PostRunStep[] = [];

  provideCredits(hook: InvoiceCreditsHook): void {
    if (this.creditsHook && this.creditsHook !== hook) throw new Error('InvoicingHooks: the credits hook is provided twice');
    this.creditsHook = hook;
  }

  providePayments(hook: InvoicePaymentsHook): void {
    if (this.paymentsHook && this.paymentsHook !== hook) throw new Error('InvoicingHooks: the payments hook is provided twice');
    this.paymentsHook = hook;
  }

  /** Adds a step to every billing run (credits: expirations; payments: charges, retries, unpaid). */
  addPostRunStep(step: PostRunStep): void {
    if (this.steps.some((s) => s.name === step.name)) return;
    this.steps.push(step);
    this.steps.sort((a, b) => a.order - b.order);
  }

  get credits(): InvoiceCreditsHook {
    if (!this.creditsHook) throw new Error('InvoicingHooks: no credits hook (CreditsModule provides it)');
    return this.creditsHook;
  }

  get payments(): InvoicePaymentsHook {
    if (!this.paymentsHook) throw new Error('InvoicingHooks: no payments hook (PaymentsModule provides it)');
    return this.paymentsHook;
  }

  get postRunSteps(): readonly PostRunStep[] {
    return this.steps;
  }

  /** Fails the start when a module that fills a hook is missing from the application. */
  onApplicationBootstrap(): void {
    const missing = [!this.creditsHook && 'credits (CreditsModule)', !this.paymentsHook && 'payments (PaymentsModule)'].filter(Boolean);
    if (missing.length)
      throw new Error(`InvoicingModule: hooks not provided: ${missing.join(', ')} — import those modules in the application`);
  }
}
