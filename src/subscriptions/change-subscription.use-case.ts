import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { DomainError } from '../platform/errors/domain-error';
import {
  ChangeExtras,
  changeConfig,
  changeInstant,
  changePhase,
  changePlanInput,
  changeRowPatch,
  checkCalendarChange,
  checkChangeCurrency,
  checkRequestedCurrency,
  checkCurrency,
} from './change.rules';
import { normaliseDiscounts } from './discounts';
import { SubscriptionOnetimeItems } from './subscription-onetime-items.service';
import { PaymentMethodOwnership } from './payment-method-ownership.service';
import { displayPhase, effectivePhase, scheduleChange } from './phases';
import { PlanCatalog, ResolvedPlan } from './plan-catalog';
import { SubscriptionEntity, SubscriptionPhaseEntity } from './subscription.entity';
import { isEnded } from './subscription-dates';
import { SubscriptionLookup } from './subscription-lookup.service';
import { planJson, planSnapshot, rowSnapshot, SubscriptionWriter } from './subscription-writer.service';
import { SubscriptionPhasesRepository } from './subscriptions.repository';
import type { ChangeSubscriptionDto } from './dto/subscription.dto';

/** Everything a change decides, before anything is written (the invoice preview simulates with it). */
export interface ChangeDecision {
  at: Date;
  plan: ResolvedPlan;
  current: SubscriptionPhaseEntity;
  /** The scheduled change at the same instant, which this one replaces. */
  replaced: SubscriptionPhaseEntity[];
  /** The phase the change adds. */
  phase: SubscriptionPhaseEntity;
  /** The scheduled changes after it, recorded again after it (new seqs, same changes) so each still applies at its instant. */
  moved: SubscriptionPhaseEntity[];
  /** What the change does to the subscription row besides the phase. */
  patch: Partial<SubscriptionEntity>;
}

/** The scheduled changes after a new one, as rows to record again after it (in the order they apply). */
function movedAfter(added: SubscriptionPhaseEntity, moved: SubscriptionPhaseEntity[]): Omit<SubscriptionPhaseEntity, 'company_id'>[] {
  return moved.map(({ company_id: _company, ...p }) => ({ ...p, superseded_by_event_seq: null, seq: added.seq }));
}

/**
 * A plan, quantity or term change. Effective at custom_change_date, else by timing:
 * IMMEDIATE now, PERIOD_END the end of the current billing period, RENEWAL the end of the
 * current term (change.rules.ts). It becomes a new phase from that instant. Several changes may
 * be scheduled, each applying at its instant: one at the same instant is replaced, later ones
 * are recorded again after it (phases.ts, `scheduleChange`; traces kept). Until a scheduled change applies, change_date /
 * change_config show it; once it applies they read null again (the plan itself shows the
 * change). Non-plan settings of the body (discounts, metadata, minimum_spend, onetime_items,
 * auto_charges, payment_method_id, trial) apply at once, recorded in the same event.
 */
@Injectable()
export class ChangeSubscriptionUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly writer: SubscriptionWriter,
    private readonly lookup: SubscriptionLookup,
    private readonly phases: SubscriptionPhasesRepository,
    private readonly plan: PlanCatalog,
    private readonly onetimeItems: SubscriptionOnetimeItems,
    private readonly paymentMethods: PaymentMethodOwnership,
  ) {}

  async execute(companyId: string, idOrIdentifier: string, dto: ChangeSubscriptionDto): Promise<SubscriptionEntity> {
    const id = await this.dataSource.transaction((m) => this.within(m, companyId, idOrIdentifier, dto));
    return this.lookup.get(companyId, id);
  }

  /**
   * The change `dto` would make to `sub` at `now`, computed and checked but not written: the
   * write below records exactly this, and the invoice preview bills it in memory.
   */
  async decide(
    m: EntityManager,
    companyId: string,
    sub: SubscriptionEntity,
    dto: ChangeSubscriptionDto,
    now: Date,
    eventSeq: number,
  ): Promise<ChangeDecision> {
    checkRequestedCurrency(sub, dto);
    if (isEnded(sub.end_date, now)) throw DomainError.invalidState('a cancelled subscription cannot change');
    const phases = await this.phases.with(m).find(companyId, { where: { subscription_id: sub.id } });
    const current = displayPhase(phases, now)!;
    const at = changeInstant(sub, current, dto, now);
    // what the request leaves out is the plan in effect just before its instant (a scheduled change's included)
    const base = at.getTime() > now.getTime() ? (effectivePhase(phases, new Date(at.getTime() - 1)) ?? current) : current;
    const { plan } = await this.plan.resolve(m, companyId, changePlanInput(base, dto));
    checkChangeCurrency(plan, sub, dto);
    checkCalendarChange(sub, plan, dto);
    const { replaced, moved } = scheduleChange(phases, now, at);
    const extras: ChangeExtras = {
      discounts:
        dto.discounts !== undefined ? normaliseDiscounts(dto.discounts, sub.currency, plan.product_pricing_ids, now, 'subscription') : null,
      onetime_items:
        dto.onetime_items !== undefined ? await this.onetimeItems.normalise(m, companyId, dto.onetime_items, sub.currency) : null,
    };
    checkCurrency(dto.minimum_spend?.currency, sub.currency, 'minimum_spend.currency');
    if (dto.payment_method_id != null) await this.paymentMethods.assertOwnedBy(m, companyId, sub.customer_id, dto.payment_method_id);
    if (dto.trial && !dto.trial_term) throw DomainError.invalidField('trial_term', 'is required when trial is true');
    const config = changeConfig(sub, dto, plan, at, extras);
    return {
      at,
      plan,
      current,
      replaced,
      moved,
      phase: changePhase(sub, base, phases, plan, at, dto, eventSeq, config, now),
      patch: changeRowPatch(sub, dto, plan, at, extras, now),
    };
  }

  /** The decision for a change not made (the invoice preview): the event seq it would get, nothing written. */
  async simulate(
    m: EntityManager,
    companyId: string,
    sub: SubscriptionEntity,
    dto: ChangeSubscriptionDto,
    now: Date,
  ): Promise<ChangeDecision> {
    return this.decide(m, companyId, sub, dto, now, await this.writer.nextEventSeq(m, companyId, sub.id));
  }

  /** A change inside the caller's transaction (checkout changes a plan in its completion transaction); returns the id. */
  within(m: EntityManager, companyId: string, idOrIdentifier: string, dto: ChangeSubscriptionDto): Promise<string> {
    return this.writer.writeWithin(m, companyId, idOrIdentifier, async (m, sub, now, seq) => {
      const d = await this.decide(m, companyId, sub, dto, now, seq);
      const scheduled = d.at.getTime() > now.getTime();
      const keys = Object.keys(d.patch) as (keyof SubscriptionEntity)[];
      await this.writer.appendEvent(
        m,
        sub,
        seq,
        scheduled ? 'CHANGE_SCHEDULED' : 'CHANGED',
        d.at,
        {
          plan: planSnapshot(d.current),
          ...(d.replaced.length ? { superseded_pending_change: planSnapshot(d.replaced[0]) } : {}),
          ...rowSnapshot(sub, keys),
        },
        { plan: planJson(d.plan), starts_at: d.at.toISOString(), change_config: d.phase.change_config, ...rowSnapshot(d.patch, keys) },
      );
      for (const p of [...d.replaced, ...d.moved]) await this.writer.supersedePhase(m, sub, p.seq, seq);
      const { company_id: _company, ...phase } = d.phase;
      void _company;
      await this.writer.insertPhase(m, sub, phase);
      for (const [i, p] of movedAfter(d.phase, d.moved).entries()) await this.writer.insertPhase(m, sub, { ...p, seq: phase.seq + 1 + i });
      await this.writer.update(m, sub, d.patch, now);
    });
  }
}
