import { Injectable } from '@nestjs/common';
import type { SearchPage } from '../platform/search/search';
import type { WebhookEndpointEntity } from './endpoints/webhook-endpoint.entity';
import type { WebhookDeliveryEntity } from './delivery/webhook-delivery.entity';
import { toWebhookDeliveryResponse, toWebhookResponse, toWebhookWithSecretResponse } from './webhooks.mapper';
import type { WebhookDeliveryResponse, WebhookResponse, WebhookWithSecretResponse } from './dto/webhook.dto';
import type { WebhookEventEntity } from './events/webhook-event.entity';
import { toWebhookEventResponse } from './events/webhook-events.mapper';
import type { WebhookEventResponse } from './events/dto/webhook-event.dto';

/** Webhook endpoints, deliveries and events as responses (they embed nothing else: the pure mappers alone). */
@Injectable()
export class WebhooksViews {
  webhookView(endpoint: WebhookEndpointEntity): WebhookResponse {
    return toWebhookResponse(endpoint);
  }

  webhookWithSecretView(endpoint: WebhookEndpointEntity): WebhookWithSecretResponse {
    return toWebhookWithSecretResponse(endpoint);
  }

  webhookPage(page: SearchPage<WebhookEndpointEntity>): SearchPage<WebhookResponse> {
    return { pagination: page.pagination, results: page.results.map(toWebhookResponse) };
  }

  deliveryView(delivery: WebhookDeliveryEntity): WebhookDeliveryResponse {
    return toWebhookDeliveryResponse(delivery);
  }

  deliveryPage(page: SearchPage<WebhookDeliveryEntity>): SearchPage<WebhookDeliveryResponse> {
    return { pagination: page.pagination, results: page.results.map(toWebhookDeliveryResponse) };
  }

  eventView(event: WebhookEventEntity): WebhookEventResponse {
    return toWebhookEventResponse(event);
  }

  eventPage(page: SearchPage<WebhookEventEntity>): SearchPage<WebhookEventResponse> {
    return { pagination: page.pagination, results: page.results.map(toWebhookEventResponse) };
  }
}
