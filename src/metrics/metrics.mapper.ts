import { iso } from '../platform/timestamps';
import { BillableItemEntity } from './billable-item.entity';
import { BillableMetricEntity } from './billable-metric.entity';
import type { IngestEventsResponse } from './dto/metrics.dto';
import type { IngestResult } from './usage/event-ingest.service';
import type { UsageValue } from './usage/usage.service';

/** Billable item as the spec shows it (also nested in product metric pricings). */
export function toBillableItemResponse(i: BillableItemEntity) {
  return {
    id: i.id,
    company_id: i.company_id,
    name: i.name,
    external_name: i.external_name,
    description: i.description,
    display_type: i.display_type,
    type: i.type,
    standard: i.standard,
    editable: i.editable,
    state: i.state,
    created_at: iso(i.created_at),
    updated_at: iso(i.updated_at),
  };
}

/** Billable metric as the spec shows it (also nested in product metric pricings). */
export function toBillableMetricResponse(m: BillableMetricEntity) {
  return {
    id: m.id,
    company_id: m.company_id,
    item_id: m.item_id,
    name: m.name,
    external_name: m.external_name,
    description: m.description,
    type: m.type,
    is_billable: m.is_billable,
    standard: m.standard,
    editable: m.editable,
    state: m.state,
    metering_rule: m.metering_rule,
    created_at: iso(m.created_at),
    updated_at: iso(m.updated_at),
  };
}

/** Usage as the API shows it: exact decimals become JSON numbers. */
export function toCustomerUsageResponse(u: UsageValue & { metric_id: string }) {
  return {
    metric_id: u.metric_id,
    value: Number(u.value),
    breakdown: u.breakdown.map((b) => ({ grouping: b.grouping, value: Number(b.value) })),
  };
}

/** The answer of `POST /events/ingest`: what was stored, the duplicates and the refused events. */
export function toIngestEventsResponse(r: IngestResult): IngestEventsResponse {
  return {
    enqueued: r.enqueued,
    duplicates: r.duplicates,
    errors: r.errors.map((e) => ({
      index: e.index,
      transaction_id: e.transaction_id,
      error_code: e.error_code,
      error_message: e.error_message,
    })),
  };
}
