import { carryOver } from './carry-over';

describe('carryOver (own base units, carried in, used → included, carried out)', () => {
  it.each([
    // nothing carried in: the unused own units carry
    [100, 0, 40, '100', '60'],
    [100, 0, 100, '100', '0'],
    [100, 0, 250, '100', '0'],
    // carried units are used first; only the own unused ones carry on (never twice)
    [100, 60, 30, '160', '100'],
    [100, 60, 120, '160', '40'],
    [100, 60, 0, '160', '100'],
    [100, 60, 500, '160', '0'],
    // fractional usage: whole units carry
    [10, 0, '2.5', '10', '7'],
    [0, 0, 5, '0', '0'],
  ])('base %p, carried %p, used %p → included %p, carried out %p', (base, carried, used, included, out) => {
    expect(carryOver(base, carried, used)).toEqual({ included, carried_out: out });
  });
});
