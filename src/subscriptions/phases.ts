import type { SubscriptionPhaseEntity } from './subscription.entities';

type PhaseLike = Pick<SubscriptionPhaseEntity, 'seq' | 'starts_at' | 'superseded_by_event_seq' | 'change_kind'>;

/**
 * The phase in effect at `at`: among phases not superseded, those started by `at`, the one
 * recorded last (highest seq) — a later decision wins, even when back-dated.
 */
export function effectivePhase<P extends PhaseLike>(phases: P[], at: Date): P | null {
  let best: P | null = null;
  for (const p of phases) {
    if (p.superseded_by_event_seq !== null || p.starts_at.getTime() > at.getTime()) continue;
    if (!best || p.seq > best.seq) best = p;
  }
  return best;
}

/**
 * The scheduled change not yet in effect at `at` (at most one: a new change supersedes it).
 * Only a CHANGE phase is a change: the CREATE phase of a subscription that starts later is the
 * subscription itself, never a pending change (a change recorded before the start must not
 * supersede the plan of [start, change instant)).
 */
export function pendingPhase<P extends PhaseLike>(phases: P[], at: Date): P | null {
  const current = effectivePhase(phases, at);
  let best: P | null = null;
  for (const p of phases) {
    if (p.change_kind !== 'CHANGE' || p.superseded_by_event_seq !== null || p.starts_at.getTime() <= at.getTime()) continue;
    if (current && p.seq < current.seq) continue;
    if (!best || p.starts_at.getTime() < best.starts_at.getTime()) best = p;
  }
  return best;
}

/** The phase a response shows: the one in effect now, or (not started yet) the first one. */
export function displayPhase<P extends PhaseLike>(phases: P[], at: Date): P | null {
  const current = effectivePhase(phases, at);
  if (current) return current;
  let first: P | null = null;
  for (const p of phases) {
    if (p.superseded_by_event_seq !== null) continue;
    if (
      !first ||
      p.starts_at.getTime() < first.starts_at.getTime() ||
      (p.starts_at.getTime() === first.starts_at.getTime() && p.seq > first.seq)
    )
      first = p;
  }
  return first;
}
