import { DomainError } from '../platform/errors/domain-error';
import { checkTiers, mergePriceInput, parseUnitPrice, PriceInput, resolvePriceShape, shapeToInput } from './pricing.rules';

function errorOf(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('expected a DomainError');
}

describe('parseUnitPrice', () => {
  it.each([
    [0.2, '0.2'],
    ['0.2', '0.2'],
    [1000, '1000'],
    ['0.000001', '0.000001'],
    [1e-7, '0.0000001'],
    [' 12.50 ', '12.5'],
    [0, '0'],
  ])('%j → %j', (input, expected) => expect(parseUnitPrice(input)).toBe(expected));

  it.each([[-1], ['-0.5'], ['abc'], [''], ['1e3'], [NaN], [Infinity], [null], [true], [{}], ['0.1234567890123'], ['1234567890123456']])(
    'rejects %j',
    (input) => expect(parseUnitPrice(input)).toBeNull(),
  );
});

describe('checkTiers', () => {
  const names = { start: 'start', end: 'end' };
  const t = (start: number, end: number | null) => ({ start, end });
  it.each([
    ['one open tier', [t(0, null)]],
    ['two tiers', [t(0, 100), t(100, null)]],
    ['three tiers', [t(0, 1), t(1, 1000), t(1000, null)]],
  ])('accepts %s', (_n, tiers) => expect(() => checkTiers('gradient_price', tiers, names)).not.toThrow());

  it.each([
    ['no tier', [], 'gradient_price'],
    ['not starting at 0', [t(1, null)], 'gradient_price[0].start'],
    ['a gap', [t(0, 100), t(101, null)], 'gradient_price[1].start'],
    ['an overlap', [t(0, 100), t(50, null)], 'gradient_price[1].start'],
    ['an open tier before the last', [t(0, null), t(100, null)], 'gradient_price[0].end'],
    ['a last tier with an end', [t(0, 100), t(100, 200)], 'gradient_price[1].end'],
    ['a descending tier', [t(0, 100), t(100, 50), t(50, null)], 'gradient_price[1].end'],
    ['an empty tier', [t(0, 0), t(0, null)], 'gradient_price[0].end'],
    ['a negative start', [t(-1, null)], 'gradient_price[0].start'],
    ['a fractional end', [t(0, 1.5), t(1.5, null)], 'gradient_price[0].end'],
  ])('rejects %s, naming %s', (_n, tiers, path) => {
    const err = errorOf(() => checkTiers('gradient_price', tiers, names));
    expect(err.category).toBe('validation');
    expect(Object.keys(err.validationErrors ?? {})).toEqual([path]);
  });

  it('names volume fields', () => {
    const err = errorOf(() => checkTiers('volume_price', [t(0, 10), t(11, null)], { start: 'total_units_start', end: 'total_units_end' }));
    expect(err.validationErrors).toHaveProperty(['volume_price[1].total_units_start']);
  });
});

describe('resolvePriceShape', () => {
  const base: PriceInput = { pricing_type: 'FIXED', fixed_price: { price_per_unit: '0.2' } };

  it('applies defaults', () => {
    expect(resolvePriceShape(base, 'USD')).toMatchObject({
      pricing_type: 'FIXED',
      type: 'RECURRING',
      frequency: 'MONTH',
      term_count: 1,
      base_price_in_cents: 0,
      base_units: 0,
      fixed_price_per_unit: '0.2',
      charge_type: 'PRE_POST',
      proration_type: 'PRORATE_ALL',
      carry_over: false,
      minimum_spend_in_cents: null,
    });
  });

  it.each([
    ['a ONETIME type', { type: 'ONETIME' }, { type: 'ONETIME', frequency: 'ONETIME' }],
    ['a ONETIME frequency', { billing_frequency: { count: 1, frequency: 'ONETIME' } }, { type: 'ONETIME', frequency: 'ONETIME' }],
    ['a yearly frequency', { billing_frequency: { count: 2, frequency: 'YEAR' } }, { type: 'RECURRING', frequency: 'YEAR', term_count: 2 }],
  ] as const)('derives type and frequency from %s', (_n, over, expected) => {
    expect(resolvePriceShape({ ...base, ...over } as PriceInput, 'USD')).toMatchObject(expected);
  });

  it.each([
    ['the shape of another type', { gradient_price: [{ start: 0 }] }, 'gradient_price'],
    ['the own shape missing', { fixed_price: null }, 'fixed_price'],
    ['a base price in another currency', { base_price: { currency: 'EUR', value_in_cents: 5 } }, 'base_price.currency'],
    ['a negative minimum spend', { minimum_spend: { value_in_cents: -1 } }, 'minimum_spend.value_in_cents'],
    [
      'a RECURRING price billed ONETIME',
      { type: 'RECURRING', billing_frequency: { count: 1, frequency: 'ONETIME' } },
      'billing_frequency.frequency',
    ],
    [
      'a ONETIME price billed monthly',
      { type: 'ONETIME', billing_frequency: { count: 1, frequency: 'MONTH' } },
      'billing_frequency.frequency',
    ],
  ] as const)('rejects %s', (_n, over, path) => {
    const err = errorOf(() => resolvePriceShape({ ...base, ...over } as PriceInput, 'USD'));
    expect(Object.keys(err.validationErrors ?? {})).toEqual([path]);
  });

  it('checks custom bounds', () => {
    const custom = (c: object) => resolvePriceShape({ pricing_type: 'CUSTOM', custom_price: c }, 'USD');
    expect(custom({ preset_price_per_unit: 5, min_price_per_unit: 1, max_price_per_unit: 10 }).custom).toEqual({
      price_per_unit: '5',
      preset_price_per_unit: '5',
      min_price_per_unit: '1',
      max_price_per_unit: '10',
    });
    expect(
      errorOf(() => custom({ preset_price_per_unit: 11, min_price_per_unit: 1, max_price_per_unit: 10 })).validationErrors,
    ).toHaveProperty(['custom_price.preset_price_per_unit']);
    expect(errorOf(() => custom({ preset_price_per_unit: 0.5, min_price_per_unit: 1 })).validationErrors).toHaveProperty([
      'custom_price.preset_price_per_unit',
    ]);
    expect(
      errorOf(() => custom({ preset_price_per_unit: 5, min_price_per_unit: 10, max_price_per_unit: 1 })).validationErrors,
    ).toHaveProperty(['custom_price.min_price_per_unit']);
    expect(errorOf(() => custom({ min_price_per_unit: 1 })).validationErrors).toHaveProperty(['custom_price.preset_price_per_unit']);
  });

  it('round-trips through shapeToInput and merges a new pricing_type cleanly', () => {
    const gradient = resolvePriceShape(
      {
        pricing_type: 'GRADIENT',
        gradient_price: [
          { start: 0, end: 10, price_per_unit: 1 },
          { start: 10, price_per_unit: '0.5' },
        ],
        base_units: 3,
      },
      'USD',
    );
    expect(resolvePriceShape(shapeToInput(gradient, 'USD'), 'USD')).toEqual(gradient);
    const merged = mergePriceInput(shapeToInput(gradient, 'USD'), {
      pricing_type: 'STEP',
      step_price: { price_per_step: 7, step_size: 100 },
    });
    expect(resolvePriceShape(merged, 'USD')).toMatchObject({
      pricing_type: 'STEP',
      gradient: null,
      step_price_per_step: '7',
      step_size: 100,
      base_units: 3,
    });
  });
});
