/**
 * Pure rules of entitlement assignments: what value an entitlement accepts, and how layers of
 * assignments (product → pricing → subscription) combine into the values that apply.
 * No Nest, no SQL: table-driven tests beside this file.
 */
import type { EntitlementType } from '../entitlement.entity';
import type { AssignmentOwnerType } from './entitlement-assignment.entity';

export type AssignmentValue = boolean | number | string;

export type CoercedValue = { ok: true; value: AssignmentValue } | { ok: false; problem: string };

const NUMERIC = /^-?\d+(\.\d+)?$/;

/**
 * The normalised value of an assignment for an entitlement of that type: BOOL takes a boolean
 * or "true"/"false"; NUMBER a finite number or a numeric string ("10"); TEXT a string; ENUM one
 * of the possible values.
 */
export function coerceAssignmentValue(
  entitlement: { type: EntitlementType; possible_values: string[] | null },
  value: unknown,
): CoercedValue {
  if (value === undefined || value === null) return { ok: false, problem: 'is required' };
  switch (entitlement.type) {
    case 'BOOL':
      if (typeof value === 'boolean') return { ok: true, value };
      if (typeof value === 'string' && /^(true|false)$/i.test(value.trim()))
        return { ok: true, value: value.trim().toLowerCase() === 'true' };
      return { ok: false, problem: 'must be a boolean (or "true"/"false") for a BOOL entitlement' };
    case 'NUMBER':
      if (typeof value === 'number' && Number.isFinite(value)) return { ok: true, value };
      if (typeof value === 'string' && NUMERIC.test(value.trim()) && Number.isFinite(Number(value.trim()))) {
        return { ok: true, value: Number(value.trim()) };
      }
      return { ok: false, problem: 'must be a number (or a numeric string such as "10") for a NUMBER entitlement' };
    case 'TEXT':
      if (typeof value === 'string') return { ok: true, value };
      return { ok: false, problem: 'must be a string for a TEXT entitlement' };
    case 'ENUM': {
      const allowed = entitlement.possible_values ?? [];
      if (typeof value === 'string' && allowed.includes(value)) return { ok: true, value };
      return { ok: false, problem: `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')} for this ENUM entitlement` };
    }
  }
}

/** One assignment as a layer holds it (the entitlement's definition already joined). */
export interface AssignmentEntry {
  /** The assignment's own id. */
  id: string;
  entitlement_id: string;
  key: string;
  name: string;
  type: EntitlementType;
  value: AssignmentValue;
}

/** The assignments of one owner. */
export interface AssignmentLayer {
  owner_type: AssignmentOwnerType;
  owner_id: string;
  entries: AssignmentEntry[];
}

/** The spec's "Entitlement assignment" entry. */
export interface EntitlementAssignmentView {
  entitlement_id: string;
  id: string;
  inherited_from_id: string | null;
  inherited_from_type: AssignmentOwnerType | null;
  key: string;
  name: string;
  original_value: AssignmentValue | null;
  overridden: boolean;
  type: EntitlementType;
  value: AssignmentValue;
}

/**
 * Combines layers given from the most general to the most specific (product, then pricing,
 * then subscription): for each entitlement the most specific layer's value wins. The winning
 * entry names the layer it comes from (`inherited_from_type`/`inherited_from_id`); when it
 * replaced a value of a lower layer it is `overridden: true` and `original_value` is the value
 * it replaced (the one that would apply without it). Order: first appearance, lowest layer
 * first; an override keeps the position of the value it replaces.
 */
export function mergeAssignmentLayers(layers: AssignmentLayer[]): EntitlementAssignmentView[] {
  const byEntitlement = new Map<string, EntitlementAssignmentView>();
  for (const layer of layers) {
    for (const entry of layer.entries) {
      const below = byEntitlement.get(entry.entitlement_id);
      byEntitlement.set(entry.entitlement_id, {
        entitlement_id: entry.entitlement_id,
        id: entry.id,
        inherited_from_id: layer.owner_id,
        inherited_from_type: layer.owner_type,
        key: entry.key,
        name: entry.name,
        original_value: below ? below.value : null,
        overridden: below !== undefined,
        type: entry.type,
        value: entry.value,
      });
    }
  }
  return [...byEntitlement.values()];
}

/**
 * The entries the most specific layer contributes, each marked as overriding a lower layer or
 * not (a pricing's `override_entitlements`, a product's own `entitlements`).
 */
export function ownAssignments(lower: AssignmentLayer[], own: AssignmentLayer): EntitlementAssignmentView[] {
  return mergeAssignmentLayers([...lower, own]).filter(
    (v) => v.inherited_from_type === own.owner_type && v.inherited_from_id === own.owner_id,
  );
}
