import { Column, Entity, PrimaryColumn } from 'typeorm';
import { JsonColumn, MoneyColumn, TextColumn, TimestampColumn } from '../platform/database/columns';
import { bigintTransformer } from '../platform/database/transformers';

export const CREDIT_TYPES = ['AMOUNT', 'UNITS'] as const;
export type CreditType = (typeof CREDIT_TYPES)[number];
export const CREDIT_STATES = ['ACTIVE', 'CONSUMED', 'EXPIRED', 'REVOKED'] as const;
export type CreditState = (typeof CREDIT_STATES)[number];
/**
 * RESTORED: what a voided invoice had consumed, given back to the credit it came from (the
 * conventions list the first four; RESTORED is Tally's addition, see README-billing.md "Ledger").
 */
export const CREDIT_ACTIONS = ['ISSUED', 'CONSUMED', 'EXPIRED', 'REVOKED', 'RESTORED'] as const;
export type CreditAction = (typeof CREDIT_ACTIONS)[number];

/** Whole units as bigint ↔ JS number (safe integers only). */
const UnitsColumn = () => Column({ type: 'bigint', transformer: bigintTransformer });

/**
 * Prepaid value of a customer: an AMOUNT in a currency, or UNITS of a billable item.
 * `remaining_*` is what is left (never below zero, a CHECK in the table); `issued_*` what was
 * granted. Only ACTIVE credits hold a balance; every other state has remaining = 0.
 */
@Entity('credits')
export class CreditEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  @TextColumn() customer_id: string;
  @TextColumn({ nullable: true }) subscription_id: string | null;
  @TextColumn() name: string;
  @TextColumn() type: CreditType;
  /** AMOUNT credits only (null for UNITS). */
  @TextColumn({ nullable: true }) currency: string | null;
  @MoneyColumn() issued_cents: number;
  @MoneyColumn() remaining_cents: number;
  /** UNITS credits only (null for AMOUNT). */
  @TextColumn({ nullable: true }) item_id: string | null;
  @UnitsColumn() issued_units: number;
  @UnitsColumn() remaining_units: number;
  @TimestampColumn({ nullable: true }) expiration_date: Date | null;
  @TextColumn() state: CreditState;
  @JsonColumn() metadata: Record<string, unknown>;
  /** A credit pack's grant: the invoice (internal `inv_` id) and the position of the line that bought it (unique together). */
  @TextColumn({ nullable: true }) source_invoice_id: string | null;
  @Column('integer', { nullable: true }) source_line_position: number | null;
  /** A credit pack bought as a one-time charge: that one-time billable. */
  @TextColumn({ nullable: true }) one_time_billable_id: string | null;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() updated_at: Date;
}

/** One change of a credit: ISSUED, CONSUMED (by a consume call or an invoice), EXPIRED, REVOKED, RESTORED (a voided invoice's consumption given back). */
@Entity('credit_logs')
export class CreditLogEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  @TextColumn() credit_id: string;
  @TextColumn() customer_id: string;
  /** The invoice (internal `inv_` id) the credit was applied to. */
  @TextColumn({ nullable: true }) invoice_id: string | null;
  @TextColumn({ nullable: true }) item_id: string | null;
  @TextColumn() action_type: CreditAction;
  @TextColumn() type: CreditType;
  /** Currency of `amount_applied_cents`; null when the entry carries units only. */
  @TextColumn({ nullable: true }) currency: string | null;
  @MoneyColumn() amount_applied_cents: number;
  @UnitsColumn() units_applied: number;
  @TextColumn({ nullable: true }) note: string | null;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() updated_at: Date;
}
