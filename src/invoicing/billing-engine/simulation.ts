/**
 * What a preview adds to the stored subscription (a change or a cancellation not made), applied
 * in memory: the preview plans the subscription as it would be, nothing written.
 */
import type { SubscriptionEntity, SubscriptionPhaseEntity } from '../../subscriptions/subscription.entity';
import { billingStart, calendarAnchor, cancelTerms, enginePhase, engineSubscription, termEndOf } from './adapters';
import type { Loaded } from './load';

export interface Simulation {
  phase?: SubscriptionPhaseEntity;
  /** seqs of the scheduled phases the simulated change supersedes */
  supersede?: number[];
  /** the scheduled changes after it, recorded again after it */
  moved?: SubscriptionPhaseEntity[];
  /** A cancellation not made: its end and the cancel_config it would record. */
  end?: { end_date: Date; cancel_config: Record<string, unknown> };
  /** Preview the first invoice dated at or after this instant (a scheduled change's), not the next one. */
  from?: Date;
  /** What the simulated change does to the subscription row besides the phase (discounts, minimum spend, one-time items, ...). */
  row?: Partial<SubscriptionEntity>;
}

/** The stored subscription with a simulated change or cancellation applied (nothing written). */
export function simulated(l: Loaded, simulate: Simulation | undefined): Loaded {
  if (!simulate) return l;
  const phaseRows = [...l.phaseRows];
  for (const seq of simulate.supersede ?? []) {
    const i = phaseRows.findIndex((p) => p.seq === seq);
    if (i >= 0) phaseRows[i] = { ...phaseRows[i], superseded_by_event_seq: simulate.phase?.event_seq ?? 0 };
  }
  if (simulate.phase) phaseRows.push(simulate.phase);
  for (const p of simulate.moved ?? []) phaseRows.push({ ...p, superseded_by_event_seq: null });
  const sub = simulate.row ? { ...l.sub, ...simulate.row } : l.sub;
  const engineSub = simulate.row
    ? engineSubscription(sub, phaseRows, l.catalog)
    : { ...l.engineSub, billing_start: billingStart(sub, phaseRows), calendar_anchor: calendarAnchor(sub, phaseRows) };
  if (simulate.end) {
    engineSub.end_date = simulate.end.end_date;
    engineSub.cancel = cancelTerms(simulate.end.cancel_config);
    engineSub.committed_term_end = termEndOf(sub, phaseRows, simulate.end.end_date);
  }
  return { ...l, sub, phaseRows, engineSub, phases: phaseRows.map((p) => enginePhase(p, l.catalog, sub.billing_timezone)) };
}
