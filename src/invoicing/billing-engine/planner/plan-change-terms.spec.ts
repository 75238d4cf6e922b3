import { d, phasesOf, Plan, plan, subscription, summary } from './fixtures';

/**
 * A change onto another billing term keeps the anchor, so the new schedule may have no billing
 * date where the old plan's billed period ends. Dated exactly there, the change bills the new
 * plan from its instant to the new schedule's next billing date — the same stretch and cents as
 * the change dated 1 ms later, on an invoice of its own at the change instant
 * (docs/billing-rules.md#changes). 1 ms either side, the ordinary proration applies.
 *
 * Plans: monthly 129.00, quarterly 360.00, yearly 1,188.00, anchored on Jul 19 2027. Yearly
 * period [Jul 19 2027, Jul 19 2028) = 366 days (Feb 29 2028); quarter [Oct 19 2027, Jan 19 2028)
 * = 31 + 30 + 31 = 92 days; Nov 19 2027 → Jul 19 2028 = 30+31+31+29+31+30+31+30 = 243 days.
 * Cents round half away from zero.
 */
const ms = (s: string, delta: number) => new Date(d(s).getTime() + delta);
const P = 'SUBSCRIPTION_PERIOD';
const C = 'SUBSCRIPTION_CHANGE';
const monthlyJulToOct: [string, string, number[]][] = ['2027-07-19', '2027-08-19', '2027-09-19', '2027-10-19'].map((x) => [x, P, [12900]]);

interface Case {
  name: string;
  from: Plan;
  to: Plan;
  at: Date;
  proration: 'NEXT' | 'IMMEDIATE' | 'NONE';
  until: string;
  expected: [string, string, number[]][];
}

const cases: Case[] = [
  // monthly → yearly (a longer term): the yearly schedule has no billing date on Nov 19
  ...(['NEXT', 'IMMEDIATE', 'NONE'] as const).map((proration): Case => ({
    name: `monthly → yearly exactly at the period end (${proration})`,
    from: 'monthly',
    to: 'yearly',
    at: d('2027-11-19'),
    proration,
    until: '2028-07-19',
    // nothing of the monthly plan to credit; 118800 × 243/366 = 78875.41 → 78875 for Nov 19 → Jul 19
    expected: [...monthlyJulToOct, ['2027-11-19', C, [78875]], ['2028-07-19', P, [118800]]],
  })),
  {
    name: 'monthly → yearly 1 ms before the period end (IMMEDIATE)',
    from: 'monthly',
    to: 'yearly',
    at: ms('2027-11-19', -1),
    proration: 'IMMEDIATE',
    until: '2028-07-19',
    // credit −12900 × 1 ms/31 d → 0; charge 118800 × (243 d + 1 ms)/366 d = 78875.41 → 78875
    expected: [...monthlyJulToOct, ['2027-11-18', C, [0, 78875]], ['2028-07-19', P, [118800]]],
  },
  {
    name: 'monthly → yearly 1 ms before the period end (NEXT)',
    from: 'monthly',
    to: 'yearly',
    at: ms('2027-11-19', -1),
    proration: 'NEXT',
    until: '2028-07-19',
    // the same credit (0) and charge (78875) on the next billing date of the yearly schedule
    expected: [...monthlyJulToOct, ['2028-07-19', P, [0, 78875, 118800]]],
  },
  {
    name: 'monthly → yearly 1 ms after the period end (IMMEDIATE)',
    from: 'monthly',
    to: 'yearly',
    at: ms('2027-11-19', 1),
    proration: 'IMMEDIATE',
    until: '2028-07-19',
    // Nov 19 billed monthly; credit −12900 × (30 d − 1 ms)/30 d = −12899.99… → −12900;
    // charge 118800 × (243 d − 1 ms)/366 d = 78875.41 → 78875
    expected: [...monthlyJulToOct, ['2027-11-19', P, [12900]], ['2027-11-19', C, [-12900, 78875]], ['2028-07-19', P, [118800]]],
  },
  {
    name: 'monthly → yearly 1 ms after the period end (NEXT)',
    from: 'monthly',
    to: 'yearly',
    at: ms('2027-11-19', 1),
    proration: 'NEXT',
    until: '2028-07-19',
    expected: [...monthlyJulToOct, ['2027-11-19', P, [12900]], ['2028-07-19', P, [-12900, 78875, 118800]]],
  },

  // monthly → quarterly at Dec 19: the quarterly schedule's next billing date is Jan 19
  ...(['NEXT', 'IMMEDIATE', 'NONE'] as const).map((proration): Case => ({
    name: `monthly → quarterly exactly at the period end (${proration})`,
    from: 'monthly',
    to: 'quarterly',
    at: d('2027-12-19'),
    proration,
    until: '2028-01-19',
    // 36000 × 31/92 = 12130.43 → 12130 for Dec 19 → Jan 19
    expected: [...monthlyJulToOct, ['2027-11-19', P, [12900]], ['2027-12-19', C, [12130]], ['2028-01-19', P, [36000]]],
  })),
  {
    name: 'monthly → quarterly 1 ms before the period end (IMMEDIATE)',
    from: 'monthly',
    to: 'quarterly',
    at: ms('2027-12-19', -1),
    proration: 'IMMEDIATE',
    until: '2028-01-19',
    // credit −12900 × 1 ms/30 d → 0; charge 36000 × (31 d + 1 ms)/92 d = 12130.43 → 12130
    expected: [...monthlyJulToOct, ['2027-11-19', P, [12900]], ['2027-12-18', C, [0, 12130]], ['2028-01-19', P, [36000]]],
  },
  {
    name: 'monthly → quarterly 1 ms after the period end (IMMEDIATE)',
    from: 'monthly',
    to: 'quarterly',
    at: ms('2027-12-19', 1),
    proration: 'IMMEDIATE',
    until: '2028-01-19',
    // credit −12900 × (31 d − 1 ms)/31 d → −12900; charge 36000 × (31 d − 1 ms)/92 d = 12130.43 → 12130
    expected: [
      ...monthlyJulToOct,
      ['2027-11-19', P, [12900]],
      ['2027-12-19', P, [12900]],
      ['2027-12-19', C, [-12900, 12130]],
      ['2028-01-19', P, [36000]],
    ],
  },
  {
    name: 'monthly → quarterly 1 ms after the period end (NEXT)',
    from: 'monthly',
    to: 'quarterly',
    at: ms('2027-12-19', 1),
    proration: 'NEXT',
    until: '2028-01-19',
    expected: [...monthlyJulToOct, ['2027-11-19', P, [12900]], ['2027-12-19', P, [12900]], ['2028-01-19', P, [-12900, 12130, 36000]]],
  },

  // yearly → monthly (a shorter term): Jul 19 2028 is a billing date of both schedules
  ...(['NEXT', 'IMMEDIATE', 'NONE'] as const).map((proration): Case => ({
    name: `yearly → monthly exactly at the period end (${proration})`,
    from: 'yearly',
    to: 'monthly',
    at: d('2028-07-19'),
    proration,
    until: '2028-08-19',
    // the monthly schedule's own billing date bills the first month in full: no change invoice
    expected: [
      ['2027-07-19', P, [118800]],
      ['2028-07-19', P, [12900]],
      ['2028-08-19', P, [12900]],
    ],
  })),
  {
    name: 'yearly → monthly 1 ms before the period end (IMMEDIATE)',
    from: 'yearly',
    to: 'monthly',
    at: ms('2028-07-19', -1),
    proration: 'IMMEDIATE',
    until: '2028-08-19',
    // credit −118800 × 1 ms/366 d → 0; charge 12900 × 1 ms/30 d (Jun 19 → Jul 19) → 0
    expected: [
      ['2027-07-19', P, [118800]],
      ['2028-07-18', C, [0, 0]],
      ['2028-07-19', P, [12900]],
      ['2028-08-19', P, [12900]],
    ],
  },
  {
    name: 'yearly → monthly 1 ms after the period end (IMMEDIATE)',
    from: 'yearly',
    to: 'monthly',
    at: ms('2028-07-19', 1),
    proration: 'IMMEDIATE',
    until: '2028-08-19',
    // Jul 19 2028 billed yearly; credit −118800 × (365 d − 1 ms)/365 d → −118800;
    // charge 12900 × (31 d − 1 ms)/31 d → 12900
    expected: [
      ['2027-07-19', P, [118800]],
      ['2028-07-19', P, [118800]],
      ['2028-07-19', C, [-118800, 12900]],
      ['2028-08-19', P, [12900]],
    ],
  },
  {
    name: 'yearly → monthly 1 ms after the period end (NEXT)',
    from: 'yearly',
    to: 'monthly',
    at: ms('2028-07-19', 1),
    proration: 'NEXT',
    until: '2028-08-19',
    expected: [
      ['2027-07-19', P, [118800]],
      ['2028-07-19', P, [118800]],
      ['2028-08-19', P, [-118800, 12900, 12900]],
    ],
  },
];

/** The invoices planned up to `until` for a change from one plan to another at `at`. */
function termChange(c: Pick<Case, 'from' | 'to' | 'at' | 'proration' | 'until'>) {
  return summary(
    plan(subscription('2027-07-19'), phasesOf(c.from, c.to, c.at, c.proration), {}, { mode: 'write', until: d(c.until) }).invoices,
  );
}

describe('plan change: to another billing term at, 1 ms before and 1 ms after the end of the billed period', () => {
  it.each(cases)('$name', (c) => expect(termChange(c)).toEqual(c.expected));
});
