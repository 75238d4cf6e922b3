import { crossedLevels } from './thresholds';

describe('usage threshold levels (docs/billing-rules.md#usage-thresholds)', () => {
  const fixed = [
    { amount_cents: 10000, recurring: false },
    { amount_cents: 50000, recurring: false },
  ];
  it.each([
    [6000, 0, []],
    [11000, 0, [10000]],
    [21000, 10000, []],
    [60000, 0, [10000, 50000]],
    [60000, 10000, [50000]],
  ])('fixed 100.00 and 500.00: usage %p above %p reaches %p', (usage, above, expected) => {
    expect(crossedLevels(fixed, usage, above)).toEqual(expected);
  });

  it('a recurring threshold steps beyond the largest fixed one', () => {
    const list = [...fixed, { amount_cents: 20000, recurring: true }];
    // levels 10000, 50000, 70000, 90000, …
    expect(crossedLevels(list, 95000, 50000)).toEqual([70000, 90000]);
    expect(crossedLevels([{ amount_cents: 10000, recurring: true }], 21000, 10000)).toEqual([20000]);
    expect(crossedLevels([{ amount_cents: 10000, recurring: true }], 9999, 0)).toEqual([]);
  });

  it('keeps the highest `max` levels of a huge jump', () => {
    const out = crossedLevels([{ amount_cents: 1, recurring: true }], 1_000_000, 0, 3);
    expect(out).toEqual([999_998, 999_999, 1_000_000]);
  });
});
