import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { Clock } from '../../platform/clock/clock';
import { DomainError } from '../../platform/errors/domain-error';
import { isId, newId } from '../../platform/ids/ids';
import { EntitlementEntity } from '../entitlement.entity';
import { EntitlementsRepository } from '../entitlements.repository';
import { EntitlementAssignmentsRepository } from './assignments.repository';
import type { EntitlementAssignmentInputDto } from './assignment.dto';
import { AssignmentEntry, AssignmentLayer, AssignmentValue, coerceAssignmentValue } from './assignment.rules';
import { AssignmentOwnerType, EntitlementAssignmentEntity } from './entitlement-assignment.entity';

/** An input entry checked against its entitlement, ready to be written. */
export interface ResolvedAssignment {
  entitlement: EntitlementEntity;
  value: AssignmentValue;
  /** The assignment id the caller asked to keep (only honoured when it is the owner's). */
  requested_id: string | null;
}

export interface AssignmentOwner {
  type: AssignmentOwnerType;
  id: string;
}

const ownerKey = (type: AssignmentOwnerType, id: string) => `${type}:${id}`;

/** Assignment sets of many owners, read at once. */
export class AssignmentLayers {
  constructor(private readonly byOwner: Map<string, AssignmentEntry[]>) {}

  layer(type: AssignmentOwnerType, id: string): AssignmentLayer {
    return { owner_type: type, owner_id: id, entries: this.byOwner.get(ownerKey(type, id)) ?? [] };
  }
}

/**
 * Entitlement assignments of products, pricings and subscriptions: replace an owner's set
 * (inside the caller's transaction) and read the sets of many owners in two queries.
 */
@Injectable()
export class EntitlementAssignmentsService {
  constructor(
    private readonly assignments: EntitlementAssignmentsRepository,
    private readonly entitlements: EntitlementsRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Checks input entries (`field` names the list in errors, e.g. `entitlements`): each names an
   * existing entitlement of the company (404 naming `<field>[i].entitlement_id`), once, with a
   * value of its type (400 naming `<field>[i].value`).
   */
  async resolve(
    companyId: string,
    inputs: EntitlementAssignmentInputDto[] | null | undefined,
    field = 'entitlements',
    manager?: EntityManager,
  ): Promise<ResolvedAssignment[]> {
    const list = inputs ?? [];
    if (list.length === 0) return [];
    if (list.length > 200) throw DomainError.invalidField(field, 'must not list more than 200 entitlements');
    const repo = manager ? this.entitlements.with(manager) : this.entitlements;
    const ids = list.map((e) => e.entitlement_id ?? (!e.key && isId('entitlement', e.id) ? e.id : null)).filter((v): v is string => !!v);
    const keys = list.filter((e) => !e.entitlement_id && e.key).map((e) => e.key!);
    const validIds = [...new Set(ids.filter((id) => isId('entitlement', id)))];
    const where = [...(validIds.length ? [{ id: In(validIds) }] : []), ...(keys.length ? [{ key: In([...new Set(keys)]) }] : [])];
    const found = where.length ? await repo.find(companyId, { where }) : [];
    const byId = new Map(found.map((e) => [e.id, e]));
    const byKey = new Map(found.map((e) => [e.key, e]));

    const seen = new Set<string>();
    return list.map((input, i) => {
      const path = `${field}[${i}]`;
      let entitlement: EntitlementEntity | undefined;
      if (input.entitlement_id) entitlement = byId.get(input.entitlement_id);
      else if (input.key) entitlement = byKey.get(input.key);
      else if (isId('entitlement', input.id)) entitlement = byId.get(input.id);
      else throw DomainError.invalidField(`${path}.entitlement_id`, 'is required (or key)');
      if (!entitlement) throw DomainError.notFound('entitlement', `${path}.entitlement_id`);
      if (seen.has(entitlement.id)) throw DomainError.invalidField(`${path}.entitlement_id`, 'names an entitlement already listed');
      seen.add(entitlement.id);
      const coerced = coerceAssignmentValue(entitlement, input.value);
      if (!coerced.ok) throw DomainError.invalidField(`${path}.value`, coerced.problem);
      const requested = input.id && !isId('entitlement', input.id) ? input.id : null;
      return { entitlement, value: coerced.value, requested_id: requested };
    });
  }

  /**
   * Makes `resolved` the owner's whole set (call inside a transaction). An entry keeps its
   * assignment id when it names an existing assignment of this owner, or when the owner
   * already had that entitlement.
   */
  async replace(manager: EntityManager, companyId: string, owner: AssignmentOwner, resolved: ResolvedAssignment[]): Promise<void> {
    const repo = this.assignments.with(manager);
    const existing = await repo.find(companyId, { where: { owner_type: owner.type, owner_id: owner.id } });
    const existingIds = new Set(existing.map((a) => a.id));
    const byEntitlement = new Map(existing.map((a) => [a.entitlement_id, a]));
    const now = this.clock.now();
    const used = new Set<string>();
    const rows: Omit<EntitlementAssignmentEntity, 'company_id'>[] = resolved.map((r, position) => {
      const previous = byEntitlement.get(r.entitlement.id);
      let id = r.requested_id && existingIds.has(r.requested_id) && !used.has(r.requested_id) ? r.requested_id : previous?.id;
      if (!id || used.has(id)) id = newId('entitlementAssignment');
      used.add(id);
      return {
        id,
        owner_type: owner.type,
        owner_id: owner.id,
        entitlement_id: r.entitlement.id,
        value: r.value,
        position,
        created_at: previous?.created_at ?? now,
        updated_at: now,
      };
    });
    if (existing.length) await repo.delete(companyId, { owner_type: owner.type, owner_id: owner.id });
    if (rows.length) await repo.insert(companyId, rows);
  }

  /** The assignment sets of many owners: one query for the assignments, one for their entitlements. */
  async readMany(companyId: string, owners: AssignmentOwner[], manager?: EntityManager): Promise<AssignmentLayers> {
    if (owners.length === 0) return new AssignmentLayers(new Map());
    const repo = manager ? this.assignments.with(manager) : this.assignments;
    const types = [...new Set(owners.map((o) => o.type))];
    const ids = [...new Set(owners.map((o) => o.id))];
    const rows = await repo
      .queryBuilder(companyId, 'a')
      .andWhere('a.owner_type IN (:...types)', { types })
      .andWhere('a.owner_id IN (:...ids)', { ids })
      .orderBy('a.owner_id')
      .addOrderBy('a.position')
      .getMany();
    if (rows.length === 0) return new AssignmentLayers(new Map());
    const entRepo = manager ? this.entitlements.with(manager) : this.entitlements;
    const ents = await entRepo.find(companyId, { where: { id: In([...new Set(rows.map((r) => r.entitlement_id))]) } });
    return layersOf(rows, ents);
  }

  /**
   * For one-statement reads: the SQL of a JSON object holding the assignments of the owners
   * (for each owner type, `ids` is SQL giving their ids: a subquery, or `SELECT unnest($n::text[])`)
   * and the entitlements they assign, of the company `companyParam`; `layersFromJson` reads it.
   */
  layersSql(companyParam: string, owners: { type: AssignmentOwnerType; ids: string }[]): string {
    const condition = owners.map((o) => `(a.owner_type = '${o.type}' AND a.owner_id IN (${o.ids}))`).join(' OR ');
    // the assignments read once, then as rows and as the entitlements they assign
    return `(WITH layer_assignments AS (${this.assignments.rowsSql('a', companyParam, condition)})
      SELECT json_build_object(
        'assignments', ${this.assignments.jsonRowsOfSql('a', 'layer_assignments', 'a.owner_id, a.position')},
        'entitlements', ${this.entitlements.jsonRowsSql('e', companyParam, 'e.id IN (SELECT entitlement_id FROM layer_assignments)')}))`;
  }

  /** The layers read by `layersSql`, and the entitlements they assign (their definitions). */
  layersFromJson(json: unknown): { layers: AssignmentLayers; entitlements: EntitlementEntity[] } {
    const { assignments, entitlements } = json as { assignments: unknown; entitlements: unknown };
    const ents = this.entitlements.fromJson(entitlements);
    return { layers: layersOf(this.assignments.fromJson(assignments), ents), entitlements: ents };
  }
}

/** Assignment rows (ordered by owner, then position) with their entitlements, as layers. */
function layersOf(rows: EntitlementAssignmentEntity[], ents: EntitlementEntity[]): AssignmentLayers {
  const byOwner = new Map<string, AssignmentEntry[]>();
  const entById = new Map(ents.map((e) => [e.id, e]));
  for (const row of rows) {
    const e = entById.get(row.entitlement_id);
    if (!e) continue;
    const k = ownerKey(row.owner_type, row.owner_id);
    const list = byOwner.get(k) ?? [];
    list.push({ id: row.id, entitlement_id: e.id, key: e.key, name: e.name, type: e.type, value: row.value as AssignmentValue });
    byOwner.set(k, list);
  }
  return new AssignmentLayers(byOwner);
}
