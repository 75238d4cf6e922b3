import { eventDataType } from './event-types';
import type { WebhookEventEntity } from './webhook-event.entity';
import type { WebhookEventResponse } from './dto/webhook-event.dto';

/** An event as the API answers and delivers it: `{id, type, event_type, data_type, created_at, company_id, data: {object}}`. */
export function toWebhookEventResponse(e: WebhookEventEntity): WebhookEventResponse {
  return {
    id: e.id,
    type: e.type,
    event_type: e.type,
    data_type: eventDataType(e.type),
    created_at: e.created_at.toISOString(),
    company_id: e.company_id,
    data: { object: e.data.object },
  };
}
