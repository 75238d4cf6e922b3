import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../platform/clock/clock';
import { DomainError } from '../../platform/errors/domain-error';
import { CustomerLookupService } from '../../customers/customer-lookup.service';
import { SubscriptionEntity } from '../../subscriptions/subscription.entity';
import { SubscriptionPhasesRepository, SubscriptionsRepository } from '../../subscriptions/subscriptions.repository';
import { pendingPhases } from '../../subscriptions/phases';
import { SubscriptionLookup } from '../../subscriptions/subscription-lookup.service';
import { ChangeSubscriptionUseCase } from '../../subscriptions/change-subscription.use-case';
import { CancelSubscriptionUseCase } from '../../subscriptions/cancel-subscription.use-case';
import { isEnded } from '../../subscriptions/subscription-dates';
import type { InvoiceEntity, InvoiceLineEntity } from '../invoicing.entity';
import { InvoiceGenerator, Simulation } from './invoice-generator.service';
import { InvoiceTaxes } from '../invoice-taxes.service';
import type { NextInvoiceDto } from './next-invoice.dto';

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
 * `change_config` (or `cancel_config`) the change (cancellation) is simulated in memory with the
 * rules the real one uses (ChangeSubscriptionUseCase.decide, CancelSubscriptionUseCase.decide):
 * its phase, its instant and what it does to the subscription row (discounts, minimum spend,
 * one-time items, ...), so the invoice shows what the change would bill.
 */
@Injectable()
export class InvoicePreviewService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly customers: CustomerLookupService,
    private readonly subs: SubscriptionsRepository,
    private readonly lookup: SubscriptionLookup,
    private readonly changes: ChangeSubscriptionUseCase,
    private readonly cancellations: CancelSubscriptionUseCase,
    private readonly generator: InvoiceGenerator,
    private readonly phases: SubscriptionPhasesRepository,
    private readonly taxes: InvoiceTaxes,
  ) {}

  async next(companyId: string, dto: NextInvoiceDto): Promise<{ invoice: InvoiceEntity; lines: InvoiceLineEntity[] }> {
    const now = this.clock.now();
    const customer = await this.customers.getByIdOrIdentifier(companyId, dto.customer_id, 'customer_id');
    const sub = await this.subscription(companyId, customer.id, dto, now);
    if (sub.currency !== dto.currency) throw DomainError.invalidField('currency', `must be the subscription currency (${sub.currency})`);
    if (dto.change_config && dto.cancel_config)
      throw DomainError.invalidField('cancel_config', 'give at most one of change_config and cancel_config');
    const m = this.dataSource.manager;
    const simulate: Simulation = {};
    if (dto.scheduled_change_id != null) simulate.from = await this.scheduledInstant(companyId, sub, dto, now);
    if (dto.change_config) {
      // exactly what the change would record: its phase, the pending change it supersedes, its row settings
      const change = await nested('change_config', () => this.changes.simulate(m, companyId, sub, dto.change_config!, now));
      simulate.phase = change.phase;
      simulate.row = change.patch;
      simulate.supersede = [...change.replaced, ...change.moved].map((p) => p.seq);
      simulate.moved = change.moved.map((p, i) => ({ ...p, seq: change.phase.seq + 1 + i }));
    }
    if (dto.cancel_config) {
      const cancel = await nested('cancel_config', () => this.cancellations.decide(m, companyId, sub, dto.cancel_config!, now));
      simulate.end = { end_date: cancel.end, cancel_config: cancel.patch.cancel_config ?? {} };
    }
    const result = await this.generator.preview(m, companyId, sub.id, now, simulate);
    if (!result) throw DomainError.invalidState('the subscription has nothing left to invoice');
    // the taxes exactly as the written invoice will have them, when asked
    if (dto.include_taxes === true) return (await this.taxes.apply(m, companyId, [result]))[0];
    return result;
  }

  /** The instant of the scheduled change a preview asks for (404 when none of that id is scheduled). */
  private async scheduledInstant(companyId: string, sub: SubscriptionEntity, dto: NextInvoiceDto, now: Date): Promise<Date> {
    if (dto.change_config || dto.cancel_config)
      throw DomainError.invalidField('scheduled_change_id', 'must not be given with change_config or cancel_config');
    const phases = await this.phases.find(companyId, { where: { subscription_id: sub.id } });
    const change = pendingPhases(phases, now).find((p) => p.event_seq === dto.scheduled_change_id);
    if (!change) throw DomainError.notFound('scheduled change', 'scheduled_change_id');
    return change.starts_at;
  }

  private async subscription(companyId: string, customerId: string, dto: NextInvoiceDto, now: Date): Promise<SubscriptionEntity> {
    if (dto.subscription_id != null) {
      const found = await this.lookup.find(companyId, dto.subscription_id, { customerId });
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
}
