import { DomainError } from '../platform/errors/domain-error';
import type { AggregatorType, EntitlementType } from './entitlement.entity';

/** Which aggregators combine values of which type. */
export const AGGREGATORS_BY_TYPE: Record<EntitlementType, AggregatorType[]> = {
  BOOL: ['OR', 'AND'],
  NUMBER: ['ADD', 'MINIMUM', 'MAXIMUM'],
  TEXT: ['COALESCE'],
  ENUM: ['COALESCE'],
};

/** Cross-field rules of an entitlement definition; throws a 400 naming the field. */
export function checkEntitlementDefinition(def: {
  type: EntitlementType;
  aggregator_type: AggregatorType;
  possible_values: string[] | null | undefined;
}): void {
  const allowed = AGGREGATORS_BY_TYPE[def.type];
  if (!allowed.includes(def.aggregator_type)) {
    throw DomainError.invalidField('aggregator_type', `must be one of ${allowed.join(', ')} for type ${def.type}`);
  }
  const values = def.possible_values ?? [];
  if (def.type === 'ENUM') {
    if (values.length === 0) throw DomainError.invalidField('possible_values', 'must list at least one value for type ENUM');
    if (new Set(values).size !== values.length) throw DomainError.invalidField('possible_values', 'must not repeat a value');
  } else if (values.length > 0) {
    throw DomainError.invalidField('possible_values', `is only allowed for type ENUM, not ${def.type}`);
  }
}
