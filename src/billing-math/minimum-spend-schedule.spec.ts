import { closeMinimumPeriod, MinimumSchedule, MinimumState, NO_MINIMUM_STATE, periodMinimum, periodsPerWindow, share } from './index';

const schedule = (over: Partial<MinimumSchedule>): MinimumSchedule => ({
  amounts: null,
  flat: null,
  pull_forward: false,
  window_periods: 1,
  ...over,
});

/** Top-ups of consecutive periods (index from 0), each with its charge. */
function topUps(s: MinimumSchedule, charges: number[]): number[] {
  let state: MinimumState = NO_MINIMUM_STATE;
  return charges.map((charged, index) => {
    const r = closeMinimumPeriod(s, state, { index, charged });
    state = r.state;
    return r.top_up;
  });
}

describe('periodMinimum (schedule, period index → cents)', () => {
  it.each([
    [schedule({ amounts: [1000, 2000, 3000] }), 0, 1000],
    [schedule({ amounts: [1000, 2000, 3000] }), 2, 3000],
    [schedule({ amounts: [1000, 2000, 3000] }), 7, 3000], // the last repeats
    [schedule({ amounts: null, flat: 500 }), 4, 500],
    [schedule({}), 0, 0],
  ])('%p at %p → %p', (s, index, cents) => expect(periodMinimum(s, index)).toBe(cents));
});

describe('closeMinimumPeriod over periods (charges → top-ups)', () => {
  it.each([
    ['schedule, each period on its own', schedule({ amounts: [1000, 2000, 3000] }), [500, 500, 500, 500], [500, 1500, 2500, 2500]],
    ['flat, spent early, no pulling forward', schedule({ flat: 1000 }), [3000, 500, 0, 0], [0, 500, 1000, 1000]],
    ['flat, spent early, pulled forward', schedule({ flat: 1000, pull_forward: true }), [3000, 500, 0, 0], [0, 0, 0, 500]],
    ['pulled forward never goes below 0 nor back', schedule({ flat: 1000, pull_forward: true }), [0, 5000, 0], [1000, 0, 0]],
    ['quarter window over months', schedule({ flat: 1000, window_periods: 3 }), [500, 2000, 0, 4000, 0, 0], [0, 0, 500, 0, 0, 0]],
    [
      'quarter window, pulled forward',
      schedule({ flat: 1000, window_periods: 3, pull_forward: true }),
      [4000, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 2000],
    ],
    ['schedule summed over a window', schedule({ amounts: [100, 200], window_periods: 2 }), [0, 0, 0, 0], [0, 300, 0, 400]],
  ])('%s', (_what, s, charges, expected) => expect(topUps(s, charges)).toEqual(expected));

  it('a final partial period closes its window, its minimum × share rounded once', () => {
    const s = schedule({ flat: 1000, window_periods: 3 });
    const first = closeMinimumPeriod(s, NO_MINIMUM_STATE, { index: 0, charged: 200 });
    expect(first).toMatchObject({ top_up: 0, closed: false });
    // 1000 + round(1000 × 1/3) = 1333; charged 200 + 100
    const last = closeMinimumPeriod(s, first.state, { index: 1, charged: 100, share: share(1, 3), final: true });
    expect(last).toMatchObject({ top_up: 1033, closed: true, minimum: 1333 });
  });
});

describe('periodsPerWindow (billing term, window → periods)', () => {
  it.each([
    [{ count: 1, frequency: 'MONTH' }, { count: 1, frequency: 'QUARTER' }, 3],
    [{ count: 1, frequency: 'MONTH' }, { count: 1, frequency: 'YEAR' }, 12],
    [{ count: 1, frequency: 'QUARTER' }, { count: 1, frequency: 'YEAR' }, 4],
    [{ count: 1, frequency: 'QUARTER' }, { count: 1, frequency: 'MONTH' }, 1],
    [{ count: 1, frequency: 'WEEK' }, { count: 1, frequency: 'MONTH' }, 4],
    [{ count: 1, frequency: 'DAY' }, { count: 1, frequency: 'WEEK' }, 7],
    [{ count: 2, frequency: 'MONTH' }, { count: 1, frequency: 'BI_ANNUAL' }, 3],
  ] as const)('%p over %p → %p', (billing, window, n) => expect(periodsPerWindow(billing, window)).toBe(n));
});
