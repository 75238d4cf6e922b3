import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { hydrator, prepared } from '../platform/database/prepared';
import { ScopedRepository } from '../platform/tenancy/scoped.repository';
import { EntitlementEntity } from '../entitlements/entitlement.entity';
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
      [requireCompany(companyId), idOrIdentifier],
    );
    return rows.length ? hydrator(this.ds, SubscriptionEntity)(rows[0]) : null;
  }

  /** Hot read (prepared): the customers' subscriptions not ended at `now`, oldest first. */
  async readLiveOfCustomers(companyId: string, customerIds: string[], now: Date): Promise<SubscriptionEntity[]> {
    const rows = await prepared(
      this.ds,
      'tally_live_subscriptions_of_customers',
      `SELECT * FROM subscriptions WHERE company_id = $1 AND customer_id = ANY($2::text[]) AND (end_date IS NULL OR end_date > $3)
       ORDER BY created_at, id`,
      [requireCompany(companyId), customerIds, now],
    );
    const make = hydrator(this.ds, SubscriptionEntity);
    return rows.map(make);
  }
}

@Injectable()
export class SubscriptionPhasesRepository extends ScopedRepository<SubscriptionPhaseEntity> {
  constructor(private readonly ds: DataSource) {
    super(SubscriptionPhaseEntity, ds.manager);
  }

  /** Hot read (outside a transaction, prepared): every phase of these subscriptions. */
  async readOf(companyId: string, subscriptionIds: string[]): Promise<SubscriptionPhaseEntity[]> {
    const rows = await prepared(
      this.ds,
      'tally_phases_of_subscriptions',
      'SELECT * FROM subscription_phases WHERE company_id = $1 AND subscription_id = ANY($2::text[])',
      [requireCompany(companyId), subscriptionIds],
    );
    const make = hydrator(this.ds, SubscriptionPhaseEntity);
    return rows.map(make);
  }
}

function requireCompany(companyId: string): string {
  if (typeof companyId !== 'string' || companyId.length === 0) throw new Error('a company id is required for every query');
  return companyId;
}

@Injectable()
export class SubscriptionEventsRepository extends ScopedRepository<SubscriptionEventEntity> {
  constructor(ds: DataSource) {
    super(SubscriptionEventEntity, ds.manager);
  }
}

/** Entitlement definitions (aggregator_type, adjust_for_quantity), read-only here. */
@Injectable()
export class EntitlementDefinitionsRepository extends ScopedRepository<EntitlementEntity> {
  constructor(ds: DataSource) {
    super(EntitlementEntity, ds.manager);
  }
}

export const SUBSCRIPTION_REPOSITORIES = [
  SubscriptionsRepository,
  SubscriptionPhasesRepository,
  SubscriptionEventsRepository,
  EntitlementDefinitionsRepository,
];
