import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { jsonArraySql, jsonHydrator, prepared, preparedIn } from '../platform/database/prepared';
import { requireCompany } from '../platform/tenancy/scoped.repository';
import { CatalogRows, CatalogViews } from '../catalog/catalog.views';
import { CustomersRepository } from '../customers/customers.repository';
import type { CustomerEntity } from '../customers/customer.entity';
import { AssignmentLayers, EntitlementAssignmentsService } from '../entitlements/assignments/assignments.service';
import type { EntitlementEntity } from '../entitlements/entitlement.entity';
import { PricingUsageCounts } from './pricing-usage-counts.service';
import { RunMemo } from '../platform/run-memo/run-memo';
import { phaseInEffectSql } from './phases';
import { SubscriptionEntity, SubscriptionPhaseEntity } from './subscription.entity';

/** Everything a subscription answer (or a customer's computed entitlements) reads, in one statement. */
export interface SubscriptionRead {
  /** The subscription found by its key (`read` with `key`); [] with `ids` (the caller has the rows). */
  subs: SubscriptionEntity[];
  /** The customers' subscriptions not ended at `now`, oldest first (created_at, id). */
  live: { id: string; customer_id: string }[];
  /** Every phase of those subscriptions and of the live ones. */
  phases: SubscriptionPhaseEntity[];
  /** The customers. */
  customers: CustomerEntity[];
  /**
   * The catalog rows of the plans in effect now or still to come of those subscriptions
   * (`phaseInEffectSql`: a superset of the phases the answers show and of the live plans), and
   * of their bundles.
   */
  catalog: CatalogRows;
  /** The assignments of those subscriptions, pricings and products, and the entitlements assigned. */
  assigned: { layers: AssignmentLayers; entitlements: EntitlementEntity[] };
  /** Live subscriptions per pricing and per bundle of `catalog` (absent: none). */
  pricingCounts: Record<string, number>;
  bundleCounts: Record<string, number>;
}

type Subject = { key: string } | { ids: string[]; customerIds: string[] };

/** Customers' live subscriptions (oldest first) and those subscriptions' phases. */
export interface LiveRead {
  live: SubscriptionRead['live'];
  phases: SubscriptionPhaseEntity[];
}

/**
 * The hot reads behind subscription answers (ONE prepared statement) and customers' computed
 * entitlements (one, then one more when they have live subscriptions). The answers' statement
 * is composed of the SQL each owning module offers (customers' rows, catalog's rows,
 * entitlements' assignments, the usage counts) around subscriptions' own tables. The rules that
 * pick a phase stay in TypeScript (phases.ts): the statement reads the phases that can matter at
 * `now` (`phaseInEffectSql`) and the caller picks among them. Each runs on the pool, or inside the
 * transaction of `manager` (webhook events' objects: what the transaction changed included).
 */
@Injectable()
export class SubscriptionReadService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly catalogViews: CatalogViews,
    private readonly assignments: EntitlementAssignmentsService,
    private readonly usageCounts: PricingUsageCounts,
    private readonly customers: CustomersRepository,
  ) {}

  /**
   * `key`: the subscription whose id or, failing that, identifier it is (as
   * `SubscriptionsRepository.readByIdOrIdentifier`); `ids`: those subscriptions, of those
   * customers. `manager`: read inside that transaction (what it has changed included).
   */
  async read(companyId: string, subject: Subject, now: Date, manager?: EntityManager): Promise<SubscriptionRead> {
    const byKey = 'key' in subject;
    // within a batch job (a billing run) the counts come from its memo, counted once for the job,
    // not once per statement (they scan the company's live subscriptions)
    const memoCounts = RunMemo.active();
    const variant = byKey ? 'key' : memoCounts ? 'ids_memo' : 'ids';
    const sql = (this.sql[variant] ??= this.compose(byKey, !memoCounts));
    const name = `tally_subscription_read_${variant}`;
    const values = byKey
      ? [requireCompany(companyId), subject.key, now]
      : [requireCompany(companyId), subject.ids, now, subject.customerIds];
    const [row] = await this.run<Record<string, unknown>>(manager, name, sql, values);
    const subs = jsonHydrator(this.dataSource, SubscriptionEntity);
    const phases = jsonHydrator(this.dataSource, SubscriptionPhaseEntity);
    const catalog = this.catalogViews.rowsFromJson(row.catalog);
    const counts = memoCounts
      ? {
          pricingCounts: Object.fromEntries(
            await this.usageCounts.countByPricing(
              companyId,
              catalog.pricings.map((p) => p.id),
              manager,
            ),
          ),
          bundleCounts: Object.fromEntries(
            await this.usageCounts.countByBundle(
              companyId,
              catalog.bundles.map((b) => b.id),
              manager,
            ),
          ),
        }
      : { pricingCounts: row.pricing_counts as Record<string, number>, bundleCounts: row.bundle_counts as Record<string, number> };
    return {
      subs: (row.subs as Record<string, unknown>[]).map(subs),
      live: row.live as SubscriptionRead['live'],
      phases: (row.phases as Record<string, unknown>[]).map(phases),
      customers: this.customers.fromJson(row.customers),
      catalog,
      assigned: this.assignments.layersFromJson(row.entitlements),
      ...counts,
    };
  }

  /**
   * Customers' computed entitlements, first step: their live subscriptions (oldest first) and
   * those subscriptions' phases, in one small prepared statement (a customer without
   * subscriptions costs no more).
   */
  async readLive(companyId: string, customerIds: string[], now: Date, manager?: EntityManager): Promise<LiveRead> {
    const [row] = await this.run<{ live: unknown }>(
      manager,
      'tally_subscription_read_live',
      (this.sql.live ??= `SELECT ${this.liveSql('$1', 'SELECT unnest($2::text[])', '$3')} AS live`),
      [requireCompany(companyId), customerIds, now],
    );
    return this.liveFromJson(row.live);
  }

  /** A prepared statement on the pool, or inside the transaction of `manager`. */
  private run<R extends Record<string, unknown>>(
    manager: EntityManager | undefined,
    name: string,
    sql: string,
    values: unknown[],
  ): Promise<R[]> {
    return manager ? preparedIn<R>(manager, name, sql, values) : prepared<R>(this.dataSource, name, sql, values);
  }

  /**
   * SQL of a scalar subquery, for a statement of the customers module that reads its rows and
   * this at once: the live subscriptions (at the timestamptz `nowParam`) of the customers whose
   * ids `customerIdsSql` selects, and their phases, as one JSON value that `liveFromJson` reads.
   */
  liveSql(companyParam: string, customerIdsSql: string, nowParam: string): string {
    return `(WITH read_live AS (
          SELECT l.id, l.customer_id, l.created_at FROM subscriptions l
          WHERE l.company_id = ${companyParam} AND l.customer_id IN (${customerIdsSql})
            AND (l.end_date IS NULL OR l.end_date > ${nowParam}::timestamptz))
        SELECT json_build_object(
          'live', (SELECT coalesce(json_agg(json_build_object('id', l.id, 'customer_id', l.customer_id) ORDER BY l.created_at, l.id), '[]')
            FROM read_live l),
          'phases', ${jsonArraySql(
            this.dataSource,
            SubscriptionPhaseEntity,
            'ph',
            `FROM subscription_phases ph WHERE ph.company_id = ${companyParam} AND ph.subscription_id IN (SELECT id FROM read_live)`,
          )}))`;
  }

  /** What `liveSql` read. */
  liveFromJson(json: unknown): LiveRead {
    const read = json as { live: SubscriptionRead['live']; phases: Record<string, unknown>[] };
    const phases = jsonHydrator(this.dataSource, SubscriptionPhaseEntity);
    return { live: read.live, phases: read.phases.map(phases) };
  }

  /**
   * Second step, when there are subscriptions: what their entitlements are computed from (the
   * pricings' products, the assignments of the subscriptions, pricings and products, the
   * entitlements assigned), in one prepared statement.
   */
  async readEntitlementInputs(
    companyId: string,
    subscriptionIds: string[],
    pricingIds: string[],
    manager?: EntityManager,
  ): Promise<{ catalog: CatalogRows; assigned: SubscriptionRead['assigned'] }> {
    const [row] = await this.run<{ catalog: unknown; entitlements: unknown }>(
      manager,
      'tally_subscription_read_entitlement_inputs',
      (this.sql.inputs ??= (() => {
        const catalog = this.catalogViews.pricingsSql('$1', '$2::text[]');
        const layers = this.assignments.layersSql('$1', [
          { type: 'SUBSCRIPTION', ids: 'SELECT unnest($3::text[])' },
          { type: 'PRODUCT_PRICING', ids: catalog.pricingIds },
          { type: 'PRODUCT', ids: catalog.productIds },
        ]);
        return `WITH ${catalog.ctes.join(',\n')} SELECT ${catalog.json} AS catalog, ${layers} AS entitlements`;
      })()),
      [requireCompany(companyId), pricingIds, subscriptionIds],
    );
    return { catalog: this.catalogViews.rowsFromJson(row.catalog), assigned: this.assignments.layersFromJson(row.entitlements) };
  }

  private readonly sql: Record<string, string> = {};

  /** $1 company, $2 key or subscription ids, $3 now, $4 customer ids (with ids); `counts`: with the num_subs counts. */
  private compose(byKey: boolean, counts = true): string {
    const ds = this.dataSource;
    const target = byKey
      ? 'SELECT s.* FROM subscriptions s WHERE s.company_id = $1 AND (s.id = $2 OR s.identifier = $2) ORDER BY s.id = $2 DESC LIMIT 1'
      : 'SELECT unnest($2::text[]) AS id';
    const customerIds = byKey ? 'SELECT customer_id FROM target' : 'SELECT unnest($4::text[])';
    const pricingIds = 'ARRAY(SELECT DISTINCT unnest(product_pricing_ids) FROM read_plans)';
    const bundleIds = 'ARRAY(SELECT DISTINCT bundle_pricing_id FROM read_plans WHERE bundle_pricing_id IS NOT NULL)';
    const catalog = this.catalogViews.rowsSql('$1', pricingIds, bundleIds);
    const layers = this.assignments.layersSql('$1', [
      { type: 'SUBSCRIPTION', ids: 'SELECT id FROM target UNION SELECT id FROM read_live' },
      { type: 'PRODUCT_PRICING', ids: catalog.pricingIds },
      { type: 'PRODUCT', ids: catalog.productIds },
    ]);
    const selects = [
      byKey ? `${jsonArraySql(ds, SubscriptionEntity, 't', 'FROM target t')} AS subs` : `'[]'::json AS subs`,
      `(SELECT coalesce(json_agg(json_build_object('id', l.id, 'customer_id', l.customer_id) ORDER BY l.created_at, l.id), '[]')
        FROM read_live l) AS live`,
      `${jsonArraySql(ds, SubscriptionPhaseEntity, 'rp', 'FROM read_phases rp')} AS phases`,
      `${catalog.json} AS catalog`,
      `${layers} AS entitlements`,
      `${this.customers.jsonRowsSql('c', '$1', `c.id IN (${customerIds})`)} AS customers`,
      `${counts ? this.usageCounts.countsSql('pricing', '$1', '$3::timestamptz', catalog.pricingIds) : "'{}'::json"} AS pricing_counts`,
      `${counts ? this.usageCounts.countsSql('bundle', '$1', '$3::timestamptz', `SELECT unnest(${bundleIds})`) : "'{}'::json"} AS bundle_counts`,
    ];
    return `WITH target AS (${target}),
      read_live AS (
        SELECT l.id, l.customer_id, l.created_at FROM subscriptions l
        WHERE l.company_id = $1 AND l.customer_id IN (${customerIds}) AND (l.end_date IS NULL OR l.end_date > $3)),
      read_phases AS (
        SELECT ph.* FROM subscription_phases ph
        WHERE ph.company_id = $1 AND ph.subscription_id IN (SELECT id FROM target UNION SELECT id FROM read_live)),
      read_plans AS (
        SELECT ph.product_pricing_ids, ph.bundle_pricing_id FROM read_phases ph WHERE ${phaseInEffectSql('ph', '$3', 'read_phases')}),
      ${catalog.ctes.join(',\n')}
    SELECT ${selects.join(',\n')}`;
  }
}
