import { Column, Entity, PrimaryColumn } from 'typeorm';
import { JsonColumn, MoneyColumn, TextColumn, TimestampColumn } from '../platform/database/columns';

export const CUSTOMER_STATUSES = ['ACTIVE', 'ARCHIVED'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

@Entity('customers')
export class CustomerEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  @TextColumn({ nullable: true }) identifier: string | null;
  @TextColumn({ nullable: true }) name: string | null;
  @TextColumn({ nullable: true }) email: string | null;
  @TextColumn({ nullable: true }) org_name: string | null;
  @TextColumn({ nullable: true }) phone: string | null;
  @TextColumn({ nullable: true }) title: string | null;
  @TextColumn({ nullable: true }) locale: string | null;
  @TextColumn({ nullable: true }) owner_id: string | null;
  @TextColumn({ nullable: true }) parent_customer_id: string | null;
  @TextColumn() status: string;
  @JsonColumn({ nullable: true }) address: Record<string, unknown> | null;
  @Column('text', { array: true, nullable: true }) billing_emails: string[] | null;
  @Column('text', { array: true }) tags: string[];
  @Column('boolean', { default: false }) child_rollup_billing: boolean;
  @JsonColumn({ nullable: true }) child_rollup_billing_config: Record<string, unknown> | null;
  @Column('boolean', { default: false }) exclude_from_metrics: boolean;
  @Column('boolean', { default: false }) managed_externally: boolean;
  @JsonColumn({ default: {} }) metadata: Record<string, unknown>;
  @JsonColumn({ default: {} }) customer_integration_metadata: Record<string, unknown>;
  @JsonColumn({ default: [] }) integration_references: Record<string, unknown>[];
  @JsonColumn({ nullable: true }) override_taxes: Record<string, unknown>[] | null;
  /** The customer's tax number (VAT id…), printed on its invoices. */
  @TextColumn({ nullable: true }) tax_number: string | null;
  /** Σ MRR of the customer's live subscriptions in the currency of the first (0 without any), kept by subscriptions at each write; `arr` = 12 × `mrr`. */
  @MoneyColumn({ default: 0 }) mrr_in_cents: number;
  @MoneyColumn({ default: 0 }) arr_in_cents: number;
  @TextColumn({ default: 'USD' }) mrr_currency: string;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() updated_at: Date;
}
