import { calendarAnchorAtOrAfter, calendarProblem, isCalendarBoundary, zonedTerm } from './calendar';
import { boundary, periodAt } from './periods';
import { fromWall, isTimeZone, toWall, zoneOffset } from './zones';

const d = (s: string) => new Date(s);
const PARIS = 'Europe/Paris';
const month = zonedTerm({ count: 1, frequency: 'MONTH' }, PARIS);

describe('time zones', () => {
  it('knows IANA names and refuses others', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(42)).toBe(false);
  });

  it('reads Paris offsets on both sides of the March 2027 change (Mar 28, 01:00 UTC)', () => {
    expect(zoneOffset(PARIS, d('2027-03-28T00:59:59Z').getTime())).toBe(3_600_000);
    expect(zoneOffset(PARIS, d('2027-03-28T01:00:00Z').getTime())).toBe(7_200_000);
  });

  it('places wall-clock times, a skipped hour after its gap and a repeated hour on its later occurrence', () => {
    expect(fromWall(PARIS, d('2027-04-01T00:00:00Z')).toISOString()).toBe('2027-03-31T22:00:00.000Z');
    expect(fromWall(PARIS, d('2027-03-28T02:30:00Z')).toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(fromWall(PARIS, d('2027-10-31T02:30:00Z')).toISOString()).toBe('2027-10-31T01:30:00.000Z');
    expect(toWall(PARIS, d('2027-03-31T22:00:00Z')).toISOString()).toBe('2027-04-01T00:00:00.000Z');
  });
});

describe('months stepped in a zone', () => {
  it('keeps 00:00 on the 1st in Paris across both daylight-saving changes (a month is a month, not 30 × 24 h)', () => {
    const anchor = d('2027-02-28T23:00:00Z'); // Mar 1 00:00 CET
    expect([1, 2, 8, 9].map((n) => boundary(anchor, month, n).toISOString())).toEqual([
      '2027-03-31T22:00:00.000Z', // Apr 1 00:00 CEST: March is 743 h long in Paris
      '2027-04-30T22:00:00.000Z',
      '2027-10-31T23:00:00.000Z', // Nov 1 00:00 CET
      '2027-11-30T23:00:00.000Z',
    ]);
    const march = periodAt(anchor, month, d('2027-03-14T23:00:00Z'));
    expect([march.start.toISOString(), march.end.toISOString(), march.index]).toEqual([
      '2027-02-28T23:00:00.000Z',
      '2027-03-31T22:00:00.000Z',
      0,
    ]);
  });

  it('leaves days exact: DAY adds 24 h in every zone', () => {
    expect(boundary(d('2027-03-27T23:00:00Z'), zonedTerm({ count: 1, frequency: 'DAY' }, PARIS), 1).toISOString()).toBe(
      '2027-03-28T23:00:00.000Z',
    );
  });

  it('is UTC without a zone, as before', () => {
    expect(zonedTerm({ count: 1, frequency: 'MONTH' }, 'UTC')).toEqual({ count: 1, frequency: 'MONTH' });
    expect(boundary(d('2027-03-01T00:00:00Z'), { count: 1, frequency: 'MONTH' }, 1).toISOString()).toBe('2027-04-01T00:00:00.000Z');
  });
});

describe('calendar boundaries', () => {
  it('the first 1st at 00:00 in the zone at or after an instant', () => {
    expect(calendarAnchorAtOrAfter(d('2027-03-14T23:00:00Z'), month).toISOString()).toBe('2027-03-31T22:00:00.000Z');
    expect(calendarAnchorAtOrAfter(d('2027-02-28T23:00:00Z'), month).toISOString()).toBe('2027-02-28T23:00:00.000Z');
    expect(calendarAnchorAtOrAfter(d('2027-02-28T23:00:01Z'), month).toISOString()).toBe('2027-03-31T22:00:00.000Z');
    expect(isCalendarBoundary(d('2027-03-31T22:00:00Z'), month)).toBe(true);
    expect(isCalendarBoundary(d('2027-04-01T00:00:00Z'), month)).toBe(false);
  });

  it('quarters start in January, April, July, October; years on January 1', () => {
    const quarter = zonedTerm({ count: 1, frequency: 'QUARTER' }, PARIS);
    const year = zonedTerm({ count: 1, frequency: 'YEAR' }, PARIS);
    expect(calendarAnchorAtOrAfter(d('2027-02-10T12:00:00Z'), quarter).toISOString()).toBe('2027-03-31T22:00:00.000Z');
    expect(calendarAnchorAtOrAfter(d('2027-05-10T12:00:00Z'), quarter).toISOString()).toBe('2027-06-30T22:00:00.000Z');
    expect(calendarAnchorAtOrAfter(d('2027-05-10T12:00:00Z'), year).toISOString()).toBe('2027-12-31T23:00:00.000Z');
  });

  it('exists only for month-based terms that divide a year', () => {
    expect(calendarProblem({ count: 1, frequency: 'MONTH' })).toBeNull();
    expect(calendarProblem({ count: 2, frequency: 'YEAR' })).toBeNull();
    expect(calendarProblem({ count: 5, frequency: 'MONTH' })).toMatch(/divides a year/);
    expect(calendarProblem({ count: 1, frequency: 'WEEK' })).toMatch(/month-based/);
  });
});
