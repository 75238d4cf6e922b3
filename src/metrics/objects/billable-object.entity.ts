import { Entity, PrimaryColumn } from 'typeorm';
import { JsonColumn, TextColumn, TimestampColumn } from '../../platform/database/columns';
import type { Properties } from '../usage/usage.entity';

/** A metered object of a CUSTOM_OBJ item (a seat, a database, a project...). Soft-deleted. */
@Entity('billable_objects')
export class BillableObjectEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  @TextColumn() customer_id: string;
  @TextColumn() item_id: string;
  @TextColumn() object_identifier: string;
  @JsonColumn({ default: {} }) properties: Properties;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() updated_at: Date;
  @TimestampColumn({ nullable: true }) deleted_at: Date | null;
}
