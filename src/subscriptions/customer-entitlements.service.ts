import { Injectable, OnModuleInit } from '@nestjs/common';
import { CustomerEntitlementsHook, CustomersHooks } from '../customers/customers.hooks';
import { EntityManager } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import type { AssignmentLayers } from '../entitlements/assignments/assignments.service';
import type { EntitlementEntity } from '../entitlements/entitlement.entity';
import type { CatalogRows } from '../catalog/catalog.views';
import { LiveRead, SubscriptionReadService } from './subscription-read.service';
import type { EntitlementAssignmentView } from '../entitlements/assignments/assignment.rules';
import { customerEntitlements, EntitlementDef, subscriptionEntitlements } from './entitlement-combination';
import { effectivePhase } from './phases';
import type { StoredConfigItem, SubscriptionPhaseEntity } from './subscription.entity';

export interface EntitlementSubject {
  subscription_id: string;
  product_pricing_ids: string[];
  config_items: StoredConfigItem[];
}

/**
 * Computed entitlements of subscriptions and of customers (all their live subscriptions
 * combined by aggregator_type, oldest subscription first for COALESCE). A fixed number of
 * queries whatever the number of subscriptions or customers.
 */
@Injectable()
export class CustomerEntitlementsService implements CustomerEntitlementsHook, OnModuleInit {
  constructor(
    private readonly clock: Clock,
    private readonly customersHooks: CustomersHooks,
    private readonly reading: SubscriptionReadService,
  ) {}

  /** Customer responses take their computed_entitlements from here (CustomersHooks). */
  onModuleInit(): void {
    this.customersHooks.fill('entitlements', this);
  }

  /** CustomerEntitlementsHook: customer id → computed entitlements, as customer responses carry them. */
  async forCustomers(companyId: string, customerIds: string[], manager?: EntityManager): Promise<Map<string, Record<string, unknown>[]>> {
    const computed = await this.computeForCustomers(companyId, customerIds, manager);
    return computed as unknown as Map<string, Record<string, unknown>[]>;
  }

  /** CustomerEntitlementsHook: what `fromLive` needs, as a scalar subquery of a customers statement. */
  liveSql(companyParam: string, customerIdsSql: string, nowParam: string): string {
    return this.reading.liveSql(companyParam, customerIdsSql, nowParam);
  }

  /** CustomerEntitlementsHook: customer id → computed entitlements, from what `liveSql` read at `now`. */
  async fromLive(
    companyId: string,
    customerIds: string[],
    json: unknown,
    now: Date,
    manager?: EntityManager,
  ): Promise<Map<string, Record<string, unknown>[]>> {
    const computed = await this.fromLiveRead(companyId, customerIds, this.reading.liveFromJson(json), now, manager);
    return computed as unknown as Map<string, Record<string, unknown>[]>;
  }

  /** From the customers' live subscriptions and their phases: one more prepared statement when there are some. */
  private async fromLiveRead(
    companyId: string,
    customerIds: string[],
    { live, phases }: LiveRead,
    now: Date,
    manager?: EntityManager,
  ): Promise<Map<string, EntitlementAssignmentView[]>> {
    const subjects = liveSubjects(live, phases, now);
    if (subjects.length === 0) return customersFrom(customerIds, [], new Map(), new Map());
    const pricingIds = [...new Set(subjects.flatMap((s) => s.product_pricing_ids))];
    const inputs = await this.reading.readEntitlementInputs(
      companyId,
      subjects.map((s) => s.subscription_id),
      pricingIds,
      manager,
    );
    const combined = entitlementInputs(inputs.catalog, inputs.assigned);
    return customersFrom(customerIds, subjects, computeFrom(subjects, combined), combined.defs);
  }

  /**
   * customer id → the customer's computed entitlements: the subscriptions live now (started,
   * not cancelled) combined by each entitlement's aggregator_type, oldest subscription first.
   * Prepared statements (SubscriptionReadService), on the pool or inside the transaction of
   * `manager`: one, and one more when the customers have live subscriptions.
   */
  private async computeForCustomers(
    companyId: string,
    customerIds: string[],
    manager?: EntityManager,
  ): Promise<Map<string, EntitlementAssignmentView[]>> {
    const ids = [...new Set(customerIds)];
    if (ids.length === 0) return new Map();
    const now = this.clock.now();
    return this.fromLiveRead(companyId, ids, await this.reading.readLive(companyId, ids, now, manager), now, manager);
  }
}

/** What computing entitlements reads: each pricing's product, the assignments of subscriptions, pricings and products, the definitions. */
export interface EntitlementInputs {
  productOf: Map<string, string>;
  layers: AssignmentLayers;
  defs: Map<string, EntitlementDef>;
}

/** The inputs from rows read in one statement (catalog's `rowsSql`/`pricingsSql`, entitlements' `layersSql`). */
export function entitlementInputs(
  catalog: Pick<CatalogRows, 'pricings'>,
  read: { layers: AssignmentLayers; entitlements: EntitlementEntity[] },
): EntitlementInputs {
  return {
    productOf: new Map(catalog.pricings.map((p) => [p.id, p.product_id])),
    layers: read.layers,
    defs: new Map<string, EntitlementDef>(read.entitlements.map((d) => [d.id, d])),
  };
}

/** subscription id → computed entitlements of each subject (pure). */
export function computeFrom(
  subjects: EntitlementSubject[],
  { productOf, layers, defs }: EntitlementInputs,
): Map<string, EntitlementAssignmentView[]> {
  const out = new Map<string, EntitlementAssignmentView[]>();
  for (const s of subjects) {
    const sources = s.product_pricing_ids
      .filter((id) => productOf.has(id))
      .map((id) => ({
        product_layer: layers.layer('PRODUCT', productOf.get(id)!),
        pricing_layer: layers.layer('PRODUCT_PRICING', id),
        licence_count: s.config_items.filter((c) => c.product_pricing_id === id).reduce((acc, c) => acc + c.num_licenses, 0),
      }));
    out.set(s.subscription_id, subscriptionEntitlements(sources, layers.layer('SUBSCRIPTION', s.subscription_id), defs));
  }
  return out;
}

/** The live subscriptions (oldest first) that have started at `now`, each with the plan in effect (pure). */
export function liveSubjects(
  live: { id: string; customer_id: string }[],
  phases: SubscriptionPhaseEntity[],
  now: Date,
): (EntitlementSubject & { customer_id: string })[] {
  const subjects: (EntitlementSubject & { customer_id: string })[] = [];
  for (const s of live) {
    const current = effectivePhase(
      phases.filter((p) => p.subscription_id === s.id),
      now,
    );
    if (!current) continue; // not started yet
    subjects.push({
      subscription_id: s.id,
      customer_id: s.customer_id,
      product_pricing_ids: current.product_pricing_ids,
      config_items: current.config_items,
    });
  }
  return subjects;
}

/** customer id → computed entitlements, from its live subjects' (pure). */
export function customersFrom(
  ids: string[],
  subjects: (EntitlementSubject & { customer_id: string })[],
  perSub: Map<string, EntitlementAssignmentView[]>,
  defs: Map<string, EntitlementDef>,
): Map<string, EntitlementAssignmentView[]> {
  const out = new Map<string, EntitlementAssignmentView[]>();
  for (const id of ids) {
    const mine = subjects
      .filter((s) => s.customer_id === id)
      .map((s) => ({ subscription_id: s.subscription_id, entitlements: perSub.get(s.subscription_id) ?? [] }));
    out.set(id, customerEntitlements(mine, defs));
  }
  return out;
}
