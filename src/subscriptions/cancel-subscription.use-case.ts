import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { DomainError } from '../platform/errors/domain-error';
import { cancelConfig, cancelInstant, checkCurrency } from './change.rules';
import { displayPhase } from './phases';
import { SubscriptionEntity } from './subscription.entity';
import { fixedEndDate, isEnded } from './subscription-dates';
import { termOf } from './subscription-state';
import { SubscriptionLookup } from './subscription-lookup.service';
import { rowSnapshot, SubscriptionWriter } from './subscription-writer.service';
import { SubscriptionPhasesRepository } from './subscriptions.repository';
import { SubscriptionsHooks } from './subscriptions.hooks';
import { cancelTermsProblem } from '../billing-math/cancellation';
import type { CancelSubscriptionDto } from './dto/subscription.dto';

/** Everything a cancellation decides, before anything is written (the invoice preview simulates with it). */
export interface CancelDecision {
  end: Date;
  patch: Pick<SubscriptionEntity, 'cancel_date' | 'end_date' | 'cancel_config'>;
}

const CANCEL_KEYS: (keyof SubscriptionEntity)[] = ['cancel_date', 'end_date', 'cancel_config'];

/**
 * Cancel and undo. cancel_date = now; end_date = when it takes effect: custom_end_date (not
 * before start_date), else IMMEDIATE now, PERIOD_END the end of the current billing period,
 * RENEWAL the end of the current term (change.rules.ts). A pending cancellation may be
 * re-cancelled (the new one replaces it); a cancelled subscription cannot (409).
 */
@Injectable()
export class CancelSubscriptionUseCase {
  constructor(
    private readonly writer: SubscriptionWriter,
    private readonly lookup: SubscriptionLookup,
    private readonly phases: SubscriptionPhasesRepository,
    private readonly hooks: SubscriptionsHooks,
  ) {}

  /** The cancellation `dto` would make at `now`, checked but not written (the invoice preview bills it in memory). */
  async decide(
    m: EntityManager,
    companyId: string,
    sub: SubscriptionEntity,
    dto: CancelSubscriptionDto,
    now: Date,
  ): Promise<CancelDecision> {
    if (isEnded(sub.end_date, now)) throw DomainError.invalidState('the subscription is already cancelled');
    checkCurrency(dto.custom_refund_amount?.currency, sub.currency, 'custom_refund_amount.currency');
    const phases = await this.phases.with(m).find(companyId, { where: { subscription_id: sub.id } });
    const end = cancelInstant(sub, displayPhase(phases, now)!, dto, now);
    await this.checkRefund(m, companyId, sub, dto, end);
    return { end, patch: { cancel_date: now, end_date: end, cancel_config: cancelConfig(sub, dto, end) } };
  }

  async cancel(companyId: string, idOrIdentifier: string, dto: CancelSubscriptionDto): Promise<SubscriptionEntity> {
    const id = await this.writer.write(companyId, idOrIdentifier, async (m, sub, now, seq) => {
      const { end, patch } = await this.decide(m, companyId, sub, dto, now);
      await this.writer.appendEvent(m, sub, seq, 'CANCELLED', end, rowSnapshot(sub, CANCEL_KEYS), rowSnapshot(patch, CANCEL_KEYS));
      await this.writer.update(m, sub, patch, now);
      // taking effect now: the open invoices go at once (a later end: the billing run that reaches it)
      if (dto.cancel_pending_invoices === true && end.getTime() <= now.getTime())
        await this.hooks.get('cancellationEffects').voidPendingInvoices(m, companyId, sub.id, now);
    });
    return this.lookup.get(companyId, id);
  }

  /**
   * refund_type CUSTOM needs custom_refund_amount, at most what the cancelled period billed (the
   * billing engine's figure); the amount with another refund type, or CUSTOM with
   * charge_remaining_balance, is refused (docs/billing-rules.md#cancellations).
   */
  private async checkRefund(m: EntityManager, companyId: string, sub: SubscriptionEntity, dto: CancelSubscriptionDto, end: Date) {
    const terms = {
      // an amount without a refund type is a custom refund
      refund_type: (dto.refund_type ?? (dto.custom_refund_amount ? 'CUSTOM' : 'NONE')) as 'PRORATED' | 'NONE' | 'CUSTOM',
      custom_refund_cents: dto.custom_refund_amount?.value_in_cents ?? null,
      charge_remaining_balance: dto.charge_remaining_balance === true,
    };
    let problem = cancelTermsProblem(terms, null);
    if (!problem && terms.refund_type === 'CUSTOM') {
      const billed = await this.hooks.get('cancellationEffects').cancelledPeriodBilled(m, companyId, sub.id, end);
      problem = cancelTermsProblem(terms, billed);
    }
    if (problem) throw DomainError.invalidField(problem.field, problem.message);
  }

  /** Only while a cancellation is pending: end_date goes back to start + term (auto_renews false) or null. */
  async undo(companyId: string, idOrIdentifier: string): Promise<SubscriptionEntity> {
    const id = await this.writer.write(companyId, idOrIdentifier, async (m, sub, now, seq) => {
      if (sub.cancel_date === null || isEnded(sub.end_date, now)) {
        throw DomainError.invalidState(
          sub.cancel_date === null ? 'the subscription has no pending cancellation' : 'the cancellation has already taken effect',
        );
      }
      const phases = await this.phases.with(m).find(companyId, { where: { subscription_id: sub.id } });
      const term = termOf(displayPhase(phases, now)!);
      const patch = { cancel_date: null, cancel_config: null, end_date: sub.auto_renews ? null : fixedEndDate(sub.start_date, term) };
      await this.writer.appendEvent(m, sub, seq, 'CANCEL_UNDONE', now, rowSnapshot(sub, CANCEL_KEYS), rowSnapshot(patch, CANCEL_KEYS));
      await this.writer.update(m, sub, patch, now);
    });
    return this.lookup.get(companyId, id);
  }
}
