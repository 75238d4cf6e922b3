import type { WebhookEventEntity } from './webhook-event.entity';
import type { WebhookEventResponse } from './dto/webhook-event.dto';

/** An event as the API answers it: `{id, type, created_at, company_id, data: {object}}`. */
export function toWebhookEventResponse(e: WebhookEventEntity): WebhookEventResponse {
  return { id: e.id, type: e.type, created_at: e.created_at.toISOString(), company_id: e.company_id, data: { object: e.data.object } };
}
