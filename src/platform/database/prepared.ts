import type { Pool, QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';

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
  const result = await pool.query<R>({ name, text, values });
  return result.rows;
}
