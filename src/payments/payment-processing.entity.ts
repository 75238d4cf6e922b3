import { Column, Entity, PrimaryColumn } from 'typeorm';
import { JsonColumn, MoneyColumn, TextColumn, TimestampColumn } from '../platform/database/columns';

/**
 * A card attached to a customer through a processor (`pm_…`). `provider_reference` is the
 * processor's handle of the card (never the token the client sent); exactly one method of a
 * customer is its default (a partial unique index).
 */
@Entity('payment_methods')
export class PaymentMethodEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  @TextColumn() customer_id: string;
  @TextColumn() provider_type: string;
  @TextColumn() provider_reference: string;
  @TextColumn() type: string;
  @TextColumn() brand: string;
  @TextColumn() last_4: string;
  @Column('integer') exp_month: number;
  @Column('integer') exp_year: number;
  @TextColumn() fingerprint: string;
  @Column('boolean') is_default: boolean;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() updated_at: Date;
}

export const ATTEMPT_STATUSES = ['PENDING', 'IN_PROGRESS', 'SUCCEEDED', 'FAILED', 'CANCELLED'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/**
 * The outbox of automatic charges: one row per charge attempt of an invoice (`sequence` 1 is
 * the first charge, 2.. the retries). Written PENDING in the transaction that finalizes the
 * invoice; the dispatcher (the platform OutboxLoop) claims it with a lease and marks it
 * IN_PROGRESS before calling the processor
 * with the attempt's id as idempotency key, then records the outcome and the payment
 * transaction in one transaction.
 */
@Entity('payment_attempts')
export class PaymentAttemptEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  @TextColumn() invoice_id: string;
  @TextColumn() customer_id: string;
  @TextColumn({ nullable: true }) subscription_id: string | null;
  @Column('integer') sequence: number;
  @TextColumn() status: AttemptStatus;
  /** When the attempt is due (the finalization instant; retries: first failure + retry days). */
  @TimestampColumn() due_at: Date;
  /** An IN_PROGRESS attempt whose lease has passed was interrupted and is dispatched again (same key). */
  @TimestampColumn({ nullable: true }) lease_until: Date | null;
  /** Claims of the attempt by a dispatcher (the platform OutboxLoop's count: a claim writes the row only while it is still its own). */
  @Column('integer') attempts: number;
  @TimestampColumn({ nullable: true }) last_attempt_at: Date | null;
  /** When the invoice's first attempt failed (the retry schedule counts from it). */
  @TimestampColumn({ nullable: true }) first_failed_at: Date | null;
  @TextColumn({ nullable: true }) payment_method_id: string | null;
  @MoneyColumn({ nullable: true }) amount_cents: number | null;
  @TextColumn({ nullable: true }) currency: string | null;
  @TextColumn({ nullable: true }) transaction_id: string | null;
  @TextColumn({ nullable: true }) status_message: string | null;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() updated_at: Date;
}

/**
 * The sandbox processor's memory of what it was asked (keyed by the caller's idempotency key):
 * a repeated call returns the first result, so a retried charge never charges twice.
 */
@Entity('sandbox_operations')
export class SandboxOperationEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') idempotency_key: string;
  @TextColumn() operation: string;
  @JsonColumn() request: Record<string, unknown>;
  @JsonColumn() result: Record<string, unknown>;
  @TextColumn({ nullable: true }) provider_transaction_id: string | null;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() updated_at: Date;
}
