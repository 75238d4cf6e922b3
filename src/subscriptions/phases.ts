/**
 * "Which phase is in effect": the one rule, in TypeScript (effectivePhase and the functions
 * built on it; the billing engine calls it over its own phase shape) and in SQL
 * (phaseInEffectSql, for the queries that filter or count by the plan in effect).
 */

/** What the rule reads of a phase: a stored row (superseded_by_event_seq) or the engine's phase (superseded). */
export type PhaseTiming = { seq: number; starts_at: Date } & ({ superseded_by_event_seq: number | null } | { superseded: boolean });

type PhaseLike = PhaseTiming & { change_kind: string };

export function isSuperseded(p: PhaseTiming): boolean {
  return 'superseded' in p ? p.superseded : p.superseded_by_event_seq !== null;
}

/**
 * The phase in effect at `at`: among phases not superseded, those started by `at`, the one
 * recorded last (highest seq) — a later decision wins, even when back-dated.
 */
export function effectivePhase<P extends PhaseTiming>(phases: P[], at: Date): P | null {
  let best: P | null = null;
  for (const p of phases) {
    if (isSuperseded(p) || p.starts_at.getTime() > at.getTime()) continue;
    if (!best || p.seq > best.seq) best = p;
  }
  return best;
}

/**
 * The same rule as a SQL condition on the phase row `ph` at the instant `now` (a bound parameter
 * such as `:now` or `$2`): the phase is not superseded and no later decision (higher seq, not
 * superseded) starts at or before max(now, its own start). True for the phase in effect at
 * `now` and for a phase still to come (the first one of a subscription not started yet, a
 * scheduled change) — the phases whose plan still matters at `now`. `phases`: where the later
 * phases are looked for (the table, or a CTE holding every phase of the subscriptions of `ph`).
 */
export function phaseInEffectSql(ph: string, now: string, phases = 'subscription_phases'): string {
  return `${ph}.superseded_by_event_seq IS NULL
    AND NOT EXISTS (
      SELECT 1 FROM ${phases} later
      WHERE later.company_id = ${ph}.company_id AND later.subscription_id = ${ph}.subscription_id
        AND later.superseded_by_event_seq IS NULL AND later.seq > ${ph}.seq
        AND later.starts_at <= GREATEST(CAST(${now} AS timestamptz), ${ph}.starts_at))`;
}

/**
 * The next scheduled change not yet in effect at `at` (the one `change_date` shows).
 * Only a CHANGE phase is a change: the CREATE phase of a subscription that starts later is the
 * subscription itself, never a pending change (a change recorded before the start must not
 * supersede the plan of [start, change instant)).
 */
export function pendingPhase<P extends PhaseLike>(phases: P[], at: Date): P | null {
  const current = effectivePhase(phases, at);
  let best: P | null = null;
  for (const p of phases) {
    if (p.change_kind !== 'CHANGE' || isSuperseded(p) || p.starts_at.getTime() <= at.getTime()) continue;
    if (current && p.seq < current.seq) continue;
    if (!best || p.starts_at.getTime() < best.starts_at.getTime()) best = p;
  }
  return best;
}

/**
 * The scheduled changes not yet in effect at `at`, in the order they apply (their instants; seq
 * follows the same order: see `scheduleChange`).
 */
export function pendingPhases<P extends PhaseLike>(phases: P[], at: Date): P[] {
  const current = effectivePhase(phases, at);
  return phases
    .filter((p) => p.change_kind === 'CHANGE' && !isSuperseded(p) && p.starts_at.getTime() > at.getTime())
    .filter((p) => !current || p.seq > current.seq)
    .sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime() || a.seq - b.seq);
}

/**
 * Where a new change at `at` goes among the scheduled ones. Several changes may be scheduled,
 * each applying at its own instant; since the phase recorded last wins from its instant on
 * (`effectivePhase`), scheduled changes keep their seqs in the order of their instants:
 * - a scheduled change at the same instant is replaced (`replaced`);
 * - scheduled changes after `at` are recorded again after the new one (`moved`: the same
 *   change, its event kept, a new seq), so each still applies at its instant;
 * - scheduled changes before `at` stay as they are.
 */
export function scheduleChange<P extends PhaseLike>(phases: P[], now: Date, at: Date): { replaced: P[]; moved: P[] } {
  const pending = pendingPhases(phases, now);
  return {
    replaced: pending.filter((p) => p.starts_at.getTime() === at.getTime()),
    moved: pending.filter((p) => p.starts_at.getTime() > at.getTime()),
  };
}

/** The phase a response shows: the one in effect now, or (not started yet) the first one. */
export function displayPhase<P extends PhaseTiming>(phases: P[], at: Date): P | null {
  const current = effectivePhase(phases, at);
  if (current) return current;
  let first: P | null = null;
  for (const p of phases) {
    if (isSuperseded(p)) continue;
    if (
      !first ||
      p.starts_at.getTime() < first.starts_at.getTime() ||
      (p.starts_at.getTime() === first.starts_at.getTime() && p.seq > first.seq)
    )
      first = p;
  }
  return first;
}
