import { Column, Entity, PrimaryColumn } from 'typeorm';
import { DecimalColumn, JsonColumn, MoneyColumn, TextColumn, TimestampColumn } from '../platform/database/columns';

/**
 * ROLLED_UP: a parent-billed child invoice gathered into its parent's roll-up invoice (written
 * under its own key so that it is billed once, then never shown nor opened by the ledger).
 */
export const INVOICE_STATUSES = ['DRAFT', 'PENDING', 'PAID', 'VOID', 'ROLLED_UP'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** Why an invoice exists; with `billing_key` it makes a duplicate impossible (unique key). */
export const INVOICE_KINDS = [
  'SUBSCRIPTION_PERIOD',
  'SUBSCRIPTION_CHANGE',
  'SUBSCRIPTION_CANCEL',
  'ONE_TIME',
  'USAGE_THRESHOLD',
  'ROLLUP',
  'ADVANCE_USAGE',
] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** One rate's tax on a line, as stored on `invoice_lines.taxes`. */
export interface StoredLineTax {
  tax_id: string;
  /** Canonical decimal string ("8.875"). */
  percentage: string;
  inclusive: boolean;
  amount_cents: number;
}

/** One rate over an invoice, as stored on `invoices.tax_details`. */
export interface StoredTaxDetail {
  tax_id: string;
  code: string;
  name: string;
  percentage: string;
  inclusive: boolean;
  taxable_cents: number;
  amount_cents: number;
}

/** An additional fact an invoice shows (a subscription's or roll-up config's display field). */
export interface DisplayField {
  name: string;
  value: string;
}

/**
 * An invoice. Addressed by `uuid` in the API; `id` (`inv_…`) is the internal key. Amounts are
 * integer cents in `currency`. A finalized invoice (PENDING/PAID/VOID) never changes its lines.
 */
@Entity('invoices')
export class InvoiceEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  @Column('uuid') uuid: string;
  /** Sequential per company, no gaps (assigned from company_counters in the creating transaction). */
  @Column('bigint', {
    nullable: true,
    transformer: { to: (v: number | null) => v, from: (v: string | null) => (v === null ? null : Number(v)) },
  })
  number: number;
  /** The number as the company's format wrote it when it was numbered; null: no format (reads `number`). */
  @TextColumn({ nullable: true }) formatted_number: string | null;
  @TextColumn() kind: InvoiceKind;
  /** What makes this invoice unique within (company, kind): e.g. `<subscription id>@<billing date ISO>`. */
  @TextColumn() billing_key: string;
  @TextColumn() customer_id: string;
  @TextColumn() billed_customer_id: string;
  @TextColumn({ nullable: true }) subscription_id: string | null;
  @TextColumn() currency: string;
  @TextColumn() status: InvoiceStatus;
  @TextColumn({ nullable: true }) name: string | null;
  @TimestampColumn() invoice_date: Date;
  @TimestampColumn({ nullable: true }) period_start: Date | null;
  @TimestampColumn({ nullable: true }) period_end: Date | null;
  @TimestampColumn() due_date: Date;
  @TimestampColumn({ nullable: true }) paid_date: Date | null;
  @TimestampColumn({ nullable: true }) finalized_at: Date | null;
  /** Usage invoices stay DRAFT until this instant (grace period for late events). */
  @TimestampColumn({ nullable: true }) finalize_after: Date | null;
  @TimestampColumn({ nullable: true }) voided_at: Date | null;
  /** A ROLLED_UP child invoice: the roll-up date of its parent it is gathered at. */
  @TimestampColumn({ nullable: true }) rollup_date: Date | null;
  /** A ROLLED_UP child invoice once gathered: the roll-up invoice its lines are on. */
  @TextColumn({ nullable: true }) rollup_invoice_id: string | null;
  @MoneyColumn() sub_total_cents: number;
  @MoneyColumn() discount_cents: number;
  @MoneyColumn() credits_applied_cents: number;
  @MoneyColumn() total_cents: number;
  @MoneyColumn() paid_cents: number;
  @MoneyColumn() due_cents: number;
  @MoneyColumn() prorated_amount_cents: number;
  /** Σ of the lines' taxes, inclusive and exclusive (`total` holds the exclusive ones). */
  @MoneyColumn({ default: 0 }) tax_cents: number;
  /** One entry per rate, copied when the invoice was written (kept as they were once it is final). */
  @JsonColumn({ default: [] }) tax_details: StoredTaxDetail[];
  @Column('boolean') auto_charges: boolean;
  @JsonColumn() metadata: Record<string, unknown>;
  @TextColumn({ nullable: true }) notes: string | null;
  @TextColumn({ nullable: true }) payment_instructions: string | null;
  /** The `{name, value}` pairs the invoice shows beside its number and dates, copied when it was written. */
  @JsonColumn({ default: [] }) display_fields: DisplayField[];
  /**
   * The link of the invoice's hosted page and PDF (platform/hosted-pages/page-secrets.ts): its
   * secret is derived from the page key and `link_nonce`, never stored; `link_hash` is the
   * SHA-256 of that secret. Set when the invoice becomes final, null on drafts.
   */
  @TextColumn({ nullable: true }) link_hash: string | null;
  @TextColumn({ nullable: true }) link_nonce: string | null;
  /** The hash of the plaintext secret of a link handed out before secrets were derived (it keeps opening). */
  @TextColumn({ nullable: true }) link_legacy_hash: string | null;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() updated_at: Date;
}

export const LEDGER_ENTRY_KINDS = [
  'OPENED',
  'FINALIZED',
  'CREDITS_APPLIED',
  'PAYMENT',
  'PAYMENT_REFUNDED',
  'CREDITS_RESTORED',
  'VOIDED',
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/**
 * One movement of an invoice's money, written by the InvoiceLedger (and only by it) in the
 * transaction that changes the invoice. The deltas of an invoice's entries add up to its
 * `total_cents`, `paid_cents` and `credits_applied_cents`; the last entry carries its status
 * and due amount (checked by `npm run cli -- audit`). A DRAFT has no entries until it is
 * finalized or voided (its lines may still be recomputed).
 */
@Entity('invoice_ledger_entries')
export class InvoiceLedgerEntryEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  @TextColumn() invoice_id: string;
  @TextColumn() kind: LedgerEntryKind;
  /** The size of the movement (positive): the payment, the credits, the refund, the total opened. */
  @MoneyColumn() amount_cents: number;
  @MoneyColumn() total_delta_cents: number;
  @MoneyColumn() paid_delta_cents: number;
  @MoneyColumn() credited_delta_cents: number;
  @TextColumn() status_after: InvoiceStatus;
  @MoneyColumn() due_after_cents: number;
  /** PAYMENT / PAYMENT_REFUNDED: the payment transaction (owned by payments; a reference, no key). */
  @TextColumn({ nullable: true }) payment_transaction_id: string | null;
  @TextColumn({ nullable: true }) refund_transaction_id: string | null;
  /** PAYMENT_REFUNDED: the refund's share of the invoice's tax (billing-math `refundTaxShare`); 0 otherwise. */
  @MoneyColumn({ default: 0 }) tax_refunded_cents: number;
  /** Who moved the money: BILLING_RUN, API, AUTO_CHARGE, CHECKOUT, CREDITS, REFUND, ... */
  @TextColumn() source: string;
  @TextColumn({ nullable: true }) note: string | null;
  @TimestampColumn() created_at: Date;
}

/** One line of an invoice (rounded once, half away from zero). */
@Entity('invoice_lines')
export class InvoiceLineEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') invoice_id: string;
  @PrimaryColumn('integer') position: number;
  /** BASE, CHARGE, USAGE, PRORATION_CREDIT, PRORATION_CHARGE, MINIMUM_SPEND, DISCOUNT, CREDIT, ONE_TIME */
  @TextColumn() kind: string;
  @TextColumn() name: string;
  @TextColumn({ nullable: true }) product_pricing_id: string | null;
  @TextColumn({ nullable: true }) product_metric_pricing_id: string | null;
  @TextColumn({ nullable: true }) item_id: string | null;
  @TextColumn({ nullable: true }) one_time_id: string | null;
  @TimestampColumn({ nullable: true }) period_start: Date | null;
  @TimestampColumn({ nullable: true }) period_end: Date | null;
  @DecimalColumn() quantity: string;
  @DecimalColumn({ nullable: true }) unit_price: string | null;
  @MoneyColumn() amount_cents: number;
  @Column('boolean') prorated: boolean;
  @JsonColumn({ nullable: true }) details: Record<string, unknown> | null;
  /** Σ of the line's taxes. */
  @MoneyColumn({ default: 0 }) tax_cents: number;
  /** The line's taxes, one per rate. */
  @JsonColumn({ default: [] }) taxes: StoredLineTax[];
  /** On a roll-up invoice: the child and the subscription the line was charged for (null elsewhere). */
  @TextColumn({ nullable: true }) customer_id?: string | null;
  @TextColumn({ nullable: true }) subscription_id?: string | null;
}

/** Gapless per-company counters (invoice numbers): one row per company and counter name. */
@Entity('company_counters')
export class CompanyCounterEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') name: string;
  @Column('bigint', { transformer: { to: (v: number) => v, from: (v: string) => Number(v) } }) value: number;
}

export const ONE_TIME_TYPES = ['IMMEDIATE', 'NEXT'] as const;
export const ONE_TIME_STATES = ['PENDING', 'INVOICED', 'VOID'] as const;

/** A one-time charge (One-time billable): IMMEDIATE gets an invoice of its own, NEXT rides on the next one. */
@Entity('one_time_billables')
export class OneTimeBillableEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  @TextColumn() customer_id: string;
  @TextColumn({ nullable: true }) subscription_id: string | null;
  /** The request that created it (all one-times of one POST share it). */
  @TextColumn() batch_id: string;
  @TextColumn() type: (typeof ONE_TIME_TYPES)[number];
  @TextColumn() state: (typeof ONE_TIME_STATES)[number];
  @TextColumn() name: string;
  @TextColumn({ nullable: true }) product_pricing_id: string | null;
  @TextColumn() currency: string;
  /** quantity (spec: `aggregate`) */
  @DecimalColumn() aggregate: string;
  @JsonColumn({ nullable: true }) custom_price: Record<string, unknown> | null;
  @JsonColumn({ nullable: true }) quantity_config: Record<string, unknown> | null;
  @Column('integer', { nullable: true }) sort_order: number | null;
  @JsonColumn() discounts: Record<string, unknown>[];
  @Column('boolean') auto_charges: boolean;
  @TextColumn({ nullable: true }) invoice_id: string | null;
  @JsonColumn() metadata: Record<string, unknown>;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() updated_at: Date;
}
