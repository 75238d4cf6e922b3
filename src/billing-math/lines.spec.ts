import {
  BillingMathError,
  FULL_SHARE,
  InvoiceLine,
  Pricing,
  amountLine,
  applyShare,
  minimumSpendLine,
  minimumSpendTrueUp,
  pricingLines,
  prorationFor,
  prorationShare,
  share,
  shareToDecimal,
  unitPriceLine,
} from './index';

const d = (iso: string) => new Date(iso);
// April 2027 has 30 days
const APRIL = { start: d('2027-04-01T00:00:00Z'), end: d('2027-05-01T00:00:00Z') };
const TEN_DAYS_IN = d('2027-04-11T00:00:00Z');

describe('proration share', () => {
  it('a change 10 days into a 30-day period: 20/30 for the rest, 10/30 before', () => {
    const rest = prorationShare(APRIL.start, APRIL.end, TEN_DAYS_IN, APRIL.end);
    expect(rest.numerator / rest.denominator).toBe(20 / 30);
    expect(shareToDecimal(rest).toDecimalPlaces(6).toFixed()).toBe('0.666667');
    const before = prorationShare(APRIL.start, APRIL.end, APRIL.start, TEN_DAYS_IN);
    expect(before.numerator * 3).toBe(before.denominator);
  });
  it('clamps to the period and to [0, 1]', () => {
    const s = prorationShare(APRIL.start, APRIL.end, d('2027-03-01T00:00:00Z'), d('2027-06-01T00:00:00Z'));
    expect(s.numerator).toBe(s.denominator);
    expect(prorationShare(APRIL.start, APRIL.end, d('2027-05-02T00:00:00Z'), d('2027-06-01T00:00:00Z')).numerator).toBe(0);
    expect(prorationShare(APRIL.start, APRIL.end, APRIL.end, APRIL.start).numerator).toBe(0);
    expect(() => prorationShare(APRIL.end, APRIL.start, APRIL.start, APRIL.end)).toThrow(BillingMathError);
  });
  it('is exact: 4.5 cents × 1/3 is 1.5 and rounds to 2 (a decimal 0.333… would give 1)', () => {
    const third = prorationShare(APRIL.start, APRIL.end, APRIL.start, TEN_DAYS_IN);
    expect(applyShare('4.5', third).toFixed()).toBe('1.5');
    expect(unitPriceLine({ name: 'x', quantity: 1, unit_price: '4.5', share: third }).amount_cents).toBe(2);
  });
  it('NONE never prorates; PRORATE_ALL (the default) gives the share, null when empty', () => {
    expect(prorationFor('NONE', APRIL, TEN_DAYS_IN, APRIL.end)).toBeNull();
    expect(prorationFor(undefined, APRIL, TEN_DAYS_IN, APRIL.end)).toEqual(prorationShare(APRIL.start, APRIL.end, TEN_DAYS_IN, APRIL.end));
    expect(prorationFor('PRORATE_ALL', APRIL, APRIL.end, APRIL.end)).toBeNull();
    expect(() => prorationFor('SOMETIMES' as never, APRIL, TEN_DAYS_IN, APRIL.end)).toThrow(BillingMathError);
  });
  it('share() checks its bounds', () => {
    expect(() => share(2, 1)).toThrow(BillingMathError);
    expect(() => share(0, 0)).toThrow(BillingMathError);
  });
});

describe('invoice lines: rounded once', () => {
  const rest = prorationShare(APRIL.start, APRIL.end, TEN_DAYS_IN, APRIL.end);

  it('a plan change 10 days into April: credit 20/30 of the old price, charge 20/30 of the new', () => {
    const credit = unitPriceLine({ name: 'Old plan', quantity: 1, unit_price: 1500, share: rest, credit: true, period: APRIL });
    const charge = unitPriceLine({ name: 'New plan', quantity: 1, unit_price: 3000, share: rest, period: APRIL });
    expect([credit.amount_cents, charge.amount_cents]).toEqual([-1000, 2000]);
    expect([credit.prorated, charge.prorated]).toEqual([true, true]);
    expect(charge.period_start).toEqual(APRIL.start);
  });
  it('a credit line is the exact negative of its charge line (rounding is symmetric)', () => {
    const charge = unitPriceLine({ name: 'x', quantity: 1, unit_price: 1000, share: rest });
    const credit = unitPriceLine({ name: 'x', quantity: 1, unit_price: 1000, share: rest, credit: true });
    expect([charge.amount_cents, credit.amount_cents]).toEqual([667, -667]);
  });
  it('rounds the exact amount of the line half away from zero: 5 × 0.1 = 0.5 → 1, 15 × 0.1 = 1.5 → 2', () => {
    const small = unitPriceLine({ name: 'x', quantity: 5, unit_price: '0.1' });
    expect([small.amount_cents, small.quantity, small.unit_price, small.prorated]).toEqual([1, '5', '0.1', false]);
    expect(unitPriceLine({ name: 'x', quantity: 15, unit_price: '0.1' }).amount_cents).toBe(2);
    expect(unitPriceLine({ name: 'x', quantity: 12345, unit_price: '0.2' }).amount_cents).toBe(2469);
  });
  it('amountLine rounds a given unrounded amount once', () => {
    expect(amountLine({ name: 'x', amount: '1550.5' }).amount_cents).toBe(1551);
    expect(amountLine({ name: 'x', amount: '1550.5', credit: true }).amount_cents).toBe(-1551);
  });
  it('pricingLines writes a base line and a charge line, each prorated and rounded once', () => {
    const p: Pricing = { pricing_type: 'FIXED', base_price: 1000, base_units: 10, fixed_price: { price_per_unit: '0.75' } };
    const lines = pricingLines({
      name: 'API calls',
      base_name: 'Platform fee',
      pricing: p,
      quantity: 14,
      share: rest,
      product_pricing_id: 'pp_1',
      item_id: 'bi_1',
    });
    expect(lines.map((l) => [l.kind, l.name, l.quantity, l.unit_price, l.amount_cents, l.prorated, l.product_pricing_id])).toEqual([
      ['BASE', 'Platform fee', '1', '1000', 667, true, 'pp_1'],
      ['CHARGE', 'API calls', '4', '0.75', 2, true, 'pp_1'], // 4 × 0.75 × 2/3 = 2
    ]);
    const tiered = pricingLines({
      name: 't',
      pricing: { pricing_type: 'STEP', step_price: { price_per_step: 10, step_size: 5 } },
      quantity: 6,
    });
    expect(tiered.map((l) => [l.kind, l.unit_price, l.amount_cents])).toEqual([['CHARGE', null, 20]]);
  });
});

describe('minimum spend true-up', () => {
  const charge = (cents: number): InvoiceLine => amountLine({ name: 'usage', amount: cents, product_pricing_id: 'pp_1' });
  it('adds the difference when the period comes to less', () => {
    const line = minimumSpendLine({ minimum_spend: 10000, lines: [charge(7000), charge(500)], product_pricing_id: 'pp_1' })!;
    expect([line.kind, line.amount_cents, line.prorated, line.product_pricing_id, line.name]).toEqual([
      'MINIMUM_SPEND',
      2500,
      false,
      'pp_1',
      'Minimum spend true-up',
    ]);
  });
  it('adds nothing at or above the minimum, or without one', () => {
    expect(minimumSpendLine({ minimum_spend: 10000, lines: [charge(10000)] })).toBeNull();
    expect(minimumSpendLine({ minimum_spend: 10000, lines: [charge(12000)] })).toBeNull();
    expect(minimumSpendLine({ minimum_spend: null, lines: [] })).toBeNull();
  });
  it('prorates the minimum of a partial period (rounded once)', () => {
    const s = prorationShare(APRIL.start, APRIL.end, TEN_DAYS_IN, APRIL.end);
    expect(minimumSpendTrueUp(10000, 5000, s)).toEqual({ minimum_cents: 6667, charged_cents: 5000, true_up_cents: 1667, prorated: true });
    const line = minimumSpendLine({ minimum_spend: 10000, lines: [charge(5000)], share: s })!;
    expect([line.amount_cents, line.prorated]).toEqual([1667, true]);
    expect(minimumSpendTrueUp(10000, 0)).toEqual({ minimum_cents: 10000, charged_cents: 0, true_up_cents: 10000, prorated: false });
    expect(minimumSpendTrueUp(100, 0, FULL_SHARE).prorated).toBe(false);
  });
});
