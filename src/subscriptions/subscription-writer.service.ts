import { Injectable } from '@nestjs/common';
import { WebhookEventsService } from '../webhooks/events/webhook-events.service';
import type { WebhookEventType } from '../webhooks/events/event-types';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { iso } from '../platform/timestamps';
import { CustomerEntity } from '../customers/customer.entity';
import { CustomerLookupService } from '../customers/customer-lookup.service';
import { CustomersRepository } from '../customers/customers.repository';
import { CustomerMrr } from './customer-mrr.service';
import { PricingUsageCounts } from './pricing-usage-counts.service';
import type { ResolvedPlan } from './plan-catalog';
import { SubscriptionLookup } from './subscription-lookup.service';
import { SubscriptionEntity, SubscriptionEventType, SubscriptionPhaseEntity } from './subscription.entity';
import { SubscriptionEventsRepository, SubscriptionPhasesRepository, SubscriptionsRepository } from './subscriptions.repository';

/** The work of one write: the locked row, the write's instant and the seq of the event it appends. */
export type WriteWork = (m: EntityManager, sub: SubscriptionEntity, now: Date, seq: number) => Promise<void>;

/** A phase row as written (company_id comes from the subscription). */
export type PhaseRow = Omit<SubscriptionPhaseEntity, 'company_id'>;

/** The fields of the row an event records as before/after (JSON, dates ISO). */
export function rowSnapshot(s: Partial<SubscriptionEntity>, keys: (keyof SubscriptionEntity)[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const v = s[k];
    out[k] = v instanceof Date ? v.toISOString() : (v ?? null);
  }
  return out;
}

/** A phase's plan as an event records it. */
export function planSnapshot(
  p: Pick<
    SubscriptionPhaseEntity,
    'product_pricing_ids' | 'bundle_pricing_id' | 'config_items' | 'term_count' | 'term_frequency' | 'starts_at'
  >,
) {
  return {
    product_pricing_ids: p.product_pricing_ids,
    bundle_pricing_id: p.bundle_pricing_id,
    config_items: p.config_items,
    term: { count: p.term_count, frequency: p.term_frequency },
    starts_at: iso(p.starts_at),
  };
}

/** A resolved plan as an event records it. */
export function planJson(plan: ResolvedPlan) {
  return {
    product_pricing_ids: plan.product_pricing_ids,
    bundle_pricing_id: plan.bundle_pricing_id,
    config_items: plan.config_items,
    term: plan.term,
    billing_term: plan.billing_term,
  };
}

/**
 * The write kernel of subscriptions: the one place that inserts and updates subscription and
 * phase rows and appends history events. Every write of an existing subscription runs in one
 * transaction that locks the customer row, then the subscription row (FOR UPDATE), hands the
 * use case the next event seq, and ends with the customer's roll-up (customer-mrr.service.ts) — so
 * roll-ups never interleave and a use case re-checks its state inside the lock.
 */
/**
 * The webhook event of each history event: a plan change (now or scheduled) is
 * `subscription.changed`, a cancellation `subscription.cancelled`, anything else that changes the
 * subscription (PATCH, undo cancel, extend, pause, resume) `subscription.updated`.
 */
const WEBHOOK_TYPE: Record<SubscriptionEventType, WebhookEventType> = {
  CREATED: 'subscription.created',
  UPDATED: 'subscription.updated',
  CHANGED: 'subscription.changed',
  CHANGE_SCHEDULED: 'subscription.changed',
  CHANGE_UNSCHEDULED: 'subscription.changed',
  CANCELLED: 'subscription.cancelled',
  CANCEL_UNDONE: 'subscription.updated',
  TRIAL_EXTENDED: 'subscription.updated',
  PAUSED: 'subscription.updated',
  RESUMED: 'subscription.updated',
};

@Injectable()
export class SubscriptionWriter {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly lookup: SubscriptionLookup,
    private readonly customerLookup: CustomerLookupService,
    private readonly customers: CustomersRepository,
    private readonly subs: SubscriptionsRepository,
    private readonly phases: SubscriptionPhasesRepository,
    private readonly events: SubscriptionEventsRepository,
    private readonly mrr: CustomerMrr,
    private readonly usage: PricingUsageCounts,
    private readonly webhookEvents: WebhookEventsService,
  ) {}

  /** One locked write in its own transaction; returns the subscription id. */
  write(companyId: string, idOrIdentifier: string, work: WriteWork): Promise<string> {
    return this.dataSource.transaction((m) => this.writeWithin(m, companyId, idOrIdentifier, work));
  }

  /** One locked write inside the caller's transaction: customer and subscription rows locked, the event seq, the roll-up. */
  async writeWithin(m: EntityManager, companyId: string, idOrIdentifier: string, work: WriteWork): Promise<string> {
    const peek = await this.lookup.get(companyId, idOrIdentifier, { manager: m });
    // customer, then subscription (src/platform/README.md, "Lock order"); FOR NO KEY UPDATE, so a
    // billing run holding the subscription never waits for the customer to insert its invoices
    await this.customers.with(m).findOneForUpdate(companyId, { id: peek.customer_id }, { noKey: true });
    const sub = await this.lookup.get(companyId, peek.id, { manager: m, lock: true });
    const now = this.clock.now();
    await work(m, sub, now, await this.nextEventSeq(m, companyId, sub.id));
    await this.finish(m, sub, now);
    return sub.id;
  }

  /** The seq the next event of the subscription gets. */
  async nextEventSeq(m: EntityManager, companyId: string, subscriptionId: string): Promise<number> {
    const [row] = await m.query(
      'SELECT COALESCE(max(seq), 0)::int AS seq FROM subscription_events WHERE company_id = $1 AND subscription_id = $2',
      [companyId, subscriptionId],
    );
    return Number(row.seq) + 1;
  }

  /** The customer a new subscription belongs to, by id or identifier, locked FOR UPDATE (404 on `customer_id`). */
  lockCustomer(m: EntityManager, companyId: string, idOrIdentifier: string): Promise<CustomerEntity> {
    return this.customerLookup.getByIdOrIdentifier(companyId, idOrIdentifier, 'customer_id', { manager: m, lock: true });
  }

  async insertSubscription(m: EntityManager, sub: SubscriptionEntity): Promise<void> {
    const { company_id: companyId, ...row } = sub;
    await this.subs.with(m).insert(companyId, row);
  }

  async update(m: EntityManager, sub: SubscriptionEntity, patch: Partial<SubscriptionEntity>, now: Date): Promise<void> {
    await this.subs.with(m).update(sub.company_id, { id: sub.id }, { ...patch, updated_at: now });
  }

  async appendEvent(
    m: EntityManager,
    sub: SubscriptionEntity,
    seq: number,
    type: SubscriptionEventType,
    effectiveAt: Date,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ): Promise<void> {
    await this.events.with(m).insert(sub.company_id, {
      subscription_id: sub.id,
      seq,
      type,
      effective_at: effectiveAt,
      recorded_at: this.clock.now(),
      before,
      after,
    });
    // every change of a subscription is one history event: its webhook event goes with it
    this.webhookEvents.later(m, sub.company_id, WEBHOOK_TYPE[type], sub.id);
  }

  async insertPhase(m: EntityManager, sub: SubscriptionEntity, phase: PhaseRow): Promise<void> {
    await this.phases.with(m).insert(sub.company_id, { ...phase, created_at: this.clock.now() });
  }

  /** Marks the phase `phaseSeq` superseded by the event `eventSeq` (its trace is kept). */
  async supersedePhase(m: EntityManager, sub: SubscriptionEntity, phaseSeq: number, eventSeq: number): Promise<void> {
    await this.phases.with(m).update(sub.company_id, { subscription_id: sub.id, seq: phaseSeq }, { superseded_by_event_seq: eventSeq });
  }

  /**
   * What every write of a subscription ends with, inside its transaction: the rows `num_subs`
   * counts (PricingUsageCounts.refresh), then the customer's roll-up (customer-mrr.service.ts).
   */
  async finish(m: EntityManager, sub: SubscriptionEntity, now: Date): Promise<void> {
    await this.usage.refresh(m, sub.company_id, [sub.id]);
    await this.mrr.refresh(m, sub.company_id, sub.customer_id, now);
  }
}
