import { previousRollupDate, rollupConfigOf, rollupDateOf } from './rollup-dates';

const d = (s: string) => new Date(s);
const config = (frequency: string, end: string | null = null) =>
  rollupConfigOf(true, { frequency, start_date: '2027-03-01T00:00:00.000Z', end_date: end, auto_charges: true })!;

describe('roll-up dates', () => {
  it.each([
    // an invoice on a roll-up date goes on that date's roll-up; one between two on the next
    ['MONTH', '2027-03-01T00:00:00.000Z', '2027-03-01T00:00:00.000Z'],
    ['MONTH', '2027-03-16T00:00:00.000Z', '2027-04-01T00:00:00.000Z'],
    ['MONTH', '2027-04-01T00:00:00.000Z', '2027-04-01T00:00:00.000Z'],
    ['QUARTER', '2027-04-01T00:00:00.000Z', '2027-06-01T00:00:00.000Z'],
    ['WEEK', '2027-03-02T00:00:00.000Z', '2027-03-08T00:00:00.000Z'],
    ['HOUR', '2027-03-01T05:20:00.000Z', '2027-03-01T06:00:00.000Z'],
    ['HOUR', '2027-03-01T06:00:00.000Z', '2027-03-01T06:00:00.000Z'],
  ])('%s: an invoice of %s is gathered at %s', (frequency, date, expected) => {
    expect(rollupDateOf(config(frequency), d(date))).toEqual(d(expected));
  });

  it('leaves out an invoice before start_date, and one whose roll-up date would come after end_date', () => {
    expect(rollupDateOf(config('MONTH'), d('2027-02-28T23:59:59.999Z'))).toBeNull();
    const ending = config('MONTH', '2027-04-15T00:00:00.000Z');
    expect(rollupDateOf(ending, d('2027-04-01T00:00:00.000Z'))).toEqual(d('2027-04-01T00:00:00.000Z'));
    expect(rollupDateOf(ending, d('2027-04-02T00:00:00.000Z'))).toBeNull();
  });

  it('is off without roll-up on or without its dates', () => {
    expect(rollupConfigOf(false, { frequency: 'MONTH', start_date: '2027-03-01T00:00:00.000Z' })).toBeNull();
    expect(rollupConfigOf(true, { frequency: 'MONTH' })).toBeNull();
    expect(rollupConfigOf(true, null)).toBeNull();
  });

  it('starts a roll-up period at the roll-up date before it', () => {
    expect(previousRollupDate(config('MONTH'), d('2027-04-01T00:00:00.000Z'))).toEqual(d('2027-03-01T00:00:00.000Z'));
    expect(previousRollupDate(config('MONTH'), d('2027-03-01T00:00:00.000Z'))).toBeNull();
    expect(previousRollupDate(null, d('2027-04-01T00:00:00.000Z'))).toBeNull();
  });
});
