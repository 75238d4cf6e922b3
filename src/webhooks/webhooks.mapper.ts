import { iso } from '../platform/timestamps';
import type { WebhookEndpointEntity } from './endpoints/webhook-endpoint.entity';
import type { WebhookDeliveryEntity } from './delivery/webhook-delivery.entity';
import type { WebhookDeliveryResponse, WebhookResponse, WebhookWithSecretResponse } from './dto/webhook.dto';

/** An endpoint as GET answers it: never its secret. */
export function toWebhookResponse(e: WebhookEndpointEntity): WebhookResponse {
  return {
    id: e.id,
    url: e.url,
    event_types: e.event_types,
    description: e.description,
    status: e.status,
    created_at: iso(e.created_at)!,
    updated_at: iso(e.updated_at)!,
  };
}

/** Create and rotate_secret: the endpoint with its current secret. */
export function toWebhookWithSecretResponse(e: WebhookEndpointEntity): WebhookWithSecretResponse {
  return { ...toWebhookResponse(e), secret: e.secret };
}

export function toWebhookDeliveryResponse(d: WebhookDeliveryEntity): WebhookDeliveryResponse {
  return {
    id: d.id,
    webhook_id: d.endpoint_id,
    event_id: d.event_id,
    event_type: d.event_type,
    status: d.status,
    attempts: d.attempts,
    next_attempt_at: iso(d.next_attempt_at),
    last_attempt_at: iso(d.last_attempt_at),
    last_status_code: d.last_status_code,
    last_error: d.last_error,
    last_duration_ms: d.last_duration_ms,
    created_at: iso(d.created_at)!,
    updated_at: iso(d.updated_at)!,
  };
}
