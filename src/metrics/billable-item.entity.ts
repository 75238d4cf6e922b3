import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TextColumn, TimestampColumn } from '../platform/database/columns';

export const ITEM_TYPES = ['CUSTOM_USAGE', 'CUSTOM_OBJ'] as const;
/** The standard item every company starts with (prices without item_id are licence prices on it). */
export const LICENSE_ITEM_TYPE = 'LICENSE';
export const DISPLAY_TYPES = ['UNITS', 'AMOUNT', 'THOUSAND_UNITS', 'MILLION_UNITS'] as const;

@Entity('billable_items')
export class BillableItemEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  @TextColumn() name: string;
  @TextColumn({ nullable: true }) external_name: string | null;
  @TextColumn({ nullable: true }) description: string | null;
  @TextColumn() display_type: string;
  @TextColumn() type: string;
  @Column('boolean', { default: false }) standard: boolean;
  @Column('boolean', { default: true }) editable: boolean;
  @TextColumn() state: string;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() updated_at: Date;
  /** Raised by each metric created on the item (see the migration BillableItemsMetricsVersion); not in the API. */
  @Column('integer', { default: 0 }) metrics_version: number;
}
