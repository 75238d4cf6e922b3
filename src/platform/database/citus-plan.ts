import type { DataSource } from 'typeorm';

/**
 * The Citus distribution plan of a schema: every table with a `company_id` column is distributed
 * by it, all colocated with `companies` (so a company's rows of every table live on one shard and
 * every tenant statement is routed to one node); every other table is a reference table (copied
 * to every node). Tables are listed in an order Citus accepts: a table after the tables its
 * foreign keys reference.
 */
export interface CitusPlan {
  distributed: string[];
  reference: string[];
  /** What would stop the plan (keys or foreign keys without company_id); empty when it applies. */
  problems: string[];
}

export interface SchemaTable {
  name: string;
  columns: string[];
}

export interface SchemaConstraint {
  table: string;
  name: string;
  /** p = primary key, u = unique, f = foreign key */
  type: 'p' | 'u' | 'f';
  columns: string[];
  /** foreign keys: the referenced table and columns */
  references?: { table: string; columns: string[] };
}

export const DISTRIBUTION_COLUMN = 'company_id';
export const COLOCATION_ANCHOR = 'companies';

export function citusPlan(tables: SchemaTable[], constraints: SchemaConstraint[]): CitusPlan {
  const tenant = new Set(tables.filter((t) => t.columns.includes(DISTRIBUTION_COLUMN)).map((t) => t.name));
  const problems: string[] = [];
  if (!tenant.has(COLOCATION_ANCHOR)) problems.push(`${COLOCATION_ANCHOR}: missing, or without ${DISTRIBUTION_COLUMN}`);
  for (const c of constraints) {
    if (!tenant.has(c.table)) continue;
    if ((c.type === 'p' || c.type === 'u') && !c.columns.includes(DISTRIBUTION_COLUMN)) {
      problems.push(`${c.table}.${c.name}: a unique key without ${DISTRIBUTION_COLUMN} cannot be enforced per shard`);
    }
    if (c.type === 'f' && c.references) {
      const at = c.columns.indexOf(DISTRIBUTION_COLUMN);
      if (tenant.has(c.references.table) && (at < 0 || c.references.columns[at] !== DISTRIBUTION_COLUMN)) {
        problems.push(
          `${c.table}.${c.name}: a foreign key to ${c.references.table} must match ${DISTRIBUTION_COLUMN} with ${DISTRIBUTION_COLUMN}`,
        );
      }
    }
  }

  // referenced tables first (depth-first over the foreign keys), the anchor before everything
  const refs = new Map<string, Set<string>>();
  for (const c of constraints) {
    if (c.type !== 'f' || !c.references || c.references.table === c.table) continue;
    if (!refs.has(c.table)) refs.set(c.table, new Set());
    refs.get(c.table)!.add(c.references.table);
  }
  const ordered: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (table: string, path: string[]): void => {
    if (state.get(table) === 'done') return;
    if (state.get(table) === 'visiting') {
      problems.push(`foreign keys form a cycle: ${[...path, table].join(' -> ')}`);
      return;
    }
    state.set(table, 'visiting');
    for (const r of [...(refs.get(table) ?? [])].sort()) visit(r, [...path, table]);
    state.set(table, 'done');
    ordered.push(table);
  };
  const names = tables.map((t) => t.name).sort();
  if (tenant.has(COLOCATION_ANCHOR)) visit(COLOCATION_ANCHOR, []);
  for (const n of names) visit(n, []);
  return {
    distributed: ordered.filter((t) => tenant.has(t)),
    reference: ordered.filter((t) => !tenant.has(t)),
    problems,
  };
}

/** The plan's SQL, to run on the Citus coordinator once the schema exists there. */
export function citusDdl(plan: CitusPlan): string {
  const lines = [
    `-- Citus distribution plan for Tally's schema: ${plan.distributed.length} tables distributed by ${DISTRIBUTION_COLUMN}`,
    `-- (colocated with ${COLOCATION_ANCHOR}), ${plan.reference.length} reference table(s). Run on the coordinator, in order.`,
    '-- The append-only triggers of subscription_events and subscription_phases only raise an error,',
    '-- so they are safe on shards: SET citus.enable_unsafe_triggers = on before distributing.',
    'SET citus.enable_unsafe_triggers = on;',
  ];
  for (const t of plan.distributed) {
    lines.push(
      t === COLOCATION_ANCHOR
        ? `SELECT create_distributed_table('${t}', '${DISTRIBUTION_COLUMN}');`
        : `SELECT create_distributed_table('${t}', '${DISTRIBUTION_COLUMN}', colocate_with => '${COLOCATION_ANCHOR}');`,
    );
  }
  for (const t of plan.reference) lines.push(`SELECT create_reference_table('${t}');`);
  return `${lines.join('\n')}\n`;
}

/** Reads the live schema (public) and plans it. */
export async function readCitusPlan(ds: DataSource): Promise<CitusPlan> {
  const columns: { table_name: string; column_name: string }[] = await ds.query(
    `SELECT c.table_name, c.column_name
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'`,
  );
  const tables = new Map<string, string[]>();
  for (const c of columns) {
    if (!tables.has(c.table_name)) tables.set(c.table_name, []);
    tables.get(c.table_name)!.push(c.column_name);
  }
  const rows: {
    table: string;
    name: string;
    type: 'p' | 'u' | 'f';
    columns: string[];
    ref_table: string | null;
    ref_columns: string[] | null;
  }[] = await ds.query(`
      SELECT c.conrelid::regclass::text AS table, c.conname AS name, c.contype AS type,
             ARRAY(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(n, i)
                     JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.i) AS columns,
             CASE WHEN c.contype = 'f' THEN c.confrelid::regclass::text END AS ref_table,
             CASE WHEN c.contype = 'f' THEN ARRAY(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(n, i)
                     JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.i) END AS ref_columns
        FROM pg_constraint c
        JOIN pg_namespace n ON n.oid = c.connamespace AND n.nspname = 'public'
       WHERE c.contype IN ('p', 'u', 'f')`);
  return citusPlan(
    [...tables].map(([name, cols]) => ({ name, columns: cols })),
    rows.map((r) => ({
      table: r.table,
      name: r.name,
      type: r.type,
      columns: r.columns,
      references: r.ref_table ? { table: r.ref_table, columns: r.ref_columns ?? [] } : undefined,
    })),
  );
}
