import { Injectable } from '@nestjs/common';
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
 * Billable items, billable metrics, objects and usage as responses. None of them embeds another
 * record, so each answer is the pure mapper of its entity or result.
 */
@Injectable()
export class MetricsViews {
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

  objectView(object: BillableObjectEntity): ObjectResponse {
    return toObjectResponse(object);
  }

  objectPage(page: SearchPage<BillableObjectEntity>): SearchPage<ObjectResponse> {
    return mapPage(page, toObjectResponse);
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
