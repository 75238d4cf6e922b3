import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { hydrator, prepared } from '../platform/database/prepared';
import { ScopedRepository } from '../platform/tenancy/scoped.repository';
import { CustomerEntity } from './customer.entity';

/** Longest parent chain walked when checking for cycles (a guard against corrupt data, not a product limit). */
const MAX_DEPTH = 10_000;

/** The customer whose id or, failing that, identifier is $2 (both keys are unique per company) first. */
const BY_ID_OR_IDENTIFIER = 'SELECT * FROM customers WHERE company_id = $1 AND (id = $2 OR identifier = $2) ORDER BY id = $2 DESC';

@Injectable()
export class CustomersRepository extends ScopedRepository<CustomerEntity> {
  constructor(private readonly dataSource: DataSource) {
    super(CustomerEntity, dataSource.manager);
  }

  /**
   * The hot read (outside a transaction): one prepared statement finds the customer whose id or,
   * failing that, whose identifier is `idOrIdentifier` (both keys are unique per company).
   */
  async readByIdOrIdentifier(companyId: string, idOrIdentifier: string): Promise<CustomerEntity | null> {
    const rows = await prepared(this.dataSource, 'tally_customer_by_id_or_identifier', `${BY_ID_OR_IDENTIFIER} LIMIT 1`, [
      this.requireCompanyId(companyId),
      idOrIdentifier,
    ]);
    return rows.length ? hydrator(this.dataSource, CustomerEntity)(rows[0]) : null;
  }

  /**
   * `readByIdOrIdentifier` with one more value read by the same prepared statement `name`: `with`
   * is SQL of a scalar expression over the CTE `target` (the customer's row), whose parameters
   * are `$1` (the company), `$2` (the key) and `$3`... (`values`). One name, one `with`.
   */
  async readByIdOrIdentifierWith(
    companyId: string,
    idOrIdentifier: string,
    name: string,
    withSql: string,
    values: unknown[],
  ): Promise<{ customer: CustomerEntity; with: unknown } | null> {
    const rows = await prepared<Record<string, unknown>>(
      this.dataSource,
      name,
      `WITH target AS (${BY_ID_OR_IDENTIFIER} LIMIT 1) SELECT target.*, ${withSql} AS tally_with FROM target`,
      [this.requireCompanyId(companyId), idOrIdentifier, ...values],
    );
    return rows.length ? { customer: hydrator(this.dataSource, CustomerEntity)(rows[0]), with: rows[0].tally_with } : null;
  }

  /**
   * SQL of a scalar subquery, for a caller composing one statement: the ids and identifiers of the
   * customers whose id is in the ids (text[]) or whose identifier is in the identifiers (text[]),
   * as a JSON array of `{id, identifier}` (`[]` when none); the first parameter names the company.
   */
  keysByIdsOrIdentifiersSql(companyParam: string, idsParam: string, identifiersParam: string): string {
    return `(SELECT coalesce(json_agg(json_build_object('id', c.id, 'identifier', c.identifier)), '[]') FROM customers c
      WHERE c.company_id = ${companyParam} AND (c.id = ANY(${idsParam}::text[]) OR c.identifier = ANY(${identifiersParam}::text[])))`;
  }

  /**
   * Ids of `customerId` and all its ancestors (its parent, the parent's parent, ...), in one
   * recursive query, scoped by company at every step.
   */
  async selfAndAncestorIds(companyId: string, customerId: string): Promise<string[]> {
    const rows: { id: string }[] = await this.manager.query(
      `WITH RECURSIVE chain (id, parent_customer_id, depth) AS (
         SELECT c.id, c.parent_customer_id, 1 FROM customers c WHERE c.company_id = $1 AND c.id = $2
         UNION ALL
         SELECT p.id, p.parent_customer_id, chain.depth + 1
           FROM customers p JOIN chain ON p.company_id = $1 AND p.id = chain.parent_customer_id
          WHERE chain.depth < $3
       ) SELECT id FROM chain`,
      [this.requireCompanyId(companyId), customerId, MAX_DEPTH],
    );
    return rows.map((r) => r.id);
  }

  /**
   * Serialises changes of the parent hierarchy within one company until the transaction ends
   * (two concurrent re-parentings could otherwise each pass the cycle check and form a cycle).
   * Call inside a transaction, on the repository bound to it.
   */
  async lockHierarchy(companyId: string): Promise<void> {
    await this.manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`customers.hierarchy:${this.requireCompanyId(companyId)}`]);
  }
}
