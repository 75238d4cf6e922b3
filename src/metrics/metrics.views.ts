import { Injectable, OnModuleInit } from '@nestjs/common';
import { In } from 'typeorm';
import { WebhookEventsService } from '../webhooks/events/webhook-events.service';
import { BillableMetricsRepository } from './metrics.repository';
import { CustomerLookupService } from '../customers/customer-lookup.service';
import type { SearchPage } from '../platform/search/search';
import { BillableItemEntity } from './billable-item.entity';
import { BillableMetricEntity } from './billable-metric.entity';
import type { IngestEventsResponse } from './dto/metrics.dto';
import { toBillableItemResponse, toBillableMetricResponse, toCustomerUsageResponse, toIngestEventsResponse } from './metrics.mapper';
import { BillableObjectEntity } from './objects/billable-object.entity';
import type { IngestObjectsResponse, ObjectResponse } from './objects/objects.dto';
import { toIngestObjectsResponse, toObjectResponse } from './objects/objects.mapper';
import type { ObjectsIngestResult } from './objects/objects.service';
import type { IngestResult } from './usage/event-ingest.service';
import type { UsageValue } from './usage/usage.service';

const mapPage = <T, R>(page: SearchPage<T>, map: (row: T) => R): SearchPage<R> => ({
  pagination: page.pagination,
  results: page.results.map(map),
});

/**
 * Billable items, billable metrics, objects and usage as responses. Objects carry their
 * customer's identifier (one query per answer or page); the others embed no other record, so each
 * answer is the pure mapper of its entity or result.
 */
@Injectable()
export class MetricsViews implements OnModuleInit {
  constructor(
    private readonly customers: CustomerLookupService,
    private readonly events: WebhookEventsService,
    private readonly metrics: BillableMetricsRepository,
  ) {}

  /** `metric.updated` events carry the billable metric as its GET answers it, read in the transaction of the change. */
  onModuleInit(): void {
    this.events.objects('metric', async (m, companyId, ids) => {
      const rows = await this.metrics.with(m).find(companyId, { where: { id: In(ids) } });
      return new Map(rows.map((r) => [r.id, toBillableMetricResponse(r)]));
    });
  }

  itemView(item: BillableItemEntity) {
    return toBillableItemResponse(item);
  }

  itemPage(page: SearchPage<BillableItemEntity>) {
    return mapPage(page, toBillableItemResponse);
  }

  metricView(metric: BillableMetricEntity) {
    return toBillableMetricResponse(metric);
  }

  metricPage(page: SearchPage<BillableMetricEntity>) {
    return mapPage(page, toBillableMetricResponse);
  }

  async objectView(companyId: string, object: BillableObjectEntity): Promise<ObjectResponse> {
    const identifiers = await this.customerIdentifiers(companyId, [object]);
    return toObjectResponse(object, identifiers.get(object.customer_id) ?? null);
  }

  async objectPage(companyId: string, page: SearchPage<BillableObjectEntity>): Promise<SearchPage<ObjectResponse>> {
    const identifiers = await this.customerIdentifiers(companyId, page.results);
    return mapPage(page, (o) => toObjectResponse(o, identifiers.get(o.customer_id) ?? null));
  }

  /** The identifiers of the objects' customers, in one query. */
  private async customerIdentifiers(companyId: string, objects: BillableObjectEntity[]): Promise<Map<string, string | null>> {
    const customers = await this.customers.getMany(
      companyId,
      objects.map((o) => o.customer_id),
    );
    return new Map([...customers.values()].map((c) => [c.id, c.identifier]));
  }

  objectsIngestView(result: ObjectsIngestResult): IngestObjectsResponse {
    return toIngestObjectsResponse(result);
  }

  eventsIngestView(result: IngestResult): IngestEventsResponse {
    return toIngestEventsResponse(result);
  }

  customerUsageView(usage: UsageValue & { metric_id: string }) {
    return toCustomerUsageResponse(usage);
  }
}
