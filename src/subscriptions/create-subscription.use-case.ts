import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { DomainError } from '../platform/errors/domain-error';
import { isId, newId } from '../platform/ids/ids';
import { CustomerEntity } from '../customers/customer.entity';
import { CustomerLookupService } from '../customers/customer-lookup.service';
import { EntitlementAssignmentsService, ResolvedAssignment } from '../entitlements/assignments/assignments.service';
import { CustomerMrr } from './customer-mrr.service';
import { checkCurrency, parseDate, planPhaseColumns } from './change.rules';
import { normaliseDiscounts } from './discounts';
import { SubscriptionOnetimeItems } from './subscription-onetime-items.service';
import { PlanCatalog, ResolvedPlan } from './plan-catalog';
import { PaymentMethodOwnership } from './payment-method-ownership.service';
import { checkParentBilled } from './parent-billed.rules';
import { SubscriptionEntity, SubscriptionPhaseEntity } from './subscription.entity';
import { addTerm, backdateProblem, fixedEndDate } from './subscription-dates';
import { SubscriptionLookup } from './subscription-lookup.service';
import { planJson, rowSnapshot, SubscriptionWriter } from './subscription-writer.service';
import type { CreateSubscriptionDto } from './dto/subscription.dto';
import { usageThresholds } from './usage-thresholds';
import { CompanySettingsService } from '../platform/company-settings/company-settings.service';
import { calendarAnchorAtOrAfter, calendarProblem, zonedTerm } from '../billing-math/calendar';
import type { Term } from '../billing-math/periods';

/** The fields calendar billing cannot be combined with (its anchor is the calendar's). */
function checkCalendarRequest(dto: CreateSubscriptionDto): void {
  if (dto.billing_anchor_date != null)
    throw DomainError.invalidField(
      'billing_anchor_date',
      'must not be given with billing_cycle CALENDAR: billing dates are calendar boundaries',
    );
  if (dto.trial) throw DomainError.invalidField('billing_cycle', 'CALENDAR with a trial is not supported yet');
}

/** The first calendar boundary at or after the start, in the zone: the anchor of a CALENDAR subscription. */
function calendarStart(start: Date, billingTerm: Term, zone: string): Date {
  const problem = calendarProblem(billingTerm);
  if (problem) throw DomainError.invalidField('billing_cycle', problem);
  return calendarAnchorAtOrAfter(start, zonedTerm(billingTerm, zone));
}

/**
 * What a create writes, computed without writing: the subscription row, its first phase (the
 * CREATE phase, seq 1), the resolved plan and the entitlement overrides.
 */
export interface CreateDecision {
  sub: SubscriptionEntity;
  phase: SubscriptionPhaseEntity;
  plan: ResolvedPlan;
  overrides: ResolvedAssignment[];
}

/**
 * Create: the customer (ACTIVE) subscribes to a resolved plan from start_date (back-dating
 * limited), after an optional trial; auto_renews false fixes end_date at the end of the first
 * term. `decide` checks the request and computes the rows in memory (reads only: no row lock,
 * no write), amount bounds included; `within` decides with the customer row locked and writes
 * what it decided: the subscription, the CREATED event, the first phase, then the roll-up.
 * Checkout quotes a session with `decide` and the engine's previewDraft.
 */
@Injectable()
export class CreateSubscriptionUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly writer: SubscriptionWriter,
    private readonly lookup: SubscriptionLookup,
    private readonly plan: PlanCatalog,
    private readonly onetimeItems: SubscriptionOnetimeItems,
    private readonly assignments: EntitlementAssignmentsService,
    private readonly paymentMethods: PaymentMethodOwnership,
    private readonly customerLookup: CustomerLookupService,
    private readonly mrr: CustomerMrr,
    private readonly settings: CompanySettingsService,
  ) {}

  async execute(companyId: string, dto: CreateSubscriptionDto): Promise<SubscriptionEntity> {
    const id = await this.dataSource.transaction((m) => this.within(m, companyId, dto));
    return this.lookup.get(companyId, id);
  }

  /**
   * Creates a subscription inside the caller's transaction (contracts start theirs in the same
   * transaction that executes the contract) and returns its id.
   */
  async within(m: EntityManager, companyId: string, dto: CreateSubscriptionDto): Promise<string> {
    const { sub, phase, plan, overrides } = await this.decideWith(m, companyId, dto, (id) => this.writer.lockCustomer(m, companyId, id));
    await this.writer.insertSubscription(m, sub);
    await this.writer.appendEvent(m, sub, 1, 'CREATED', sub.start_date, null, {
      ...rowSnapshot(sub, [
        'customer_id',
        'currency',
        'start_date',
        'billing_anchor_date',
        'auto_renews',
        'trial_conversion_date',
        'end_date',
      ]),
      plan: planJson(plan),
    });
    const { company_id: _company, ...phaseRow } = phase;
    await this.writer.insertPhase(m, sub, phaseRow);
    if (overrides.length) await this.assignments.replace(m, companyId, { type: 'SUBSCRIPTION', id: sub.id }, overrides);
    await this.writer.finish(m, sub, sub.created_at);
    return sub.id;
  }

  /**
   * The subscription the request would create, as of the clock's now: every check of a create
   * (the same errors in the same order) and the rows it would write, read in `m` without
   * locking and without writing anything.
   */
  decide(m: EntityManager, companyId: string, dto: CreateSubscriptionDto): Promise<CreateDecision> {
    return this.decideWith(m, companyId, dto, (id) =>
      this.customerLookup.getByIdOrIdentifier(companyId, id, 'customer_id', { manager: m }),
    );
  }

  private async decideWith(
    m: EntityManager,
    companyId: string,
    dto: CreateSubscriptionDto,
    customerOf: (idOrIdentifier: string) => Promise<CustomerEntity>,
  ): Promise<CreateDecision> {
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
    const cycle = dto.billing_cycle ?? 'ANNIVERSARY';
    if (cycle === 'CALENDAR') checkCalendarRequest(dto);
    let anchor = dto.billing_anchor_date != null ? parseDate(dto.billing_anchor_date, 'billing_anchor_date') : (trialEnd ?? start);
    if (anchor.getTime() < start.getTime()) throw DomainError.invalidField('billing_anchor_date', 'must not be before start_date');
    const autoRenews = dto.auto_renews ?? true;
    const zone = (await this.settings.get(companyId, m)).preferred_timezone;

    const customer = await customerOf(dto.customer_id);
    if (customer.status !== 'ACTIVE')
      throw DomainError.badRequest('customer_not_active', `the customer is ${customer.status}: only ACTIVE customers can subscribe`);
    if (dto.payment_method_id != null) await this.paymentMethods.assertOwnedBy(m, companyId, customer.id, dto.payment_method_id);
    checkParentBilled(dto.parent_billed, customer);
    const { plan } = await this.plan.resolve(m, companyId, dto);
    if (cycle === 'CALENDAR') anchor = calendarStart(start, plan.billing_term, zone);
    const discounts = normaliseDiscounts(dto.discounts, plan.currency, plan.product_pricing_ids, now, 'subscription');
    const onetime = await this.onetimeItems.normalise(m, companyId, dto.onetime_items, plan.currency);
    checkCurrency(dto.minimum_spend?.currency, plan.currency, 'minimum_spend.currency');
    const overrides = dto.override_entitlements
      ? await this.assignments.resolve(companyId, dto.override_entitlements, 'override_entitlements', m)
      : [];

    const sub: SubscriptionEntity = {
      usage_thresholds: usageThresholds(dto.usage_thresholds),
      company_id: companyId,
      id: newId('subscription'),
      identifier: dto.identifier ?? null,
      customer_id: customer.id,
      currency: plan.currency,
      start_date: start,
      billing_anchor_date: anchor,
      billing_cycle: cycle,
      billing_timezone: zone,
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
      invoice_payment_instructions: null,
      parent_billed: dto.parent_billed ?? false,
      tags: [],
      discounts,
      onetime_items: onetime,
      unpaid: false,
      billing_error: null,
      mrr_in_cents: 0,
      arr_in_cents: 0,
      renewal_date: null,
      next_invoice_date: null,
      created_at: now,
      updated_at: now,
    };
    const phase: SubscriptionPhaseEntity = {
      company_id: companyId,
      subscription_id: sub.id,
      seq: 1,
      starts_at: start,
      ...planPhaseColumns(plan),
      billing_anchor_date: anchor,
      change_kind: 'CREATE',
      proration_type: null,
      timing: null,
      reset_billing_anchor: false,
      change_config: null,
      event_seq: 1,
      superseded_by_event_seq: null,
      created_at: now,
    };
    // the customer-wide amount bounds the roll-up checks after the write, checked before it
    await this.mrr.checkAmountsWith(m, companyId, customer.id, { sub, phases: [phase] }, now);
    return { sub, phase, plan, overrides };
  }
}
