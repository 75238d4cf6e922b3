import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TextColumn, TimestampColumn } from '../platform/database/columns';

export const ENTITLEMENT_TYPES = ['BOOL', 'NUMBER', 'TEXT', 'ENUM'] as const;
export type EntitlementType = (typeof ENTITLEMENT_TYPES)[number];
export const AGGREGATOR_TYPES = ['OR', 'AND', 'ADD', 'MINIMUM', 'MAXIMUM', 'COALESCE'] as const;
export type AggregatorType = (typeof AGGREGATOR_TYPES)[number];

@Entity('entitlements')
export class EntitlementEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  @TextColumn() key: string;
  @TextColumn() name: string;
  @TextColumn() type: EntitlementType;
  @TextColumn() aggregator_type: AggregatorType;
  @Column('boolean', { default: false }) adjust_for_quantity: boolean;
  @Column('text', { array: true, nullable: true }) possible_values: string[] | null;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() updated_at: Date;
}
