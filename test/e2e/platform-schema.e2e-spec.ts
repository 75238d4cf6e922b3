import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/platform/database/data-source-options';
import { TALLY_SCHEMA } from '../../src/schema';

/**
 * The tenancy rule, read from the live schema: every table has company_id, and it leads
 * every primary key, unique key, foreign key and index. Also: every entity column exists.
 */
describe('database schema', () => {
  let ds: DataSource;
  beforeAll(async () => {
    ds = new DataSource(dataSourceOptions(process.env.DATABASE_URL!, 1, TALLY_SCHEMA));
    await ds.initialize();
  });
  afterAll(() => ds.destroy());

  // platform_keys holds keys of the whole service (one row each, no company): a reference table on Citus
  const IGNORED = new Set(['typeorm_migrations', 'platform_keys']);

  it('has company_id leading every key and index of every table', async () => {
    const tables: { table_name: string }[] = await ds.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(3);
    const problems: string[] = [];
    for (const { table_name } of tables) {
      if (IGNORED.has(table_name)) continue;
      const cols: { column_name: string }[] = await ds.query(
        `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
        [table_name],
      );
      if (!cols.some((c) => c.column_name === 'company_id')) problems.push(`${table_name}: no company_id column`);
    }
    // constraints (p = primary, u = unique, f = foreign): first column of the key, and for FKs the first referenced column
    const constraints: { table: string; name: string; type: string; first_col: string; ref_first_col: string | null }[] = await ds.query(`
      SELECT c.conrelid::regclass::text AS table, c.conname AS name, c.contype AS type,
             a.attname AS first_col, ra.attname AS ref_first_col
      FROM pg_constraint c
      JOIN pg_namespace n ON n.oid = c.connamespace AND n.nspname = 'public'
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      LEFT JOIN pg_attribute ra ON ra.attrelid = c.confrelid AND ra.attnum = c.confkey[1]
      WHERE c.contype IN ('p', 'u', 'f')`);
    for (const c of constraints) {
      if (IGNORED.has(c.table)) continue;
      if (c.first_col !== 'company_id') problems.push(`${c.table}.${c.name} (${c.type}) starts with ${c.first_col}`);
      if (c.type === 'f' && c.ref_first_col !== 'company_id') problems.push(`${c.table}.${c.name} references ${c.ref_first_col} first`);
    }
    const indexes: { table: string; name: string; first_col: string | null }[] = await ds.query(`
      SELECT t.relname AS table, i.relname AS name, a.attname AS first_col
      FROM pg_index x
      JOIN pg_class t ON t.oid = x.indrelid
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
      LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = x.indkey[0]`);
    for (const i of indexes) {
      if (IGNORED.has(i.table)) continue;
      if (i.first_col !== 'company_id') problems.push(`index ${i.table}.${i.name} starts with ${i.first_col ?? 'an expression'}`);
    }
    expect(problems).toEqual([]);
  });

  it('has a column for every entity column (entities and migrations agree)', async () => {
    const problems: string[] = [];
    for (const meta of ds.entityMetadatas) {
      const cols: { column_name: string; is_nullable: string }[] = await ds.query(
        `SELECT column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
        [meta.tableName],
      );
      if (cols.length === 0) {
        problems.push(`table ${meta.tableName} is missing`);
        continue;
      }
      const byName = new Map(cols.map((c) => [c.column_name, c]));
      for (const col of meta.columns) {
        const live = byName.get(col.databaseName);
        if (!live) problems.push(`${meta.tableName}.${col.databaseName} is missing`);
        else if ((live.is_nullable === 'YES') !== col.isNullable && !col.isPrimary) {
          problems.push(
            `${meta.tableName}.${col.databaseName}: nullable ${live.is_nullable} in the database, ${col.isNullable} in the entity`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('has no pending migrations', async () => {
    expect(await ds.showMigrations()).toBe(false);
  });
});
