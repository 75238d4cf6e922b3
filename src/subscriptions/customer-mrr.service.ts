import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { ZERO } from '../billing-math/money';
import { CustomerDetailsService } from '../customers/customer-details.service';
import { checkCustomerMrr, checkOnetimeItems, planMaxMrr, StoredOnetimeItem } from './amount-bounds';
import { displayPhase } from './phases';
import { PlanCatalog, PlanCatalogData } from './plan-catalog';
import { SubscriptionEntity, SubscriptionPhaseEntity } from './subscription.entity';
import { isEnded } from './subscription-dates';
import { deriveState, effectiveAnchor } from './subscription-state';
import { SubscriptionPhasesRepository, SubscriptionsRepository } from './subscriptions.repository';

/** The roll-up's order of a customer's subscriptions (the oldest live one sets the currency of the sum). */
function byCreation(a: SubscriptionEntity, b: SubscriptionEntity): number {
  return a.created_at.getTime() - b.created_at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The pricings the amount bounds read: every live phase's and every one-time item's. */
function amountPricingIds(subs: SubscriptionEntity[], live: SubscriptionPhaseEntity[]): string[] {
  const onetimeIds = subs
    .flatMap((s) => (s.onetime_items ?? []).map((o) => o.product_pricing_id))
    .filter((x): x is string => typeof x === 'string');
  return [...new Set([...live.flatMap((p) => p.product_pricing_ids), ...onetimeIds])];
}

/**
 * The roll-up every subscription write ends with: the stored derived values of the customer's
 * subscriptions (renewal/next invoice dates, MRR/ARR) and the customer's MRR/ARR.
 */
@Injectable()
export class CustomerMrr {
  constructor(
    private readonly subs: SubscriptionsRepository,
    private readonly phases: SubscriptionPhasesRepository,
    private readonly customerDetails: CustomerDetailsService,
    private readonly plan: PlanCatalog,
  ) {}

  /**
   * Recomputes, as of `now`, the stored derived values of every subscription of the customer
   * (renewal/next invoice dates, MRR/ARR) and the customer's MRR/ARR = the sum over its
   * subscriptions in the currency of its oldest live subscription (others are in another
   * currency and cannot be added). Runs inside the caller's transaction.
   */
  async refresh(m: EntityManager, companyId: string, customerId: string, now: Date): Promise<void> {
    const subs = await this.subs.with(m).find(companyId, { where: { customer_id: customerId }, order: { created_at: 'ASC', id: 'ASC' } });
    if (subs.length === 0) return;
    const phases = await this.phases.with(m).find(companyId, { where: { subscription_id: In(subs.map((s) => s.id)) } });
    const shown = new Map(
      subs.map((s) => [
        s.id,
        displayPhase(
          phases.filter((p) => p.subscription_id === s.id),
          now,
        ),
      ]),
    );
    const live = phases.filter((p) => p.superseded_by_event_seq === null);
    const data = await this.plan.load(m, companyId, amountPricingIds(subs, live));
    this.checkAmounts(subs, live, data, now);
    let currency: string | null = null;
    let mrr = 0;
    for (const s of subs) {
      const phase = shown.get(s.id) ?? null;
      const state = deriveState(s, phase, data, now);
      // a scheduled anchor reset that has taken effect becomes the subscription's anchor
      const anchor = effectiveAnchor(s, phase);
      await this.subs.with(m).update(
        companyId,
        { id: s.id },
        {
          mrr_in_cents: state.mrr_in_cents,
          arr_in_cents: state.arr_in_cents,
          renewal_date: state.renewal_date,
          next_invoice_date: state.next_invoice_date,
          billing_anchor_date: anchor,
        },
      );
      if (state.status === 'cancelled') continue;
      if (currency === null) currency = s.currency;
      if (s.currency === currency) mrr += state.mrr_in_cents;
    }
    await this.customerDetails.setRecurringRevenue(m, companyId, customerId, mrr, currency);
  }

  /**
   * The same amount bounds as the roll-up checks, for a subscription not written yet: the
   * customer's stored subscriptions with `candidate` added, read without locking or writing
   * (CreateSubscriptionUseCase.decide checks a create this way before it writes anything).
   */
  async checkAmountsWith(
    m: EntityManager,
    companyId: string,
    customerId: string,
    candidate: { sub: SubscriptionEntity; phases: SubscriptionPhaseEntity[] },
    now: Date,
  ): Promise<void> {
    const stored = await this.subs.with(m).find(companyId, { where: { customer_id: customerId } });
    const subs = [...stored.filter((s) => s.id !== candidate.sub.id), candidate.sub].sort(byCreation);
    const storedPhases = stored.length
      ? await this.phases.with(m).find(companyId, { where: { subscription_id: In(stored.map((s) => s.id)) } })
      : [];
    const live = [...storedPhases, ...candidate.phases].filter((p) => p.superseded_by_event_seq === null);
    const data = await this.plan.load(m, companyId, amountPricingIds(subs, live));
    this.checkAmounts(subs, live, data, now);
  }

  /**
   * Every amount the customer's live subscriptions can produce stays within MAX_MONEY_CENTS
   * (amount-bounds.ts), else the write is a 400 and rolls back.
   */
  private checkAmounts(subs: SubscriptionEntity[], live: SubscriptionPhaseEntity[], data: PlanCatalogData, now: Date): void {
    let currency: string | null = null;
    let total = ZERO;
    for (const s of subs) {
      if (isEnded(s.end_date, now)) continue;
      checkOnetimeItems(data, s.onetime_items as StoredOnetimeItem[] | null);
      let largest = ZERO;
      for (const ph of live.filter((p) => p.subscription_id === s.id)) {
        // a change's one-time items are billed on the change's invoice: bounded like the subscription's own
        checkOnetimeItems(data, (ph.change_config?.onetime_items as StoredOnetimeItem[] | undefined) ?? null);
        const mrr = planMaxMrr(data, ph);
        if (mrr.greaterThan(largest)) largest = mrr;
      }
      currency ??= s.currency;
      if (s.currency === currency) total = total.plus(largest);
    }
    checkCustomerMrr(total);
  }
}
