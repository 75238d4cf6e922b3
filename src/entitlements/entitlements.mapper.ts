import { iso } from '../platform/timestamps';
import { EntitlementEntity } from './entitlement.entity';
import type { EntitlementResponse } from './dto/entitlement.dto';

export function toEntitlementResponse(e: EntitlementEntity): EntitlementResponse {
  return {
    id: e.id,
    company_id: e.company_id,
    key: e.key,
    name: e.name,
    type: e.type,
    aggregator_type: e.aggregator_type,
    adjust_for_quantity: e.adjust_for_quantity,
    possible_values: e.possible_values ?? [], // the reference shows a list for every type
    created_at: iso(e.created_at)!,
    updated_at: iso(e.updated_at)!,
  };
}
