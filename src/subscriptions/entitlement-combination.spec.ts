import type { AssignmentEntry, AssignmentLayer } from '../entitlements/assignments/assignment.rules';
import type { AggregatorType, EntitlementType } from '../entitlements/entitlement.entity';
import { aggregate, customerEntitlements, EntitlementDef, subscriptionEntitlements } from './entitlement-combination';

const entry = (key: string, value: AssignmentEntry['value'], type: EntitlementType = 'NUMBER'): AssignmentEntry => ({
  id: `enta_${key}_${String(value)}`,
  entitlement_id: `ent_${key}`,
  key,
  name: key,
  type,
  value,
});
const layer = (owner_type: AssignmentLayer['owner_type'], owner_id: string, entries: AssignmentEntry[]): AssignmentLayer => ({
  owner_type,
  owner_id,
  entries,
});
const def = (
  key: string,
  type: EntitlementType,
  aggregator_type: AggregatorType,
  adjust_for_quantity = false,
): [string, EntitlementDef] => [`ent_${key}`, { id: `ent_${key}`, type, aggregator_type, adjust_for_quantity }];

describe('aggregate', () => {
  it.each([
    ['BOOL', 'OR', [false, true, false], true],
    ['BOOL', 'OR', [false, false], false],
    ['BOOL', 'AND', [true, true], true],
    ['BOOL', 'AND', [true, false], false],
    ['NUMBER', 'ADD', [1, 2.5, 3], 6.5],
    ['NUMBER', 'ADD', [0.1, 0.2], 0.3],
    ['NUMBER', 'MINIMUM', [5, 2, 9], 2],
    ['NUMBER', 'MAXIMUM', [5, 2, 9], 9],
    ['TEXT', 'COALESCE', ['first', 'second'], 'first'],
    ['ENUM', 'COALESCE', ['gold', 'silver'], 'gold'],
    ['TEXT', 'ADD', ['a', 'b'], 'a'], // unsuitable aggregator → first value
    ['NUMBER', 'OR', [1, 2], 1],
    ['NUMBER', 'ADD', [7], 7],
  ] as const)('%s %s of %j = %j', (type, aggregator_type, values, expected) => {
    expect(aggregate({ type, aggregator_type }, [...values])).toBe(expected);
  });
});

describe('subscriptionEntitlements', () => {
  const defs = new Map([
    def('seats', 'NUMBER', 'ADD', true),
    def('sso', 'BOOL', 'OR'),
    def('tier', 'TEXT', 'COALESCE'),
    def('cap', 'NUMBER', 'MINIMUM'),
  ]);
  const byKey = (views: { key: string; value: unknown }[]) => Object.fromEntries(views.map((v) => [v.key, v.value]));

  it('pricing overrides product; subscription overrides both (no quantity adjustment on the override)', () => {
    const result = subscriptionEntitlements(
      [
        {
          product_layer: layer('PRODUCT', 'prod_1', [entry('seats', 5), entry('tier', 'basic', 'TEXT')]),
          pricing_layer: layer('PRODUCT_PRICING', 'pp_1', [entry('tier', 'pro', 'TEXT')]),
          licence_count: 1,
        },
      ],
      layer('SUBSCRIPTION', 'subs_1', [entry('seats', 42)]),
      defs,
    );
    expect(byKey(result)).toEqual({ seats: 42, tier: 'pro' });
    expect(result.find((r) => r.key === 'seats')).toMatchObject({
      overridden: true,
      original_value: 5,
      inherited_from_type: 'SUBSCRIPTION',
      inherited_from_id: 'subs_1',
    });
    expect(result.find((r) => r.key === 'tier')).toMatchObject({
      overridden: true,
      original_value: 'basic',
      inherited_from_type: 'PRODUCT_PRICING',
    });
  });

  it('adjust_for_quantity multiplies NUMBER values by the licences of that pricing; pricings combine by aggregator', () => {
    const result = subscriptionEntitlements(
      [
        {
          product_layer: layer('PRODUCT', 'prod_1', [entry('seats', 10), entry('sso', false, 'BOOL'), entry('cap', 100)]),
          pricing_layer: layer('PRODUCT_PRICING', 'pp_1', []),
          licence_count: 3,
        },
        {
          product_layer: layer('PRODUCT', 'prod_2', [entry('seats', 1), entry('sso', true, 'BOOL'), entry('cap', 40)]),
          pricing_layer: layer('PRODUCT_PRICING', 'pp_2', []),
          licence_count: 0,
        },
      ],
      layer('SUBSCRIPTION', 'subs_1', []),
      defs,
    );
    // seats: 10×3 + 1×0 (ADD, adjusted); sso: OR; cap: MINIMUM (not adjusted)
    expect(byKey(result)).toEqual({ seats: 30, sso: true, cap: 40 });
    expect(result.find((r) => r.key === 'seats')).toMatchObject({ inherited_from_id: 'prod_1', overridden: false, original_value: null });
  });

  it('no pricings, only overrides', () => {
    expect(byKey(subscriptionEntitlements([], layer('SUBSCRIPTION', 'subs_1', [entry('sso', true, 'BOOL')]), defs))).toEqual({ sso: true });
  });
});

describe('customerEntitlements', () => {
  const view = (key: string, value: AssignmentEntry['value'], type: EntitlementType = 'NUMBER') => ({
    entitlement_id: `ent_${key}`,
    id: `enta_${key}`,
    inherited_from_id: 'pp_x',
    inherited_from_type: 'PRODUCT_PRICING' as const,
    key,
    name: key,
    original_value: null,
    overridden: false,
    type,
    value,
  });
  it.each([
    ['ADD', 'NUMBER', [3, 4], 7],
    ['MINIMUM', 'NUMBER', [3, 4], 3],
    ['MAXIMUM', 'NUMBER', [3, 4], 4],
    ['OR', 'BOOL', [false, true], true],
    ['AND', 'BOOL', [false, true], false],
    ['COALESCE', 'TEXT', ['oldest', 'newer'], 'oldest'],
  ] as const)('%s across two subscriptions (oldest first)', (agg, type, [v1, v2], expected) => {
    const defs = new Map([def('x', type, agg)]);
    const result = customerEntitlements(
      [
        { subscription_id: 'subs_old', entitlements: [view('x', v1, type)] },
        { subscription_id: 'subs_new', entitlements: [view('x', v2, type)] },
      ],
      defs,
    );
    expect(result).toHaveLength(1);
    expect(result[0]).toMatchObject({ value: expected, inherited_from_type: 'SUBSCRIPTION', inherited_from_id: 'subs_old' });
  });

  it('an entitlement of one subscription only keeps its value and names that subscription', () => {
    const defs = new Map([def('a', 'NUMBER', 'ADD'), def('b', 'BOOL', 'OR')]);
    const result = customerEntitlements(
      [
        { subscription_id: 'subs_1', entitlements: [view('a', 1)] },
        { subscription_id: 'subs_2', entitlements: [view('b', true, 'BOOL')] },
      ],
      defs,
    );
    expect(result.map((r) => [r.key, r.value, r.inherited_from_id])).toEqual([
      ['a', 1, 'subs_1'],
      ['b', true, 'subs_2'],
    ]);
    expect(customerEntitlements([], defs)).toEqual([]);
  });
});
