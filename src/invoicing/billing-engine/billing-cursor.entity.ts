import { Entity, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '../../platform/database/columns';

/**
 * Where the billing engine stands with a subscription (one row per subscription, written in the
 * transaction that wrote its invoices): the next instant it has work, how far it has looked
 * (invoices found empty up to there are not recomputed), and the subscription's updated_at it
 * saw (a change of the subscription makes the engine look again at once).
 */
@Entity('billing_cursors')
export class BillingCursorEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') subscription_id: string;
  @TimestampColumn({ nullable: true }) next_work_at: Date | null;
  @TimestampColumn() processed_through: Date;
  @TimestampColumn() seen_updated_at: Date;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() updated_at: Date;
}
