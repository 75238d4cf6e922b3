import { Injectable } from '@nestjs/common';
import { IsNull, QueryFailedError, WhereExpressionBuilder } from 'typeorm';
import { CustomerLookupService, customerIdOrIdentifierFilter } from '../../customers/customer-lookup.service';
import type { CustomerEntity } from '../../customers/customer.entity';
import { Clock } from '../../platform/clock/clock';
import { DomainError } from '../../platform/errors/domain-error';
import { isId, newId } from '../../platform/ids/ids';
import { baseSortKeys, runSearch, SearchPage, SearchSpec } from '../../platform/search/search';
import { BillableItemsService } from '../billable-items.service';
import { parseMatchingRule } from '../metering-rule';
import { filterSql, SqlParams } from '../usage/metering-sql';
import { checkProperties } from '../usage/properties';
import { BillableObjectEntity } from './billable-object.entity';
import { BillableObjectsRepository } from './objects.repository';
import type { FindObjectsDto } from './objects.dto';

/** `matching_rule_string`: a JSON matching rule over the objects' properties (the SQL of metering rules, parameters named). */
function matchingRuleFilter(qb: WhereExpressionBuilder, value: string, p: string): void {
  let raw: unknown;
  try {
    raw = JSON.parse(value);
  } catch {
    throw DomainError.invalidField('query.matching_rule_string', 'must be a JSON matching rule');
  }
  const rule = parseMatchingRule(raw, 'query.matching_rule_string');
  const params = new SqlParams();
  const sql = filterSql(rule, 'o.properties', params);
  const named: Record<string, unknown> = {};
  const text = sql.replace(/\$(\d+)/g, (_m, n: string) => {
    named[`${p}_${n}`] = params.values[Number(n) - 1];
    return `:${p}_${n}`;
  });
  qb.andWhere(text, named);
}

const SEARCH: SearchSpec = {
  alias: 'o',
  sortKeys: {
    ...baseSortKeys('o'),
    aToZ: { column: 'o.object_identifier', direction: 'ASC', kind: 'string' },
    zToA: { column: 'o.object_identifier', direction: 'DESC', kind: 'string' },
  },
  filters: {
    customer_id: customerIdOrIdentifierFilter('o.customer_id'),
    item_id: { kind: 'exact', column: 'o.item_id' },
    object_identifier: { kind: 'exact', column: 'o.object_identifier' },
    customer_identifier: {
      kind: 'custom',
      apply: (qb, value, p) =>
        qb.andWhere(`o.customer_id IN (SELECT c.id FROM customers c WHERE c.company_id = o.company_id AND c.identifier = :${p})`, {
          [p]: value,
        }),
    },
    // applied before the search (deleted objects are hidden unless asked for)
    include_deleted: { kind: 'custom', apply: () => undefined },
    matching_rule_string: { kind: 'custom', apply: matchingRuleFilter },
  },
};

export interface ObjectInput {
  item_id?: unknown;
  object_identifier?: unknown;
  properties?: unknown;
  customer_id?: unknown;
  customer_identifier?: unknown;
}

/** What `POST /objects/ingest` did with each entry: the object it wrote, or why it did not. */
export interface IngestedObject {
  index: number;
  action: string;
  object: BillableObjectEntity;
}
export interface RefusedObject {
  index: number;
  object_identifier: string | null;
  error_code: string;
  error_message: string;
  /** The field at fault and its problem (the first the error names; else the entry itself). */
  field: string;
  problem: string;
}
export interface ObjectsIngestResult {
  processed: IngestedObject[];
  errors: RefusedObject[];
}

const ACTIONS = ['CREATE', 'UPDATE', 'DELETE'];
const FIELDS = ['action', 'id', 'item_id', 'object_identifier', 'properties', 'customer_id', 'customer_identifier'];
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Metered objects of CUSTOM_OBJ items. Deleting sets deleted_at (the row stays, so the usage
 * of past periods — objects live at some point of the period — does not change afterwards).
 */
@Injectable()
export class ObjectsService {
  constructor(
    private readonly objects: BillableObjectsRepository,
    private readonly items: BillableItemsService,
    private readonly customers: CustomerLookupService,
    private readonly clock: Clock,
  ) {}

  async create(companyId: string, input: ObjectInput, prefix = ''): Promise<BillableObjectEntity> {
    if (typeof input.item_id !== 'string' || input.item_id.length === 0) throw DomainError.invalidField(`${prefix}item_id`, 'is required');
    const customer = await this.customerOf(companyId, input, prefix);
    const item = await this.items.get(companyId, input.item_id, `${prefix}item_id`);
    if (item.type !== 'CUSTOM_OBJ')
      throw DomainError.invalidField(`${prefix}item_id`, `must name a CUSTOM_OBJ item (this one is ${item.type})`);
    const identifier = input.object_identifier;
    if (typeof identifier !== 'string' || identifier.length === 0 || identifier.length > 255) {
      throw DomainError.invalidField(`${prefix}object_identifier`, 'must be a string of 1 to 255 characters');
    }
    const properties = this.properties(input.properties, `${prefix}properties`);
    if (
      await this.objects.exists(companyId, {
        customer_id: customer.id,
        item_id: item.id,
        object_identifier: identifier,
        deleted_at: IsNull(),
      })
    ) {
      throw this.duplicate(identifier);
    }
    const now = this.clock.now();
    const row: Omit<BillableObjectEntity, 'company_id'> = {
      id: newId('object'),
      customer_id: customer.id,
      item_id: item.id,
      object_identifier: identifier,
      properties,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    };
    try {
      await this.objects.insert(companyId, row);
    } catch (err) {
      if (err instanceof QueryFailedError && (err as { driverError?: { code?: string } }).driverError?.code === '23505')
        throw this.duplicate(identifier);
      throw err;
    }
    return { ...row, company_id: companyId };
  }

  async get(companyId: string, id: string, field?: string): Promise<BillableObjectEntity> {
    if (!isId('object', id)) throw DomainError.notFound('object', field);
    return this.objects.findOneOrFail(companyId, { id }, () => DomainError.notFound('object', field));
  }

  async update(companyId: string, id: string, properties: unknown, prefix = ''): Promise<BillableObjectEntity> {
    const current = await this.get(companyId, id, prefix ? `${prefix}id` : undefined);
    const next = this.properties(properties, `${prefix}properties`);
    if (current.deleted_at) throw DomainError.invalidState('the object is deleted');
    const now = this.clock.now();
    const changed = await this.objects.update(companyId, { id, deleted_at: IsNull() }, { properties: next, updated_at: now });
    if (changed === 0) throw DomainError.invalidState('the object is deleted');
    return { ...current, properties: next, updated_at: now };
  }

  async remove(companyId: string, id: string, prefix = ''): Promise<BillableObjectEntity> {
    const current = await this.get(companyId, id, prefix ? `${prefix}id` : undefined);
    if (current.deleted_at) throw DomainError.invalidState('the object is already deleted');
    const now = this.clock.now();
    const changed = await this.objects.update(companyId, { id, deleted_at: IsNull() }, { deleted_at: now, updated_at: now });
    if (changed === 0) throw DomainError.invalidState('the object is already deleted');
    return { ...current, deleted_at: now, updated_at: now };
  }

  find(companyId: string, body: FindObjectsDto): Promise<SearchPage<BillableObjectEntity>> {
    const qb = this.objects.queryBuilder(companyId, 'o');
    if (!(body?.query as { include_deleted?: boolean } | null | undefined)?.include_deleted) qb.andWhere('o.deleted_at IS NULL');
    return runSearch(qb, body, SEARCH);
  }

  /** `POST /objects/ingest`: each entry on its own, in order; results per entry. */
  async ingest(companyId: string, entries: unknown[]): Promise<ObjectsIngestResult> {
    const processed: IngestedObject[] = [];
    const errors: RefusedObject[] = [];
    for (const [index, entry] of entries.entries()) {
      const prefix = `objects[${index}].`;
      const identifier = isObject(entry) && typeof entry.object_identifier === 'string' ? entry.object_identifier : null;
      try {
        if (!isObject(entry)) throw DomainError.invalidField(`objects[${index}]`, 'must be an object');
        const unknown = Object.keys(entry).find((k) => !FIELDS.includes(k));
        if (unknown) throw DomainError.invalidField(`${prefix}${unknown}`, 'is not an allowed field');
        const action = entry.action;
        if (typeof action !== 'string' || !ACTIONS.includes(action)) {
          throw DomainError.invalidField(`${prefix}action`, `must be one of ${ACTIONS.join(', ')}`);
        }
        let object: BillableObjectEntity;
        if (action === 'CREATE') {
          if (entry.id !== undefined && entry.id !== null)
            throw DomainError.invalidField(`${prefix}id`, 'is assigned by the service on CREATE');
          object = await this.create(companyId, entry, prefix);
        } else {
          const id = await this.resolveId(companyId, entry, prefix);
          object =
            action === 'UPDATE' ? await this.update(companyId, id, entry.properties, prefix) : await this.remove(companyId, id, prefix);
        }
        processed.push({ index, action, object });
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        const [named] = Object.entries(err.validationErrors ?? {});
        const [field, problem] = named ?? [`objects[${index}]`, err.message];
        errors.push({ index, object_identifier: identifier, error_code: err.code, error_message: err.message, field, problem });
      }
    }
    return { processed, errors };
  }

  /** UPDATE/DELETE name the object by id, or by item_id + object_identifier + customer (a live object). */
  private async resolveId(companyId: string, entry: Record<string, unknown>, prefix: string): Promise<string> {
    if (entry.id !== undefined && entry.id !== null) {
      if (typeof entry.id !== 'string') throw DomainError.invalidField(`${prefix}id`, 'must be a string');
      return entry.id;
    }
    if (typeof entry.object_identifier !== 'string' || typeof entry.item_id !== 'string') {
      throw DomainError.invalidField(`${prefix}id`, 'or item_id + object_identifier + customer is required');
    }
    const customer = await this.customerOf(companyId, entry, prefix);
    if (!isId('billableItem', entry.item_id)) throw DomainError.notFound('object', `${prefix}object_identifier`);
    const found = await this.objects.findOne(companyId, {
      customer_id: customer.id,
      item_id: entry.item_id,
      object_identifier: entry.object_identifier,
      deleted_at: IsNull(),
    });
    if (!found) throw DomainError.notFound('object', `${prefix}object_identifier`);
    return found.id;
  }

  private async customerOf(companyId: string, input: ObjectInput, prefix: string): Promise<CustomerEntity> {
    const byId = input.customer_id;
    const byIdentifier = input.customer_identifier;
    if (byId !== undefined && byId !== null) {
      if (typeof byId !== 'string' || byId.length === 0)
        throw DomainError.invalidField(`${prefix}customer_id`, 'must be a non-empty string');
      const customer = await this.customers.getByIdOrIdentifier(companyId, byId, `${prefix}customer_id`);
      if (typeof byIdentifier === 'string' && customer.identifier !== byIdentifier) {
        throw DomainError.invalidField(`${prefix}customer_identifier`, 'names another customer than customer_id');
      }
      return customer;
    }
    if (typeof byIdentifier !== 'string' || byIdentifier.length === 0) {
      throw DomainError.invalidField(`${prefix}customer_id`, 'or customer_identifier is required');
    }
    const found = (await this.customers.getManyByIdentifier(companyId, [byIdentifier])).get(byIdentifier);
    if (!found) throw DomainError.notFound('customer', `${prefix}customer_identifier`);
    return found;
  }

  private properties(raw: unknown, path: string) {
    const checked = checkProperties(raw, path);
    if ('error' in checked) throw DomainError.invalidField(checked.error[0], checked.error[1]);
    return checked.ok;
  }

  private duplicate(identifier: string): DomainError {
    return new DomainError(
      'duplicate_object',
      'conflict',
      `a live object with object_identifier "${identifier}" already exists for this customer and item`,
      {
        object_identifier: 'is already used by a live object of this customer and item',
      },
    );
  }
}
