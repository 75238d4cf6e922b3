import { iso } from '../../platform/timestamps';
import { BillableObjectEntity } from './billable-object.entity';
import type { IngestObjectsResponse, ObjectResponse } from './objects.dto';
import type { ObjectsIngestResult } from './objects.service';

export function toObjectResponse(o: BillableObjectEntity): ObjectResponse {
  return {
    id: o.id,
    company_id: o.company_id,
    customer_id: o.customer_id,
    item_id: o.item_id,
    object_identifier: o.object_identifier,
    properties: o.properties,
    created_at: iso(o.created_at)!,
    updated_at: iso(o.updated_at)!,
    deleted_at: iso(o.deleted_at),
  };
}

/** The answer of `POST /objects/ingest`: each written object as a response, refusals as they are. */
export function toIngestObjectsResponse(r: ObjectsIngestResult): IngestObjectsResponse {
  return {
    processed: r.processed.map((p) => ({ index: p.index, action: p.action, object: toObjectResponse(p.object) })),
    errors: r.errors,
  };
}
