/**
 * The plan-change and anchor-reset rules' table (docs/billing-rules.md "Proration", "Changes",
 * "Scheduled changes and timing"): inputs → the invoices planned, [date, kind, line cents]. The
 * changes to another term at the end of a billed period are in plan-change-terms.spec.ts. No
 * database.
 */
import { d, phase, planned, price, RuleCase, subscription, until } from './fixtures';

const P = 'SUBSCRIPTION_PERIOD';
const C = 'SUBSCRIPTION_CHANGE';
const seats = price('seats', 'LICENSE', '1000');
const calls = price('calls', 'USAGE', '1');
const fromMar1 = subscription('2027-03-01');

const proration: RuleCase[] = [
  {
    // 21/31 left: −3000 × 21/31 = −2032.26 → −2032; 5000 × 21/31 = 3387.10 → 3387; usage 10 before, 20 after
    name: 'NEXT: credit and charge for the rest of the period on the next invoice, after its usage split at the change',
    sub: subscription('2027-01-01'),
    phases: [phase(1, '2027-01-01', [seats, calls], 3), phase(2, '2027-01-11', [seats, calls], 5, { proration_type: 'NEXT' })],
    history: { usage: (_p, start) => (start.getUTCDate() === 1 ? '10' : '20') },
    driver: until('2027-02-01'),
    expected: [
      ['2027-01-01', P, [3000]],
      ['2027-02-01', P, [10, 20, -2032, 3387, 5000]],
    ],
  },
  {
    // 15/31 left: −5000 × 15/31 = −2419.35 → −2419; 2000 × 15/31 = 967.74 → 968
    name: 'IMMEDIATE: an invoice of its own at the change instant',
    sub: fromMar1,
    phases: [phase(1, '2027-03-01', [seats], 5), phase(2, '2027-03-17', [seats], 2, { proration_type: 'IMMEDIATE' })],
    driver: until('2027-04-01'),
    expected: [
      ['2027-03-01', P, [5000]],
      ['2027-03-17', C, [-2419, 968]],
      ['2027-04-01', P, [2000]],
    ],
  },
  {
    name: 'NONE: no proration, the new plan from the next billing date',
    sub: fromMar1,
    phases: [phase(1, '2027-03-01', [seats], 3), phase(2, '2027-03-15', [seats], 1, { proration_type: 'NONE' })],
    driver: until('2027-04-01'),
    expected: [
      ['2027-03-01', P, [3000]],
      ['2027-04-01', P, [1000]],
    ],
  },
  {
    name: 'a price with proration_type NONE is never prorated, whatever the change asks: no change invoice',
    sub: fromMar1,
    phases: [
      phase(1, '2027-03-01', [price('flat', 'LICENSE', '1000', { proration_type: 'NONE' })], 5),
      phase(2, '2027-03-17', [price('flat', 'LICENSE', '1000', { proration_type: 'NONE' })], 2, { proration_type: 'IMMEDIATE' }),
    ],
    driver: until('2027-04-01'),
    expected: [
      ['2027-03-01', P, [5000]],
      ['2027-04-01', P, [2000]],
    ],
  },
];

const anchors: RuleCase[] = [
  {
    // credit −5000 × 15/31 → −2419; the new plan billed in advance from the change: [Mar 17, Apr 17)
    name: 'reset_billing_anchor: the change instant becomes a billing date of the new schedule',
    sub: fromMar1,
    phases: [
      phase(1, '2027-03-01', [seats], 5),
      phase(2, '2027-03-17', [seats], 2, { proration_type: 'IMMEDIATE', reset_billing_anchor: true }),
    ],
    driver: until('2027-04-17'),
    expected: [
      ['2027-03-01', P, [5000]],
      ['2027-03-17', C, [-2419, 2000]],
      ['2027-04-17', P, [2000]],
    ],
  },
  {
    name: 'reset_billing_anchor with proration NONE: nothing credited, the new plan from the change',
    sub: fromMar1,
    phases: [
      phase(1, '2027-03-01', [seats], 5),
      phase(2, '2027-03-17', [seats], 2, { proration_type: 'NONE', reset_billing_anchor: true }),
    ],
    driver: until('2027-03-17'),
    expected: [
      ['2027-03-01', P, [5000]],
      ['2027-03-17', C, [2000]],
    ],
  },
  {
    name: 'a change dated after the run’s instant bills nothing yet (decision 20: by its instant only)',
    sub: fromMar1,
    phases: [phase(1, '2027-03-01', [seats], 5), phase(2, '2027-03-17', [seats], 2, { proration_type: 'IMMEDIATE' })],
    driver: until('2027-03-16'),
    expected: [['2027-03-01', P, [5000]]],
  },
  {
    name: 'a change dated before billing starts (during a trial) bills nothing of its own',
    sub: subscription('2027-03-01', { billing_start: d('2027-03-15') }),
    phases: [phase(1, '2027-03-01', [seats], 5), phase(2, '2027-03-10', [seats], 2, { proration_type: 'IMMEDIATE' })],
    driver: until('2027-03-15'),
    expected: [['2027-03-15', P, [2000]]],
  },
];

describe('plan change: proration', () => {
  it.each(proration)('$name', (c) => expect(planned(c)).toEqual(c.expected));
});

describe('plan change: anchors and timing', () => {
  it.each(anchors)('$name', (c) => expect(planned(c)).toEqual(c.expected));
});
