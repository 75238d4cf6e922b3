import { billingDiscounts, parseStoredDiscount, storedDiscount, storedDiscountsForMrr } from './discounts';

const now = new Date('2027-10-01T00:00:00.000Z');

describe('stored discounts: one parser', () => {
  it('reads back what storedDiscount wrote', () => {
    const stored = storedDiscount(
      { name: '10 off', type: 'DISCOUNT_AMOUNT', amount: { currency: 'USD', value_in_cents: 1000 }, product_pricing_id: 'pp_x' },
      'USD',
      new Date('2027-12-01T00:00:00.000Z'),
      now,
    );
    const d = parseStoredDiscount(stored);
    expect(d).toMatchObject({
      name: '10 off',
      type: 'DISCOUNT_AMOUNT',
      amount: { currency: 'USD', value_in_cents: 1000 },
      cap: null,
      percent: null,
      expiration_date: '2027-12-01T00:00:00.000Z',
      product_pricing_id: 'pp_x',
      state: 'ACTIVE',
    });
    expect(d.id).toMatch(/^disc_/);
  });

  it('the engine drops inactive discounts and names unnamed ones; MRR keeps all of them', () => {
    const stored = [
      { name: 'a', type: 'DISCOUNT_PERCENT', percent: 0.1, cap: { currency: 'USD', value_in_cents: 500 }, state: 'ACTIVE' },
      { type: 'DISCOUNT_AMOUNT', amount: { currency: 'USD', value_in_cents: 200 } },
      { name: 'off', type: 'DISCOUNT_AMOUNT', amount: { currency: 'USD', value_in_cents: 300 }, state: 'INACTIVE' },
    ];
    expect(billingDiscounts(stored).map((d) => [d.name, d.type, d.amount, d.percent, d.cap])).toEqual([
      ['a', 'DISCOUNT_PERCENT', null, 0.1, 500],
      ['Discount', 'DISCOUNT_AMOUNT', 200, null, null],
    ]);
    expect(storedDiscountsForMrr(stored).map((d) => d.amount_in_cents)).toEqual([null, 200, 300]);
  });
});
