import { Column, Entity, PrimaryColumn } from 'typeorm';
import { JsonColumn, TextColumn, TimestampColumn } from '../platform/database/columns';

export const METRIC_TYPES = ['LICENSE_METRIC', 'ONETIME_METRIC', 'CUSTOM_METRIC'] as const;

/** The metering rule as stored (validated on create; immutable afterwards). */
export interface MeteringRule {
  aggregator: string;
  property: string | null;
  group_keys: string[];
  rule: { comparator: unknown } | null;
}

@Entity('billable_metrics')
export class BillableMetricEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  @TextColumn() item_id: string;
  @TextColumn() name: string;
  @TextColumn({ nullable: true }) external_name: string | null;
  @TextColumn({ nullable: true }) description: string | null;
  @TextColumn() type: string;
  @Column('boolean', { default: true }) is_billable: boolean;
  @Column('boolean', { default: false }) standard: boolean;
  @Column('boolean', { default: true }) editable: boolean;
  @TextColumn() state: string;
  @JsonColumn({ nullable: true }) metering_rule: MeteringRule | null;
  /** Some pay_in_advance price charges its events as they arrive (set once, never cleared). */
  @Column('boolean', { default: false }) advance_priced: boolean;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() updated_at: Date;
}
