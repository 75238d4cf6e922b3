import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ModuleHooks } from '../platform/hooks/module-hooks';
import type { InvoiceEntity } from './invoicing.entity';

/**
 * The hooks of the invoicing module: what it needs from the modules above it (credits,
 * payments) without importing them, declared with the platform's ModuleHooks. CreditsModule and
 * PaymentsModule fill them when they start (`onModuleInit`), and a missing one stops the
 * application's start — it never fails at the first invoice. Invoicing calls upward only through
 * them (credit application and restoration, payment transactions, the charge outbox, the billing
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
   * Locks, in one statement and in id order, every credit of these customers that `allocate`
   * could take now. A transaction that applies credits to several invoices calls it first, so
   * its credit locks follow the one order (src/platform/README.md, "Lock order") whatever the
   * order of the invoices.
   */
  lockUsableOf(m: EntityManager, companyId: string, customerIds: string[], now: Date): Promise<void>;
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
  /**
   * These invoices (locked by the ledger) have just become PAID in this transaction: the credit
   * packs (prices with `credit_price`) their lines bought are granted, at most once per invoice
   * line whatever calls it again (a replayed payment, another instance).
   */
  grantPacks(m: EntityManager, companyId: string, invoiceIds: string[], now: Date): Promise<void>;
  /**
   * A refund of a payment of this (locked) invoice has just been recorded; `refundedCents` is
   * what its refunds have given back in all. The unused part of the credit packs it granted is
   * revoked up to the refunded share (docs/billing-rules.md, "Credit packs").
   */
  revokeRefundedPacks(m: EntityManager, companyId: string, invoice: InvoiceEntity, refundedCents: number, now: Date): Promise<void>;
  /** The step every billing run ends with: the credit expirations due at the run's instant. */
  readonly postRunStep: PostRunStep;
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
  /** The step every billing run ends with: charges, retries and unpaid flags due at the run's instant. */
  readonly postRunStep: PostRunStep;
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

/** Campaigns (dunning), as billing runs need them. */
export interface InvoiceCampaignsHook {
  /** The step every billing run ends with: the campaign steps due at the run's instant (after the charges). */
  readonly postRunStep: PostRunStep;
}

/** The hooks invoicing declares, by name. */
export interface InvoicingHookSet {
  credits: InvoiceCreditsHook;
  payments: InvoicePaymentsHook;
  campaigns: InvoiceCampaignsHook;
}

@Injectable()
export class InvoicingHooks extends ModuleHooks<InvoicingHookSet> {
  constructor() {
    super('InvoicingModule', {
      credits: 'CreditsModule',
      payments: 'PaymentsModule',
      campaigns: 'NotificationsModule',
    });
  }

  get credits(): InvoiceCreditsHook {
    return this.get('credits');
  }

  get payments(): InvoicePaymentsHook {
    return this.get('payments');
  }

  /** The steps every billing run ends with, in `order` (credits: expirations, 50; payments: charges, 100; campaigns: dunning steps, 200). */
  get postRunSteps(): readonly PostRunStep[] {
    const steps = [this.credits.postRunStep, this.payments.postRunStep, this.get('campaigns').postRunStep];
    return steps.sort((a, b) => a.order - b.order);
  }
}
