/** A subscription a run lists: its company and id. */
export interface RunCandidate {
  company_id: string;
  id: string;
}

/** One claim: a window of one company's listed subscriptions, from `start` in that company's list. */
export interface Claim {
  companyId: string;
  ids: string[];
  group: number;
  start: number;
}

/**
 * How one run's transactions walk the subscriptions it listed (sorted by company, then id) when
 * other runs — other instances — may walk the same list at once.
 *
 * Each transaction claims: it is handed a window of `span` subscriptions of one company from the
 * run's position, and locks the first `size` of them that are still due and that no other
 * transaction holds (SKIP LOCKED, in id order). Subscriptions another run holds are passed over
 * inside the claim's statement, instead of costing a transaction each, and the position moves past
 * the last one claimed. A window handed out moves the position by `size` at once, so that the
 * run's own transactions start on different subscriptions; where their windows overlap, the locks
 * keep them apart.
 *
 * What a claim passed over (held by another transaction, or brought to the run's instant by
 * another run meanwhile) is recorded, so that the run looks at it again at its end.
 */
export class RunClaims {
  private readonly groups: { companyId: string; ids: string[]; before: number }[] = [];
  private group = 0;
  private pos = 0;
  private readonly passed: RunCandidate[] = [];

  constructor(
    candidates: readonly RunCandidate[],
    private readonly size: number,
    private readonly span: number,
  ) {
    if (!(size >= 1 && span >= size)) throw new Error('run claims: 1 <= size <= span');
    for (const c of candidates) {
      const last = this.groups[this.groups.length - 1];
      if (last && last.companyId === c.company_id) last.ids.push(c.id);
      else this.groups.push({ companyId: c.company_id, ids: [c.id], before: last ? last.before + last.ids.length : 0 });
    }
  }

  /** The next window to claim from, or null once the position has passed every listed subscription. */
  next(): Claim | null {
    while (this.group < this.groups.length && this.pos >= this.groups[this.group].ids.length) {
      this.group++;
      this.pos = 0;
    }
    if (this.group >= this.groups.length) return null;
    const g = this.groups[this.group];
    const start = this.pos;
    this.pos = Math.min(g.ids.length, start + this.size);
    return { companyId: g.companyId, ids: g.ids.slice(start, start + this.span), group: this.group, start };
  }

  /**
   * The claim's transaction is over: `claimed[k]` tells whether it took `ids[k]`. A claim that
   * took `size` stopped at the last one it took; one that took fewer looked at the whole window.
   * The position moves past what the claim looked at, and what it looked at but did not take is
   * recorded as passed over.
   */
  settle(claim: Claim, claimed: readonly boolean[]): void {
    const taken = claimed.filter(Boolean).length;
    const through = taken >= this.size ? claimed.lastIndexOf(true) + 1 : claim.ids.length;
    for (let k = 0; k < through; k++) if (!claimed[k]) this.passed.push({ company_id: claim.companyId, id: claim.ids[k] });
    const end = claim.start + through;
    if (claim.group === this.group && end > this.pos) this.pos = end;
  }

  /** Listed subscriptions the position has passed (progress). */
  get done(): number {
    const g = this.groups[this.group];
    return g ? g.before + Math.min(this.pos, g.ids.length) : this.total;
  }

  get total(): number {
    const g = this.groups[this.groups.length - 1];
    return g ? g.before + g.ids.length : 0;
  }

  /** Subscriptions some claim passed over: the run looks at them again at its end. */
  get passedOver(): readonly RunCandidate[] {
    return this.passed;
  }
}

/** Subscriptions of one company at a time, at most `size` per batch, in the given order. */
export function companyBatches(list: readonly RunCandidate[], size: number): RunCandidate[][] {
  const out: RunCandidate[][] = [];
  let current: RunCandidate[] = [];
  for (const c of list) {
    if (current.length >= size || (current.length > 0 && current[0].company_id !== c.company_id)) {
      out.push(current);
      current = [];
    }
    current.push(c);
  }
  if (current.length) out.push(current);
  return out;
}
