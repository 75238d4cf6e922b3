import { Column, Entity, PrimaryColumn } from 'typeorm';
import { DecimalColumn, JsonColumn, TextColumn, TimestampColumn } from '../../platform/database/columns';

/**
 * A property value of an event or object: any JSON value, within the bounds of
 * `usage/properties.ts` (nesting, count, lengths). Rules read scalars, by name or dotted path.
 */
export type PropertyValue = string | number | boolean | null | PropertyValue[] | { [key: string]: PropertyValue };
export type Properties = Record<string, PropertyValue>;

@Entity('usage_events')
export class UsageEventEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  @TextColumn() customer_id: string;
  @TextColumn() item_id: string;
  @TextColumn() transaction_id: string;
  @TimestampColumn() event_timestamp: Date;
  @JsonColumn({ default: {} }) properties: Properties;
  @TimestampColumn() created_at: Date;
}

@Entity('usage_event_keys')
export class UsageEventKeyEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') customer_id: string;
  @PrimaryColumn('text') transaction_id: string;
  @TextColumn() event_id: string;
  @TimestampColumn() first_seen_at: Date;
}

@Entity('usage_rollups')
export class UsageRollupEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') customer_id: string;
  @PrimaryColumn('text') metric_id: string;
  @PrimaryColumn({ type: 'timestamptz', precision: 3 }) bucket_start: Date;
  @PrimaryColumn('text') group_key: string;
  /** '' for a merged hour; the first event id of the ingest batch that wrote a batch row. */
  @PrimaryColumn({ type: 'text', default: '' }) slot: string;
  @Column('bigint') event_count: string;
  @Column('bigint') value_count: string;
  @DecimalColumn() value_sum: string;
  @DecimalColumn({ nullable: true }) value_max: string | null;
  @TimestampColumn({ nullable: true }) latest_at: Date | null;
  @TextColumn({ nullable: true }) latest_event_id: string | null;
  @DecimalColumn({ nullable: true }) latest_value: string | null;
}

@Entity('usage_rollup_values')
export class UsageRollupValueEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') customer_id: string;
  @PrimaryColumn('text') metric_id: string;
  @PrimaryColumn({ type: 'timestamptz', precision: 3 }) bucket_start: Date;
  @PrimaryColumn('text') group_key: string;
  @PrimaryColumn('text') value: string;
}
