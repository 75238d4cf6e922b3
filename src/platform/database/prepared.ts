import type { Pool, QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';

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
  const pool = (dataSource.driver as unknown as { master: Pool }).master;
  const result = await pool.query<R>(canName(pool) ? { name, text, values } : { text, values });
  return result.rows;
}

type Hydrator<T> = (row: Record<string, unknown>) => T;
const hydrators = new WeakMap<object, Hydrator<unknown>>();

/**
 * Maps a raw row of `entity`'s table (`SELECT *`) to the entity as TypeORM would: each column's
 * value under its property name, through the column's transformer (money bigint → number).
 */
export function hydrator<T>(dataSource: DataSource, entity: new () => T): Hydrator<T> {
  const known = hydrators.get(entity) as Hydrator<T> | undefined;
  if (known) return known;
  const columns = dataSource.getMetadata(entity).columns.map((c) => {
    const t = c.transformer;
    const from = t && !Array.isArray(t) ? (v: unknown) => t.from(v) : (v: unknown) => v;
    return { property: c.propertyName, column: c.databaseName, from };
  });
  const make: Hydrator<T> = (row) => {
    const out = new entity() as Record<string, unknown>;
    for (const c of columns) out[c.property] = c.from(row[c.column]);
    return out as T;
  };
  hydrators.set(entity, make as Hydrator<unknown>);
  return make;
}

type JsonColumn = { property: string; column: string; from: (v: unknown) => unknown };
const jsonHydrators = new WeakMap<object, Hydrator<unknown>>();
const selectLists = new WeakMap<object, (alias: string) => string>();

/** The column types a JSON row can carry back exactly (see `jsonArraySql`). */
const JSON_TYPES = new Set(['text', 'boolean', 'integer', 'jsonb', 'json', 'bigint', 'numeric', 'timestamptz']);

function columnType(c: { type: unknown }): string {
  return typeof c.type === 'string' ? c.type : String((c.type as { name?: string }).name ?? c.type);
}

function jsonColumns(dataSource: DataSource, entity: new () => unknown): { columns: JsonColumn[]; select: (alias: string) => string } {
  const meta = dataSource.getMetadata(entity);
  const selected: string[] = [];
  const columns = meta.columns.map((c) => {
    const type = columnType(c);
    if (!JSON_TYPES.has(type)) throw new Error(`${meta.tableName}.${c.databaseName}: a ${type} column cannot be read back from JSON`);
    // bigint and numeric as their text: JSON numbers would lose digits
    selected.push(
      type === 'bigint' || type === 'numeric' ? `%A%."${c.databaseName}"::text AS "${c.databaseName}"` : `%A%."${c.databaseName}"`,
    );
    const t = c.transformer;
    const transform = t && !Array.isArray(t) ? (v: unknown) => t.from(v) : (v: unknown) => v;
    const from = type === 'timestamptz' ? (v: unknown) => transform(v === null || v === undefined ? v : new Date(v as string)) : transform;
    return { property: c.propertyName, column: c.databaseName, from };
  });
  const list = selected.join(', ');
  return { columns, select: (alias) => list.split('%A%').join(alias) };
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
  let select = selectLists.get(entity);
  if (!select) {
    select = jsonColumns(dataSource, entity).select;
    selectLists.set(entity, select);
  }
  return `(SELECT coalesce(json_agg(${alias}${orderBy ? ` ORDER BY ${orderBy}` : ''}), '[]') FROM (SELECT ${select(alias)} ${from}) ${alias})`;
}

/** Maps an element of a `jsonArraySql` array (parsed JSON) to the entity, as `hydrator` maps a raw row. */
export function jsonHydrator<T>(dataSource: DataSource, entity: new () => T): Hydrator<T> {
  const known = jsonHydrators.get(entity) as Hydrator<T> | undefined;
  if (known) return known;
  const { columns } = jsonColumns(dataSource, entity);
  const make: Hydrator<T> = (row) => {
    const out = new entity() as Record<string, unknown>;
    for (const c of columns) out[c.property] = c.from(row[c.column]);
    return out as T;
  };
  jsonHydrators.set(entity, make as Hydrator<unknown>);
  return make;
}
