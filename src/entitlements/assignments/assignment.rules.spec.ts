import { AssignmentEntry, AssignmentLayer, coerceAssignmentValue, mergeAssignmentLayers, ownAssignments } from './assignment.rules';

const ent = (id: string, value: AssignmentEntry['value'], type: AssignmentEntry['type'] = 'NUMBER'): AssignmentEntry => ({
  id: `enta_${id}_${String(value)}`,
  entitlement_id: `ent_${id}`,
  key: id,
  name: `Name ${id}`,
  type,
  value,
});
const layer = (owner_type: AssignmentLayer['owner_type'], owner_id: string, entries: AssignmentEntry[]): AssignmentLayer => ({
  owner_type,
  owner_id,
  entries,
});

describe('coerceAssignmentValue', () => {
  it.each([
    ['BOOL', true, true],
    ['BOOL', false, false],
    ['BOOL', 'true', true],
    ['BOOL', 'FALSE', false],
    ['NUMBER', 10, 10],
    ['NUMBER', 2.5, 2.5],
    ['NUMBER', '10', 10],
    ['NUMBER', '-3.25', -3.25],
    ['TEXT', 'hello', 'hello'],
    ['TEXT', '', ''],
    ['ENUM', 'gold', 'gold'],
  ] as const)('%s accepts %j as %j', (type, input, expected) => {
    expect(coerceAssignmentValue({ type, possible_values: type === 'ENUM' ? ['gold', 'silver'] : null }, input)).toEqual({
      ok: true,
      value: expected,
    });
  });

  it.each([
    ['BOOL', 1],
    ['BOOL', 'yes'],
    ['BOOL', null],
    ['NUMBER', 'ten'],
    ['NUMBER', '1e3'],
    ['NUMBER', true],
    ['NUMBER', ''],
    ['TEXT', 5],
    ['TEXT', false],
    ['ENUM', 'bronze'],
    ['ENUM', 1],
    ['ENUM', undefined],
  ] as const)('%s rejects %j', (type, input) => {
    const result = coerceAssignmentValue({ type, possible_values: type === 'ENUM' ? ['gold', 'silver'] : null }, input);
    expect(result.ok).toBe(false);
  });
});

describe('mergeAssignmentLayers', () => {
  const cases: { name: string; layers: AssignmentLayer[]; expected: Partial<ReturnType<typeof mergeAssignmentLayers>[number]>[] }[] = [
    { name: 'no layers', layers: [], expected: [] },
    { name: 'empty layers', layers: [layer('PRODUCT', 'prod_1', []), layer('PRODUCT_PRICING', 'pp_1', [])], expected: [] },
    {
      name: 'product only: inherited from the product, not overridden',
      layers: [layer('PRODUCT', 'prod_1', [ent('seats', 5)]), layer('PRODUCT_PRICING', 'pp_1', [])],
      expected: [
        {
          entitlement_id: 'ent_seats',
          value: 5,
          inherited_from_type: 'PRODUCT',
          inherited_from_id: 'prod_1',
          overridden: false,
          original_value: null,
        },
      ],
    },
    {
      name: 'pricing only: from the pricing, not overridden',
      layers: [layer('PRODUCT', 'prod_1', []), layer('PRODUCT_PRICING', 'pp_1', [ent('sso', true, 'BOOL')])],
      expected: [
        {
          entitlement_id: 'ent_sso',
          value: true,
          inherited_from_type: 'PRODUCT_PRICING',
          inherited_from_id: 'pp_1',
          overridden: false,
          original_value: null,
        },
      ],
    },
    {
      name: 'pricing overrides product for the same entitlement, keeping its position',
      layers: [
        layer('PRODUCT', 'prod_1', [ent('seats', 5), ent('tier', 'basic', 'TEXT')]),
        layer('PRODUCT_PRICING', 'pp_1', [ent('seats', 50), ent('sso', true, 'BOOL')]),
      ],
      expected: [
        {
          entitlement_id: 'ent_seats',
          value: 50,
          inherited_from_type: 'PRODUCT_PRICING',
          inherited_from_id: 'pp_1',
          overridden: true,
          original_value: 5,
          id: 'enta_seats_50',
        },
        { entitlement_id: 'ent_tier', value: 'basic', inherited_from_type: 'PRODUCT', overridden: false },
        { entitlement_id: 'ent_sso', value: true, inherited_from_type: 'PRODUCT_PRICING', overridden: false },
      ],
    },
    {
      name: 'an override to the same value is still an override',
      layers: [layer('PRODUCT', 'prod_1', [ent('seats', 5)]), layer('PRODUCT_PRICING', 'pp_1', [ent('seats', 5)])],
      expected: [{ value: 5, overridden: true, original_value: 5, inherited_from_type: 'PRODUCT_PRICING' }],
    },
    {
      name: 'three layers: the top wins and original_value is the value it replaced',
      layers: [
        layer('PRODUCT', 'prod_1', [ent('seats', 5)]),
        layer('PRODUCT_PRICING', 'pp_1', [ent('seats', 10)]),
        layer('SUBSCRIPTION', 'subs_1', [ent('seats', 20)]),
      ],
      expected: [{ value: 20, overridden: true, original_value: 10, inherited_from_type: 'SUBSCRIPTION', inherited_from_id: 'subs_1' }],
    },
  ];

  it.each(cases)('$name', ({ layers, expected }) => {
    const merged = mergeAssignmentLayers(layers);
    expect(merged).toHaveLength(expected.length);
    expected.forEach((e, i) => expect(merged[i]).toMatchObject(e));
  });

  it('carries key, name and type of the entitlement', () => {
    expect(mergeAssignmentLayers([layer('PRODUCT', 'prod_1', [ent('sso', false, 'BOOL')])])).toEqual([
      {
        entitlement_id: 'ent_sso',
        id: 'enta_sso_false',
        inherited_from_id: 'prod_1',
        inherited_from_type: 'PRODUCT',
        key: 'sso',
        name: 'Name sso',
        original_value: null,
        overridden: false,
        type: 'BOOL',
        value: false,
      },
    ]);
  });
});

describe('ownAssignments', () => {
  it('lists only the own layer, marking overrides of lower layers', () => {
    const product = layer('PRODUCT', 'prod_1', [ent('seats', 5), ent('api', 100)]);
    const pricing = layer('PRODUCT_PRICING', 'pp_1', [ent('seats', 50), ent('sso', true, 'BOOL')]);
    const own = ownAssignments([product], pricing);
    expect(own.map((o) => [o.entitlement_id, o.value, o.overridden, o.original_value])).toEqual([
      ['ent_seats', 50, true, 5],
      ['ent_sso', true, false, null],
    ]);
    expect(ownAssignments([], product).map((o) => o.entitlement_id)).toEqual(['ent_seats', 'ent_api']);
  });
});
