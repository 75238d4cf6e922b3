import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { DomainError } from '../platform/errors/domain-error';
import { isId } from '../platform/ids/ids';
import type { FilterDef } from '../platform/search/search';
import { CustomerEntity } from './customer.entity';
import { CustomersRepository } from './customers.repository';

export interface LookupOptions {
  manager?: EntityManager;
  lock?: boolean;
}

/**
 * How other modules find customers: by id (`cus_…`) or by the caller's `identifier`.
 * `field` names the body field in the 404 (`customer_id`, `events[3].customer_identifier`, ...).
 */
@Injectable()
export class CustomerLookupService {
  constructor(private readonly customers: CustomersRepository) {}

  /**
   * By id or identifier (path parameters and `customer_id` fields accept both). `opts.manager`
   * reads inside the caller's transaction; `opts.lock` locks the row there, FOR NO KEY UPDATE
   * (src/platform/README.md, "Lock order": invoices, credits and other rows of the customer
   * written meanwhile by other transactions do not wait for it).
   */
  async findByIdOrIdentifier(companyId: string, idOrIdentifier: string, opts: LookupOptions = {}): Promise<CustomerEntity | null> {
    if (!opts.manager && !opts.lock) return this.customers.readByIdOrIdentifier(companyId, idOrIdentifier);
    const repo = opts.manager ? this.customers.with(opts.manager) : this.customers;
    const one = (where: { id: string } | { identifier: string }) =>
      opts.lock ? repo.findOneForUpdate(companyId, where, { noKey: true }) : repo.findOne(companyId, where);
    if (isId('customer', idOrIdentifier)) {
      const byId = await one({ id: idOrIdentifier });
      if (byId) return byId;
    }
    return one({ identifier: idOrIdentifier });
  }

  async getByIdOrIdentifier(
    companyId: string,
    idOrIdentifier: string,
    field = 'customer_id',
    opts: LookupOptions = {},
  ): Promise<CustomerEntity> {
    const found = await this.findByIdOrIdentifier(companyId, idOrIdentifier, opts);
    if (!found) throw DomainError.notFound('customer', field === 'path' ? undefined : field);
    return found;
  }

  /**
   * For another module's one-statement read: SQL of a scalar subquery giving, as JSON, the
   * customers of the company `companyParam` whose ids `idsSql` (a subquery) selects; `fromJson`
   * reads it back.
   */
  jsonRowsSql(companyParam: string, idsSql: string): string {
    return this.customers.jsonRowsSql('c', companyParam, `c.id IN (${idsSql})`);
  }

  /** The customers of a value `jsonRowsSql` read. */
  fromJson(json: unknown): CustomerEntity[] {
    return this.customers.fromJson(json);
  }

  /** Many at once, keyed by id (no N+1). */
  async getMany(companyId: string, ids: string[], manager?: EntityManager): Promise<Map<string, CustomerEntity>> {
    const unique = [...new Set(ids)].filter((id) => isId('customer', id));
    if (unique.length === 0) return new Map();
    const rows = await (manager ? this.customers.with(manager) : this.customers).find(companyId, { where: { id: In(unique) } });
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** Many at once, keyed by identifier. */
  async getManyByIdentifier(companyId: string, identifiers: string[]): Promise<Map<string, CustomerEntity>> {
    const unique = [...new Set(identifiers)];
    if (unique.length === 0) return new Map();
    const rows = await this.customers.find(companyId, { where: { identifier: In(unique) } });
    return new Map(rows.map((r) => [r.identifier!, r]));
  }
}

/**
 * The `customer_id` filter of a find: a customer's id or its `identifier` (the README's promise
 * that an identifier works wherever a customer id goes). `column` holds a customer id; the
 * sub-select is pinned to the company by the scoped query builder's `:companyId`.
 */
export function customerIdOrIdentifierFilter(column: string): FilterDef {
  return {
    kind: 'custom',
    apply: (qb, value: unknown, p) =>
      qb.andWhere(
        `${column} IN (SELECT cu.id FROM customers cu WHERE cu.company_id = :companyId AND (cu.id = :${p} OR cu.identifier = :${p}))`,
        { [p]: String(value) },
      ),
  };
}
