import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { DomainError } from '../platform/errors/domain-error';
import { isId } from '../platform/ids/ids';
import { CustomerLookupService } from '../customers/customer-lookup.service';
import { toCustomerResponse } from '../customers/customers.mapper';
import { SubscriptionEntity, SubscriptionPhaseEntity } from '../subscriptions/subscription.entities';
import { SubscriptionPhasesRepository, SubscriptionsRepository } from '../subscriptions/subscriptions.repositories';
import { PlanCatalog } from '../subscriptions/plan-catalog';
import { displayPhase, pendingPhase } from '../subscriptions/phases';
import { currentPeriodEnd, currentPeriodStart, isEnded, renewalDate } from '../subscriptions/subscription-dates';
import { dateInputs, effectiveAnchor, termOf } from '../subscriptions/subscription-state';
import type { CancelSubscriptionDto, ChangeSubscriptionDto, ConfigItemDto } from '../subscriptions/dto/subscription.dto';
import type { InvoiceResponse } from './dto/invoice.dto';
import { toInvoiceResponse } from './invoicing.mapper';
import { InvoiceGenerator, Simulation } from './billing-engine/invoice-generator.service';
import type { NextInvoiceDto } from './billing-engine/next-invoice.dto';

function parseDate(value: string, field: string): Date {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw DomainError.invalidField(field, 'must be an ISO 8601 date-time');
  return d;
}

/** Re-reports a validation error of a nested config under its body path (`change_config.x`). */
function nested<T>(prefix: string, work: () => Promise<T>): Promise<T> {
  return work().catch((err: unknown) => {
    if (err instanceof DomainError && err.validationErrors) {
      const errors = Object.fromEntries(Object.entries(err.validationErrors).map(([k, v]) => [`${prefix}.${k}`, v]));
      throw new DomainError(err.code, err.category, `${prefix}.${err.message}`, errors);
    }
    throw err;
  });
}

/**
 * #7 `POST /invoices/next`: the next invoice of a subscription — the first one the billing run
 * has not written yet — computed by the billing engine WITHOUT WRITING ANYTHING. With
 * `change_config` (or `cancel_config`) the change (cancellation) is simulated in memory as if
 * made now (or at its own instant), so the invoice shows its proration lines.
 */
@Injectable()
export class InvoicePreviewService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly customers: CustomerLookupService,
    private readonly subs: SubscriptionsRepository,
    private readonly phases: SubscriptionPhasesRepository,
    private readonly plan: PlanCatalog,
    private readonly generator: InvoiceGenerator,
  ) {}

  async next(companyId: string, dto: NextInvoiceDto): Promise<InvoiceResponse> {
    const now = this.clock.now();
    const customer = await this.customers.getByIdOrIdentifier(companyId, dto.customer_id, 'customer_id');
    const sub = await this.subscription(companyId, customer.id, dto, now);
    if (sub.currency !== dto.currency) throw DomainError.invalidField('currency', `must be the subscription currency (${sub.currency})`);
    if (dto.change_config && dto.cancel_config)
      throw DomainError.invalidField('cancel_config', 'give at most one of change_config and cancel_config');
    const m = this.dataSource.manager;
    const simulate: Simulation = {};
    if (dto.change_config) await nested('change_config', () => this.simulateChange(m, companyId, sub, dto.change_config!, now, simulate));
    if (dto.cancel_config) await nested('cancel_config', () => this.simulateCancel(companyId, sub, dto.cancel_config!, now, simulate));
    const result = await this.generator.preview(m, companyId, sub.id, now, simulate);
    if (!result) throw DomainError.invalidState('the subscription has nothing left to invoice');
    return toInvoiceResponse(result.invoice, result.lines, toCustomerResponse(customer), now) as unknown as InvoiceResponse;
  }

  private async subscription(companyId: string, customerId: string, dto: NextInvoiceDto, now: Date): Promise<SubscriptionEntity> {
    if (dto.subscription_id != null) {
      const byId = isId('subscription', dto.subscription_id)
        ? await this.subs.findOne(companyId, { id: dto.subscription_id, customer_id: customerId })
        : null;
      const found = byId ?? (await this.subs.findOne(companyId, { identifier: dto.subscription_id, customer_id: customerId }));
      if (!found) throw DomainError.notFound('subscription of this customer', 'subscription_id');
      return found;
    }
    const all = await this.subs.find(companyId, {
      where: { customer_id: customerId, currency: dto.currency },
      order: { created_at: 'ASC', id: 'ASC' },
    });
    const live = all.find((s) => !isEnded(s.end_date, now));
    if (!live) throw DomainError.notFound(`live subscription in ${dto.currency} of this customer`, 'subscription_id');
    return live;
  }

  /** The change as SubscriptionsService.change would record it (same plan resolution and instant), kept in memory. */
  private async simulateChange(
    m: EntityManager,
    companyId: string,
    sub: SubscriptionEntity,
    dto: ChangeSubscriptionDto,
    now: Date,
    out: Simulation,
  ): Promise<void> {
    if (isEnded(sub.end_date, now)) throw DomainError.invalidState('a cancelled subscription cannot change');
    const phases = await this.phases.find(companyId, { where: { subscription_id: sub.id } });
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
    if (plan.currency !== sub.currency)
      throw DomainError.invalidField('product_pricing_ids', `must be in the subscription currency (${sub.currency})`);
    const inputs = dateInputs(sub, current);
    let at: Date;
    if (dto.custom_change_date != null) {
      at = parseDate(dto.custom_change_date, 'custom_change_date');
      const periodStart = currentPeriodStart(sub.start_date, inputs.billing_anchor_date, inputs.billing_term, now);
      if (at.getTime() < periodStart.getTime())
        throw DomainError.invalidField(
          'custom_change_date',
          `must not be before the start of the current billing period (${periodStart.toISOString()})`,
        );
    } else {
      const timing = dto.timing ?? 'IMMEDIATE';
      if (timing === 'IMMEDIATE') at = now;
      else if (timing === 'PERIOD_END') at = currentPeriodEnd(inputs.billing_anchor_date, inputs.billing_term, now);
      else at = renewalDate(inputs, now) ?? now;
    }
    if (at.getTime() < sub.start_date.getTime()) at = sub.start_date;
    const reset = dto.reset_billing_anchor ?? false;
    const phase: SubscriptionPhaseEntity = {
      company_id: companyId,
      subscription_id: sub.id,
      seq: Math.max(...phases.map((p) => p.seq)) + 1,
      starts_at: at,
      product_pricing_ids: plan.product_pricing_ids,
      bundle_pricing_id: plan.bundle_pricing_id,
      config_items: plan.config_items,
      term_count: plan.term.count,
      term_frequency: plan.term.frequency,
      billing_term_count: plan.billing_term.count,
      billing_term_frequency: plan.billing_term.frequency,
      post_only: plan.post_only,
      billing_anchor_date: reset ? at : effectiveAnchor(sub, current),
      change_kind: 'CHANGE',
      proration_type: dto.proration_type ?? 'NEXT',
      timing: dto.custom_change_date != null ? 'CUSTOM' : (dto.timing ?? 'IMMEDIATE'),
      reset_billing_anchor: reset,
      change_config: null,
      event_seq: Math.max(...phases.map((p) => p.event_seq)) + 1,
      superseded_by_event_seq: null,
      created_at: now,
    };
    out.phase = phase;
    if (pending) out.supersede = pending.seq;
  }

  /** The cancellation as SubscriptionsService.cancel would record it, kept in memory. */
  private async simulateCancel(
    companyId: string,
    sub: SubscriptionEntity,
    dto: CancelSubscriptionDto,
    now: Date,
    out: Simulation,
  ): Promise<void> {
    if (isEnded(sub.end_date, now)) throw DomainError.invalidState('the subscription is already cancelled');
    const phases = await this.phases.find(companyId, { where: { subscription_id: sub.id } });
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
    out.end = { end_date: end, refund_type: dto.refund_type === 'PRORATED' ? 'PRORATED' : 'NONE' };
  }
}
