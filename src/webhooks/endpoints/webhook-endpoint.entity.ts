import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TextColumn, TimestampColumn } from '../../platform/database/columns';

export const ENDPOINT_STATUSES = ['ENABLED', 'DISABLED'] as const;
export type EndpointStatus = (typeof ENDPOINT_STATUSES)[number];

/** A company's webhook endpoint (`webhook_endpoints`): where its events are POSTed, signed with `secret`. */
@Entity('webhook_endpoints')
export class WebhookEndpointEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  @TextColumn() url: string;
  /** Empty = every type. */
  @Column({ type: 'text', array: true }) event_types: string[];
  @TextColumn({ nullable: true }) description: string | null;
  @TextColumn() status: EndpointStatus;
  /** `whsec_` + base64 of 32 random bytes; never in an answer except create and rotate. */
  @TextColumn() secret: string;
  /** The secret before the last rotation: it signs too until `previous_secret_expires_at`. */
  @TextColumn({ nullable: true }) previous_secret: string | null;
  @TimestampColumn({ nullable: true }) previous_secret_expires_at: Date | null;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() updated_at: Date;
}
