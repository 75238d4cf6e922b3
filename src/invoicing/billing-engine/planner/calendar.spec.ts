/**
 * Calendar billing's table (docs/billing-rules.md "Calendar billing"): billing dates on the 1st at
 * 00:00 of the subscription's zone, the first partial period prorated. Inputs → the invoices
 * planned, [date (UTC day of the instant), kind, line cents]. No database.
 *
 * Europe/Paris, March 2027: clocks go forward on Mar 28, so March is 743 hours long there
 * (Mar 1 00:00 CET = Feb 28 23:00 UTC to Apr 1 00:00 CEST = Mar 31 22:00 UTC).
 */
import { zonedTerm } from '../../../billing-math';
import { d, phase, plan, planned, price, RuleCase, subscription, until } from './fixtures';

const P = 'SUBSCRIPTION_PERIOD';
const PARIS_MONTH = zonedTerm({ count: 1, frequency: 'MONTH' }, 'Europe/Paris');
const seats = price('seats', 'LICENSE', '4900');
const calls = price('calls', 'USAGE', '0.5');
/** Mar 15 2027 00:00 in Paris, and Apr 1 00:00 there. */
const START = '2027-03-14T23:00:00Z';
const APRIL = '2027-03-31T22:00:00Z';
const paris = subscription(START, { calendar_anchor: d(APRIL) });

const cases: RuleCase[] = [
  {
    name:
      'Paris, from Mar 15: the first partial period prorated over March’s 743 h (2 × 4900 × 407/743 = 5368.24 → 5368), ' +
      'its usage on Apr 1 (1001 × 0.5 = 500.5 → 501), then whole months on each 1st at 00:00 Paris',
    sub: paris,
    phases: [phase(1, START, [seats, calls], 2, { term: PARIS_MONTH })],
    history: { usage: (_p, start) => (start.getTime() === d(START).getTime() ? '1001' : '40') },
    driver: until('2027-04-30T22:00:00Z'),
    expected: [
      ['2027-03-14', P, [5368]],
      ['2027-03-31', P, [501, 9800]],
      ['2027-04-30', P, [20, 9800]],
    ],
  },
  {
    name:
      'Paris, a change 2 → 3 seats on Mar 24 00:00 (191 of 743 h left): −round(9800 × 191/743) = −2519, ' +
      'round(14700 × 191/743) = 3779 on Apr 1',
    sub: paris,
    phases: [
      phase(1, START, [seats], 2, { term: PARIS_MONTH }),
      phase(2, START, [seats], 3, { term: PARIS_MONTH, starts_at: d('2027-03-23T23:00:00Z') }),
    ],
    driver: until(APRIL),
    expected: [
      ['2027-03-14', P, [5368]],
      ['2027-03-31', P, [-2519, 3779, 14700]],
    ],
  },
  {
    name: 'POST_ONLY in a calendar month: nothing at the start; Apr 1 bills round(3000 × 407/743) = round(1643.34) = 1643',
    sub: paris,
    phases: [phase(1, START, [price('support', 'FIXED', '3000', { charge_type: 'POST_ONLY' })], 1, { term: PARIS_MONTH })],
    driver: until('2027-04-30T22:00:00Z'),
    expected: [
      ['2027-03-31', P, [1643]],
      ['2027-04-30', P, [3000]],
    ],
  },
  {
    name: 'UTC, from Mar 15: 17 of 31 days, round(9800 × 17/31) = round(5374.19) = 5374',
    sub: subscription('2027-03-15', { calendar_anchor: d('2027-04-01') }),
    phases: [phase(1, '2027-03-15', [seats], 2)],
    driver: until('2027-04-01'),
    expected: [
      ['2027-03-15', P, [5374]],
      ['2027-04-01', P, [9800]],
    ],
  },
  {
    name: 'a start on a calendar boundary has no partial period',
    sub: subscription('2027-04-01', { calendar_anchor: d('2027-04-01') }),
    phases: [phase(1, '2027-04-01', [seats], 2)],
    driver: until('2027-05-01'),
    expected: [
      ['2027-04-01', P, [9800]],
      ['2027-05-01', P, [9800]],
    ],
  },
];

describe('calendar billing', () => {
  it.each(cases)('$name', (c) => expect(planned(c)).toEqual(c.expected));

  it('dates each invoice at 00:00 on the 1st in Paris, and its first period from the start', () => {
    const result = plan(paris, [phase(1, START, [seats], 2, { term: PARIS_MONTH })], {}, until('2027-11-01'));
    expect(result.invoices.map((x) => x.date.toISOString())).toEqual([
      '2027-03-14T23:00:00.000Z',
      '2027-03-31T22:00:00.000Z',
      '2027-04-30T22:00:00.000Z',
      '2027-05-31T22:00:00.000Z',
      '2027-06-30T22:00:00.000Z',
      '2027-07-31T22:00:00.000Z',
      '2027-08-31T22:00:00.000Z',
      '2027-09-30T22:00:00.000Z',
      '2027-10-31T23:00:00.000Z',
    ]);
    expect([result.invoices[0].period_start.toISOString(), result.invoices[0].period_end.toISOString()]).toEqual([
      '2027-03-14T23:00:00.000Z',
      '2027-03-31T22:00:00.000Z',
    ]);
  });
});
