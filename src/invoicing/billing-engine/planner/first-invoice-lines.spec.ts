/**
 * One-time items' table (docs/billing-rules.md "One-time items"; decisions 1, 9, 10): inputs →
 * the invoices planned, [date, kind, line cents]. No database.
 */
import { unitPriceLine } from '../../../billing-math';
import { d, phase, planned, price, RuleCase, subscription, until } from './fixtures';
import type { OneTimeCharge } from './state';

const P = 'SUBSCRIPTION_PERIOD';
const seats = price('seats', 'LICENSE', '1000');
const setup = price('setup', 'FIXED', '5000', { recurring: false });
const calls = price('calls', 'USAGE', '1');

const charge = (id: string, created: string, cents: number): OneTimeCharge => ({
  id,
  created_at: d(created),
  lines: [{ ...unitPriceLine({ name: id, quantity: '1', unit_price: cents }), one_time_id: id }],
});

const item = { name: 'Onboarding', quantity: '3', unit_price_cents: 250, prices: [], product_pricing_id: null };

const cases: RuleCase[] = [
  {
    name: 'a plan’s one-time price goes on the first invoice only',
    sub: subscription('2027-01-01'),
    phases: [phase(1, '2027-01-01', [seats, setup])],
    driver: until('2027-02-01'),
    expected: [
      ['2027-01-01', P, [5000, 1000]],
      ['2027-02-01', P, [1000]],
    ],
  },
  {
    name: 'the subscription’s one-time items too: 3 × 250 = 750',
    sub: subscription('2027-01-01', { onetime_items: [item] }),
    phases: [phase(1, '2027-01-01', [seats])],
    driver: until('2027-02-01'),
    expected: [
      ['2027-01-01', P, [750, 1000]],
      ['2027-02-01', P, [1000]],
    ],
  },
  {
    name: 'a usage-only plan with a one-time price has a first invoice at the start (decision 1)',
    sub: subscription('2027-01-01'),
    phases: [phase(1, '2027-01-01', [calls, setup])],
    history: { usage: () => '7' },
    driver: until('2027-02-01'),
    expected: [
      ['2027-01-01', P, [5000]],
      ['2027-02-01', P, [7]],
    ],
  },
  {
    name: 'a NEXT one-time charge goes on the first invoice dated at or after its creation, once',
    sub: subscription('2027-01-01'),
    phases: [phase(1, '2027-01-01', [seats])],
    history: { oneTimes: [charge('otb_1', '2027-01-15', 4200), charge('otb_2', '2027-02-01', 300)] },
    driver: until('2027-03-01'),
    expected: [
      ['2027-01-01', P, [1000]],
      ['2027-02-01', P, [4200, 300, 1000]],
      ['2027-03-01', P, [1000]],
    ],
  },
  {
    name: 'a recompute puts every pending one-time charge on the invoice it recomputes',
    sub: subscription('2027-01-01'),
    phases: [phase(1, '2027-01-01', [calls])],
    history: { usage: () => '7', oneTimes: [charge('otb_1', '2027-05-01', 4200)] },
    driver: { mode: 'recompute', key: `subs_1@${d('2027-02-01').toISOString()}` },
    expected: [['2027-02-01', P, [7, 4200]]],
  },
];

describe('one-time items', () => {
  it.each(cases)('$name', (c) => expect(planned(c)).toEqual(c.expected));
});
