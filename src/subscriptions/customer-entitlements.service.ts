import { Injectable, OnModuleInit } from '@nestjs/common';
import { CustomerEntitlementsHook, CustomersHooks } from '../customers/customers.hooks';
import { EntityManager, In } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { EntitlementAssignmentsService, AssignmentLayers, AssignmentOwner } from '../entitlements/assignments/assignments.service';
import type { EntitlementEntity } from '../entitlements/entitlement.entity';
import type { CatalogRows } from '../catalog/catalog.views';
import { LiveRead, SubscriptionReadService } from './subscription-read.service';
import type { EntitlementAssignmentView } from '../entitlements/assignments/assignment.rules';
import { ProductPricingsRepository } from '../catalog/catalog.repository';
import { EntitlementDefinitionsRepository, SubscriptionPhasesRepository, SubscriptionsRepository } from './subscriptions.repository';
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
    private readonly subscriptions: SubscriptionsRepository,
    private readonly phases: SubscriptionPhasesRepository,
    private readonly pricings: ProductPricingsRepository,
    private readonly definitions: EntitlementDefinitionsRepository,
    private readonly assignments: EntitlementAssignmentsService,
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
  async fromLive(companyId: string, customerIds: string[], json: unknown, now: Date): Promise<Map<string, Record<string, unknown>[]>> {
    const computed = await this.fromLiveRead(companyId, customerIds, this.reading.liveFromJson(json), now);
    return computed as unknown as Map<string, Record<string, unknown>[]>;
  }

  /** From the customers' live subscriptions and their phases: one more prepared statement when there are some. */
  private async fromLiveRead(
    companyId: string,
    customerIds: string[],
    { live, phases }: LiveRead,
    now: Date,
  ): Promise<Map<string, EntitlementAssignmentView[]>> {
    const subjects = liveSubjects(live, phases, now);
    if (subjects.length === 0) return customersFrom(customerIds, [], new Map(), new Map());
    const pricingIds = [...new Set(subjects.flatMap((s) => s.product_pricing_ids))];
    const inputs = await this.reading.readEntitlementInputs(
      companyId,
      subjects.map((s) => s.subscription_id),
      pricingIds,
    );
    const combined = entitlementInputs(inputs.catalog, inputs.assigned);
    return customersFrom(customerIds, subjects, computeFrom(subjects, combined), combined.defs);
  }

  /** subscription id → computed entitlements. */
  async computeForSubscriptions(
    companyId: string,
    subjects: EntitlementSubject[],
    manager?: EntityManager,
  ): Promise<Map<string, EntitlementAssignmentView[]>> {
    return (await this.compute(companyId, subjects, manager)).bySubscription;
  }

  private async compute(
    companyId: string,
    subjects: EntitlementSubject[],
    manager?: EntityManager,
  ): Promise<{ bySubscription: Map<string, EntitlementAssignmentView[]>; defs: Map<string, EntitlementDef> }> {
    if (subjects.length === 0) return { bySubscription: new Map(), defs: new Map() };
    const pricingIds = [...new Set(subjects.flatMap((s) => s.product_pricing_ids))];
    const pricingRepo = manager ? this.pricings.with(manager) : this.pricings;
    const rows = pricingIds.length ? await pricingRepo.find(companyId, { where: { id: In(pricingIds) } }) : [];
    const productOf = new Map(rows.map((r) => [r.id, r.product_id]));
    const owners: AssignmentOwner[] = [
      ...subjects.map((s): AssignmentOwner => ({ type: 'SUBSCRIPTION', id: s.subscription_id })),
      ...pricingIds.map((id): AssignmentOwner => ({ type: 'PRODUCT_PRICING', id })),
      ...[...new Set(rows.map((r) => r.product_id))].map((id): AssignmentOwner => ({ type: 'PRODUCT', id })),
    ];
    const layers = await this.assignments.readMany(companyId, owners, manager);
    const entIds = new Set<string>();
    for (const o of owners) for (const e of layers.layer(o.type, o.id).entries) entIds.add(e.entitlement_id);
    const defRepo = manager ? this.definitions.with(manager) : this.definitions;
    const defRows = entIds.size ? await defRepo.find(companyId, { where: { id: In([...entIds]) } }) : [];
    const defs = new Map<string, EntitlementDef>(defRows.map((d) => [d.id, d]));
    return { bySubscription: computeFrom(subjects, { productOf, layers, defs }), defs };
  }

  /**
   * customer id → the customer's computed entitlements: the subscriptions live now (started,
   * not cancelled) combined by each entitlement's aggregator_type, oldest subscription first.
   * Outside a transaction, prepared statements (SubscriptionReadService): one, and one more when
   * the customers have live subscriptions.
   */
  async computeForCustomers(
    companyId: string,
    customerIds: string[],
    manager?: EntityManager,
  ): Promise<Map<string, EntitlementAssignmentView[]>> {
    const ids = [...new Set(customerIds)];
    if (ids.length === 0) return new Map();
    const now = this.clock.now();
    if (!manager) return this.fromLiveRead(companyId, ids, await this.reading.readLive(companyId, ids, now), now);
    const subs = await this.subscriptions
      .with(manager)
      .queryBuilder(companyId, 's')
      .andWhere('s.customer_id IN (:...ids)', { ids })
      .andWhere('(s.end_date IS NULL OR s.end_date > :now)', { now })
      .orderBy('s.created_at', 'ASC')
      .addOrderBy('s.id', 'ASC')
      .getMany();
    if (subs.length === 0) return customersFrom(ids, [], new Map(), new Map());
    const phases = await this.phases.with(manager).find(companyId, { where: { subscription_id: In(subs.map((s) => s.id)) } });
    const subjects = liveSubjects(subs, phases, now);
    const { bySubscription, defs } = await this.compute(companyId, subjects, manager);
    return customersFrom(ids, subjects, bySubscription, defs);
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
