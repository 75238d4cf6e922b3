import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TextColumn, TimestampColumn } from '../../platform/database/columns';

export const DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One event to one endpoint (`webhook_deliveries`), planned in the event's transaction: the delivery outbox. */
@Entity('webhook_deliveries')
export class WebhookDeliveryEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  @TextColumn() endpoint_id: string;
  @TextColumn() event_id: string;
  @TextColumn() event_type: string;
  @TextColumn() status: DeliveryStatus;
  /** Attempts made (a claimed attempt counts from its claim). */
  @Column({ type: 'integer' }) attempts: number;
  /** When the next attempt is due; null once SUCCEEDED or FAILED. */
  @TimestampColumn({ nullable: true }) next_attempt_at: Date | null;
  /** Set while a worker holds the attempt; another worker may take it over once it has passed. */
  @TimestampColumn({ nullable: true }) lease_until: Date | null;
  @TimestampColumn({ nullable: true }) last_attempt_at: Date | null;
  @Column({ type: 'integer', nullable: true }) last_status_code: number | null;
  @TextColumn({ nullable: true }) last_error: string | null;
  @Column({ type: 'integer', nullable: true }) last_duration_ms: number | null;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() updated_at: Date;
}
