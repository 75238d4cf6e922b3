import { checkEntitlementDefinition } from './entitlements.rules';
import { DomainError } from '../platform/errors/domain-error';

describe('entitlement definitions', () => {
  it.each([
    ['BOOL', 'OR', null],
    ['BOOL', 'AND', undefined],
    ['NUMBER', 'ADD', null],
    ['NUMBER', 'MINIMUM', []],
    ['NUMBER', 'MAXIMUM', null],
    ['TEXT', 'COALESCE', null],
    ['ENUM', 'COALESCE', ['a', 'b']],
  ] as const)('accepts %s with %s', (type, aggregator_type, possible_values) => {
    expect(() => checkEntitlementDefinition({ type, aggregator_type, possible_values: possible_values as string[] | null })).not.toThrow();
  });

  it.each([
    ['BOOL', 'ADD', null, 'aggregator_type'],
    ['NUMBER', 'OR', null, 'aggregator_type'],
    ['TEXT', 'AND', null, 'aggregator_type'],
    ['ENUM', 'MAXIMUM', ['a'], 'aggregator_type'],
    ['ENUM', 'COALESCE', null, 'possible_values'],
    ['ENUM', 'COALESCE', [], 'possible_values'],
    ['ENUM', 'COALESCE', ['a', 'a'], 'possible_values'],
    ['TEXT', 'COALESCE', ['a'], 'possible_values'],
  ] as const)('rejects %s with %s and %p, naming %s', (type, aggregator_type, possible_values, field) => {
    let caught: unknown;
    try {
      checkEntitlementDefinition({ type, aggregator_type, possible_values: possible_values as string[] | null });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(DomainError);
    expect((caught as DomainError).validationErrors).toHaveProperty(field);
  });
});
