import type { EntityManager } from 'typeorm';
import type { CancellationEffects } from '../cancellation-effects.service';
import type { Position } from './write';

/**
 * cancel_pending_invoices: the run that first reaches the end (not cut before it, the cursor
 * not past it) voids the subscription's open invoices, as the cancellation itself does when it
 * takes effect at once (CancellationEffects).
 */
export async function voidAtCancel(
  cancellation: CancellationEffects,
  m: EntityManager,
  companyId: string,
  positions: Position[],
  at: Date,
  now: Date,
): Promise<void> {
  for (const p of positions) {
    const end = p.l.engineSub.end_date;
    if (!p.l.engineSub.cancel.cancel_pending_invoices || !end || end.getTime() > at.getTime()) continue;
    if (p.resumeAt && p.resumeAt.getTime() <= end.getTime()) continue;
    if (p.l.cursor && p.l.cursor.processed_through.getTime() >= end.getTime()) continue;
    await cancellation.voidOpen(m, companyId, p.l.sub.id, now, 'BILLING_RUN');
  }
}
