import { Column, Entity, PrimaryColumn } from 'typeorm';
import { DecimalColumn, TextColumn, TimestampColumn } from '../platform/database/columns';

/** A tax rate of a company (`taxes`). */
@Entity('taxes')
export class TaxEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  /** Unique in the company. */
  @TextColumn() code: string;
  @TextColumn() name: string;
  /** Percent, 0..100 with at most 4 decimals, as an exact decimal string ("8.875"). */
  @DecimalColumn() percentage: string;
  @Column('boolean') inclusive: boolean;
  /** ISO 3166-1 alpha-2, upper case; null for a company-wide rate. */
  @TextColumn({ nullable: true }) country: string | null;
  @TextColumn({ nullable: true }) state: string | null;
  @TextColumn({ nullable: true }) description: string | null;
  @Column('boolean') active: boolean;
  /** Set once the rate is on a finalized invoice: its percentage, inclusive, country and state are then fixed. */
  @TimestampColumn({ nullable: true }) first_finalized_at: Date | null;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() updated_at: Date;
}
