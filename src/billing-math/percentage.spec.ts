import { Dec } from './money';
import { eventPercentageCharge, groupCharges, percentageCharge } from './percentage';
import { BillingMathError } from './errors';

describe('percentage charges (docs/billing-rules.md#percentage-charges)', () => {
  it('charges rate % of each event plus its fixed fee, summed unrounded', () => {
    const p = { rate: '2.5', fixed_fee_per_event: 30 };
    // 280 + 154.975 + 60.85 = 495.825
    const c = percentageCharge(p, [
      { amount: 10000, count: 1 },
      { amount: 4999, count: 1 },
      { amount: 1234, count: 1 },
    ]);
    expect(c.amount.toFixed()).toBe('495.825');
    expect(c.events.toNumber()).toBe(3);
    expect(c.total_amount.toNumber()).toBe(16233);
  });

  it.each([
    [100, '50'], // 32.5 → min
    [1_000_000, '500'], // 25030 → max
    [2001, '80.025'],
  ])('holds an event of %p within min and max, fee included: %p', (amount, expected) => {
    expect(eventPercentageCharge({ rate: 2.5, fixed_fee_per_event: 30, min_per_event: 50, max_per_event: 500 }, amount).toFixed()).toBe(
      expected,
    );
  });

  it('counts events of one amount together, and leaves negative amounts out', () => {
    const c = percentageCharge({ rate: 10 }, [
      { amount: 15, count: 4 },
      { amount: -100, count: 2 },
    ]);
    expect(c.amount.toFixed()).toBe('6');
    expect(c.events.toNumber()).toBe(4);
  });

  it('refuses a rate above 100 and a minimum above the maximum', () => {
    expect(() => eventPercentageCharge({ rate: 101 }, 1)).toThrow(BillingMathError);
    expect(() => eventPercentageCharge({ rate: 1, min_per_event: 5, max_per_event: 4 }, 1)).toThrow(BillingMathError);
  });
});

describe('prices per group (docs/billing-rules.md#prices-per-group)', () => {
  it('lists the priced values in order, then the others by text, the missing key last', () => {
    const groups = {
      group_key: 'region',
      prices: [
        { value: 'eu', price_per_unit: 10 },
        { value: 'us', price_per_unit: '8.5' },
      ],
    };
    const out = groupCharges(groups, 12, [
      { value: null, quantity: 2 },
      { value: 'us', quantity: 3 },
      { value: 'sa', quantity: 1 },
      { value: 'ap', quantity: 7 },
    ]);
    expect(out.map((g) => [g.value, g.quantity.toNumber(), g.amount.toFixed()])).toEqual([
      ['eu', 0, '0'],
      ['us', 3, '25.5'],
      ['ap', 7, '84'],
      ['sa', 1, '12'],
      [null, 2, '24'],
    ]);
    expect(out[1].unit_price.equals(new Dec('8.5'))).toBe(true);
  });
});
