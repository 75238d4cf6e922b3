import { Column, Entity, PrimaryColumn } from 'typeorm';
import { JsonColumn, MoneyColumn, TextColumn, TimestampColumn } from '../platform/database/columns';
import { bigintTransformer } from '../platform/database/transformers';
import { OFFLINE_PROVIDER_TYPES } from '../invoicing/invoicing.hooks';

export const TRANSACTION_STATUSES = ['SUCCEEDED', 'FAILED', 'PENDING', 'REFUNDED', 'PARTIALLY_REFUNDED'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const TRANSACTION_TYPES = ['PAYMENT', 'REFUND'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
/** How a payment arrived: offline means (mark_paid), the three named providers, or internal transfers. */
export const PROVIDER_TYPES = OFFLINE_PROVIDER_TYPES;
/** Processors (charges and refunds made through a PaymentProcessor). */
export const PROCESSOR_PROVIDER_TYPES = ['SANDBOX'] as const;
export const ALL_PROVIDER_TYPES = [...PROVIDER_TYPES, ...PROCESSOR_PROVIDER_TYPES] as const;
export type ProviderType = (typeof ALL_PROVIDER_TYPES)[number];

/** The card or account a transaction used, as shown in responses (every field may be null). */
export interface PaymentMethodSnapshot {
  brand: string | null;
  last_4: string | null;
  name: string | null;
  type: string | null;
}

/**
 * A payment transaction (spec "Payment transaction"): a PAYMENT of an invoice, or a REFUND of a
 * payment (`parent_transaction_id`). Amounts are integer cents in `currency`; `total_amount_cents`
 * is always positive (a refund's amount is what went back). The invoice's uuid and number are
 * copied at creation so a transaction reads without the invoices table.
 */
@Entity('payment_transactions')
export class PaymentTransactionEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  @TextColumn() customer_id: string;
  @TextColumn({ nullable: true }) invoice_id: string | null;
  @Column('uuid', { nullable: true }) invoice_uuid: string | null;
  @Column('bigint', { nullable: true, transformer: bigintTransformer }) invoice_number: number | null;
  @TextColumn() currency: string;
  @MoneyColumn() total_amount_cents: number;
  /** What has been refunded of this payment so far (refundable = total − refunded). */
  @MoneyColumn() refunded_cents: number;
  @MoneyColumn() application_fee_cents: number;
  @MoneyColumn() processor_fee_cents: number;
  @TextColumn() provider_type: ProviderType;
  @TextColumn({ nullable: true }) provider_transaction_id: string | null;
  @TextColumn() status: TransactionStatus;
  @TextColumn() transaction_type: TransactionType;
  @TextColumn({ nullable: true }) parent_transaction_id: string | null;
  @TextColumn({ nullable: true }) payment_method_id: string | null;
  @JsonColumn({ nullable: true }) payment_method: PaymentMethodSnapshot | null;
  @TextColumn({ nullable: true }) note: string | null;
  @TextColumn({ nullable: true }) status_message: string | null;
  @TextColumn({ nullable: true }) initiated_by: string | null;
  @TextColumn({ nullable: true }) initiated_by_type: string | null;
  @Column('boolean') connected_account_transaction: boolean;
  @Column('boolean', { nullable: true }) disallow_partial_refund: boolean | null;
  @TextColumn({ nullable: true }) proposal_id: string | null;
  /** When the money moved (mark_paid's paid_date; the processor's capture time). */
  @TimestampColumn({ nullable: true }) processed_at: Date | null;
  @JsonColumn() metadata: Record<string, unknown>;
  @TimestampColumn({ nullable: true }) deleted_at: Date | null;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() updated_at: Date;
}
