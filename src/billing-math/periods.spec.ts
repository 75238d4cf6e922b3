import fc from 'fast-check';
import { BillingMathError, Frequency, Term, boundary, periodAt, periodIndexAt, periodsBetween, termEnd } from './index';

const d = (iso: string) => new Date(iso);
const iso = (x: Date) => x.toISOString();
const T = (frequency: Frequency, count = 1): Term => ({ count, frequency });

describe('boundary: table of calendar stepping', () => {
  // [anchor, term, n, expected]
  const cases: [string, Term, number, string][] = [
    // anchors on the 28th..31st of January through February, leap year 2028 and common year 2027
    ['2028-01-28T00:00:00.000Z', T('MONTH'), 1, '2028-02-28T00:00:00.000Z'],
    ['2028-01-29T00:00:00.000Z', T('MONTH'), 1, '2028-02-29T00:00:00.000Z'],
    ['2028-01-30T00:00:00.000Z', T('MONTH'), 1, '2028-02-29T00:00:00.000Z'],
    ['2028-01-31T00:00:00.000Z', T('MONTH'), 1, '2028-02-29T00:00:00.000Z'],
    ['2027-01-28T00:00:00.000Z', T('MONTH'), 1, '2027-02-28T00:00:00.000Z'],
    ['2027-01-29T00:00:00.000Z', T('MONTH'), 1, '2027-02-28T00:00:00.000Z'],
    ['2027-01-30T00:00:00.000Z', T('MONTH'), 1, '2027-02-28T00:00:00.000Z'],
    ['2027-01-31T00:00:00.000Z', T('MONTH'), 1, '2027-02-28T00:00:00.000Z'],
    // ... and back to the anchor day after February
    ['2028-01-29T00:00:00.000Z', T('MONTH'), 2, '2028-03-29T00:00:00.000Z'],
    ['2028-01-30T00:00:00.000Z', T('MONTH'), 2, '2028-03-30T00:00:00.000Z'],
    ['2027-01-30T00:00:00.000Z', T('MONTH'), 2, '2027-03-30T00:00:00.000Z'],
    ['2027-01-31T00:00:00.000Z', T('MONTH'), 2, '2027-03-31T00:00:00.000Z'],
    ['2027-01-31T00:00:00.000Z', T('MONTH'), 3, '2027-04-30T00:00:00.000Z'],
    // time of day kept
    ['2028-01-31T15:45:30.123Z', T('MONTH'), 1, '2028-02-29T15:45:30.123Z'],
    ['2028-01-31T23:59:59.999Z', T('MONTH'), 1, '2028-02-29T23:59:59.999Z'],
    // BI_MONTH
    ['2027-12-31T00:00:00.000Z', T('BI_MONTH'), 1, '2028-02-29T00:00:00.000Z'],
    ['2027-12-31T00:00:00.000Z', T('BI_MONTH'), 2, '2028-04-30T00:00:00.000Z'],
    ['2027-12-31T00:00:00.000Z', T('BI_MONTH'), 4, '2028-08-31T00:00:00.000Z'],
    ['2026-12-30T00:00:00.000Z', T('BI_MONTH'), 1, '2027-02-28T00:00:00.000Z'],
    ['2027-12-28T00:00:00.000Z', T('BI_MONTH'), 1, '2028-02-28T00:00:00.000Z'],
    // QUARTER
    ['2027-11-30T00:00:00.000Z', T('QUARTER'), 1, '2028-02-29T00:00:00.000Z'],
    ['2027-11-30T00:00:00.000Z', T('QUARTER'), 2, '2028-05-30T00:00:00.000Z'],
    ['2026-11-30T00:00:00.000Z', T('QUARTER'), 1, '2027-02-28T00:00:00.000Z'],
    ['2027-01-31T00:00:00.000Z', T('QUARTER'), 1, '2027-04-30T00:00:00.000Z'],
    ['2027-01-31T00:00:00.000Z', T('QUARTER'), 2, '2027-07-31T00:00:00.000Z'],
    ['2027-01-31T00:00:00.000Z', T('QUARTER'), 4, '2028-01-31T00:00:00.000Z'],
    ['2027-11-29T00:00:00.000Z', T('QUARTER'), 1, '2028-02-29T00:00:00.000Z'],
    // BI_ANNUAL
    ['2027-08-31T00:00:00.000Z', T('BI_ANNUAL'), 1, '2028-02-29T00:00:00.000Z'],
    ['2027-08-31T00:00:00.000Z', T('BI_ANNUAL'), 2, '2028-08-31T00:00:00.000Z'],
    ['2027-08-31T00:00:00.000Z', T('BI_ANNUAL'), 3, '2029-02-28T00:00:00.000Z'],
    ['2026-08-29T00:00:00.000Z', T('BI_ANNUAL'), 1, '2027-02-28T00:00:00.000Z'],
    // YEAR: Feb 29 → Feb 28 in common years, Feb 29 again in leap years
    ['2028-02-29T08:00:00.000Z', T('YEAR'), 1, '2029-02-28T08:00:00.000Z'],
    ['2028-02-29T08:00:00.000Z', T('YEAR'), 2, '2030-02-28T08:00:00.000Z'],
    ['2028-02-29T08:00:00.000Z', T('YEAR'), 3, '2031-02-28T08:00:00.000Z'],
    ['2028-02-29T08:00:00.000Z', T('YEAR'), 4, '2032-02-29T08:00:00.000Z'],
    ['2096-02-29T00:00:00.000Z', T('YEAR'), 4, '2100-02-28T00:00:00.000Z'], // 2100 is not a leap year
    ['2027-02-28T00:00:00.000Z', T('YEAR'), 1, '2028-02-28T00:00:00.000Z'],
    // WEEK, DAY, HOUR: exact lengths through February
    ['2028-02-26T12:00:00.000Z', T('WEEK'), 1, '2028-03-04T12:00:00.000Z'],
    ['2027-02-26T12:00:00.000Z', T('WEEK'), 1, '2027-03-05T12:00:00.000Z'],
    ['2028-02-26T12:00:00.000Z', T('WEEK', 2), 1, '2028-03-11T12:00:00.000Z'],
    ['2028-02-28T23:30:00.000Z', T('DAY'), 1, '2028-02-29T23:30:00.000Z'],
    ['2028-02-28T23:30:00.000Z', T('DAY'), 2, '2028-03-01T23:30:00.000Z'],
    ['2027-02-28T23:30:00.000Z', T('DAY'), 1, '2027-03-01T23:30:00.000Z'],
    ['2028-02-28T23:30:00.000Z', T('HOUR'), 1, '2028-02-29T00:30:00.000Z'],
    ['2028-02-28T23:30:00.000Z', T('HOUR', 3), 1, '2028-02-29T02:30:00.000Z'],
    ['2027-02-28T23:30:00.000Z', T('HOUR', 24), 1, '2027-03-01T23:30:00.000Z'],
    // counts > 1
    ['2028-01-31T00:00:00.000Z', T('MONTH', 3), 1, '2028-04-30T00:00:00.000Z'],
    ['2028-01-31T00:00:00.000Z', T('MONTH', 3), 2, '2028-07-31T00:00:00.000Z'],
    ['2028-01-31T00:00:00.000Z', T('MONTH', 3), 4, '2029-01-31T00:00:00.000Z'],
    ['2028-02-29T00:00:00.000Z', T('YEAR', 2), 1, '2030-02-28T00:00:00.000Z'],
    ['2028-02-29T00:00:00.000Z', T('YEAR', 2), 2, '2032-02-29T00:00:00.000Z'],
    ['2027-12-31T00:00:00.000Z', T('BI_MONTH', 2), 1, '2028-04-30T00:00:00.000Z'],
    // n = 0 and negative n
    ['2027-01-31T00:00:00.000Z', T('MONTH'), 0, '2027-01-31T00:00:00.000Z'],
    ['2027-03-31T00:00:00.000Z', T('MONTH'), -1, '2027-02-28T00:00:00.000Z'],
    ['2027-03-31T00:00:00.000Z', T('MONTH'), -2, '2027-01-31T00:00:00.000Z'],
    ['2027-03-01T00:00:00.000Z', T('DAY'), -1, '2027-02-28T00:00:00.000Z'],
  ];
  it.each(cases)('%s %j n=%i → %s', (anchor, term, n, expected) => {
    expect(iso(boundary(d(anchor), term, n))).toBe(expected);
  });

  it('lists 24 monthly boundaries of a Jan 31 anchor over two years, by hand', () => {
    const anchor = d('2027-01-31T09:00:00.000Z');
    const expected = [
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
      '2027-07-31',
      '2027-08-31',
      '2027-09-30',
      '2027-10-31',
      '2027-11-30',
      '2027-12-31',
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
      '2028-04-30',
      '2028-05-31',
      '2028-06-30',
      '2028-07-31',
      '2028-08-31',
      '2028-09-30',
      '2028-10-31',
      '2028-11-30',
      '2028-12-31',
      '2029-01-31',
    ].map((day) => `${day}T09:00:00.000Z`);
    const got = Array.from({ length: 24 }, (_, i) => iso(boundary(anchor, T('MONTH'), i + 1)));
    expect(got).toEqual(expected);
  });

  it('rejects ONETIME, bad counts and invalid dates', () => {
    const a = d('2027-01-01T00:00:00Z');
    expect(() => boundary(a, T('ONETIME'), 1)).toThrow(BillingMathError);
    expect(() => periodAt(a, T('ONETIME'), a)).toThrow(BillingMathError);
    expect(() => boundary(a, T('MONTH', 0), 1)).toThrow(BillingMathError);
    expect(() => boundary(a, T('MONTH', 1.5), 1)).toThrow(BillingMathError);
    expect(() => boundary(a, { count: 1, frequency: 'FORTNIGHT' as Frequency }, 1)).toThrow(BillingMathError);
    expect(() => boundary(new Date(NaN), T('MONTH'), 1)).toThrow(BillingMathError);
    expect(() => boundary(a, T('MONTH'), 0.5)).toThrow(BillingMathError);
  });

  it('takes years 0..99 and before year 0 literally, and refuses instants past the Date range', () => {
    // Date.UTC would read year 50 as 1950: such years take the other path
    const y = (year: number, month0: number, day: number, ms = 0) => {
      const out = new Date(0);
      out.setUTCFullYear(year, month0, day);
      return new Date(out.getTime() + ms);
    };
    const anchor = y(99, 0, 31, 5 * 3600e3 + 7);
    expect(boundary(anchor, T('MONTH'), 1).getTime()).toBe(y(99, 1, 28, 5 * 3600e3 + 7).getTime());
    expect(boundary(anchor, T('MONTH'), 12).getTime()).toBe(y(100, 0, 31, 5 * 3600e3 + 7).getTime());
    expect(boundary(anchor, T('MONTH'), -1200).getTime()).toBe(y(-1, 0, 31, 5 * 3600e3 + 7).getTime());
    expect(boundary(y(-4, 1, 29), T('YEAR'), 1).getTime()).toBe(y(-3, 1, 28).getTime());
    const last = new Date(8.64e15 - 86400e3); // 275760-09-12
    expect(boundary(last, T('DAY'), 1).getTime()).toBe(8.64e15);
    expect(() => boundary(last, T('MONTH'), 1)).toThrow(BillingMathError);
    expect(() => boundary(new Date(-8.64e15), T('MONTH'), -1)).toThrow(BillingMathError);
  });
});

describe('periodAt / periodsBetween', () => {
  const anchor = d('2027-01-31T00:00:00.000Z');
  const monthly = T('MONTH');

  it.each([
    ['2027-01-31T00:00:00.000Z', 0, '2027-01-31T00:00:00.000Z', '2027-02-28T00:00:00.000Z'],
    ['2027-02-27T23:59:59.999Z', 0, '2027-01-31T00:00:00.000Z', '2027-02-28T00:00:00.000Z'],
    ['2027-02-28T00:00:00.000Z', 1, '2027-02-28T00:00:00.000Z', '2027-03-31T00:00:00.000Z'],
    ['2027-03-30T23:59:59.999Z', 1, '2027-02-28T00:00:00.000Z', '2027-03-31T00:00:00.000Z'],
    ['2027-03-31T00:00:00.000Z', 2, '2027-03-31T00:00:00.000Z', '2027-04-30T00:00:00.000Z'],
    ['2028-02-29T00:00:00.000Z', 13, '2028-02-29T00:00:00.000Z', '2028-03-31T00:00:00.000Z'],
    ['2028-02-28T12:00:00.000Z', 12, '2028-01-31T00:00:00.000Z', '2028-02-29T00:00:00.000Z'],
    // before the anchor: negative indexes
    ['2027-01-30T23:59:59.999Z', -1, '2026-12-31T00:00:00.000Z', '2027-01-31T00:00:00.000Z'],
    ['2026-12-31T00:00:00.000Z', -1, '2026-12-31T00:00:00.000Z', '2027-01-31T00:00:00.000Z'],
    ['2026-12-30T00:00:00.000Z', -2, '2026-11-30T00:00:00.000Z', '2026-12-31T00:00:00.000Z'],
  ])('%s is in period %i [%s, %s)', (instant, index, start, end) => {
    const p = periodAt(anchor, monthly, d(instant));
    expect({ index: p.index, start: iso(p.start), end: iso(p.end) }).toEqual({ index, start, end });
  });

  it('a boundary instant belongs to the period it starts, for every frequency', () => {
    for (const f of ['HOUR', 'DAY', 'WEEK', 'MONTH', 'BI_MONTH', 'QUARTER', 'BI_ANNUAL', 'YEAR'] as Frequency[]) {
      for (let n = -3; n <= 5; n++) {
        const b = boundary(anchor, T(f), n);
        expect(periodIndexAt(anchor, T(f), b)).toBe(n);
        expect(periodIndexAt(anchor, T(f), new Date(b.getTime() - 1))).toBe(n - 1);
      }
    }
  });

  it('periodsBetween lists the periods overlapping [from, to)', () => {
    const ps = periodsBetween(anchor, monthly, d('2027-02-15T00:00:00Z'), d('2027-04-30T00:00:00Z'));
    expect(ps.map((p) => [p.index, iso(p.start), iso(p.end)])).toEqual([
      [0, '2027-01-31T00:00:00.000Z', '2027-02-28T00:00:00.000Z'],
      [1, '2027-02-28T00:00:00.000Z', '2027-03-31T00:00:00.000Z'],
      [2, '2027-03-31T00:00:00.000Z', '2027-04-30T00:00:00.000Z'],
    ]);
    expect(periodsBetween(anchor, monthly, d('2027-04-30T00:00:00Z'), d('2027-04-30T00:00:00Z'))).toEqual([]);
    expect(periodsBetween(anchor, T('HOUR'), d('2027-01-31T00:00:00Z'), d('2027-02-01T00:00:00Z'))).toHaveLength(24);
  });

  it('termEnd is one term after the start', () => {
    expect(iso(termEnd(d('2028-02-29T00:00:00Z'), T('YEAR')))).toBe('2029-02-28T00:00:00.000Z');
  });
});

// ---------------------------------------------------------------------------------------------
// Property tests against a deliberately naive stepping: walk month by month with counters and a
// hand-written leap-year rule and month-length table; fixed lengths by repeated addition.
// ---------------------------------------------------------------------------------------------
const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const monthLength = (y: number, m: number) => (m === 1 && isLeap(y) ? 29 : MONTH_LENGTHS[m]);
const MONTHS_PER: Record<string, number> = { MONTH: 1, BI_MONTH: 2, QUARTER: 3, BI_ANNUAL: 6, YEAR: 12 };
const MS_PER: Record<string, number> = { HOUR: 3600e3, DAY: 86400e3, WEEK: 7 * 86400e3 };

function naiveBoundary(anchor: Date, term: Term, n: number): Date {
  if (term.frequency in MS_PER) {
    let t = anchor.getTime();
    for (let i = 0; i < n; i++) t += MS_PER[term.frequency] * term.count;
    return new Date(t);
  }
  let y = anchor.getUTCFullYear();
  let m = anchor.getUTCMonth();
  const steps = n * term.count * MONTHS_PER[term.frequency];
  for (let i = 0; i < steps; i++) {
    m++;
    if (m === 12) {
      m = 0;
      y++;
    }
  }
  const day = Math.min(anchor.getUTCDate(), monthLength(y, m));
  const timeOfDay = anchor.getTime() - Date.UTC(anchor.getUTCFullYear(), anchor.getUTCMonth(), anchor.getUTCDate());
  return new Date(Date.UTC(y, m, day) + timeOfDay);
}

const frequencies = fc.constantFrom<Frequency>('HOUR', 'DAY', 'WEEK', 'BI_MONTH', 'MONTH', 'QUARTER', 'BI_ANNUAL', 'YEAR');
const anchors = fc.date({ min: d('1990-01-01T00:00:00Z'), max: d('2100-12-31T00:00:00Z'), noInvalidDate: true });
// anchors that favour month ends
const monthEndAnchors = fc
  .record({
    y: fc.integer({ min: 1995, max: 2099 }),
    m: fc.integer({ min: 0, max: 11 }),
    back: fc.integer({ min: 0, max: 3 }),
    ms: fc.integer({ min: 0, max: 86_399_999 }),
  })
  .map(({ y, m, back, ms }) => new Date(Date.UTC(y, m + 1, 0 - back) + ms));
const terms = fc.record({ count: fc.integer({ min: 1, max: 4 }), frequency: frequencies });

describe('period properties (fast-check)', () => {
  it('boundary equals the naive month-walking stepping', () => {
    fc.assert(
      fc.property(fc.oneof(anchors, monthEndAnchors), terms, fc.integer({ min: 0, max: 40 }), (anchor, term, n) => {
        expect(boundary(anchor, term, n).getTime()).toBe(naiveBoundary(anchor, term, n).getTime());
      }),
      { numRuns: 600 },
    );
  });

  it('no drift: a monthly boundary is always on the anchor day, clamped to the month length', () => {
    fc.assert(
      fc.property(monthEndAnchors, fc.integer({ min: 0, max: 30 }), (anchor, n) => {
        const b = boundary(anchor, T('MONTH'), n);
        const dim = new Date(Date.UTC(b.getUTCFullYear(), b.getUTCMonth() + 1, 0)).getUTCDate();
        expect(b.getUTCDate()).toBe(Math.min(anchor.getUTCDate(), dim));
      }),
      { numRuns: 300 },
    );
  });

  it('periodAt finds the period by a linear scan and boundaries are strictly increasing', () => {
    fc.assert(
      fc.property(
        fc.oneof(anchors, monthEndAnchors),
        terms,
        fc.integer({ min: -5 * 86400e3, max: 400 * 86400e3 }),
        (anchor, term, offset) => {
          const instant = new Date(anchor.getTime() + offset);
          // naive: scan n upwards from well below the instant
          let n: number;
          if (term.frequency in MS_PER) {
            const len = MS_PER[term.frequency] * term.count;
            n = -200;
            let next = anchor.getTime() + (n + 1) * len;
            while (next <= instant.getTime()) {
              n++;
              next += len;
            }
          } else {
            n = -60;
            while (naiveBoundaryAny(anchor, term, n + 1).getTime() <= instant.getTime()) n++;
          }
          const p = periodAt(anchor, term, instant);
          expect(p.index).toBe(n);
          expect(p.start.getTime()).toBeLessThanOrEqual(instant.getTime());
          expect(p.end.getTime()).toBeGreaterThan(instant.getTime());
          expect(p.end.getTime()).toBeGreaterThan(p.start.getTime());
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** naiveBoundary extended to negative n (walk backwards). */
function naiveBoundaryAny(anchor: Date, term: Term, n: number): Date {
  if (n >= 0) return naiveBoundary(anchor, term, n);
  if (term.frequency in MS_PER) return new Date(anchor.getTime() + n * MS_PER[term.frequency] * term.count);
  let y = anchor.getUTCFullYear();
  let m = anchor.getUTCMonth();
  for (let i = 0; i < -n * term.count * MONTHS_PER[term.frequency]; i++) {
    m--;
    if (m < 0) {
      m = 11;
      y--;
    }
  }
  const day = Math.min(anchor.getUTCDate(), monthLength(y, m));
  const timeOfDay = anchor.getTime() - Date.UTC(anchor.getUTCFullYear(), anchor.getUTCMonth(), anchor.getUTCDate());
  return new Date(Date.UTC(y, m, day) + timeOfDay);
}
