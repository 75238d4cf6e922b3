import { iso } from '../../platform/timestamps';
import { BillableObjectEntity } from './billable-object.entity';
import type { ObjectResponse } from './objects.dto';

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
