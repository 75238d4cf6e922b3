import { periodsOf, ZoneCalendar } from './calendar';

describe('report calendar', () => {
  it('UTC months and days', () => {
    const cal = new ZoneCalendar('UTC');
    const months = periodsOf(cal, new Date('2027-01-15T00:00:00Z'), new Date('2027-03-01T00:00:00Z'), 'MONTH');
    expect(months.map((m) => [m.label, m.start.toISOString(), m.end.toISOString()])).toEqual([
      ['2027-01', '2027-01-01T00:00:00.000Z', '2027-02-01T00:00:00.000Z'],
      ['2027-02', '2027-02-01T00:00:00.000Z', '2027-03-01T00:00:00.000Z'],
    ]);
    expect(months[0].endDay - months[0].firstDay).toBe(31);
    expect(periodsOf(cal, new Date('2027-01-01T00:00:00Z'), new Date('2027-01-03T00:00:00Z'), 'DAY').map((d) => d.label)).toEqual([
      '2027-01-01',
      '2027-01-02',
    ]);
  });

  it('a zone: local midnights as instants, across a DST change', () => {
    const cal = new ZoneCalendar('Europe/Paris');
    const months = periodsOf(cal, new Date('2027-03-01T00:00:00+01:00'), new Date('2027-05-01T00:00:00+02:00'), 'MONTH');
    expect(months.map((m) => [m.label, m.start.toISOString()])).toEqual([
      ['2027-03', '2027-02-28T23:00:00.000Z'],
      ['2027-04', '2027-03-31T22:00:00.000Z'],
    ]);
    // 2027-03-31 23:30 in Paris is still March there, April in UTC
    expect(cal.dateOf(new Date('2027-03-31T21:30:00Z').getTime())).toEqual({ y: 2027, m: 3, d: 31 });
    const days = periodsOf(cal, new Date('2027-03-28T00:00:00+01:00'), new Date('2027-03-29T00:00:00+02:00'), 'DAY');
    expect(days.map((d) => [d.label, d.end.getTime() - d.start.getTime()])).toEqual([['2027-03-28', 23 * 3_600_000]]);
    expect(ZoneCalendar.isZone('Mars/Olympus')).toBe(false);
  });
});
