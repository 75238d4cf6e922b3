import { Claim, RunCandidate, RunClaims, companyBatches } from './billing-run-claims';

const list = (company: string, n: number, from = 0): RunCandidate[] =>
  Array.from({ length: n }, (_, k) => ({ company_id: company, id: `${company}-s${String(from + k).padStart(5, '0')}` }));

/**
 * A stand-in for the claim's statement: the first `size` of the window that are neither held nor
 * done, in order (what `FOR UPDATE SKIP LOCKED … ORDER BY id LIMIT size` over the due ones gives).
 */
function take(claim: Claim, size: number, held: Set<string>, done: Set<string>): boolean[] {
  let taken = 0;
  return claim.ids.map((id) => {
    if (taken >= size || held.has(id) || done.has(id)) return false;
    taken++;
    held.add(id);
    return true;
  });
}

/**
 * Two runs over the same list, each keeping three claims in flight; between steps one claim at
 * random commits. Checks that no subscription is taken twice and that what no claim took was
 * passed over (the runs look at it again at their end); returns the claims made and the empty ones.
 */
function twoRuns(seed: number, span: number): { claims: number; empty: number } {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const all = [...list('c1', 2345), ...list('c2', 777)];
  const runs = [new RunClaims(all, 100, span), new RunClaims(all, 100, span)];
  const held = new Set<string>(); // locked by a claim in flight
  const done = new Set<string>(); // committed
  const takenBy = new Map<string, number>();
  const twice: string[] = [];
  const inFlight: { run: number; claim: Claim; taken: boolean[] }[] = [];
  let claims = 0;
  let empty = 0;
  const exhausted = [false, false];
  for (;;) {
    for (let r = 0; r < 2; r++) {
      while (!exhausted[r] && inFlight.filter((f) => f.run === r).length < 3) {
        const claim = runs[r].next();
        if (!claim) {
          exhausted[r] = true;
          break;
        }
        const taken = take(claim, 100, held, done);
        claims++;
        if (!taken.some(Boolean)) empty++;
        claim.ids.forEach((id, k) => {
          if (!taken[k]) return;
          if (takenBy.has(id)) twice.push(id);
          takenBy.set(id, r);
        });
        inFlight.push({ run: r, claim, taken });
      }
    }
    const [f] = inFlight.splice(Math.floor(random() * inFlight.length), 1);
    if (!f) break;
    f.claim.ids.forEach((id, k) => {
      if (!f.taken[k]) return;
      held.delete(id);
      done.add(id);
    });
    runs[f.run].settle(f.claim, f.taken);
  }
  const again = new Set(runs.flatMap((run) => run.passedOver.map((c) => c.id)));
  expect(twice).toEqual([]);
  expect(all.filter((c) => !takenBy.has(c.id) && !again.has(c.id))).toEqual([]);
  expect(takenBy.size).toBe(all.length);
  return { claims, empty };
}

describe('RunClaims', () => {
  it('one run alone: windows of span from the position, each claim takes its batch, nothing passed over', () => {
    const claims = new RunClaims(list('c1', 250), 100, 400);
    const a = claims.next()!;
    const b = claims.next()!;
    const c = claims.next()!;
    expect([a.start, b.start, c.start]).toEqual([0, 100, 200]);
    expect([a.ids.length, b.ids.length, c.ids.length]).toEqual([250, 150, 50]);
    expect(claims.next()).toBeNull();
    const held = new Set<string>();
    const none = new Set<string>();
    for (const claim of [a, b, c]) claims.settle(claim, take(claim, 100, held, none));
    expect(held.size).toBe(250);
    expect(claims.passedOver).toEqual([]);
    expect(claims.done).toBe(250);
    expect(claims.total).toBe(250);
  });

  it('a claim past subscriptions another run holds takes the next free ones and records the held ones as passed over', () => {
    const claims = new RunClaims(list('c1', 1000), 100, 400);
    const held = new Set(list('c1', 150).map((c) => c.id));
    const a = claims.next()!;
    const taken = take(a, 100, held, new Set());
    expect(a.ids.filter((_, k) => taken[k])).toEqual(list('c1', 100, 150).map((c) => c.id));
    claims.settle(a, taken);
    expect(claims.passedOver.map((c) => c.id)).toEqual(list('c1', 150).map((c) => c.id));
    // the position is past the last one taken
    expect(claims.next()!.start).toBe(250);
  });

  it('a claim that took fewer than its batch looked at its whole window: every one it did not take is passed over', () => {
    const claims = new RunClaims(list('c1', 1000), 100, 400);
    const a = claims.next()!;
    const held = new Set(a.ids.filter((_, k) => k % 10 !== 0)); // all but 40 of the window held elsewhere
    const taken = take(a, 100, held, new Set());
    expect(taken.filter(Boolean)).toHaveLength(40);
    claims.settle(a, taken);
    expect(claims.passedOver).toHaveLength(360);
    expect(claims.next()!.start).toBe(400);
  });
});

describe('RunClaims (2)', () => {
  it('windows never mix companies, and a claim settled after the walk moved to the next company does not move it back', () => {
    const claims = new RunClaims([...list('c1', 150), ...list('c2', 30)], 100, 400);
    const a = claims.next()!;
    const b = claims.next()!;
    expect(a.companyId).toBe('c1');
    expect(b).toMatchObject({ companyId: 'c1', start: 100 });
    expect(b.ids).toHaveLength(50);
    const c = claims.next()!;
    expect(c).toMatchObject({ companyId: 'c2', start: 0 });
    expect(c.ids).toHaveLength(30);
    const held = new Set<string>();
    claims.settle(c, take(c, 100, held, new Set()));
    claims.settle(a, take(a, 100, held, new Set()));
    claims.settle(b, take(b, 100, held, new Set()));
    expect(claims.next()).toBeNull();
    expect(held.size).toBe(180);
    expect(claims.passedOver).toEqual([]);
  });
});

describe('RunClaims (3)', () => {
  it('two runs over the same list, claims finishing in any order: each subscription taken once, or passed over and looked at again', () => {
    let wide = 0;
    let narrow = 0;
    for (let seed = 1; seed <= 20; seed++) {
      wide += twoRuns(seed, 400).empty;
      narrow += twoRuns(seed, 100).empty;
    }
    // a window wider than the batch passes over what the other run holds inside the claim's
    // statement: far fewer claims come back empty than when each claim looks at its batch alone
    expect(wide).toBeLessThan(narrow / 2);
  });

  it('refuses a span below the batch size', () => {
    expect(() => new RunClaims([], 100, 50)).toThrow(/size/);
  });
});

describe('companyBatches', () => {
  it('cuts at the batch size and at every change of company', () => {
    const batches = companyBatches([...list('c1', 5), ...list('c2', 2)], 2);
    expect(batches.map((b) => [b[0].company_id, b.length])).toEqual([
      ['c1', 2],
      ['c1', 2],
      ['c1', 1],
      ['c2', 2],
    ]);
  });
});
