import { lastChangeDay, recognisedBefore, RecognitionLine } from './recognition';

const line = (over: Partial<RecognitionLine>): RecognitionLine => ({
  amount_cents: 1000,
  invoice_day: 10,
  schedule: 'RATABLE',
  first_day: 10,
  end_day: 13,
  ...over,
});

describe('recognition of a line', () => {
  it('RATABLE: evenly per day, the remainder on the last day', () => {
    const l = line({});
    expect([10, 11, 12, 13].map((x) => recognisedBefore(l, x))).toEqual([0, 333, 666, 1000]);
    expect(lastChangeDay(l)).toBe(13);
  });

  it('RATABLE negative (a discount): mirrored', () => {
    const l = line({ amount_cents: -1000 });
    expect([11, 12, 13, 99].map((x) => recognisedBefore(l, x))).toEqual([-333, -666, -1000, -1000]);
  });

  it('nothing before the invoice date: days before it catch up on it', () => {
    const l = line({ invoice_day: 11 });
    expect([10, 11, 12, 13].map((x) => recognisedBefore(l, x))).toEqual([0, 0, 666, 1000]);
  });

  it('IMMEDIATE: all on the invoice date', () => {
    const l = line({ schedule: 'IMMEDIATE' });
    expect([10, 11].map((x) => recognisedBefore(l, x))).toEqual([0, 1000]);
  });

  it('CUSTOM: per month in turn, capped at the line, the rest on the last listed month', () => {
    const l = line({ schedule: 'CUSTOM', custom: { month_first_days: [10, 40, 70], cents: [300, 300, 100] } });
    expect([11, 41, 70, 71].map((x) => recognisedBefore(l, x))).toEqual([300, 600, 600, 1000]);
    const capped = line({ schedule: 'CUSTOM', custom: { month_first_days: [10, 40], cents: [800, 800] } });
    expect([11, 41].map((x) => recognisedBefore(capped, x))).toEqual([800, 1000]);
    expect(lastChangeDay(capped)).toBe(41);
  });
});
