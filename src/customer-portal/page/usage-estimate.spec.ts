import { estimatedCharge } from './usage-estimate';

const shape = (over: Record<string, unknown>) =>
  ({
    pricing_type: 'FIXED',
    base_price_in_cents: 0,
    base_units: 0,
    fixed_price_per_unit: null,
    step_price_per_step: null,
    step_size: null,
    custom: null,
    gradient: null,
    volume: null,
    scheduled: null,
    ...over,
  }) as never;

describe('usage estimate', () => {
  it('prices the usage so far, rounded once: 4 calls × 2 cents = 8 cents; 1,234 × 0.5 cents = 617 cents', () => {
    expect(estimatedCharge(shape({ fixed_price_per_unit: '2' }), 4, 'USD')).toBe('$0.08');
    expect(estimatedCharge(shape({ fixed_price_per_unit: '0.5' }), '1234', 'USD')).toBe('$6.17');
    // 1,000 units free in the base price of $10.00, then 1 cent: 1,500 → 1,000 + 500 = 1,500 cents
    expect(estimatedCharge(shape({ fixed_price_per_unit: '1', base_price_in_cents: 1000, base_units: 1000 }), 1500, 'USD')).toBe('$15.00');
  });
});
