import { planUseDeltas } from './plan-uses';

const key = (ref_id: string, counts_until: string, slot: number, kind = 'PRICING') => ({ kind, ref_id, counts_until, slot });

describe('planUseDeltas', () => {
  it('takes one off per row gone, adds one per row come, and leaves out what did not change', () => {
    const before = [key('pp_b', 'infinity', 3), key('pp_a', 'infinity', 3), key('bun_x', '2027-05-01 00:00:00+00', 3, 'BUNDLE')];
    const after = [key('pp_a', 'infinity', 3), key('pp_c', '2027-04-01 00:00:00+00', 3)];
    expect(planUseDeltas(before, after)).toEqual([
      { ...key('bun_x', '2027-05-01 00:00:00+00', 3, 'BUNDLE'), n: -1 },
      { ...key('pp_b', 'infinity', 3), n: -1 },
      { ...key('pp_c', '2027-04-01 00:00:00+00', 3), n: 1 },
    ]);
  });

  it('sums rows of one key (several subscriptions of one write) and orders by kind, id, instant, slot', () => {
    const after = [
      key('pp_a', 'infinity', 9),
      key('pp_a', 'infinity', 2),
      key('pp_a', 'infinity', 9),
      key('pp_a', '2027-01-01 00:00:00+00', 9),
    ];
    expect(planUseDeltas([], after)).toEqual([
      { ...key('pp_a', '2027-01-01 00:00:00+00', 9), n: 1 },
      { ...key('pp_a', 'infinity', 2), n: 1 },
      { ...key('pp_a', 'infinity', 9), n: 2 },
    ]);
  });

  it('reads a slot that comes back from the driver as text as the same slot', () => {
    const fromDriver = { kind: 'PRICING', ref_id: 'pp_a', counts_until: 'infinity', slot: '4' as unknown as number };
    expect(planUseDeltas([fromDriver], [key('pp_a', 'infinity', 4)])).toEqual([]);
  });
});
