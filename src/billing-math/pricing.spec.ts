import { BillingMathError, Pricing, chargeForPeriod, roundCents, startedBlocks } from './index';

const cents = (p: Pricing, q: number | string, period_index?: number) => chargeForPeriod(p, q, { period_index }).amount.toFixed();

describe('FIXED', () => {
  const p: Pricing = { pricing_type: 'FIXED', fixed_price: { price_per_unit: '0.2' } };
  it.each([
    [12345, '2469', 2469],
    [0, '0', 0],
    [1, '0.2', 0],
    [2.5, '0.5', 1],
    ['0.001', '0.0002', 0],
  ])('0.2 cents × %p = %s → %i cents', (q, exact, rounded) => {
    expect(cents(p, q)).toBe(exact);
    expect(roundCents(chargeForPeriod(p, q).amount)).toBe(rounded);
  });
  it('has a single unit price', () => expect(chargeForPeriod(p, 3).unit_price!.toFixed()).toBe('0.2'));
});

describe('STEP: every started block', () => {
  const p: Pricing = { pricing_type: 'STEP', step_price: { price_per_step: 500, step_size: 10 } };
  it.each([
    [0, '0'],
    [1, '500'],
    [9.99, '500'],
    [10, '500'],
    [10.5, '1000'],
    [11, '1000'],
    [20, '1000'],
    [21, '1500'],
    [100, '5000'],
  ])('%p units → %s', (q, expected) => expect(cents(p, q)).toBe(expected));
  it('counts blocks exactly with fractional sizes', () => {
    expect(startedBlocks('0.3', '0.1').toFixed()).toBe('3');
    expect(startedBlocks('0.30001', '0.1').toFixed()).toBe('4');
    expect(() => startedBlocks(1, 0)).toThrow(BillingMathError);
  });
});

describe('GRADIENT (graduated) with flat fees', () => {
  const p: Pricing = {
    pricing_type: 'GRADIENT',
    gradient_price: [
      { start: 0, end: 100, price_per_unit: '1.5', flat_price: 200 },
      { start: 100, end: 1000, price_per_unit: 1, flat_price: 300 },
      { start: 1000, end: null, price_per_unit: '0.5', flat_price: 0 },
    ],
  };
  it.each([
    [0, '200'], // first tier's flat fee even at zero
    [1, '201.5'],
    [100, '350'], // unit 100 is in the first tier
    [101, '651'], // unit 101 enters the second tier: + 1 + 300
    ['100.5', '650.5'],
    [1000, '1550'],
    [1001, '1550.5'],
  ])('%p units → %s', (q, expected) => expect(cents(p, q)).toBe(expected));
  it('reports each reached tier', () => {
    const c = chargeForPeriod(p, 101);
    expect(c.tiers.map((t) => [t.tier, t.units.toFixed(), t.amount.toFixed()])).toEqual([
      [0, '100', '350'],
      [1, '1', '301'],
    ]);
    expect(c.unit_price).toBeNull();
  });
  it('rounds 1550.5 half away from zero to 1551', () => expect(roundCents(chargeForPeriod(p, 1001).amount)).toBe(1551));
  it('rejects broken tier lists', () => {
    const bad = (tiers: unknown) => () => chargeForPeriod({ pricing_type: 'GRADIENT', gradient_price: tiers as never }, 1);
    expect(bad([])).toThrow(BillingMathError);
    expect(bad([{ start: 1, end: null, price_per_unit: 1 }])).toThrow(BillingMathError);
    expect(
      bad([
        { start: 0, end: 10 },
        { start: 11, end: null },
      ]),
    ).toThrow(BillingMathError);
    expect(bad([{ start: 0, end: 10 }])).toThrow(BillingMathError);
    expect(
      bad([
        { start: 0, end: null },
        { start: 10, end: null },
      ]),
    ).toThrow(BillingMathError);
  });
});

describe('VOLUME', () => {
  const p: Pricing = {
    pricing_type: 'VOLUME',
    volume_price: [
      { total_units_start: 0, total_units_end: 100, price_per_unit: 2, flat_price: 100 },
      { total_units_start: 100, total_units_end: 500, price_per_unit: '1.5', flat_price: 50 },
      { total_units_start: 500, total_units_end: null, price_per_unit: 1, flat_price: 0 },
    ],
  };
  it.each([
    [0, '100', 0], // first tier's flat fee at zero
    [1, '102', 0],
    [100, '300', 0], // 100 falls in 0–100
    [101, '201.5', 1], // all 101 units at the second tier
    ['100.5', '200.75', 1],
    [500, '800', 1],
    [501, '501', 2],
  ])('%p units → %s (tier %i)', (q, expected, tier) => {
    const c = chargeForPeriod(p, q);
    expect(c.amount.toFixed()).toBe(expected);
    expect(c.tiers.map((t) => t.tier)).toEqual([tier]);
  });
});

describe('CUSTOM', () => {
  it('uses price_per_unit, else the preset', () => {
    expect(cents({ pricing_type: 'CUSTOM', custom_price: { price_per_unit: '2.5', preset_price_per_unit: 9 } }, 3)).toBe('7.5');
    expect(
      cents(
        {
          pricing_type: 'CUSTOM',
          custom_price: { price_per_unit: null, preset_price_per_unit: '3.3', min_price_per_unit: 1, max_price_per_unit: 5 },
        },
        10,
      ),
    ).toBe('33');
    expect(() => chargeForPeriod({ pricing_type: 'CUSTOM', custom_price: {} }, 1)).toThrow(BillingMathError);
  });
});

describe('SCHEDULED by period index', () => {
  const p: Pricing = { pricing_type: 'SCHEDULED', scheduled_price: { price_per_unit_per_period: ['10', '20', '30.5'] } };
  it.each([
    [0, '20'],
    [1, '40'],
    [2, '61'],
    [3, '61'],
    [50, '61'], // the last entry repeats
  ])('period %i → %s', (i, expected) => expect(cents(p, 2, i)).toBe(expected));
  it('needs a period index >= 0', () => {
    expect(() => chargeForPeriod(p, 1)).toThrow(BillingMathError);
    expect(() => chargeForPeriod(p, 1, { period_index: -1 })).toThrow(BillingMathError);
  });
});

describe('base price with included units', () => {
  it('charges base_price every period and prices only the units beyond base_units', () => {
    const p: Pricing = {
      pricing_type: 'FIXED',
      base_price: { value_in_cents: 1000 },
      base_units: 100,
      fixed_price: { price_per_unit: '0.5' },
    };
    const within = chargeForPeriod(p, 50);
    expect([within.amount.toFixed(), within.included_units.toFixed(), within.billable_units.toFixed()]).toEqual(['1000', '50', '0']);
    const beyond = chargeForPeriod(p, 150);
    expect([beyond.amount.toFixed(), beyond.usage_amount.toFixed(), beyond.billable_units.toFixed()]).toEqual(['1025', '25', '50']);
    expect(chargeForPeriod(p, 0).amount.toFixed()).toBe('1000');
  });
  it('a graduated price with all usage included still charges its first flat fee', () => {
    const p: Pricing = {
      pricing_type: 'GRADIENT',
      base_price: 500,
      base_units: 10,
      gradient_price: [
        { start: 0, end: 10, price_per_unit: 2, flat_price: 100 },
        { start: 10, end: null, price_per_unit: 1, flat_price: 0 },
      ],
    };
    expect(cents(p, 5)).toBe('600');
    // the tiers price the 15 units beyond the included 10, counted from 0: 500 + (10 × 2 + 100) + 5 × 1
    expect(cents(p, 25)).toBe('625');
  });
  it('refuses negative quantities and bad base units', () => {
    const p: Pricing = { pricing_type: 'FIXED', fixed_price: { price_per_unit: 1 } };
    expect(() => chargeForPeriod(p, -1)).toThrow(BillingMathError);
    expect(() => chargeForPeriod({ ...p, base_units: -1 }, 1)).toThrow(BillingMathError);
    expect(() => chargeForPeriod({ pricing_type: 'FIXED' }, 1)).toThrow(BillingMathError);
  });
});
