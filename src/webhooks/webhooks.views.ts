import { Injectable } from '@nestjs/common';
import type { SearchPage } from '../platform/search/search';
import type { WebhookEventEntity } from './events/webhook-event.entity';
import { toWebhookEventResponse } from './events/webhook-events.mapper';
import type { WebhookEventResponse } from './events/dto/webhook-event.dto';

/** Webhook events as responses (they embed nothing: the object was stored with the event). */
@Injectable()
export class WebhooksViews {
  eventView(event: WebhookEventEntity): WebhookEventResponse {
    return toWebhookEventResponse(event);
  }

  eventPage(page: SearchPage<WebhookEventEntity>): SearchPage<WebhookEventResponse> {
    return { pagination: page.pagination, results: page.results.map(toWebhookEventResponse) };
  }
}
