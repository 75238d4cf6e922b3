import type { Frequency, Term } from '../billing-math/periods';
import { currentPeriodEnd, DateInputs, fixedEndDate, nextInvoiceDate, renewalDate, subscriptionStatus } from './subscription-dates';

/** Independent reference: anchor + n × months, day clamped to the month's length, time kept. */
function refAddMonths(anchor: Date, months: number): Date {
  const y = anchor.getUTCFullYear();
  const m = anchor.getUTCMonth() + months;
  const ty = y + Math.floor(m / 12);
  const tm = ((m % 12) + 12) % 12;
  const last = new Date(Date.UTC(ty, tm + 1, 0)).getUTCDate();
  return new Date(Date.UTC(ty, tm, Math.min(anchor.getUTCDate(), last), anchor.getUTCHours(), anchor.getUTCMinutes()));
}
const MONTHS: Partial<Record<Frequency, number>> = { MONTH: 1, BI_MONTH: 2, QUARTER: 3, BI_ANNUAL: 6, YEAR: 12 };
const FIXED: Partial<Record<Frequency, number>> = { HOUR: 3_600_000, DAY: 86_400_000, WEEK: 7 * 86_400_000 };
function refBoundary(anchor: Date, term: Term, n: number): Date {
  const months = MONTHS[term.frequency];
  if (months !== undefined) return refAddMonths(anchor, months * term.count * n);
  return new Date(anchor.getTime() + FIXED[term.frequency]! * term.count * n);
}
/** Boundaries of two years (bounded to 60 for the short frequencies). */
function boundariesOverTwoYears(anchor: Date, term: Term): Date[] {
  const end = refAddMonths(anchor, 24).getTime();
  const out: Date[] = [];
  for (let n = 1; out.length < 60; n++) {
    const b = refBoundary(anchor, term, n);
    if (b.getTime() > end) break;
    out.push(b);
  }
  return out;
}

const inputs = (anchor: Date, term: Term, over: Partial<DateInputs> = {}): DateInputs => ({
  start_date: anchor,
  billing_anchor_date: anchor,
  term,
  billing_term: term,
  end_date: null,
  post_only: false,
  ...over,
});

const ANCHOR_DAYS = [28, 29, 30, 31];
const YEARS = [2027, 2028]; // 2028 is a leap year
const FREQS: Frequency[] = ['HOUR', 'DAY', 'WEEK', 'MONTH', 'BI_MONTH', 'QUARTER', 'BI_ANNUAL', 'YEAR'];
const cases: [string, Date, Term][] = [];
for (const year of YEARS) {
  for (const day of ANCHOR_DAYS) {
    // January (so February clamps) for every frequency; term counts 1 and 2 for monthly ones
    for (const f of FREQS) {
      cases.push([`${year}-01-${day} ${f}`, new Date(Date.UTC(year, 0, day, 9, 30)), { count: 1, frequency: f }]);
    }
    cases.push([`${year}-01-${day} MONTH×2`, new Date(Date.UTC(year, 0, day, 9, 30)), { count: 2, frequency: 'MONTH' }]);
  }
}
cases.push(['2028-02-29 YEAR (leap day)', new Date(Date.UTC(2028, 1, 29)), { count: 1, frequency: 'YEAR' }]);
cases.push(['2027-08-31 QUARTER', new Date(Date.UTC(2027, 7, 31)), { count: 1, frequency: 'QUARTER' }]);

describe('subscription dates over two years', () => {
  it.each(cases)('%s: next_invoice_date and renewal_date step by calendar with month-end clamping', (_name, anchor, term) => {
    const expected = boundariesOverTwoYears(anchor, term);
    expect(expected.length).toBeGreaterThan(0);
    // at the anchor itself the next invoice is the anchor (billed in advance), renewal the first boundary
    expect(nextInvoiceDate(inputs(anchor, term), anchor)).toEqual(anchor);
    expect(renewalDate(inputs(anchor, term), anchor)).toEqual(expected[0]);
    let previous = anchor;
    for (const boundary of expected) {
      const justAfterPrevious = new Date(previous.getTime() + 1);
      expect(nextInvoiceDate(inputs(anchor, term), justAfterPrevious)).toEqual(boundary);
      expect(renewalDate(inputs(anchor, term), justAfterPrevious)).toEqual(boundary);
      expect(currentPeriodEnd(anchor, term, justAfterPrevious)).toEqual(boundary);
      // exactly on a boundary: that boundary is the billing date (>= now), the term ends one later
      expect(nextInvoiceDate(inputs(anchor, term), boundary)).toEqual(boundary);
      previous = boundary;
    }
  });

  it.each([
    ['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30'],
    ['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30'],
    ['2028-01-29', '2028-02-29', '2028-03-29', '2028-04-29'],
    ['2027-01-29', '2027-02-28', '2027-03-29', '2027-04-29'],
    ['2027-01-30', '2027-02-28', '2027-03-30', '2027-04-30'],
  ])('monthly from %s: %s, %s, %s (no drift)', (anchorDay, ...days) => {
    const anchor = new Date(`${anchorDay}T00:00:00.000Z`);
    const term: Term = { count: 1, frequency: 'MONTH' };
    let now = new Date(anchor.getTime() + 1);
    for (const d of days) {
      const got = nextInvoiceDate(inputs(anchor, term), now)!;
      expect(got.toISOString()).toBe(`${d}T00:00:00.000Z`);
      now = new Date(got.getTime() + 1);
    }
  });

  it('end_date of a non-renewing subscription is start + term; renewal_date = end_date; null once ended', () => {
    const start = new Date('2028-01-31T00:00:00.000Z');
    const term: Term = { count: 1, frequency: 'MONTH' };
    const end = fixedEndDate(start, term);
    expect(end.toISOString()).toBe('2028-02-29T00:00:00.000Z');
    const i = inputs(start, term, { end_date: end });
    expect(renewalDate(i, new Date('2028-02-10T00:00:00.000Z'))).toEqual(end);
    expect(nextInvoiceDate(i, new Date('2028-02-10T00:00:00.000Z'))).toEqual(end);
    expect(renewalDate(i, end)).toBeNull();
    expect(nextInvoiceDate(i, end)).toBeNull();
    expect(subscriptionStatus(end, false, new Date(end.getTime() - 1))).toBe('active');
    expect(subscriptionStatus(end, false, end)).toBe('cancelled');
    expect(subscriptionStatus(null, true, end)).toBe('unpaid');
  });

  it('before the anchor: the anchor (PRE_POST) or the end of the first period (POST_ONLY); term renews from the start', () => {
    const start = new Date('2027-03-31T00:00:00.000Z');
    const term: Term = { count: 1, frequency: 'MONTH' };
    const now = new Date('2027-03-01T00:00:00.000Z');
    expect(nextInvoiceDate(inputs(start, term), now)).toEqual(start);
    expect(nextInvoiceDate(inputs(start, term, { post_only: true }), now)?.toISOString()).toBe('2027-04-30T00:00:00.000Z');
    expect(renewalDate(inputs(start, term), now)?.toISOString()).toBe('2027-04-30T00:00:00.000Z');
    // trial: anchor at the trial end, term from the start
    const trialEnd = new Date('2027-04-14T00:00:00.000Z');
    const t = inputs(start, term, { billing_anchor_date: trialEnd });
    expect(nextInvoiceDate(t, new Date('2027-04-01T00:00:00.000Z'))).toEqual(trialEnd);
    expect(nextInvoiceDate(t, new Date('2027-04-20T00:00:00.000Z'))?.toISOString()).toBe('2027-05-14T00:00:00.000Z');
  });
});
