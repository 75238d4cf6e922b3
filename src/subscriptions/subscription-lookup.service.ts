import { Injectable } from '@nestjs/common';
import type { EntityManager, FindOptionsWhere } from 'typeorm';
import { DomainError } from '../platform/errors/domain-error';
import { isId } from '../platform/ids/ids';
import { SubscriptionEntity } from './subscription.entity';
import { SubscriptionsRepository } from './subscriptions.repository';

export interface SubscriptionLookupOptions {
  /** The caller's transaction. */
  manager?: EntityManager;
  /** Lock the row FOR UPDATE (inside `manager`). */
  lock?: boolean;
  /** Only a subscription of this customer. */
  customerId?: string;
}

/**
 * How subscriptions are found by id (`sub_…`) or by the caller's `identifier`: an id-shaped
 * value is tried as an id first, then (like any other value) as an identifier.
 */
@Injectable()
export class SubscriptionLookup {
  constructor(private readonly subs: SubscriptionsRepository) {}

  async find(companyId: string, idOrIdentifier: string, opts: SubscriptionLookupOptions = {}): Promise<SubscriptionEntity | null> {
    if (!opts.manager && !opts.lock && opts.customerId === undefined) return this.subs.readByIdOrIdentifier(companyId, idOrIdentifier);
    const repo = opts.manager ? this.subs.with(opts.manager) : this.subs;
    const scope: FindOptionsWhere<SubscriptionEntity> = opts.customerId !== undefined ? { customer_id: opts.customerId } : {};
    const one = (where: FindOptionsWhere<SubscriptionEntity>) =>
      opts.lock ? repo.findOneForUpdate(companyId, { ...scope, ...where }) : repo.findOne(companyId, { ...scope, ...where });
    const byId = isId('subscription', idOrIdentifier) ? await one({ id: idOrIdentifier }) : null;
    return byId ?? one({ identifier: idOrIdentifier });
  }

  /** As `find`, a 404 when there is none. */
  async get(companyId: string, idOrIdentifier: string, opts: SubscriptionLookupOptions = {}): Promise<SubscriptionEntity> {
    const row = await this.find(companyId, idOrIdentifier, opts);
    if (!row) throw DomainError.notFound('subscription');
    return row;
  }
}
