/**
 * Computed entitlements of subscriptions and customers (pure; table-driven tests beside it).
 *
 * - Per pricing of a subscription: the pricing's value overrides the product's
 *   (`mergeAssignmentLayers`, entitlements module).
 * - adjust_for_quantity: a NUMBER value is multiplied by the licence count of that
 *   subscription for that pricing (sum of num_licenses of the pricing's licence config items).
 * - Several pricings of one subscription, and several subscriptions of one customer, combine
 *   per entitlement by its aggregator_type: OR / AND (BOOL), ADD / MINIMUM / MAXIMUM (NUMBER),
 *   COALESCE = the first value in the stated order (pricings in the subscription's order;
 *   subscriptions oldest first). An aggregator that does not suit the type (e.g. ADD on TEXT)
 *   falls back to COALESCE.
 * - The subscription's own `override_entitlements` replace the combined value (no quantity
 *   adjustment: an override is the exact value the subscription gets); the entry is then
 *   `overridden: true` with `original_value` = the value it replaced.
 * - A value coming from one source keeps that source's entry (id, inherited_from_*, overridden,
 *   original_value); a value combined from several names the first source and reads
 *   `overridden: false, original_value: null`.
 */
import { Dec } from '../billing-math/money';
import {
  AssignmentLayer,
  AssignmentValue,
  EntitlementAssignmentView,
  mergeAssignmentLayers,
} from '../entitlements/assignments/assignment.rules';
import type { AggregatorType, EntitlementType } from '../entitlements/entitlement.entity';

export interface EntitlementDef {
  id: string;
  type: EntitlementType;
  aggregator_type: AggregatorType;
  adjust_for_quantity: boolean;
}

export interface PricingEntitlementSource {
  product_layer: AssignmentLayer;
  pricing_layer: AssignmentLayer;
  /** Licences of the subscription on this pricing. */
  licence_count: number;
}

/** Combines values of one entitlement from several sources (in order) by its aggregator. */
export function aggregate(def: Pick<EntitlementDef, 'type' | 'aggregator_type'>, values: AssignmentValue[]): AssignmentValue {
  if (values.length === 1) return values[0];
  const bools = values.every((v) => typeof v === 'boolean');
  const nums = values.every((v) => typeof v === 'number');
  switch (def.aggregator_type) {
    case 'OR':
      if (bools) return values.some((v) => v === true);
      break;
    case 'AND':
      if (bools) return values.every((v) => v === true);
      break;
    case 'ADD':
      if (nums) return values.reduce((acc: InstanceType<typeof Dec>, v) => acc.plus(new Dec(v as number)), new Dec(0)).toNumber();
      break;
    case 'MINIMUM':
      if (nums) return Math.min(...(values as number[]));
      break;
    case 'MAXIMUM':
      if (nums) return Math.max(...(values as number[]));
      break;
    case 'COALESCE':
      break;
  }
  return values[0];
}

/** Combines lists of entries (one list per source, in order) entitlement by entitlement. */
export function combineSources(sources: EntitlementAssignmentView[][], defs: Map<string, EntitlementDef>): EntitlementAssignmentView[] {
  const order: string[] = [];
  const byEnt = new Map<string, EntitlementAssignmentView[]>();
  for (const list of sources) {
    for (const v of list) {
      const found = byEnt.get(v.entitlement_id);
      if (found) found.push(v);
      else {
        byEnt.set(v.entitlement_id, [v]);
        order.push(v.entitlement_id);
      }
    }
  }
  return order.map((id) => {
    const entries = byEnt.get(id)!;
    if (entries.length === 1) return entries[0];
    const def = defs.get(id) ?? { type: entries[0].type, aggregator_type: 'COALESCE' as const };
    return {
      ...entries[0],
      value: aggregate(
        def,
        entries.map((e) => e.value),
      ),
      overridden: false,
      original_value: null,
    };
  });
}

function adjustForQuantity(view: EntitlementAssignmentView, def: EntitlementDef | undefined, licences: number): EntitlementAssignmentView {
  if (!def?.adjust_for_quantity || typeof view.value !== 'number') return view;
  return { ...view, value: new Dec(view.value).times(licences).toNumber() };
}

/** The computed entitlements of one subscription. */
export function subscriptionEntitlements(
  pricings: PricingEntitlementSource[],
  subscriptionLayer: AssignmentLayer,
  defs: Map<string, EntitlementDef>,
): EntitlementAssignmentView[] {
  const perPricing = pricings.map((p) =>
    mergeAssignmentLayers([p.product_layer, p.pricing_layer]).map((v) => adjustForQuantity(v, defs.get(v.entitlement_id), p.licence_count)),
  );
  const combined = combineSources(perPricing, defs);
  const byEnt = new Map(combined.map((v) => [v.entitlement_id, v]));
  for (const entry of subscriptionLayer.entries) {
    const below = byEnt.get(entry.entitlement_id);
    byEnt.set(entry.entitlement_id, {
      entitlement_id: entry.entitlement_id,
      id: entry.id,
      inherited_from_id: subscriptionLayer.owner_id,
      inherited_from_type: subscriptionLayer.owner_type,
      key: entry.key,
      name: entry.name,
      original_value: below ? below.value : null,
      overridden: below !== undefined,
      type: entry.type,
      value: entry.value,
    });
  }
  return [...byEnt.values()];
}

/**
 * The computed entitlements of a customer: its live subscriptions' computed entitlements
 * (given oldest first) combined by aggregator; each entry names the first subscription that
 * contributes to it (inherited_from_type SUBSCRIPTION).
 */
export function customerEntitlements(
  subscriptions: { subscription_id: string; entitlements: EntitlementAssignmentView[] }[],
  defs: Map<string, EntitlementDef>,
): EntitlementAssignmentView[] {
  const sources = subscriptions.map((s) =>
    s.entitlements.map((v) => ({ ...v, inherited_from_type: 'SUBSCRIPTION' as const, inherited_from_id: s.subscription_id })),
  );
  return combineSources(sources, defs);
}
