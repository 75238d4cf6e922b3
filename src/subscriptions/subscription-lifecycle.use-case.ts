import { Injectable } from '@nestjs/common';
import { DomainError } from '../platform/errors/domain-error';
import { boundary } from '../billing-math/periods';
import { parseDate } from './change.rules';
import { SubscriptionEntity } from './subscription.entity';
import { isEnded } from './subscription-dates';
import { inTrial } from './subscription-state';
import { SubscriptionLookup } from './subscription-lookup.service';
import { rowSnapshot, SubscriptionWriter } from './subscription-writer.service';
import type { ExtendTrialDto, PauseSubscriptionDto } from './dto/subscription.dto';

const PAUSE_KEYS: (keyof SubscriptionEntity)[] = ['pause_date', 'pause_config'];

/** The lifecycle verbs besides change and cancel: extend a trial, pause, resume. */
@Injectable()
export class SubscriptionLifecycleUseCase {
  constructor(
    private readonly writer: SubscriptionWriter,
    private readonly lookup: SubscriptionLookup,
  ) {}

  /**
   * Moves the trial end (only during a trial); the billing anchor follows when it was the trial
   * end. `end_date: null` takes the end away: the trial does not convert until a later extend
   * gives it an end (the anchor then follows from the original trial end).
   */
  async extendTrial(companyId: string, idOrIdentifier: string, dto: ExtendTrialDto): Promise<SubscriptionEntity> {
    const end = dto.end_date === null ? null : parseDate(dto.end_date, 'end_date');
    const id = await this.writer.write(companyId, idOrIdentifier, async (m, sub, now, seq) => {
      if (isEnded(sub.end_date, now)) throw DomainError.invalidState('the subscription is cancelled');
      if (!inTrial(sub, now)) throw DomainError.invalidState('the subscription is not in a trial');
      if (end && end.getTime() <= now.getTime()) throw DomainError.invalidField('end_date', 'must be after now');
      const patch: Partial<SubscriptionEntity> = { trial_conversion_date: end };
      const trialEnd = sub.trial_conversion_date ?? (sub.trial_term ? boundary(sub.start_date, sub.trial_term, 1) : null);
      if (end && trialEnd && sub.billing_anchor_date.getTime() === trialEnd.getTime()) patch.billing_anchor_date = end;
      const keys = Object.keys(patch) as (keyof SubscriptionEntity)[];
      await this.writer.appendEvent(m, sub, seq, 'TRIAL_EXTENDED', now, rowSnapshot(sub, keys), rowSnapshot(patch, keys));
      await this.writer.update(m, sub, patch, now);
    });
    return this.lookup.get(companyId, id);
  }

  async pause(companyId: string, idOrIdentifier: string, dto: PauseSubscriptionDto): Promise<SubscriptionEntity> {
    const resume = dto.resume_date != null ? parseDate(dto.resume_date, 'resume_date') : null;
    const id = await this.writer.write(companyId, idOrIdentifier, async (m, sub, now, seq) => {
      if (isEnded(sub.end_date, now)) throw DomainError.invalidState('a cancelled subscription cannot be paused');
      if (sub.pause_date !== null) throw DomainError.invalidState('the subscription is already paused');
      if (resume && resume.getTime() <= now.getTime()) throw DomainError.invalidField('resume_date', 'must be after now');
      const patch = {
        pause_date: now,
        pause_config: { behavior: dto.behavior ?? 'KEEP_AS_DRAFT', resume_date: resume ? resume.toISOString() : null },
      };
      await this.writer.appendEvent(m, sub, seq, 'PAUSED', now, rowSnapshot(sub, PAUSE_KEYS), rowSnapshot(patch, PAUSE_KEYS));
      await this.writer.update(m, sub, patch, now);
    });
    return this.lookup.get(companyId, id);
  }

  async resume(companyId: string, idOrIdentifier: string): Promise<SubscriptionEntity> {
    const id = await this.writer.write(companyId, idOrIdentifier, async (m, sub, now, seq) => {
      if (sub.pause_date === null) throw DomainError.invalidState('the subscription is not paused');
      const patch = { pause_date: null, pause_config: null };
      await this.writer.appendEvent(m, sub, seq, 'RESUMED', now, rowSnapshot(sub, PAUSE_KEYS), rowSnapshot(patch, PAUSE_KEYS));
      await this.writer.update(m, sub, patch, now);
    });
    return this.lookup.get(companyId, id);
  }
}
