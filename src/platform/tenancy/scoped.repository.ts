import { DataSource, EntityManager, EntityTarget, FindOptionsOrder, FindOptionsWhere, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { DomainError } from '../errors/domain-error';
import { jsonArraySql, jsonHydrator } from '../database/prepared';
import { insertRows } from '../database/insert-rows';

type Scoped = ObjectLiteral & { company_id: string };
type Where<T> = FindOptionsWhere<T> | FindOptionsWhere<T>[];

export interface FindManyOptions<T> {
  where?: Where<T>;
  order?: FindOptionsOrder<T>;
  take?: number;
}

/** `companyId`, checked: every statement sent for business code names its company (raw SQL included). */
export function requireCompany(companyId: string): string {
  if (typeof companyId !== 'string' || companyId.length === 0) {
    throw new Error('a company id is required for every query');
  }
  return companyId;
}

/**
 * A table as business code reaches it through the modules' repositories: every call takes the
 * company id first, merges it into every WHERE and stamps it on every insert. There is no
 * entity-based remove() and no read by id alone. `with(manager)` binds the same repository to a
 * transaction. Code that needs SQL of its own (the billing engine's loads and locks, the
 * invoice writer and ledger, usage aggregation, the pricing usage counter) goes through the
 * EntityManager instead and names `company_id` in every statement itself.
 */
export class ScopedRepository<T extends Scoped> {
  constructor(
    protected readonly target: EntityTarget<T>,
    protected readonly manager: EntityManager,
  ) {}

  /** `companyId`, checked: every statement a repository sends names its company (raw SQL included). */
  protected requireCompanyId(companyId: string): string {
    return requireCompany(companyId);
  }

  /** The same repository, working inside the given transaction. */
  with(manager: EntityManager): this {
    const copy = Object.create(Object.getPrototypeOf(this)) as this;
    Object.assign(copy, this, { manager });
    return copy;
  }

  get entityManager(): EntityManager {
    return this.manager;
  }

  protected scope(companyId: string, where?: Where<T>): Where<T> {
    const company = requireCompany(companyId);
    if (Array.isArray(where)) return where.map((w) => ({ ...w, company_id: company }) as FindOptionsWhere<T>);
    return { ...(where ?? {}), company_id: company } as FindOptionsWhere<T>;
  }

  find(companyId: string, options: FindManyOptions<T> = {}): Promise<T[]> {
    return this.manager.find(this.target, {
      where: this.scope(companyId, options.where),
      order: options.order,
      take: options.take,
    });
  }

  findOne(companyId: string, where: Where<T>): Promise<T | null> {
    return this.manager.findOne(this.target, { where: this.scope(companyId, where) });
  }

  async findOneOrFail(companyId: string, where: Where<T>, notFound: () => DomainError): Promise<T> {
    const row = await this.findOne(companyId, where);
    if (!row) throw notFound();
    return row;
  }

  /**
   * Reads one row and locks it FOR UPDATE (call inside a transaction). `noKey`: FOR NO KEY
   * UPDATE instead, for a row other tables reference — it keeps out every other writer of the
   * row but not the foreign-key checks of rows inserted elsewhere that point to it (they take
   * FOR KEY SHARE), so a transaction inserting such a row never waits for this lock.
   */
  findOneForUpdate(companyId: string, where: FindOptionsWhere<T>, options: { noKey?: boolean } = {}): Promise<T | null> {
    return this.manager.findOne(this.target, {
      where: this.scope(companyId, where),
      lock: { mode: options.noKey ? 'for_no_key_update' : 'pessimistic_write' },
    });
  }

  count(companyId: string, where?: Where<T>): Promise<number> {
    return this.manager.count(this.target, { where: this.scope(companyId, where) });
  }

  async exists(companyId: string, where: Where<T>): Promise<boolean> {
    return (await this.count(companyId, where)) > 0;
  }

  async insert(companyId: string, rows: Omit<T, 'company_id'> | Omit<T, 'company_id'>[]): Promise<void> {
    const company = requireCompany(companyId);
    const list = (Array.isArray(rows) ? rows : [rows]).map((r) => ({ ...r, company_id: company }));
    if (list.length === 0) return;
    await insertRows(this.manager, this.target, list as unknown as T[]);
  }

  /** Updates the matching rows of this company; returns how many changed. */
  async update(companyId: string, where: FindOptionsWhere<T>, patch: Partial<T>): Promise<number> {
    const { company_id: _ignored, ...rest } = patch as Partial<T> & { company_id?: string };
    void _ignored;
    const result = await this.manager.update(this.target, this.scope(companyId, where) as FindOptionsWhere<T>, rest as never);
    return result.affected ?? 0;
  }

  async delete(companyId: string, where: FindOptionsWhere<T>): Promise<number> {
    const result = await this.manager.delete(this.target, this.scope(companyId, where) as FindOptionsWhere<T>);
    return result.affected ?? 0;
  }

  /**
   * For one-statement reads that gather the rows of several tables: the SQL of a scalar subquery
   * giving this table's rows (as `alias`) of the company `companyParam` (a bound parameter, e.g.
   * `$1`) that match `condition`, as a JSON array (`[]` when none), in `orderBy` order when
   * given. `fromJson` maps the array back to entities.
   */
  jsonRowsSql(alias: string, companyParam: string, condition: string, orderBy?: string): string {
    return jsonArraySql(this.manager.connection, this.target as new () => T, alias, this.fromSql(alias, companyParam, condition), orderBy);
  }

  /**
   * SQL of the company's rows (every column) that `condition` keeps, for a statement that reads
   * them more than once: a common table expression, which `jsonRowsOfSql` turns into JSON.
   */
  rowsSql(alias: string, companyParam: string, condition: string): string {
    return `SELECT ${alias}.* ${this.fromSql(alias, companyParam, condition)}`;
  }

  /** As `jsonRowsSql`, of the rows a common table expression `cte` holds (made by `rowsSql`). */
  jsonRowsOfSql(alias: string, cte: string, orderBy?: string): string {
    return jsonArraySql(this.manager.connection, this.target as new () => T, alias, `FROM ${cte} ${alias}`, orderBy);
  }

  private fromSql(alias: string, companyParam: string, condition: string): string {
    const table = this.manager.connection.getMetadata(this.target).tableName;
    return `FROM "${table}" ${alias} WHERE ${alias}.company_id = ${companyParam} AND (${condition})`;
  }

  /** The entities of a JSON array made by `jsonRowsSql`. */
  fromJson(rows: unknown): T[] {
    const make = jsonHydrator(this.manager.connection, this.target as new () => T);
    return (rows as Record<string, unknown>[]).map(make);
  }

  /** A query builder already filtered by company (`<alias>.company_id = :companyId`). */
  queryBuilder(companyId: string, alias: string): SelectQueryBuilder<T> {
    return this.manager
      .createQueryBuilder(this.target, alias)
      .where(`${alias}.company_id = :companyId`, { companyId: requireCompany(companyId) });
  }
}

/** Runs work in one transaction; repositories join it through `repo.with(manager)`. */
export class UnitOfWork {
  constructor(private readonly dataSource: DataSource) {}
  run<R>(work: (manager: EntityManager) => Promise<R>): Promise<R> {
    return this.dataSource.transaction(work);
  }
}
