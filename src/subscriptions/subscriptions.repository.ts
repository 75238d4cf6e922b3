import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { hydrator, jsonHydrator, jsonRowSql, prepared } from '../platform/database/prepared';
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

  /**
   * Hot read (outside a transaction, prepared, one statement): what a subscription answer reads of
   * subscriptions' tables. With `key`: the subscription whose id or, failing that, identifier it
   * is (as `readByIdOrIdentifier`); with `ids`: those subscriptions (their rows are the caller's).
   * Either way the live subscriptions of their customers (`customerIds` with `ids`) at `now`, and
   * the phases of all of them.
   */
  async readForViews(
    companyId: string,
    subject: { key: string } | { ids: string[]; customerIds: string[] },
    now: Date,
  ): Promise<SubscriptionViewRows> {
    const byKey = 'key' in subject;
    const [row] = await prepared<{ subs: unknown[]; live: SubscriptionViewRows['live']; phases: unknown[] }>(
      this.ds,
      byKey ? 'tally_subscription_view_rows_by_key' : 'tally_subscription_view_rows_of_ids',
      byKey
        ? (this.byKeySql ??= VIEW_ROWS(
            this.ds,
            'SELECT s.* FROM subscriptions s WHERE s.company_id = $1 AND (s.id = $2 OR s.identifier = $2) ORDER BY s.id = $2 DESC LIMIT 1',
            'SELECT customer_id FROM target',
            `(SELECT coalesce(json_agg(${jsonRowSql(this.ds, SubscriptionEntity, 't')}), '[]') FROM target t)`,
          ))
        : (this.ofIdsSql ??= VIEW_ROWS(this.ds, 'SELECT unnest($2::text[]) AS id', 'SELECT unnest($4::text[])', `'[]'::json`)),
      byKey ? [requireCompany(companyId), subject.key, now] : [requireCompany(companyId), subject.ids, now, subject.customerIds],
    );
    const subs = jsonHydrator(this.ds, SubscriptionEntity);
    const phases = jsonHydrator(this.ds, SubscriptionPhaseEntity);
    return {
      subs: row.subs.map((r) => subs(r as Record<string, unknown>)),
      live: row.live,
      phases: row.phases.map((r) => phases(r as Record<string, unknown>)),
    };
  }

  private byKeySql?: string;
  private ofIdsSql?: string;

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

/** What subscription answers read of subscriptions' own tables (`SubscriptionsRepository.readForViews`). */
export interface SubscriptionViewRows {
  /** The subscription found by its key (`readForViews` with `key`), else []. */
  subs: SubscriptionEntity[];
  /** The customers' subscriptions not ended at `now`, oldest first (created_at, id). */
  live: { id: string; customer_id: string }[];
  /** Every phase of the subscriptions and of the live ones. */
  phases: SubscriptionPhaseEntity[];
}

/** The live subscriptions of `customers` (SQL giving customer ids) at `$3`, and the phases of those and of `target`. */
const VIEW_ROWS = (ds: DataSource, target: string, customers: string, targetRows: string) => `
  WITH target AS (${target}),
  live AS (
    SELECT l.id, l.customer_id, l.created_at FROM subscriptions l
    WHERE l.company_id = $1 AND l.customer_id IN (${customers}) AND (l.end_date IS NULL OR l.end_date > $3))
  SELECT ${targetRows} AS subs,
    (SELECT coalesce(json_agg(json_build_object('id', l.id, 'customer_id', l.customer_id) ORDER BY l.created_at, l.id), '[]') FROM live l) AS live,
    (SELECT coalesce(json_agg(${jsonRowSql(ds, SubscriptionPhaseEntity, 'ph')}), '[]') FROM subscription_phases ph
      WHERE ph.company_id = $1 AND ph.subscription_id IN (SELECT id FROM target UNION SELECT id FROM live)) AS phases`;

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
