import { iso } from '../../platform/timestamps';
import { BillableObjectEntity } from './billable-object.entity';
import type { IngestObjectsResponse, ObjectResponse } from './objects.dto';
import type { ObjectsIngestResult } from './objects.service';

/** An object as answered; `customerIdentifier` is its customer's identifier (loaded by the views). */
export function toObjectResponse(o: BillableObjectEntity, customerIdentifier: string | null): ObjectResponse {
  return {
    id: o.id,
    company_id: o.company_id,
    customer_id: o.customer_id,
    customer_identifier: customerIdentifier,
    item_id: o.item_id,
    object_identifier: o.object_identifier,
    properties: o.properties,
    created_at: iso(o.created_at)!,
    updated_at: iso(o.updated_at)!,
    deleted_at: iso(o.deleted_at),
  };
}

/** The answer of `POST /objects/ingest`: `enqueued` (the reference's name) lists the entries applied, `errors` the refused. */
export function toIngestObjectsResponse(r: ObjectsIngestResult): IngestObjectsResponse {
  return {
    enqueued: r.processed.map((p) => ({
      action: p.action,
      object_identifier: p.object.object_identifier,
      index: p.index,
      id: p.object.id,
    })),
    errors: r.errors.map((e) => ({
      index: e.index,
      object_identifier: e.object_identifier,
      error_code: e.error_code,
      error_message: e.error_message,
    })),
  };
}
