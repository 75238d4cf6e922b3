import { iso } from '../platform/timestamps';
import type { TaxEntity } from './tax.entity';
import type { TaxResponse } from './dto/tax.dto';

export function toTaxResponse(t: TaxEntity): TaxResponse {
  return {
    id: t.id,
    company_id: t.company_id,
    name: t.name,
    code: t.code,
    percentage: Number(t.percentage),
    inclusive: t.inclusive,
    country: t.country,
    state: t.state,
    description: t.description,
    active: t.active,
    created_at: iso(t.created_at)!,
    updated_at: iso(t.updated_at)!,
  };
}
