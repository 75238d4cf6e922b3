/**
 * The rules applied to a planned invoice's lines, as tables (docs/billing-rules.md "Pricing
 * models and tiers", "Discounts", "Credits", "Totals", "Rounding"): the planner prices each line
 * through billing-math, and the totals are billing-math's `summarizeInvoice` of those lines, as
 * the writer computes them. Currencies and statuses are the API's and the ledger's (their tests
 * are e2e). No database.
 */
import { AmountCredit, Discount, Pricing, summarizeInvoice } from '../../../billing-math';
import { d, phase, plan, price, subscription, until } from './fixtures';

const monthOfUsage = (pricing: Pricing, units: string) => {
  const usage = price('calls', 'USAGE', '0');
  usage.price.pricing = pricing;
  const r = plan(subscription('2027-01-01'), [phase(1, '2027-01-01', [usage])], { usage: () => units }, until('2027-02-01'));
  return r.invoices[0].lines.map((l) => l.amount_cents);
};

const tiers = [
  { start: 0, end: 100, price_per_unit: '10' },
  { start: 100, end: null, price_per_unit: '5' },
];
const pricingCases: { name: string; pricing: Pricing; units: string; expected: number[] }[] = [
  { name: 'GRADIENT: 100 × 10 + 50 × 5', pricing: { pricing_type: 'GRADIENT', gradient_price: tiers }, units: '150', expected: [1250] },
  {
    name: 'VOLUME: 150 × 5',
    pricing: {
      pricing_type: 'VOLUME',
      volume_price: tiers.map((t) => ({ total_units_start: t.start, total_units_end: t.end, price_per_unit: t.price_per_unit })),
    },
    units: '150',
    expected: [750],
  },
  {
    name: 'GRADIENT: unit 100 is in the first tier; the first tier’s flat fee at zero units',
    pricing: { pricing_type: 'GRADIENT', gradient_price: [{ ...tiers[0], flat_price: '300' }, tiers[1]] },
    units: '0',
    expected: [300],
  },
  {
    name: 'STEP: every started block of 10',
    pricing: { pricing_type: 'STEP', step_price: { price_per_step: '40', step_size: '10' } },
    units: '21',
    expected: [120],
  },
  {
    name: 'a base price on its own line, its units included: 1000 + (150 − 100) × 0.2',
    pricing: { pricing_type: 'FIXED', base_price: 1000, base_units: 100, fixed_price: { price_per_unit: '0.2' } },
    units: '150',
    expected: [1000, 10],
  },
  {
    name: 'a fractional unit price, rounded once per line, half away from zero: 3 × 0.5 = 1.5 → 2',
    pricing: { pricing_type: 'FIXED', fixed_price: { price_per_unit: '0.5' } },
    units: '3',
    expected: [2],
  },
];

const seats = price('seats', 'LICENSE', '1000');
const totalsOf = (discounts: Discount[], licences = 3) => {
  const r = plan(subscription('2027-01-01'), [phase(1, '2027-01-01', [seats], licences)], {}, until('2027-01-01'));
  const t = summarizeInvoice({ lines: r.invoices[0].lines, invoice_date: d('2027-01-01'), discounts });
  return [t.sub_total_cents, t.discount_cents, t.total_cents];
};
const discountCases: { name: string; discounts: Discount[]; expected: number[] }[] = [
  { name: 'no discount: total = sub_total', discounts: [], expected: [3000, 0, 3000] },
  { name: 'an amount off', discounts: [{ name: 'a', type: 'DISCOUNT_AMOUNT', amount: 500 }], expected: [3000, 500, 2500] },
  {
    name: 'amounts before percents, percents compound',
    discounts: [
      { name: 'p', type: 'DISCOUNT_PERCENT', percent: '0.5' },
      { name: 'a', type: 'DISCOUNT_AMOUNT', amount: 1000 },
      { name: 'q', type: 'DISCOUNT_PERCENT', percent: '0.5' },
    ],
    expected: [3000, 2500, 500],
  },
  {
    name: 'a percent with a cap',
    discounts: [{ name: 'p', type: 'DISCOUNT_PERCENT', percent: '0.5', cap: 200 }],
    expected: [3000, 200, 2800],
  },
  { name: 'never below zero', discounts: [{ name: 'a', type: 'DISCOUNT_AMOUNT', amount: 99999 }], expected: [3000, 3000, 0] },
  {
    name: 'an expired discount is skipped',
    discounts: [{ name: 'a', type: 'DISCOUNT_AMOUNT', amount: 500, expiration_date: d('2026-12-31') }],
    expected: [3000, 0, 3000],
  },
];

describe('pricing models and tiers on planned lines', () => {
  it.each(pricingCases)('$name', (c) => expect(monthOfUsage(c.pricing, c.units)).toEqual(c.expected));
});

describe('discounts and totals of a planned invoice: [sub_total, discount, total]', () => {
  it.each(discountCases)('$name', (c) => expect(totalsOf(c.discounts)).toEqual(c.expected));

  it('credits are taken after discounts and never beyond what is due', () => {
    const r = plan(subscription('2027-01-01'), [phase(1, '2027-01-01', [seats], 3)], {}, until('2027-01-01'));
    const credits: AmountCredit[] = [{ id: 'cr_1', amount_cents: 5000, expiration_date: null, created_at: d('2026-12-01') }];
    const t = summarizeInvoice({ lines: r.invoices[0].lines, invoice_date: d('2027-01-01'), discounts: [], credits });
    expect([t.sub_total_cents, t.credit_cents, t.total_cents]).toEqual([3000, 3000, 0]);
  });
});
