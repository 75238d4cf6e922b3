import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { DomainError } from '../platform/errors/domain-error';
import { isId, newId } from '../platform/ids/ids';
import { iso } from '../platform/timestamps';
import { runSearch, baseSortKeys, SearchSpec } from '../platform/search/search';
import { CustomersRepository } from '../customers/customers.repository';
import { CustomerEntity } from '../customers/customer.entity';
import { CustomerDetailsService } from '../customers/customer-details.service';
import { ProductPricingsRepository } from '../catalog/catalog.repositories';
import { EntitlementAssignmentsService } from '../entitlements/assignments/assignments.service';
import { BillableMetricsRepository } from '../metrics/metrics.repositories';
import { UsageService } from '../metrics/usage/usage.service';
import { normaliseDiscounts } from './discounts';
import { PlanCatalog, PlanCatalogData, ResolvedPlan } from './plan-catalog';
import { displayPhase, pendingPhase } from './phases';
import { SubscriptionEventsRepository, SubscriptionPhasesRepository, SubscriptionsRepository } from './subscriptions.repositories';
import { SubscriptionEntity, SubscriptionEventType, SubscriptionPhaseEntity } from './subscription.entities';
import { addTerm, backdateProblem, currentPeriodEnd, currentPeriodStart, fixedEndDate, isEnded, renewalDate } from './subscription-dates';
import { dateInputs, deriveState, effectiveAnchor, inTrial, termOf } from './subscription-state';
import { SubscriptionViews } from './subscription.views';
import { checkCustomerMrr, checkOnetimeItems, planMaxMrr, StoredOnetimeItem } from './amount-bounds';
import { ZERO } from '../billing-math/money';
import { PaymentMethodOwnership } from './payment-method-ownership.port';
import type {
  CancelSubscriptionDto,
  ChangeSubscriptionDto,
  ConfigItemDto,
  CreateSubscriptionDto,
  ExtendTrialDto,
  FindSubscriptionsDto,
  OnetimeItemDto,
  PauseSubscriptionDto,
  SubscriptionResponse,
  SubscriptionUsageDto,
  UpdateSubscriptionDto,
} from './dto/subscription.dto';

const STATUS_SQL = `(CASE WHEN s.end_date IS NOT NULL AND s.end_date <= CAST(:now AS timestamptz) THEN 'cancelled' WHEN s.unpaid THEN 'unpaid' ELSE 'active' END)`;
/** EXISTS a phase in effect at :now (or the first phase of a subscription not started yet) matching `cond`. */
const CURRENT_PHASE = (cond: string) => `EXISTS (
  SELECT 1 FROM subscription_phases ph
  WHERE ph.company_id = s.company_id AND ph.subscription_id = s.id AND ph.superseded_by_event_seq IS NULL AND (${cond})
    AND NOT EXISTS (
      SELECT 1 FROM subscription_phases later
      WHERE later.company_id = ph.company_id AND later.subscription_id = ph.subscription_id
        AND later.superseded_by_event_seq IS NULL AND later.seq > ph.seq
        AND later.starts_at <= GREATEST(CAST(:now AS timestamptz), ph.starts_at)))`;

function parseDate(value: string, field: string): Date {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw DomainError.invalidField(field, 'must be an ISO 8601 date-time');
  return d;
}

const money = (currency: string, cents: number) => ({ currency, value_in_cents: cents });

function checkCurrency(given: string | null | undefined, currency: string, field: string): void {
  if (given != null && given !== currency) throw DomainError.invalidField(field, `must be in the subscription currency (${currency})`);
}

function planSnapshot(
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

/** The fields of the row an event records as before/after (JSON, dates ISO). */
function rowSnapshot(s: Partial<SubscriptionEntity>, keys: (keyof SubscriptionEntity)[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const v = s[k];
    out[k] = v instanceof Date ? v.toISOString() : (v ?? null);
  }
  return out;
}

/**
 * Subscriptions: create, read, find, update and the lifecycle actions. Every write runs in one
 * transaction that locks the subscription row (FOR UPDATE) and re-checks its state inside the
 * lock, appends a history event (and a phase for plan changes), and recomputes the stored
 * derived values (renewal/next invoice dates, MRR/ARR) of the customer's subscriptions and the
 * customer's MRR/ARR. The customer row is locked too, so roll-ups never interleave.
 */
@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly subs: SubscriptionsRepository,
    private readonly phases: SubscriptionPhasesRepository,
    private readonly events: SubscriptionEventsRepository,
    private readonly customers: CustomersRepository,
    private readonly pricings: ProductPricingsRepository,
    private readonly metrics: BillableMetricsRepository,
    private readonly plan: PlanCatalog,
    private readonly assignments: EntitlementAssignmentsService,
    private readonly usageService: UsageService,
    private readonly views: SubscriptionViews,
    private readonly paymentMethods: PaymentMethodOwnership,
    private readonly customerDetails: CustomerDetailsService,
  ) {}

  // ---------------------------------------------------------------- reads

  private async findByIdOrIdentifier(
    companyId: string,
    idOrIdentifier: string,
    m?: EntityManager,
    lock = false,
  ): Promise<SubscriptionEntity> {
    const repo = m ? this.subs.with(m) : this.subs;
    const where = isId('subscription', idOrIdentifier) ? { id: idOrIdentifier } : { identifier: idOrIdentifier };
    let row = lock ? await repo.findOneForUpdate(companyId, where) : await repo.findOne(companyId, where);
    if (!row && isId('subscription', idOrIdentifier)) {
      row = lock
        ? await repo.findOneForUpdate(companyId, { identifier: idOrIdentifier })
        : await repo.findOne(companyId, { identifier: idOrIdentifier });
    }
    if (!row) throw DomainError.notFound('subscription');
    return row;
  }

  async get(companyId: string, idOrIdentifier: string): Promise<SubscriptionResponse> {
    return this.views.one(companyId, await this.findByIdOrIdentifier(companyId, idOrIdentifier));
  }

  /**
   * Find. Status is derived from the clock in SQL (now as a parameter); product/bundle filters
   * match the phase in effect now (or the first phase of a subscription not started yet).
   * renewal_date / next_invoice_date filter on the values stored at the last write of the
   * customer's subscriptions (they can lag behind the clock until the next write or billing run).
   */
  async find(companyId: string, body: FindSubscriptionsDto) {
    const now = this.clock.now();
    const spec: SearchSpec = {
      alias: 's',
      sortKeys: baseSortKeys('s'),
      filters: {
        customer_id: { kind: 'exact', column: 's.customer_id' },
        status: { kind: 'custom', apply: (qb, v, p) => qb.andWhere(`${STATUS_SQL} = lower(:${p})`, { [p]: v, now }) },
        statuses: {
          kind: 'custom',
          apply: (qb, v: string[], p) => qb.andWhere(`${STATUS_SQL} IN (:...${p})`, { [p]: v.map((x) => x.toLowerCase()), now }),
        },
        product_pricing_id: {
          kind: 'custom',
          apply: (qb, v, p) => qb.andWhere(CURRENT_PHASE(`:${p} = ANY(ph.product_pricing_ids)`), { [p]: v, now }),
        },
        bundle_pricing_id: {
          kind: 'custom',
          apply: (qb, v, p) => qb.andWhere(CURRENT_PHASE(`ph.bundle_pricing_id = :${p}`), { [p]: v, now }),
        },
        auto_renews: { kind: 'bool', column: 's.auto_renews' },
        auto_charges: { kind: 'bool', column: 's.auto_charges' },
        trial: { kind: 'bool', column: 's.trial' },
        start_date: { kind: 'date_range', column: 's.start_date' },
        end_date: { kind: 'date_range', column: 's.end_date' },
        renewal_date: { kind: 'date_range', column: 's.renewal_date' },
        next_invoice_date: { kind: 'date_range', column: 's.next_invoice_date' },
        search: { kind: 'search', columns: ['s.id', 's.identifier', 'c.name', 'c.identifier', 'c.email'] },
      },
    };
    const qb = this.subs.queryBuilder(companyId, 's').leftJoin(CustomerEntity, 'c', 'c.company_id = s.company_id AND c.id = s.customer_id');
    const page = await runSearch(qb, body, spec);
    return { pagination: page.pagination, results: await this.views.many(companyId, page.results) };
  }

  // ---------------------------------------------------------------- create

  async create(companyId: string, dto: CreateSubscriptionDto): Promise<SubscriptionResponse> {
    const id = await this.dataSource.transaction((m) => this.createWithin(m, companyId, dto));
    return this.get(companyId, id);
  }

  /**
   * Creates a subscription inside the caller's transaction (contracts start theirs in the same
   * transaction that executes the contract) and returns its id.
   */
  async createWithin(m: EntityManager, companyId: string, dto: CreateSubscriptionDto): Promise<string> {
    const now = this.clock.now();
    if (dto.identifier != null && isId('subscription', dto.identifier))
      throw DomainError.invalidField('identifier', 'must not have the shape of a subscription id');
    const start = dto.start_date != null ? parseDate(dto.start_date, 'start_date') : now;
    const tooOld = backdateProblem(start, now);
    if (tooOld) throw DomainError.invalidField('start_date', tooOld);
    const trial = dto.trial ?? false;
    if (trial && !dto.trial_term) throw DomainError.invalidField('trial_term', 'is required when trial is true');
    if (dto.trial_term?.frequency === 'ONETIME') throw DomainError.invalidField('trial_term.frequency', 'must be a recurring frequency');
    const trialEnd = trial ? addTerm(start, dto.trial_term!) : null;
    const anchor = dto.billing_anchor_date != null ? parseDate(dto.billing_anchor_date, 'billing_anchor_date') : (trialEnd ?? start);
    if (anchor.getTime() < start.getTime()) throw DomainError.invalidField('billing_anchor_date', 'must not be before start_date');
    const autoRenews = dto.auto_renews ?? true;

    {
      const customer = await this.lockCustomer(m, companyId, dto.customer_id);
      if (customer.status !== 'ACTIVE')
        throw DomainError.badRequest('customer_not_active', `the customer is ${customer.status}: only ACTIVE customers can subscribe`);
      if (dto.payment_method_id != null) await this.paymentMethods.assertOwnedBy(m, companyId, customer.id, dto.payment_method_id);
      const { plan } = await this.plan.resolve(m, companyId, dto);
      const discounts = normaliseDiscounts(dto.discounts, plan.currency, plan.product_pricing_ids, now, 'subscription');
      const onetime = await this.onetimeItems(m, companyId, dto.onetime_items, plan.currency);
      checkCurrency(dto.minimum_spend?.currency, plan.currency, 'minimum_spend.currency');
      const overrides = dto.override_entitlements
        ? await this.assignments.resolve(companyId, dto.override_entitlements, 'override_entitlements', m)
        : [];

      const sub: SubscriptionEntity = {
        company_id: companyId,
        id: newId('subscription'),
        identifier: dto.identifier ?? null,
        customer_id: customer.id,
        currency: plan.currency,
        start_date: start,
        billing_anchor_date: anchor,
        auto_renews: autoRenews,
        auto_charges: dto.auto_charges ?? false,
        trial,
        trial_term: trial ? { count: dto.trial_term!.count, frequency: dto.trial_term!.frequency } : null,
        trial_conversion_date: trialEnd,
        end_date: autoRenews ? null : fixedEndDate(start, plan.term),
        cancel_date: null,
        cancel_config: null,
        pause_date: null,
        pause_config: null,
        metadata: dto.metadata ?? {},
        minimum_spend_in_cents: dto.minimum_spend?.value_in_cents ?? null,
        payment_method_id: dto.payment_method_id ?? null,
        invoice_due_date_from_creation: dto.invoice_due_date_from_creation ?? null,
        invoice_additional_display_fields: dto.invoice_additional_display_fields?.map((f) => ({ name: f.name, value: f.value })) ?? null,
        discounts,
        onetime_items: onetime,
        unpaid: false,
        mrr_in_cents: 0,
        arr_in_cents: 0,
        renewal_date: null,
        next_invoice_date: null,
        created_at: now,
        updated_at: now,
      };
      const { company_id: _c, ...row } = sub;
      void _c;
      await this.subs.with(m).insert(companyId, row);
      await this.appendEvent(m, sub, 1, 'CREATED', start, null, {
        ...rowSnapshot(sub, [
          'customer_id',
          'currency',
          'start_date',
          'billing_anchor_date',
          'auto_renews',
          'trial_conversion_date',
          'end_date',
        ]),
        plan: this.planJson(plan),
      });
      await this.insertPhase(m, sub, 1, 1, start, plan, anchor, { change_kind: 'CREATE' });
      if (overrides.length) await this.assignments.replace(m, companyId, { type: 'SUBSCRIPTION', id: sub.id }, overrides);
      await this.refreshCustomer(m, companyId, customer.id, now);
      return sub.id;
    }
  }

  // ---------------------------------------------------------------- update

  async update(companyId: string, idOrIdentifier: string, dto: UpdateSubscriptionDto): Promise<SubscriptionResponse> {
    const id = await this.write(companyId, idOrIdentifier, async (m, sub, now, seq) => {
      const patch: Partial<SubscriptionEntity> = {};
      if (dto.auto_charges != null) patch.auto_charges = dto.auto_charges;
      if (dto.metadata !== undefined) patch.metadata = dto.metadata ?? {};
      if (dto.minimum_spend !== undefined) {
        checkCurrency(dto.minimum_spend?.currency, sub.currency, 'minimum_spend.currency');
        patch.minimum_spend_in_cents = dto.minimum_spend?.value_in_cents ?? null;
      }
      if (dto.payment_method_id != null) await this.paymentMethods.assertOwnedBy(m, companyId, sub.customer_id, dto.payment_method_id);
      if (dto.payment_method_id !== undefined) patch.payment_method_id = dto.payment_method_id ?? null;
      if (dto.invoice_due_date_from_creation !== undefined)
        patch.invoice_due_date_from_creation = dto.invoice_due_date_from_creation ?? null;
      if (dto.invoice_additional_display_fields !== undefined) {
        patch.invoice_additional_display_fields =
          dto.invoice_additional_display_fields?.map((f) => ({ name: f.name, value: f.value })) ?? null;
      }
      const keys = Object.keys(patch) as (keyof SubscriptionEntity)[];
      const before: Record<string, unknown> = rowSnapshot(sub, keys);
      const after: Record<string, unknown> = rowSnapshot(patch, keys);
      if (dto.override_entitlements !== undefined) {
        const resolved = await this.assignments.resolve(companyId, dto.override_entitlements ?? [], 'override_entitlements', m);
        const current = await this.assignments.readMany(companyId, [{ type: 'SUBSCRIPTION', id: sub.id }], m);
        before.override_entitlements = current
          .layer('SUBSCRIPTION', sub.id)
          .entries.map((e) => ({ entitlement_id: e.entitlement_id, value: e.value }));
        after.override_entitlements = resolved.map((r) => ({ entitlement_id: r.entitlement.id, value: r.value }));
        await this.assignments.replace(m, companyId, { type: 'SUBSCRIPTION', id: sub.id }, resolved);
      }
      await this.subs.with(m).update(companyId, { id: sub.id }, { ...patch, updated_at: now });
      await this.appendEvent(m, sub, seq, 'UPDATED', now, before, after);
    });
    return this.get(companyId, id);
  }

  // ---------------------------------------------------------------- change

  /**
   * A plan, quantity or term change. Effective at custom_change_date, else by timing:
   * IMMEDIATE now, PERIOD_END the end of the current billing period, RENEWAL the end of the
   * current term. It becomes a new phase from that instant; a pending scheduled change is
   * superseded (trace kept). Until a scheduled change applies, change_date / change_config
   * show it; once it applies they read null again (the plan itself shows the change).
   * Non-plan settings of the body (discounts, metadata, minimum_spend, onetime_items,
   * auto_charges, payment_method_id, trial) apply at once, recorded in the same event.
   */
  async change(companyId: string, idOrIdentifier: string, dto: ChangeSubscriptionDto): Promise<SubscriptionResponse> {
    const id = await this.dataSource.transaction((m) => this.changeWithin(m, companyId, idOrIdentifier, dto));
    return this.get(companyId, id);
  }

  /** A change inside the caller's transaction (checkout changes a plan in its completion transaction); returns the id. */
  async changeWithin(m: EntityManager, companyId: string, idOrIdentifier: string, dto: ChangeSubscriptionDto): Promise<string> {
    return this.writeWithin(m, companyId, idOrIdentifier, async (m, sub, now, seq) => {
      if (isEnded(sub.end_date, now)) throw DomainError.invalidState('a cancelled subscription cannot change');
      const phases = await this.phases.with(m).find(companyId, { where: { subscription_id: sub.id } });
      const current = displayPhase(phases, now)!;
      const pending = pendingPhase(phases, now);
      const planGiven = dto.product_pricing_ids != null || dto.bundle_pricing_id != null;
      const keepConfig: ConfigItemDto[] = current.config_items.map((c) => ({ ...c }));
      const { plan } = await this.plan.resolve(m, companyId, {
        product_pricing_ids: planGiven ? dto.product_pricing_ids : current.bundle_pricing_id ? null : current.product_pricing_ids,
        bundle_pricing_id: planGiven ? dto.bundle_pricing_id : current.bundle_pricing_id,
        config_items: dto.config_items ?? (planGiven ? [] : keepConfig),
        term: dto.term ?? termOf(current),
      });
      if (plan.currency !== sub.currency) {
        throw DomainError.invalidField(
          dto.bundle_pricing_id != null ? 'bundle_pricing_id' : 'product_pricing_ids',
          `must be in the subscription currency (${sub.currency})`,
        );
      }
      const inputs = dateInputs(sub, current);
      let at: Date;
      if (dto.custom_change_date != null) {
        at = parseDate(dto.custom_change_date, 'custom_change_date');
        const tooOld = backdateProblem(at, now);
        if (tooOld) throw DomainError.invalidField('custom_change_date', tooOld);
        const periodStart = currentPeriodStart(sub.start_date, inputs.billing_anchor_date, inputs.billing_term, now);
        if (at.getTime() < periodStart.getTime()) {
          throw DomainError.invalidField(
            'custom_change_date',
            `must not be before the start of the current billing period (${periodStart.toISOString()})`,
          );
        }
      } else {
        const timing = dto.timing ?? 'IMMEDIATE';
        if (timing === 'IMMEDIATE') at = now;
        else if (timing === 'PERIOD_END') at = currentPeriodEnd(inputs.billing_anchor_date, inputs.billing_term, now);
        else at = renewalDate(inputs, now) ?? now;
      }
      if (at.getTime() < sub.start_date.getTime()) at = sub.start_date;
      const reset = dto.reset_billing_anchor ?? false;
      const anchor = reset ? at : effectiveAnchor(sub, current);

      const discounts =
        dto.discounts !== undefined ? normaliseDiscounts(dto.discounts, sub.currency, plan.product_pricing_ids, now, 'subscription') : null;
      const onetime = dto.onetime_items !== undefined ? await this.onetimeItems(m, companyId, dto.onetime_items, sub.currency) : null;
      checkCurrency(dto.minimum_spend?.currency, sub.currency, 'minimum_spend.currency');
      if (dto.payment_method_id != null) await this.paymentMethods.assertOwnedBy(m, companyId, sub.customer_id, dto.payment_method_id);
      if (dto.trial && !dto.trial_term) throw DomainError.invalidField('trial_term', 'is required when trial is true');

      const patch: Partial<SubscriptionEntity> = {};
      if (discounts) patch.discounts = discounts;
      if (onetime) patch.onetime_items = onetime;
      if (dto.metadata !== undefined) patch.metadata = dto.metadata ?? {};
      if (dto.minimum_spend !== undefined) patch.minimum_spend_in_cents = dto.minimum_spend?.value_in_cents ?? null;
      if (dto.auto_charges != null) patch.auto_charges = dto.auto_charges;
      if (dto.payment_method_id !== undefined) patch.payment_method_id = dto.payment_method_id ?? null;
      if (dto.trial === true) {
        patch.trial = true;
        patch.trial_term = { count: dto.trial_term!.count, frequency: dto.trial_term!.frequency };
        patch.trial_conversion_date = addTerm(at, dto.trial_term!);
      } else if (dto.trial === false) {
        // the trial ends when the change takes effect: a change dated later ends it at its instant
        // (as if made then), an immediate or back-dated one now
        const trialEnds = at.getTime() > now.getTime() ? at : now;
        if (inTrial(sub, trialEnds)) patch.trial_conversion_date = trialEnds;
      }
      if (reset && at.getTime() <= now.getTime()) patch.billing_anchor_date = at;
      if (!sub.auto_renews && dto.term && sub.cancel_date === null) patch.end_date = fixedEndDate(sub.start_date, plan.term);

      const changeConfig = {
        actual_change_time: null,
        auto_charges: dto.auto_charges ?? null,
        bundle_pricing: null,
        bundle_pricing_id: plan.bundle_pricing_id,
        config_items: plan.config_items,
        custom_change_date: dto.custom_change_date != null ? at.toISOString() : null,
        discounts: discounts,
        metadata: dto.metadata ?? null,
        minimum_spend: dto.minimum_spend ? money(sub.currency, dto.minimum_spend.value_in_cents) : null,
        onetime_items: onetime,
        payment_method_id: dto.payment_method_id ?? null,
        product_pricing_ids: plan.product_pricing_ids,
        proration_type: dto.proration_type ?? 'NEXT',
        relative_term: null,
        reset_billing_anchor: reset,
        term: plan.term,
        timing: dto.timing ?? 'IMMEDIATE',
        trial: dto.trial ?? null,
        trial_term: dto.trial_term ?? null,
      };
      const scheduled = at.getTime() > now.getTime();
      const keys = Object.keys(patch) as (keyof SubscriptionEntity)[];
      await this.appendEvent(
        m,
        sub,
        seq,
        scheduled ? 'CHANGE_SCHEDULED' : 'CHANGED',
        at,
        {
          plan: planSnapshot(current),
          ...(pending ? { superseded_pending_change: planSnapshot(pending) } : {}),
          ...rowSnapshot(sub, keys),
        },
        { plan: this.planJson(plan), starts_at: at.toISOString(), change_config: changeConfig, ...rowSnapshot(patch, keys) },
      );
      if (pending)
        await this.phases.with(m).update(companyId, { subscription_id: sub.id, seq: pending.seq }, { superseded_by_event_seq: seq });
      const phaseSeq = Math.max(...phases.map((p) => p.seq)) + 1;
      await this.insertPhase(m, sub, phaseSeq, seq, at, plan, anchor, {
        change_kind: 'CHANGE',
        proration_type: dto.proration_type ?? 'NEXT',
        timing: dto.custom_change_date != null ? 'CUSTOM' : (dto.timing ?? 'IMMEDIATE'),
        reset_billing_anchor: reset,
        change_config: changeConfig,
      });
      await this.subs.with(m).update(companyId, { id: sub.id }, { ...patch, updated_at: now });
    });
  }

  // ---------------------------------------------------------------- cancel / undo

  /**
   * cancel_date = now (when asked); end_date = when it takes effect: custom_end_date (not
   * before start_date), else IMMEDIATE now, PERIOD_END the end of the current billing period,
   * RENEWAL the end of the current term. A pending cancellation may be re-cancelled (the new
   * one replaces it); a cancelled subscription cannot (409).
   */
  async cancel(companyId: string, idOrIdentifier: string, dto: CancelSubscriptionDto): Promise<SubscriptionResponse> {
    const id = await this.write(companyId, idOrIdentifier, async (m, sub, now, seq) => {
      if (isEnded(sub.end_date, now)) throw DomainError.invalidState('the subscription is already cancelled');
      checkCurrency(dto.custom_refund_amount?.currency, sub.currency, 'custom_refund_amount.currency');
      const phases = await this.phases.with(m).find(companyId, { where: { subscription_id: sub.id } });
      const inputs = dateInputs(sub, displayPhase(phases, now)!);
      const timing = dto.timing ?? 'IMMEDIATE';
      let end: Date;
      if (dto.custom_end_date != null) {
        end = parseDate(dto.custom_end_date, 'custom_end_date');
        if (end.getTime() < sub.start_date.getTime()) throw DomainError.invalidField('custom_end_date', 'must not be before start_date');
      } else if (timing === 'IMMEDIATE') end = now;
      else if (timing === 'PERIOD_END') end = currentPeriodEnd(inputs.billing_anchor_date, inputs.billing_term, now);
      else end = renewalDate(inputs, now) ?? now;
      if (end.getTime() < sub.start_date.getTime()) end = sub.start_date;
      const config = {
        timing,
        custom_end_date: dto.custom_end_date != null ? end.toISOString() : null,
        refund_type: dto.refund_type ?? null,
        reason: dto.reason ?? null,
        charge_remaining_balance: dto.charge_remaining_balance ?? null,
        cancel_pending_invoices: dto.cancel_pending_invoices ?? null,
        custom_refund_amount: dto.custom_refund_amount ? money(sub.currency, dto.custom_refund_amount.value_in_cents) : null,
        customer_cancel_reason: dto.customer_cancel_reason ?? null,
        send_customer_receipt: dto.send_customer_receipt ?? null,
      };
      const patch = { cancel_date: now, end_date: end, cancel_config: config };
      const keys: (keyof SubscriptionEntity)[] = ['cancel_date', 'end_date', 'cancel_config'];
      await this.appendEvent(m, sub, seq, 'CANCELLED', end, rowSnapshot(sub, keys), rowSnapshot(patch, keys));
      await this.subs.with(m).update(companyId, { id: sub.id }, { ...patch, updated_at: now });
    });
    return this.get(companyId, id);
  }

  /** Only while a cancellation is pending: end_date goes back to start + term (auto_renews false) or null. */
  async undoCancel(companyId: string, idOrIdentifier: string): Promise<SubscriptionResponse> {
    const id = await this.write(companyId, idOrIdentifier, async (m, sub, now, seq) => {
      if (sub.cancel_date === null || isEnded(sub.end_date, now)) {
        throw DomainError.invalidState(
          sub.cancel_date === null ? 'the subscription has no pending cancellation' : 'the cancellation has already taken effect',
        );
      }
      const phases = await this.phases.with(m).find(companyId, { where: { subscription_id: sub.id } });
      const term = termOf(displayPhase(phases, now)!);
      const patch = { cancel_date: null, cancel_config: null, end_date: sub.auto_renews ? null : fixedEndDate(sub.start_date, term) };
      const keys: (keyof SubscriptionEntity)[] = ['cancel_date', 'end_date', 'cancel_config'];
      await this.appendEvent(m, sub, seq, 'CANCEL_UNDONE', now, rowSnapshot(sub, keys), rowSnapshot(patch, keys));
      await this.subs.with(m).update(companyId, { id: sub.id }, { ...patch, updated_at: now });
    });
    return this.get(companyId, id);
  }

  // ---------------------------------------------------------------- trial, pause

  /** Moves the trial end (only during a trial); the billing anchor follows when it was the trial end. */
  async extend(companyId: string, idOrIdentifier: string, dto: ExtendTrialDto): Promise<SubscriptionResponse> {
    const end = parseDate(dto.end_date, 'end_date');
    const id = await this.write(companyId, idOrIdentifier, async (m, sub, now, seq) => {
      if (isEnded(sub.end_date, now)) throw DomainError.invalidState('the subscription is cancelled');
      if (!inTrial(sub, now)) throw DomainError.invalidState('the subscription is not in a trial');
      if (end.getTime() <= now.getTime()) throw DomainError.invalidField('end_date', 'must be after now');
      const patch: Partial<SubscriptionEntity> = { trial_conversion_date: end };
      if (sub.billing_anchor_date.getTime() === sub.trial_conversion_date!.getTime()) patch.billing_anchor_date = end;
      const keys = Object.keys(patch) as (keyof SubscriptionEntity)[];
      await this.appendEvent(m, sub, seq, 'TRIAL_EXTENDED', now, rowSnapshot(sub, keys), rowSnapshot(patch, keys));
      await this.subs.with(m).update(companyId, { id: sub.id }, { ...patch, updated_at: now });
    });
    return this.get(companyId, id);
  }

  async pause(companyId: string, idOrIdentifier: string, dto: PauseSubscriptionDto): Promise<SubscriptionResponse> {
    const resume = dto.resume_date != null ? parseDate(dto.resume_date, 'resume_date') : null;
    const id = await this.write(companyId, idOrIdentifier, async (m, sub, now, seq) => {
      if (isEnded(sub.end_date, now)) throw DomainError.invalidState('a cancelled subscription cannot be paused');
      if (sub.pause_date !== null) throw DomainError.invalidState('the subscription is already paused');
      if (resume && resume.getTime() <= now.getTime()) throw DomainError.invalidField('resume_date', 'must be after now');
      const patch = {
        pause_date: now,
        pause_config: { behavior: dto.behavior ?? 'KEEP_AS_DRAFT', resume_date: resume ? resume.toISOString() : null },
      };
      const keys: (keyof SubscriptionEntity)[] = ['pause_date', 'pause_config'];
      await this.appendEvent(m, sub, seq, 'PAUSED', now, rowSnapshot(sub, keys), rowSnapshot(patch, keys));
      await this.subs.with(m).update(companyId, { id: sub.id }, { ...patch, updated_at: now });
    });
    return this.get(companyId, id);
  }

  async resume(companyId: string, idOrIdentifier: string): Promise<SubscriptionResponse> {
    const id = await this.write(companyId, idOrIdentifier, async (m, sub, now, seq) => {
      if (sub.pause_date === null) throw DomainError.invalidState('the subscription is not paused');
      const patch = { pause_date: null, pause_config: null };
      const keys: (keyof SubscriptionEntity)[] = ['pause_date', 'pause_config'];
      await this.appendEvent(m, sub, seq, 'RESUMED', now, rowSnapshot(sub, keys), rowSnapshot(patch, keys));
      await this.subs.with(m).update(companyId, { id: sub.id }, { ...patch, updated_at: now });
    });
    return this.get(companyId, id);
  }

  // ---------------------------------------------------------------- usage

  /**
   * Usage of one metric priced in the subscription's plan (phase in effect now) for its
   * customer. A licence price answers the configured num_licenses.
   */
  async usage(companyId: string, idOrIdentifier: string, dto: SubscriptionUsageDto) {
    const sub = await this.findByIdOrIdentifier(companyId, idOrIdentifier);
    const start = parseDate(dto.period.start_date, 'period.start_date');
    const end = parseDate(dto.period.end_date, 'period.end_date');
    if (end.getTime() < start.getTime()) throw DomainError.invalidField('period.end_date', 'must not be before period.start_date');
    const phases = await this.phases.find(companyId, { where: { subscription_id: sub.id } });
    const phase = displayPhase(phases, this.clock.now());
    const data = phase
      ? await this.plan.load(this.dataSource.manager, companyId, phase.product_pricing_ids)
      : new PlanCatalogData(new Map(), new Map());
    const found = data.pmp(dto.product_metric_pricing_id);
    if (!found || !phase) throw DomainError.notFound('product metric pricing of this subscription', 'product_metric_pricing_id');
    const metric = await this.metrics.findOne(companyId, { id: found.pmp.metric_id });
    if (!metric) throw DomainError.notFound('billable metric', 'product_metric_pricing_id');
    if (found.licence || !metric.metering_rule) {
      const n = phase.config_items.find((c) => c.product_metric_pricing_id === found.pmp.id)?.num_licenses ?? 0;
      return { product_metric_pricing_id: found.pmp.id, metric_id: metric.id, value: n, breakdown: [] };
    }
    const result = await this.usageService.usage(companyId, sub.customer_id, metric, { start, end });
    return {
      product_metric_pricing_id: found.pmp.id,
      metric_id: metric.id,
      value: Number(result.value),
      breakdown: result.breakdown.map((b) => ({ grouping: b.grouping, value: Number(b.value) })),
    };
  }

  // ---------------------------------------------------------------- internals

  /** One locked write: customer row, then subscription row, the next event seq, the work, the roll-up. */
  private async write(
    companyId: string,
    idOrIdentifier: string,
    work: (m: EntityManager, sub: SubscriptionEntity, now: Date, seq: number) => Promise<void>,
  ): Promise<string> {
    return this.dataSource.transaction((m) => this.writeWithin(m, companyId, idOrIdentifier, work));
  }

  /** One write inside the given transaction: customer and subscription rows locked, the event seq, the roll-ups. */
  private async writeWithin(
    m: EntityManager,
    companyId: string,
    idOrIdentifier: string,
    work: (m: EntityManager, sub: SubscriptionEntity, now: Date, seq: number) => Promise<void>,
  ): Promise<string> {
    const peek = await this.findByIdOrIdentifier(companyId, idOrIdentifier, m);
    await this.customers.with(m).findOneForUpdate(companyId, { id: peek.customer_id });
    const sub = await this.findByIdOrIdentifier(companyId, peek.id, m, true);
    const now = this.clock.now();
    const [row] = await m.query(
      'SELECT COALESCE(max(seq), 0)::int AS seq FROM subscription_events WHERE company_id = $1 AND subscription_id = $2',
      [companyId, sub.id],
    );
    await work(m, sub, now, Number(row.seq) + 1);
    await this.refreshCustomer(m, companyId, sub.customer_id, now);
    return sub.id;
  }

  private async lockCustomer(m: EntityManager, companyId: string, idOrIdentifier: string): Promise<CustomerEntity> {
    const repo = this.customers.with(m);
    let c = isId('customer', idOrIdentifier) ? await repo.findOneForUpdate(companyId, { id: idOrIdentifier }) : null;
    if (!c) c = await repo.findOneForUpdate(companyId, { identifier: idOrIdentifier });
    if (!c) throw DomainError.notFound('customer', 'customer_id');
    return c;
  }

  private async appendEvent(
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
  }

  private async insertPhase(
    m: EntityManager,
    sub: SubscriptionEntity,
    seq: number,
    eventSeq: number,
    startsAt: Date,
    plan: ResolvedPlan,
    anchor: Date,
    how: Partial<Pick<SubscriptionPhaseEntity, 'change_kind' | 'proration_type' | 'timing' | 'reset_billing_anchor' | 'change_config'>>,
  ): Promise<void> {
    await this.phases.with(m).insert(sub.company_id, {
      subscription_id: sub.id,
      seq,
      starts_at: startsAt,
      product_pricing_ids: plan.product_pricing_ids,
      bundle_pricing_id: plan.bundle_pricing_id,
      config_items: plan.config_items,
      term_count: plan.term.count,
      term_frequency: plan.term.frequency,
      billing_term_count: plan.billing_term.count,
      billing_term_frequency: plan.billing_term.frequency,
      post_only: plan.post_only,
      billing_anchor_date: anchor,
      change_kind: how.change_kind ?? 'CREATE',
      proration_type: how.proration_type ?? null,
      timing: how.timing ?? null,
      reset_billing_anchor: how.reset_billing_anchor ?? false,
      change_config: how.change_config ?? null,
      event_seq: eventSeq,
      superseded_by_event_seq: null,
      created_at: this.clock.now(),
    });
  }

  private planJson(plan: ResolvedPlan) {
    return {
      product_pricing_ids: plan.product_pricing_ids,
      bundle_pricing_id: plan.bundle_pricing_id,
      config_items: plan.config_items,
      term: plan.term,
      billing_term: plan.billing_term,
    };
  }

  private async onetimeItems(
    m: EntityManager,
    companyId: string,
    inputs: OnetimeItemDto[] | null | undefined,
    currency: string,
  ): Promise<Record<string, unknown>[]> {
    const list = inputs ?? [];
    const ids = list.map((o) => o.product_pricing_id).filter((x): x is string => !!x && isId('productPricing', x));
    const found = ids.length ? await this.pricings.with(m).find(companyId, { where: { id: In(ids) } }) : [];
    const byId = new Map(found.map((p) => [p.id, p]));
    return list.map((o, i) => {
      const path = `onetime_items[${i}]`;
      if (o.product_pricing_id != null) {
        const p = byId.get(o.product_pricing_id);
        if (!p) throw DomainError.notFound('product pricing', `${path}.product_pricing_id`);
        if (p.currency !== currency)
          throw DomainError.invalidField(`${path}.product_pricing_id`, `must be in the subscription currency (${currency})`);
      } else if (!o.custom_price) {
        throw DomainError.invalidField(`${path}.product_pricing_id`, 'is required (or custom_price)');
      }
      checkCurrency(o.custom_price?.amount.currency, currency, `${path}.custom_price.amount.currency`);
      return {
        aggregate: o.aggregate ?? 1,
        custom_price: o.custom_price
          ? {
              amount: money(currency, o.custom_price.amount.value_in_cents),
              product_id: o.custom_price.product_id ?? null,
              description: o.custom_price.description ?? null,
            }
          : null,
        product_pricing_id: o.product_pricing_id ?? null,
        quantity_config: o.quantity_config
          ? {
              allow_custom_quantity: o.quantity_config.allow_custom_quantity ?? null,
              max_quantity: o.quantity_config.max_quantity ?? null,
              min_quantity: o.quantity_config.min_quantity ?? null,
            }
          : null,
        sort_order: o.sort_order ?? null,
      };
    });
  }

  /**
   * Recomputes, as of `now`, the stored derived values of every subscription of the customer
   * (renewal/next invoice dates, MRR/ARR) and the customer's MRR/ARR = the sum over its
   * subscriptions in the currency of its oldest live subscription (others are in another
   * currency and cannot be added). Runs inside the caller's transaction.
   */
  private async refreshCustomer(m: EntityManager, companyId: string, customerId: string, now: Date): Promise<void> {
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
    const onetimeIds = subs
      .flatMap((s) => (s.onetime_items ?? []).map((o) => o.product_pricing_id))
      .filter((x): x is string => typeof x === 'string');
    const pricingIds = [...new Set([...live.flatMap((p) => p.product_pricing_ids), ...onetimeIds])];
    const data = await this.plan.load(m, companyId, pricingIds);
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
        const mrr = planMaxMrr(data, ph);
        if (mrr.greaterThan(largest)) largest = mrr;
      }
      currency ??= s.currency;
      if (s.currency === currency) total = total.plus(largest);
    }
    checkCustomerMrr(total);
  }
}
