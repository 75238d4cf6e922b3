import { displayPhase, pendingPhase } from './phases';

type P = { seq: number; starts_at: Date; superseded_by_event_seq: number | null; change_kind: 'CREATE' | 'CHANGE' };
const d = (s: string) => new Date(`${s}T00:00:00.000Z`);
const phase = (seq: number, starts: string, kind: P['change_kind'], superseded: number | null = null): P => ({
  seq,
  starts_at: d(starts),
  superseded_by_event_seq: superseded,
  change_kind: kind,
});

describe('pendingPhase', () => {
  it('the CREATE phase of a subscription not started yet is not a pending change', () => {
    const create = phase(1, '2027-04-01', 'CREATE');
    expect(pendingPhase([create], d('2027-03-25'))).toBeNull();
    expect(displayPhase([create], d('2027-03-25'))).toBe(create);
  });

  it('before the start, a CHANGE dated later is the pending change and the CREATE phase is shown', () => {
    const create = phase(1, '2027-04-01', 'CREATE');
    const change = phase(2, '2027-04-11', 'CHANGE');
    expect(pendingPhase([create, change], d('2027-03-25'))).toBe(change);
    expect(displayPhase([create, change], d('2027-03-25'))).toBe(create);
    expect(pendingPhase([create, change], d('2027-04-11'))).toBeNull();
    expect(displayPhase([create, change], d('2027-04-11'))).toBe(change);
  });

  it('a superseded change is not pending; the newer one is', () => {
    const create = phase(1, '2027-03-01', 'CREATE');
    const first = phase(2, '2027-04-11', 'CHANGE', 3);
    const second = phase(3, '2027-04-20', 'CHANGE');
    expect(pendingPhase([create, first, second], d('2027-04-05'))).toBe(second);
  });
});
