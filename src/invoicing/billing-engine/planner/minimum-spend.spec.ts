/**
 * The minimum-spend step's table (docs/billing-rules.md "Minimum spend"): inputs → the invoices
 * planned, [date, kind, line cents]; the true-up goes on the invoice that closes the period. No
 * database.
 */
import { d, phase, plan, planned, price, RuleCase, subscription, until } from './fixtures';

const P = 'SUBSCRIPTION_PERIOD';
const X = 'SUBSCRIPTION_CANCEL';
const seats = price('seats', 'LICENSE', '1000');

const cases: RuleCase[] = [
  {
    name: 'a price’s minimum: usage 1200 of a 5000 minimum → a true-up of 3800 on the closing invoice',
    sub: subscription('2027-01-01'),
    phases: [phase(1, '2027-01-01', [price('calls', 'USAGE', '1', { minimum_spend_cents: 5000 })])],
    history: { usage: () => '1200' },
    driver: until('2027-02-01'),
    expected: [['2027-02-01', P, [1200, 3800]]],
  },
  {
    name: 'a price’s minimum counts its advance lines billed at the start: 1000 of 2500 → 1500',
    sub: subscription('2027-01-01'),
    phases: [phase(1, '2027-01-01', [price('seats', 'LICENSE', '1000', { minimum_spend_cents: 2500 })])],
    driver: until('2027-02-01'),
    expected: [
      ['2027-01-01', P, [1000]],
      ['2027-02-01', P, [1500, 1000]],
    ],
  },
  {
    name: 'the subscription’s minimum counts every line of the period: 1000 + usage 300 of 5000 → 3700',
    sub: subscription('2027-01-01', { minimum_spend_cents: 5000 }),
    phases: [phase(1, '2027-01-01', [seats, price('calls', 'USAGE', '1')])],
    history: { usage: () => '300' },
    driver: until('2027-02-01'),
    expected: [
      ['2027-01-01', P, [1000]],
      ['2027-02-01', P, [300, 3700, 1000]],
    ],
  },
  {
    name: 'a period that comes to more owes nothing: no line',
    sub: subscription('2027-01-01', { minimum_spend_cents: 500 }),
    phases: [phase(1, '2027-01-01', [seats])],
    driver: until('2027-02-01'),
    expected: [
      ['2027-01-01', P, [1000]],
      ['2027-02-01', P, [1000]],
    ],
  },
  {
    // [Jun 1, Jun 16) of 30 days: 6000 × 15/30 = 3000 owed, usage 100 → 2900
    name: 'the partial last period of a cancellation owes the minimum × its share',
    sub: subscription('2027-06-01', { end_date: d('2027-06-16'), minimum_spend_cents: 6000 }),
    phases: [phase(1, '2027-06-01', [price('calls', 'USAGE', '1')])],
    history: { usage: () => '100' },
    driver: until('2027-07-01'),
    expected: [['2027-06-16', X, [100, 2900]]],
  },
];

describe('minimum spend', () => {
  it.each(cases)('$name', (c) => expect(planned(c)).toEqual(c.expected));

  it('the true-up line is a MINIMUM_SPEND line, prorated on a partial period', () => {
    const last = cases[4];
    const r = plan(last.sub, last.phases, last.history!, last.driver);
    expect(r.invoices[0].lines.map((l) => [l.kind, l.prorated])).toEqual([
      ['CHARGE', false],
      ['MINIMUM_SPEND', true],
    ]);
  });
});
