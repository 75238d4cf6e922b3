import type { EntityManager, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';

/**
 * The column types `insertRows` sends through `json_to_recordset` (each JSON value converts to
 * the column's type as its text would: ISO timestamps, numbers or numeric strings, JSON values
 * for json/jsonb, JSON arrays for arrays). Any other type keeps TypeORM's own INSERT.
 */
const SENDABLE = new Set([
  'text',
  'character varying',
  'uuid',
  'bigint',
  'integer',
  'smallint',
  'numeric',
  'boolean',
  'json',
  'jsonb',
  'timestamp with time zone',
]);

interface Plan {
  sql: string;
  columns: { column: ColumnMetadata; name: string; timestamp: boolean; hasDefault: boolean }[];
}

const plans = new WeakMap<EntityMetadata, Plan | null>();

function planOf(m: EntityManager, meta: EntityMetadata): Plan | null {
  let plan = plans.get(meta);
  if (plan !== undefined) return plan;
  const driver = m.connection.driver;
  const columns: Plan['columns'] = [];
  const declared: string[] = [];
  plan = null;
  const eligible = meta.columns.every((c) => {
    if (c.isVirtual || c.isGenerated || c.isCreateDate || c.isUpdateDate || c.isVersion || c.isDeleteDate || c.embeddedMetadata)
      return false;
    const type = driver.normalizeType(c);
    if (!SENDABLE.has(type)) return false;
    const name = c.databaseName;
    columns.push({ column: c, name, timestamp: type === 'timestamp with time zone', hasDefault: c.default !== undefined });
    declared.push(`"${name}" ${type}${c.isArray ? '[]' : ''}`);
    return true;
  });
  if (eligible) {
    const names = columns.map((c) => `"${c.name}"`).join(', ');
    const table = meta.schema ? `"${meta.schema}"."${meta.tableName}"` : `"${meta.tableName}"`;
    plan = {
      columns,
      sql: `INSERT INTO ${table} (${names}) SELECT ${names} FROM json_to_recordset($1::json) AS v(${declared.join(', ')})`,
    };
  }
  plans.set(meta, plan);
  return plan;
}

/**
 * Inserts rows of an entity in one statement whatever their count: the rows travel as ONE JSON
 * array parameter that PostgreSQL splits with `json_to_recordset`, each column's value taken
 * through the column's transformer as TypeORM would. TypeORM's own multi-row INSERT sends one
 * parameter per value and rewrites the statement text once per parameter, a cost that grows
 * with the square of the rows (a billing run's ledger entries: a few hundred rows of fifteen
 * columns per statement). Entities with a column type it does not send, a generated or dated
 * column, or rows that leave a column with a default unset, keep TypeORM's INSERT (same result).
 */
export async function insertRows<T extends ObjectLiteral>(m: EntityManager, target: EntityTarget<T>, rows: T[]): Promise<void> {
  if (rows.length === 0) return;
  const meta = m.connection.getMetadata(target);
  const plan = planOf(m, meta);
  const values = plan ? rows.map((row) => rowValues(plan, row)) : null;
  if (!plan || !values || values.includes(null)) {
    await m.insert(target, rows as never);
    return;
  }
  await m.query(plan.sql, [JSON.stringify(values)]);
}

/** The row as a JSON object keyed by column name; null when a column with a default is unset (TypeORM writes DEFAULT there). */
function rowValues(plan: Plan, row: ObjectLiteral): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  for (const { column, name, timestamp, hasDefault } of plan.columns) {
    let value: unknown = column.getEntityValue(row, true);
    if (value === undefined) {
      if (hasDefault) return null;
      continue;
    }
    // a timestamp given as text is read as TypeORM reads it (new Date), not in the session's zone
    if (timestamp && (typeof value === 'string' || typeof value === 'number')) value = new Date(value);
    if (value instanceof Date && Number.isNaN(value.getTime())) throw new Error(`${column.propertyName}: an invalid date cannot be stored`);
    out[name] = value;
  }
  return out;
}
