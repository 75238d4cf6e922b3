import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { hydrator, prepared } from '../platform/database/prepared';
import { ScopedRepository } from '../platform/tenancy/scoped.repository';
import { SubscriptionEntity, SubscriptionEventEntity, SubscriptionPhaseEntity } from './subscription.entity';

@Injectable()
export class SubscriptionsRepository extends ScopedRepository<SubscriptionEntity> {
  constructor(private readonly ds: DataSource) {
    super(SubscriptionEntity, ds.manager);
  }

  /** Hot read (outside a transaction, prepared): the subscription whose id or, failing that, identifier is `idOrIdentifier`. */
  async readByIdOrIdentifier(companyId: string, idOrIdentifier: string): Promise<SubscriptionEntity | null> {
    const rows = await prepared(
      this.ds,
      'tally_subscription_by_id_or_identifier',
      'SELECT * FROM subscriptions WHERE company_id = $1 AND (id = $2 OR identifier = $2) ORDER BY id = $2 DESC LIMIT 1',
      [this.requireCompanyId(companyId), idOrIdentifier],
    );
    return rows.length ? hydrator(this.ds, SubscriptionEntity)(rows[0]) : null;
  }
}

@Injectable()
export class SubscriptionPhasesRepository extends ScopedRepository<SubscriptionPhaseEntity> {
  constructor(ds: DataSource) {
    super(SubscriptionPhaseEntity, ds.manager);
  }
}

@Injectable()
export class SubscriptionEventsRepository extends ScopedRepository<SubscriptionEventEntity> {
  constructor(ds: DataSource) {
    super(SubscriptionEventEntity, ds.manager);
  }
}

export const SUBSCRIPTION_REPOSITORIES = [SubscriptionsRepository, SubscriptionPhasesRepository, SubscriptionEventsRepository];
