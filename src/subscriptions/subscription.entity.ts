import { Column, Entity, PrimaryColumn } from 'typeorm';
import { JsonColumn, MoneyColumn, TextColumn, TimestampColumn } from '../platform/database/columns';
import type { Frequency } from '../billing-math/periods';

/** A config item as a phase stores it (every licence pmp of the plan has one). */
export interface StoredConfigItem {
  product_metric_pricing_id: string;
  product_pricing_id: string;
  num_licenses: number;
  minimum_units: number;
  quantity_config: { allow_custom_quantity: boolean | null; max_quantity: number | null; min_quantity: number | null } | null;
  hide_at_checkout: boolean | null;
  sort_order: number | null;
  upsell_product_metric_pricing_id: string | null;
}

export const BILLING_CYCLES = ['ANNIVERSARY', 'CALENDAR'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

export interface StoredTerm {
  count: number;
  frequency: Frequency;
}

/**
 * The identity of a subscription and its non-plan settings. What it is subscribed to lives in
 * `subscription_phases` (insert-only); what happened to it in `subscription_events`
 * (insert-only). `renewal_date`, `next_invoice_date` and `mrr/arr` are derived from the clock:
 * they are stored (refreshed on every write) for the find filters and the customer roll-up;
 * responses recompute them at read time.
 */
@Entity('subscriptions')
export class SubscriptionEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  @TextColumn({ nullable: true }) identifier: string | null;
  @TextColumn() customer_id: string;
  @TextColumn() currency: string;
  @TimestampColumn() start_date: Date;
  @TimestampColumn() billing_anchor_date: Date;
  /** ANNIVERSARY: billing dates step from the anchor; CALENDAR: calendar boundaries, the first partial period prorated. */
  @TextColumn() billing_cycle: BillingCycle;
  /** The IANA zone month-based billing dates are placed in (the company's preferred_timezone at creation). */
  @TextColumn() billing_timezone: string;
  @Column('boolean') auto_renews: boolean;
  @Column('boolean') auto_charges: boolean;
  @Column('boolean') trial: boolean;
  @JsonColumn({ nullable: true }) trial_term: StoredTerm | null;
  @TimestampColumn({ nullable: true }) trial_conversion_date: Date | null;
  @TimestampColumn({ nullable: true }) end_date: Date | null;
  @TimestampColumn({ nullable: true }) cancel_date: Date | null;
  @JsonColumn({ nullable: true }) cancel_config: Record<string, unknown> | null;
  @TimestampColumn({ nullable: true }) pause_date: Date | null;
  @JsonColumn({ nullable: true }) pause_config: Record<string, unknown> | null;
  @JsonColumn() metadata: Record<string, unknown>;
  @MoneyColumn({ nullable: true }) minimum_spend_in_cents: number | null;
  @TextColumn({ nullable: true }) payment_method_id: string | null;
  @Column('integer', { nullable: true }) invoice_due_date_from_creation: number | null;
  @JsonColumn({ nullable: true }) invoice_additional_display_fields: { name: string; value: string }[] | null;
  /** Printed on the subscription's invoices (their payment_instructions). */
  @TextColumn({ nullable: true }) invoice_payment_instructions: string | null;
  /** Stored and answered: who is billed does not follow it yet (invoices bill the subscription's customer). */
  @Column('boolean') parent_billed: boolean;
  @Column('text', { array: true }) tags: string[];
  @JsonColumn() discounts: Record<string, unknown>[];
  @JsonColumn() onetime_items: Record<string, unknown>[];
  @Column('boolean') unpaid: boolean;
  /**
   * Set by the billing engine when the subscription cannot be billed (an amount of its invoices
   * out of range), cleared when it bills again; answered as `billing_error`.
   */
  @JsonColumn({ nullable: true }) billing_error: BillingError | null;
  /** Spend amounts of the usage of a period that issue an invoice when crossed (docs/billing-rules.md#usage-thresholds); null: none. */
  @JsonColumn({ nullable: true }) usage_thresholds: UsageThreshold[] | null;
  @MoneyColumn() mrr_in_cents: number;
  @MoneyColumn() arr_in_cents: number;
  @TimestampColumn({ nullable: true }) renewal_date: Date | null;
  @TimestampColumn({ nullable: true }) next_invoice_date: Date | null;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() updated_at: Date;
}

/** Why the billing engine could not bill a subscription, since `at` (ISO instant). */
/** A usage threshold: cents of usage charges; `recurring` repeats it every amount_cents beyond the other thresholds. */
export interface UsageThreshold {
  amount_cents: number;
  recurring: boolean;
}

export interface BillingError {
  code: string;
  message: string;
  at: string;
}

export const CHANGE_KINDS = ['CREATE', 'CHANGE'] as const;
export const CHANGE_PRORATION_TYPES = ['NEXT', 'IMMEDIATE', 'NONE'] as const;
export const CHANGE_TIMINGS = ['IMMEDIATE', 'PERIOD_END', 'RENEWAL'] as const;

/**
 * What the subscription is on from `starts_at` (INSERT-ONLY, except the trace flag
 * `superseded_by_event_seq`, set when a later change replaces this one before it took effect).
 * The phase in effect at instant t: the non-superseded phase with starts_at <= t and the
 * highest seq (a later decision wins, even a back-dated one).
 */
@Entity('subscription_phases')
export class SubscriptionPhaseEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') subscription_id: string;
  @PrimaryColumn('integer') seq: number;
  @TimestampColumn() starts_at: Date;
  @Column('text', { array: true }) product_pricing_ids: string[];
  @TextColumn({ nullable: true }) bundle_pricing_id: string | null;
  @JsonColumn() config_items: StoredConfigItem[];
  @Column('integer') term_count: number;
  @TextColumn() term_frequency: Frequency;
  /** The billing period of the plan's recurring prices (first recurring price). */
  @Column('integer') billing_term_count: number;
  @TextColumn() billing_term_frequency: Frequency;
  /** Every recurring price of the plan bills at period end (POST_ONLY). */
  @Column('boolean') post_only: boolean;
  /** Billing anchor while this phase is in effect. */
  @TimestampColumn() billing_anchor_date: Date;
  @TextColumn() change_kind: (typeof CHANGE_KINDS)[number];
  @TextColumn({ nullable: true }) proration_type: (typeof CHANGE_PRORATION_TYPES)[number] | null;
  @TextColumn({ nullable: true }) timing: string | null;
  @Column('boolean') reset_billing_anchor: boolean;
  /** The change request as received (normalised), shown as change_config while pending. */
  @JsonColumn({ nullable: true }) change_config: Record<string, unknown> | null;
  @Column('integer') event_seq: number;
  @Column('integer', { nullable: true }) superseded_by_event_seq: number | null;
  @TimestampColumn() created_at: Date;
}

/**
 * What `num_subs` counts, kept by every subscription write (PricingUsageCounts.refresh): one row
 * per subscription and pricing (kind PRICING) or bundle (BUNDLE) of a phase that is in effect or
 * still to come, with the instant it stops counting (`counts_until`: the start of the later
 * phase that replaces it, or the subscription's end; 'infinity' when neither). A write computes
 * the change of the sums (SubscriptionPlanUseCountEntity) from the rows it replaces; counts are
 * read from the sums.
 */
@Entity('subscription_plan_uses')
export class SubscriptionPlanUseEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') subscription_id: string;
  @PrimaryColumn('text') kind: 'PRICING' | 'BUNDLE';
  @PrimaryColumn('text') ref_id: string;
  @TimestampColumn() counts_until: Date;
}

/**
 * The sums of subscription_plan_uses: how many rows of each pricing or bundle stop counting at
 * each instant, per slot of the subscription id (plan-uses.ts); kept with the rows by
 * PricingUsageCounts.refresh. `num_subs` at `now` = the sum of `n` over `counts_until > now`.
 */
@Entity('subscription_plan_use_counts')
export class SubscriptionPlanUseCountEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') kind: 'PRICING' | 'BUNDLE';
  @PrimaryColumn('text') ref_id: string;
  @PrimaryColumn({ type: 'timestamptz', precision: 3 }) counts_until: Date;
  @PrimaryColumn('smallint') slot: number;
  @Column('integer') n: number;
}

export const EVENT_TYPES = [
  'CREATED',
  'UPDATED',
  'CHANGED',
  'CHANGE_SCHEDULED',
  'CHANGE_UNSCHEDULED',
  'CANCELLED',
  'CANCEL_UNDONE',
  'TRIAL_EXTENDED',
  'PAUSED',
  'RESUMED',
] as const;
export type SubscriptionEventType = (typeof EVENT_TYPES)[number];

/** The history of a subscription (INSERT-ONLY): what changed, when it was asked and when it applies. */
@Entity('subscription_events')
export class SubscriptionEventEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') subscription_id: string;
  @PrimaryColumn('integer') seq: number;
  @TextColumn() type: SubscriptionEventType;
  @TimestampColumn() effective_at: Date;
  @TimestampColumn() recorded_at: Date;
  @JsonColumn({ nullable: true }) before: Record<string, unknown> | null;
  @JsonColumn({ nullable: true }) after: Record<string, unknown> | null;
}
