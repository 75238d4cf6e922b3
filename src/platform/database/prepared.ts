import type { Pool, PoolClient, QueryResultRow } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * Whether the pool's server keeps one session per connection. The embedded server (always a
 * unix socket) runs every connection on its one PGlite session, where a statement name prepared
 * by one connection already exists for the next: there statements stay unnamed.
 */
const namedStatements = new WeakMap<Pool, boolean>();
function canName(pool: Pool): boolean {
  let known = namedStatements.get(pool);
  if (known === undefined) {
    const options = (pool as unknown as { options: { host?: string; connectionString?: string } }).options;
    const fromUrl = /[?&]host=([^&]*)/.exec(options.connectionString ?? '')?.[1];
    const host = options.host ?? (fromUrl ? decodeURIComponent(fromUrl) : '');
    known = !host.startsWith('/');
    namedStatements.set(pool, known);
  }
  return known;
}

/**
 * A hot read as a prepared statement: `name` is parsed and planned once per connection of the
 * pool (pg named queries), then only bound and executed. It runs on the DataSource's own pool,
 * outside any transaction and without TypeORM's query building or hydration, so the caller maps
 * the raw rows (timestamps come as Date, jsonb parsed, bigint as a string). Names are global to a
 * connection: one name, one SQL text.
 */
export async function prepared<R extends QueryResultRow>(
  dataSource: DataSource,
  name: string,
  text: string,
  values: unknown[],
): Promise<R[]> {
  const pool = poolOf(dataSource);
  const result = await pool.query<R>(statement(pool, name, text, values));
  return result.rows;
}

function poolOf(dataSource: DataSource): Pool {
  return (dataSource.driver as unknown as { master: Pool }).master;
}

/** The query as sent on a connection of `pool`: named where the server keeps one session per connection. */
function statement(pool: Pool, name: string, text: string, values: unknown[]) {
  return canName(pool) ? { name, text, values } : { text, values };
}

/**
 * `prepared` inside a transaction: the statement runs on the connection of `manager` (the
 * manager `DataSource.transaction` hands its callback), named as there. Raw rows, as `prepared`.
 */
export async function preparedIn<R extends QueryResultRow>(
  manager: EntityManager,
  name: string,
  text: string,
  values: unknown[],
): Promise<R[]> {
  const runner = manager.queryRunner as unknown as { databaseConnection?: PoolClient; isTransactionActive?: boolean } | undefined;
  const client = runner?.databaseConnection;
  if (!client || !runner.isTransactionActive) throw new Error('preparedIn runs inside a transaction');
  const result = await client.query<R>(statement(poolOf(manager.connection), name, text, values));
  return result.rows;
}

type Hydrator<T> = (row: Record<string, unknown>) => T;
type Column = { property: string; column: string; from: (v: unknown) => unknown };
type ColumnMeta = ReturnType<DataSource['getMetadata']>['columns'][number];

/** A column's value as TypeORM reads it: through the column's transformer, if it has one. */
function transformerOf(c: ColumnMeta): (v: unknown) => unknown {
  const t = c.transformer;
  return t && !Array.isArray(t) ? (v: unknown) => t.from(v) : (v: unknown) => v;
}

/** The entity of a row: each column's value, read by its `from`, under its property name. */
function rowMapper<T>(entity: new () => T, columns: Column[]): Hydrator<T> {
  return (row) => {
    const out = new entity() as Record<string, unknown>;
    for (const c of columns) out[c.property] = c.from(row[c.column]);
    return out as T;
  };
}

const hydrators = new WeakMap<object, Hydrator<unknown>>();

/**
 * Maps a raw row of `entity`'s table (`SELECT *`) to the entity as TypeORM would: each column's
 * value under its property name, through the column's transformer (money bigint → number).
 */
export function hydrator<T>(dataSource: DataSource, entity: new () => T): Hydrator<T> {
  let make = hydrators.get(entity) as Hydrator<T> | undefined;
  if (!make) {
    const columns = dataSource
      .getMetadata(entity)
      .columns.map((c) => ({ property: c.propertyName, column: c.databaseName, from: transformerOf(c) }));
    make = rowMapper(entity, columns);
    hydrators.set(entity, make as Hydrator<unknown>);
  }
  return make;
}

/** The column types a JSON row can carry back exactly (see `jsonArraySql`). */
const JSON_TYPES = new Set(['text', 'uuid', 'boolean', 'integer', 'jsonb', 'json', 'bigint', 'numeric', 'timestamptz']);

function columnType(c: { type: unknown }): string {
  return typeof c.type === 'string' ? c.type : String((c.type as { name?: string }).name ?? c.type);
}

/** How an entity's rows travel as JSON: the select list that writes them, the hydrator that reads them back. */
interface JsonShape {
  select: (alias: string) => string;
  hydrate: Hydrator<unknown>;
}
const jsonShapes = new WeakMap<object, JsonShape>();

function jsonShape(dataSource: DataSource, entity: new () => unknown): JsonShape {
  const known = jsonShapes.get(entity);
  if (known) return known;
  const meta = dataSource.getMetadata(entity);
  const selected: string[] = [];
  const columns = meta.columns.map((c): Column => {
    const type = columnType(c);
    if (!JSON_TYPES.has(type)) throw new Error(`${meta.tableName}.${c.databaseName}: a ${type} column cannot be read back from JSON`);
    // bigint and numeric as their text: JSON numbers would lose digits
    selected.push(
      type === 'bigint' || type === 'numeric' ? `%A%."${c.databaseName}"::text AS "${c.databaseName}"` : `%A%."${c.databaseName}"`,
    );
    const transform = transformerOf(c);
    const from = type === 'timestamptz' ? (v: unknown) => transform(v === null || v === undefined ? v : new Date(v as string)) : transform;
    return { property: c.propertyName, column: c.databaseName, from };
  });
  const list = selected.join(', ');
  const shape = { select: (alias: string) => list.split('%A%').join(alias), hydrate: rowMapper(entity, columns) };
  jsonShapes.set(entity, shape);
  return shape;
}

/**
 * SQL of a scalar subquery: the rows of `entity`'s table that `from` gives (`FROM <table or
 * common table expression> <alias> WHERE ...`, the rows' columns under `alias`) as a JSON array
 * (`[]` when none), in `orderBy` order (columns of `alias`; bigint and numeric ones compare as
 * text there). `jsonHydrator` maps each element back exactly as `hydrator` maps a raw row:
 * bigint and numeric columns travel as their text, timestamps as ISO 8601 with their offset. With
 * it one statement can carry the rows of several tables (`ScopedRepository.jsonRowsSql`).
 */
export function jsonArraySql(dataSource: DataSource, entity: new () => unknown, alias: string, from: string, orderBy?: string): string {
  const { select } = jsonShape(dataSource, entity);
  return `(SELECT coalesce(json_agg(${alias}${orderBy ? ` ORDER BY ${orderBy}` : ''}), '[]') FROM (SELECT ${select(alias)} ${from}) ${alias})`;
}

/** Maps an element of a `jsonArraySql` array (parsed JSON) to the entity, as `hydrator` maps a raw row. */
export function jsonHydrator<T>(dataSource: DataSource, entity: new () => T): Hydrator<T> {
  return jsonShape(dataSource, entity).hydrate as Hydrator<T>;
}
