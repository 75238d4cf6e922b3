import { displayPhase, effectivePhase, pendingPhase, pendingPhases, scheduleChange } from './phases';

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

describe('several scheduled changes', () => {
  const create = phase(1, '2027-03-01', 'CREATE');
  const june = phase(2, '2027-06-01', 'CHANGE');
  const may = phase(3, '2027-05-01', 'CHANGE');

  it('a new change replaces one at its instant, moves the later ones after it and keeps the earlier ones', () => {
    const july = phase(4, '2027-07-01', 'CHANGE');
    expect(scheduleChange([create, june, july], d('2027-03-05'), d('2027-05-01'))).toEqual({ replaced: [], moved: [june, july] });
    expect(scheduleChange([create, june, july], d('2027-03-05'), d('2027-06-01'))).toEqual({ replaced: [june], moved: [july] });
    expect(scheduleChange([create, june], d('2027-03-05'), d('2027-08-01'))).toEqual({ replaced: [], moved: [] });
  });

  it('recorded in the order of their instants, each applies at its own; listed in that order', () => {
    // June scheduled first (seq 2), May second: June is recorded again after May (seq 4)
    const rows = [create, { ...june, superseded_by_event_seq: 3 }, may, { ...june, seq: 4 }];
    expect(pendingPhases(rows, d('2027-03-05')).map((p) => p.seq)).toEqual([3, 4]);
    expect(effectivePhase(rows, d('2027-05-15'))?.seq).toBe(3);
    expect(effectivePhase(rows, d('2027-06-01'))?.seq).toBe(4);
    expect(pendingPhase(rows, d('2027-03-05'))?.seq).toBe(3);
  });
});
