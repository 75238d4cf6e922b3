import type { Frequency } from '../billing-math/periods';
import type { MrrDiscount, MrrPrice } from '../subscriptions/mrr';
import { computeAcv } from './acv';

const seat = (cents: number, frequency: Frequency, count = 1, quantity = 1, pricingId = 'pp_1'): MrrPrice => ({
  product_pricing_id: pricingId,
  frequency,
  term_count: count,
  pricing: { pricing_type: 'FIXED', fixed_price: { price_per_unit: cents } },
  licence: true,
  quantity,
});
const now = new Date('2027-01-01T00:00:00.000Z');
const acv = (
  prices: MrrPrice[],
  discounts: MrrDiscount[] = [],
  billing: { count: number; frequency: Frequency } = { count: prices[0].term_count, frequency: prices[0].frequency },
) => computeAcv({ prices, discounts, billing_term: billing, now });
const discount = (over: Partial<MrrDiscount>): MrrDiscount => ({
  type: 'DISCOUNT_PERCENT',
  amount_in_cents: null,
  percent: null,
  cap_in_cents: null,
  expiration_date: null,
  product_pricing_id: null,
  ...over,
});

describe('ACV', () => {
  it.each([
    ['MONTH', 1, 5_800, 1, 69_600], // $58.00 a month → × 12
    ['MONTH', 1, 1_000, 3, 36_000], // 3 seats
    ['YEAR', 1, 100_000, 1, 100_000], // yearly counts once, exactly (not 12 × 8333)
    ['YEAR', 2, 100_000, 1, 50_000], // a price per two years: half of it a year
    ['QUARTER', 1, 30_000, 1, 120_000],
    ['BI_ANNUAL', 1, 60_000, 1, 120_000],
    ['MONTH', 3, 30_000, 1, 120_000],
    ['WEEK', 1, 1_000, 1, 52_000],
    ['DAY', 1, 100, 1, 36_500],
  ] as const)('%s × %i at %i cents for %i unit(s) → %i cents a year', (frequency, count, cents, qty, expected) => {
    expect(acv([seat(cents, frequency, count, qty)])).toBe(expected);
  });

  it('excludes one-time prices and counts only the base price of usage prices', () => {
    const once: MrrPrice = { ...seat(99_999, 'ONETIME'), product_pricing_id: 'pp_2' };
    const usage: MrrPrice = {
      product_pricing_id: 'pp_3',
      frequency: 'MONTH',
      term_count: 1,
      pricing: { pricing_type: 'FIXED', base_price: 500, fixed_price: { price_per_unit: 7 } },
      licence: false,
      quantity: 0,
    };
    expect(acv([seat(1_000, 'MONTH'), once, usage])).toBe(12 * 1_000 + 12 * 500);
  });

  it('applies discounts: percent on a pricing, an invoice amount once per billing period, never below zero', () => {
    expect(acv([seat(10_000, 'MONTH')], [discount({ percent: 0.25, product_pricing_id: 'pp_1' })])).toBe(90_000);
    expect(acv([seat(10_000, 'MONTH')], [discount({ type: 'DISCOUNT_AMOUNT', amount_in_cents: 1_000 })])).toBe(108_000);
    expect(acv([seat(100_000, 'YEAR')], [discount({ type: 'DISCOUNT_AMOUNT', amount_in_cents: 10_000 })])).toBe(90_000);
    expect(acv([seat(1_000, 'MONTH')], [discount({ type: 'DISCOUNT_AMOUNT', amount_in_cents: 5_000 })])).toBe(0);
    expect(acv([seat(10_000, 'MONTH')], [discount({ percent: 0.5, cap_in_cents: 1_000 })])).toBe(108_000);
  });

  it('ignores a discount that has expired', () => {
    const expired = discount({ percent: 0.5, expiration_date: new Date('2026-12-31T00:00:00.000Z') });
    expect(acv([seat(10_000, 'MONTH')], [expired])).toBe(120_000);
  });

  it('rounds once for the year, half away from zero', () => {
    expect(acv([seat(1, 'YEAR', 2, 1)])).toBe(1); // 0.5 → 1
    expect(acv([seat(1, 'YEAR', 3, 1)])).toBe(0); // 0.33 → 0
    expect(acv([seat(0.125, 'MONTH', 1, 1)])).toBe(2); // 1.5 → 2
  });
});
