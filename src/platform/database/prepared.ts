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
