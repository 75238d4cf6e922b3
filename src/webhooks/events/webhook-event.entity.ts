import { Entity, PrimaryColumn } from 'typeorm';
import { JsonColumn, TextColumn, TimestampColumn } from '../../platform/database/columns';
import type { WebhookEventType } from './event-types';

/** One event: what changed, written in the transaction of the change (`webhook_events`). */
@Entity('webhook_events')
export class WebhookEventEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  @TextColumn() type: WebhookEventType;
  /**
   * `{object}`: the resource exactly as its GET answered it when the event happened; `json`, not
   * jsonb: written once and read back whole (see the WebhookEventsJson migration).
   */
  @JsonColumn({ type: 'json' }) data: { object: Record<string, unknown> };
  @TimestampColumn() created_at: Date;
}
