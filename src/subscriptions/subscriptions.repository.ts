import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ScopedRepository } from '../platform/tenancy/scoped.repository';
import { EntitlementEntity } from '../entitlements/entitlement.entity';
import { SubscriptionEntity, SubscriptionEventEntity, SubscriptionPhaseEntity } from './subscription.entity';

@Injectable()
export class SubscriptionsRepository extends ScopedRepository<SubscriptionEntity> {
  constructor(ds: DataSource) {
    super(SubscriptionEntity, ds.manager);
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
