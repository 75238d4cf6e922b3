/**
 * The period-boundary rule's table (docs/billing-rules.md "Periods and anchors", "Billing terms",
 * "Charge types", "Prices and quantities", "Minimum units", "Trials", "Exactly-once keys"):
 * inputs → the invoices planned, [date, kind, line cents]. No database.
 */
import { d, MONTH, phase, planned, price, QUARTER, RuleCase, subscription, until, writtenPeriod, YEAR } from './fixtures';

const P = 'SUBSCRIPTION_PERIOD';
const seats = price('seats', 'LICENSE', '1000');
const WEEK = { count: 1, frequency: 'WEEK' as const };

const periods: RuleCase[] = [
  {
    name: 'monthly from Jan 31: the anchor day clamped to shorter months, and back (2 seats × 1000)',
    sub: subscription('2027-01-31'),
    phases: [phase(1, '2027-01-31', [seats], 2)],
    driver: until('2027-04-30'),
    expected: [
      ['2027-01-31', P, [2000]],
      ['2027-02-28', P, [2000]],
      ['2027-03-31', P, [2000]],
      ['2027-04-30', P, [2000]],
    ],
  },
  {
    name: 'yearly from Feb 29: Feb 28 in a common year',
    sub: subscription('2028-02-29'),
    phases: [phase(1, '2028-02-29', [price('plan', 'FIXED', '50000', { term: YEAR })], 1, { term: YEAR })],
    driver: until('2029-03-01'),
    expected: [
      ['2028-02-29', P, [50000]],
      ['2029-02-28', P, [50000]],
    ],
  },
  {
    name: 'weekly: exactly 7 × 24 h',
    sub: subscription('2027-01-04'),
    phases: [phase(1, '2027-01-04', [price('plan', 'FIXED', '700', { term: WEEK })], 1, { term: WEEK })],
    driver: until('2027-01-18'),
    expected: [
      ['2027-01-04', P, [700]],
      ['2027-01-11', P, [700]],
      ['2027-01-18', P, [700]],
    ],
  },
  {
    name: 'quarterly billing term: every recurring price on the plan’s schedule',
    sub: subscription('2027-01-15'),
    phases: [phase(1, '2027-01-15', [price('plan', 'FIXED', '36000', { term: QUARTER })], 1, { term: QUARTER })],
    driver: until('2027-07-15'),
    expected: [
      ['2027-01-15', P, [36000]],
      ['2027-04-15', P, [36000]],
      ['2027-07-15', P, [36000]],
    ],
  },
  {
    name: 'a custom anchor after the start: [start, anchor) is not billed (decision 8)',
    sub: subscription('2027-03-01', { billing_start: d('2027-03-10') }),
    phases: [phase(1, '2027-03-01', [seats], 1, { term: MONTH })],
    driver: until('2027-04-10'),
    expected: [
      ['2027-03-10', P, [1000]],
      ['2027-04-10', P, [1000]],
    ],
  },
];

const calls = price('calls', 'USAGE', '0.5');
const chargeTypes: RuleCase[] = [
  {
    name: 'POST_ONLY licences and usage in arrears: no invoice at the start, February on Mar 1 (2 × 3000; 1001 × 0.5 = 500.5 → 501)',
    sub: subscription('2027-02-01'),
    phases: [phase(1, '2027-02-01', [price('post', 'LICENSE', '3000', { charge_type: 'POST_ONLY' }), calls], 2)],
    history: { usage: () => '1001' },
    driver: until('2027-03-01'),
    expected: [['2027-03-01', P, [6000, 501]]],
  },
  {
    name: 'PRE_POST seats and usage: one invoice carries the closed period’s usage, then the new period’s seats',
    sub: subscription('2027-01-01'),
    phases: [phase(1, '2027-01-01', [seats, calls], 1)],
    history: { usage: () => '40' },
    driver: until('2027-02-01'),
    expected: [
      ['2027-01-01', P, [1000]],
      ['2027-02-01', P, [20, 1000]],
    ],
  },
  {
    name: 'a later billing date always gets an invoice, an empty usage one included',
    sub: subscription('2027-01-01'),
    phases: [phase(1, '2027-01-01', [calls])],
    driver: until('2027-03-01'),
    expected: [
      ['2027-02-01', P, [0]],
      ['2027-03-01', P, [0]],
    ],
  },
];

const quantities: RuleCase[] = [
  {
    name: 'licences × price; a fixed price for 1 whatever the licences',
    sub: subscription('2027-01-01'),
    phases: [phase(1, '2027-01-01', [seats, price('platform', 'FIXED', '2500')], 3)],
    driver: until('2027-01-01'),
    expected: [['2027-01-01', P, [3000, 2500]]],
  },
  {
    name: 'minimum units: 2 licences charged as 5',
    sub: subscription('2027-01-01'),
    phases: [
      (() => {
        const p = phase(1, '2027-01-01', [seats], 2);
        return { ...p, config_items: p.config_items.map((c) => ({ ...c, minimum_units: 5 })) };
      })(),
    ],
    driver: until('2027-01-01'),
    expected: [['2027-01-01', P, [5000]]],
  },
];

const trialsAndKeys: RuleCase[] = [
  {
    name: 'trial: billing starts at the trial end',
    sub: subscription('2027-03-01', { billing_start: d('2027-03-15') }),
    phases: [phase(1, '2027-03-01', [seats])],
    driver: until('2027-04-15'),
    expected: [
      ['2027-03-15', P, [1000]],
      ['2027-04-15', P, [1000]],
    ],
  },
  {
    name: 'trial: usage during the trial is not charged (only [Mar 15, Apr 15): 30 × 0.5)',
    sub: subscription('2027-03-01', { billing_start: d('2027-03-15') }),
    phases: [phase(1, '2027-03-01', [calls])],
    history: { usage: (_p, start) => (start.getTime() < d('2027-03-15').getTime() ? '1000' : '30') },
    driver: until('2027-04-15'),
    expected: [['2027-04-15', P, [15]]],
  },
  {
    name: 'an invoice written already is not planned again; the next continues from what it billed',
    sub: subscription('2027-01-31'),
    phases: [phase(1, '2027-01-31', [seats])],
    history: { written: writtenPeriod('2027-01-31', '2027-02-28') },
    driver: until('2027-02-28'),
    expected: [['2027-02-28', P, [1000]]],
  },
  {
    name: 'preview: the first invoice not written yet, whatever the date',
    sub: subscription('2027-01-01'),
    phases: [phase(1, '2027-01-01', [seats])],
    history: { written: writtenPeriod('2027-01-01', '2027-02-01') },
    driver: { mode: 'preview' },
    expected: [['2027-02-01', P, [1000]]],
  },
];

describe('period boundary: periods, anchors and terms', () => {
  it.each(periods)('$name', (c) => expect(planned(c)).toEqual(c.expected));
});

describe('period boundary: charge types', () => {
  it.each(chargeTypes)('$name', (c) => expect(planned(c)).toEqual(c.expected));
});

describe('period boundary: prices, quantities and minimum units', () => {
  it.each(quantities)('$name', (c) => expect(planned(c)).toEqual(c.expected));
});

describe('period boundary: trials and exactly-once keys', () => {
  it.each(trialsAndKeys)('$name', (c) => expect(planned(c)).toEqual(c.expected));
});
