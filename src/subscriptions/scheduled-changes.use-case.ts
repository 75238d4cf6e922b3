import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { DomainError } from '../platform/errors/domain-error';
import { pendingPhases } from './phases';
import { SubscriptionEntity, SubscriptionPhaseEntity } from './subscription.entity';
import { SubscriptionLookup } from './subscription-lookup.service';
import { planSnapshot, SubscriptionWriter } from './subscription-writer.service';
import { SubscriptionPhasesRepository } from './subscriptions.repository';

/**
 * The changes scheduled on a subscription and not yet in effect, in the order they apply: listed,
 * and cancelled one by one. A scheduled change is named by the seq of the event that recorded it
 * (`id`), which stays its name when a change scheduled earlier in time records it again after
 * itself (phases.ts, `scheduleChange`). Cancelling one leaves the others at their instants.
 */
@Injectable()
export class ScheduledChangesUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly lookup: SubscriptionLookup,
    private readonly phases: SubscriptionPhasesRepository,
    private readonly writer: SubscriptionWriter,
  ) {}

  async list(companyId: string, idOrIdentifier: string): Promise<SubscriptionPhaseEntity[]> {
    const sub = await this.lookup.get(companyId, idOrIdentifier);
    const phases = await this.phases.find(companyId, { where: { subscription_id: sub.id } });
    return pendingPhases(phases, this.clock.now());
  }

  /** Cancels the scheduled change `changeId` (404 when no change of that id is scheduled). */
  async cancel(companyId: string, idOrIdentifier: string, changeId: number): Promise<SubscriptionEntity> {
    const id = await this.dataSource.transaction((m) =>
      this.writer.writeWithin(m, companyId, idOrIdentifier, async (m, sub, now, seq) => {
        const phases = await this.phases.with(m).find(companyId, { where: { subscription_id: sub.id } });
        const change = pendingPhases(phases, now).find((p) => p.event_seq === changeId);
        if (!change) throw DomainError.notFound('scheduled change', 'change_id');
        await this.writer.appendEvent(m, sub, seq, 'CHANGE_UNSCHEDULED', change.starts_at, { plan: planSnapshot(change) }, null);
        await this.writer.supersedePhase(m, sub, change.seq, seq);
      }),
    );
    return this.lookup.get(companyId, id);
  }
}
