import { Column, Entity, PrimaryColumn } from 'typeorm';
import { DecimalColumn, JsonColumn, TextColumn, TimestampColumn } from '../platform/database/columns';
import { bigintTransformer } from '../platform/database/transformers';

export const CATALOG_STATES = ['ACTIVE', 'ARCHIVED'] as const;
export type CatalogState = (typeof CATALOG_STATES)[number];
export const PRICING_TYPES = ['FIXED', 'STEP', 'GRADIENT', 'VOLUME', 'CUSTOM', 'SCHEDULED', 'PERCENTAGE'] as const;
export type PricingType = (typeof PRICING_TYPES)[number];
/** Recurring or one-time; spelled RECURRING / ONETIME (like the ONETIME frequency). */
export const PRICE_TYPES = ['RECURRING', 'ONETIME'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];
export const FREQUENCIES = ['HOUR', 'DAY', 'WEEK', 'BI_MONTH', 'MONTH', 'QUARTER', 'BI_ANNUAL', 'YEAR', 'ONETIME'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const CHARGE_TYPES = ['PRE_POST', 'POST_ONLY'] as const;
export const PRORATION_TYPES = ['PRORATE_ALL', 'NONE'] as const;

export interface StoredPercentagePrice {
  rate: string;
  fixed_fee_per_event: string | null;
  min_per_event: string | null;
  max_per_event: string | null;
}
export interface StoredGroupPrices {
  group_key: string;
  prices: { value: string; price_per_unit: string }[];
}

const BigintColumn = (nullable = false) => Column('bigint', { transformer: bigintTransformer, nullable });

@Entity('products')
export class ProductEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  @TextColumn() name: string;
  @TextColumn({ nullable: true }) external_name: string | null;
  @TextColumn({ nullable: true }) description: string | null;
  @TextColumn({ nullable: true }) image_url: string | null;
  @JsonColumn() metadata: Record<string, unknown>;
  @Column('text', { array: true }) tags: string[];
  @TextColumn() state: CatalogState;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() updated_at: Date;
}

/** What is sold: a price of a product in one currency. Its prices live in its item pricing(s). */
@Entity('product_pricings')
export class ProductPricingEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  @TextColumn() product_id: string;
  @TextColumn() name: string;
  @TextColumn({ nullable: true }) external_name: string | null;
  @TextColumn({ nullable: true }) description: string | null;
  @TextColumn() currency: string;
  @TextColumn() type: PriceType;
  @TextColumn() pricing_type: PricingType;
  @TextColumn() state: CatalogState;
  @JsonColumn() metadata: Record<string, unknown>;
  @Column('text', { array: true }) tags: string[];
  @TextColumn({ nullable: true }) upsell_product_pricing_id: string | null;
  /** The tax rates of this pricing's lines ([{tax_id}]) instead of the automatic ones; [] none; null automatic. */
  @JsonColumn({ nullable: true }) override_taxes: { tax_id: string }[] | null;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() updated_at: Date;
}

/** The price of one billable item: frequency, base price, the price shape of its pricing_type. */
@Entity('item_pricings')
export class ItemPricingEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  @TextColumn() item_id: string;
  @TextColumn() name: string;
  @TextColumn({ nullable: true }) external_name: string | null;
  @TextColumn({ nullable: true }) description: string | null;
  @TextColumn() currency: string;
  @TextColumn() pricing_type: PricingType;
  @TextColumn() type: PriceType;
  @TextColumn() frequency: Frequency;
  @Column('integer') term_count: number;
  @BigintColumn() base_price_in_cents: number;
  @BigintColumn() base_units: number;
  @DecimalColumn({ nullable: true }) fixed_price_per_unit: string | null;
  @DecimalColumn({ nullable: true }) step_price_per_step: string | null;
  @BigintColumn(true) step_size: number | null;
  @DecimalColumn({ nullable: true }) custom_price_per_unit: string | null;
  @DecimalColumn({ nullable: true }) custom_preset_price_per_unit: string | null;
  @DecimalColumn({ nullable: true }) custom_min_price_per_unit: string | null;
  @DecimalColumn({ nullable: true }) custom_max_price_per_unit: string | null;
  @BigintColumn(true) minimum_spend_in_cents: number | null;
  @JsonColumn({ nullable: true }) minimum_spend_schedule: Record<string, unknown> | null;
  @TextColumn() charge_type: string;
  @TextColumn() proration_type: string;
  @Column('boolean') carry_over: boolean;
  /** A usage price charged as each event arrives (docs/billing-rules.md#usage-charged-as-events-arrive). */
  @Column('boolean') pay_in_advance: boolean;
  @JsonColumn({ nullable: true }) credit_price: Record<string, unknown> | null;
  @TextColumn({ nullable: true }) true_up_frequency: string | null;
  /** PERCENTAGE: {rate, fixed_fee_per_event, min_per_event, max_per_event} (exact decimal strings; null when not set). */
  @JsonColumn({ nullable: true }) percentage_price: StoredPercentagePrice | null;
  /** A FIXED usage price's unit prices per value of one group key: {group_key, prices: [{value, price_per_unit}]}. */
  @JsonColumn({ nullable: true }) group_prices: StoredGroupPrices | null;
  @TextColumn() display_type: string;
  /** {recognition_schedule_type, amount_per_period}; null = the default of its line kind (the revenue report reads it: docs/reports.md). */
  @JsonColumn({ nullable: true }) recognition_schedule: { recognition_schedule_type: string; amount_per_period: string[] | null } | null;
  @TextColumn() state: CatalogState;
  @JsonColumn() metadata: Record<string, unknown>;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() updated_at: Date;
}

export const TIER_KINDS = ['GRADIENT', 'VOLUME'] as const;
export type TierKind = (typeof TIER_KINDS)[number];

/** One tier of a GRADIENT or VOLUME item pricing (exact numeric prices). */
@Entity('item_pricing_tiers')
export class ItemPricingTierEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') item_pricing_id: string;
  @PrimaryColumn('text') kind: TierKind;
  @PrimaryColumn('integer') position: number;
  @BigintColumn() start_units: number;
  @BigintColumn(true) end_units: number | null;
  @DecimalColumn() flat_price: string;
  @DecimalColumn() price_per_unit: string;
  @Column('boolean') is_custom_tier: boolean;
}

/** One period's unit price of a SCHEDULED item pricing. */
@Entity('item_pricing_scheduled_prices')
export class ItemPricingScheduledPriceEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') item_pricing_id: string;
  @PrimaryColumn('integer') position: number;
  @DecimalColumn() price_per_unit: string;
}

/** Links a product pricing to the metric it prices and the item pricing that prices it. */
@Entity('product_metric_pricings')
export class ProductMetricPricingEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  @TextColumn() product_id: string;
  @TextColumn() product_pricing_id: string;
  @TextColumn() item_id: string;
  @TextColumn() metric_id: string;
  @TextColumn() item_pricing_id: string;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() updated_at: Date;
}

@Entity('bundles')
export class BundleEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  @TextColumn() name: string;
  @TextColumn({ nullable: true }) description: string | null;
  @TextColumn() currency: string;
  @Column('integer') term_count: number;
  @TextColumn() term_frequency: Frequency;
  @Column('boolean') is_auto_generated: boolean;
  @TextColumn() state: CatalogState;
  @JsonColumn() metadata: Record<string, unknown>;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() updated_at: Date;
}

@Entity('bundle_product_pricings')
export class BundleProductPricingEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  @TextColumn() bundle_id: string;
  @TextColumn() product_id: string;
  @TextColumn() product_pricing_id: string;
  @Column('integer') position: number;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() updated_at: Date;
}
