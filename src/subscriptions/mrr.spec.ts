import type { Frequency } from '../billing-math/periods';
import { computeMrr, MrrPrice } from './mrr';

const seat = (cents: number, frequency: Frequency, count = 1, quantity = 1, pricingId = 'pp_1'): MrrPrice => ({
  product_pricing_id: pricingId,
  frequency,
  term_count: count,
  pricing: { pricing_type: 'FIXED', fixed_price: { price_per_unit: cents } },
  licence: true,
  quantity,
});
const now = new Date('2027-01-01T00:00:00.000Z');
const mrr = (prices: MrrPrice[], discounts: Parameters<typeof computeMrr>[0]['discounts'] = []) =>
  computeMrr({ prices, discounts, billing_term: { count: prices[0]?.term_count ?? 1, frequency: prices[0]?.frequency ?? 'MONTH' }, now });

describe('MRR normalisation', () => {
  it.each([
    ['YEAR', 1, 1_200_000, 100_000],
    ['BI_ANNUAL', 1, 60_000, 10_000],
    ['QUARTER', 1, 30_000, 10_000],
    ['BI_MONTH', 1, 20_000, 10_000],
    ['MONTH', 1, 10_000, 10_000],
    ['MONTH', 3, 30_000, 10_000],
    ['WEEK', 1, 1_200, 5_200], // × 52/12
    ['DAY', 1, 100, 3_042], // × 365/12 = 3041.67
    ['HOUR', 1, 1, 730], // × 8760/12
    ['YEAR', 2, 1_000, 42], // 1000 / 24 = 41.67
  ] as const)('%s × %i at %i cents → %i cents a month', (frequency, count, cents, expected) => {
    expect(mrr([seat(cents, frequency, count)])).toBe(expected);
  });

  it('licence prices count the quantity; usage prices only their base price; one-time prices nothing', () => {
    const usage: MrrPrice = {
      product_pricing_id: 'pp_2',
      frequency: 'MONTH',
      term_count: 1,
      pricing: { pricing_type: 'FIXED', base_price: 500, fixed_price: { price_per_unit: 7 } },
      licence: false,
      quantity: 0,
    };
    const once: MrrPrice = { ...seat(99_999, 'ONETIME'), product_pricing_id: 'pp_3' };
    expect(mrr([seat(1000, 'MONTH', 1, 3), usage, once])).toBe(3500);
  });

  it('rounds once, half away from zero', () => {
    expect(mrr([seat(1, 'YEAR', 1, 6)])).toBe(1); // 0.5 → 1
    expect(mrr([seat(1, 'YEAR', 1, 5)])).toBe(0); // 0.4166 → 0
    expect(mrr([seat(1, 'YEAR', 1, 6, 'a'), seat(1, 'YEAR', 1, 6, 'b')])).toBe(1); // 0.5 + 0.5, not 1 + 1
  });

  it('applies active discounts, never below zero', () => {
    const base = [seat(1000, 'MONTH', 1, 10)];
    const d = (over: object) => ({
      type: 'DISCOUNT_PERCENT' as const,
      amount_in_cents: null,
      percent: null,
      cap_in_cents: null,
      expiration_date: null,
      product_pricing_id: null,
      ...over,
    });
    expect(mrr(base, [d({ percent: 0.5 })])).toBe(5000);
    expect(mrr(base, [d({ percent: 0.5, cap_in_cents: 1000 })])).toBe(9000);
    expect(mrr(base, [d({ type: 'DISCOUNT_AMOUNT', amount_in_cents: 2500 })])).toBe(7500);
    expect(mrr(base, [d({ type: 'DISCOUNT_AMOUNT', amount_in_cents: 99_999 })])).toBe(0);
    expect(mrr(base, [d({ percent: 0.5, expiration_date: new Date('2026-12-31T00:00:00.000Z') })])).toBe(10000);
    expect(mrr(base, [d({ percent: 0.1, product_pricing_id: 'pp_other' })])).toBe(10000);
    // yearly amount discount is per invoice: normalised to the month
    expect(
      computeMrr({
        prices: [seat(1_200_000, 'YEAR')],
        discounts: [d({ type: 'DISCOUNT_AMOUNT', amount_in_cents: 120_000 })],
        billing_term: { count: 1, frequency: 'YEAR' },
        now,
      }),
    ).toBe(90_000);
  });
});
