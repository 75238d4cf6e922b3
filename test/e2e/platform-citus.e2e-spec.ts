import { DataSource } from 'typeorm';
import { cli } from '../support/cli';
import { dataSourceOptions } from '../../src/platform/database/data-source-options';
import { TALLY_SCHEMA } from '../../src/schema';

/**
 * `schema citus` against the live schema: every table is in the plan exactly once — distributed by
 * company_id when it has that column, a reference table otherwise — so a new table cannot be
 * forgotten; and every foreign key between tenant tables matches company_id with company_id, so no
 * row can reference another company's rows (nor a row on another shard).
 */
describe('Citus distribution plan (schema citus)', () => {
  let ds: DataSource;
  beforeAll(async () => {
    ds = new DataSource(dataSourceOptions(process.env.DATABASE_URL!, 1, TALLY_SCHEMA));
    await ds.initialize();
  });
  afterAll(() => ds.destroy());

  const liveTables = async (): Promise<{ all: string[]; tenant: string[] }> => {
    const rows: { table_name: string; tenant: boolean }[] = await ds.query(`
      SELECT t.table_name, EXISTS (SELECT 1 FROM information_schema.columns c
                                    WHERE c.table_schema = 'public' AND c.table_name = t.table_name
                                      AND c.column_name = 'company_id') AS tenant
        FROM information_schema.tables t
       WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE'`);
    return {
      all: rows.map((r) => r.table_name).sort(),
      tenant: rows
        .filter((r) => r.tenant)
        .map((r) => r.table_name)
        .sort(),
    };
  };

  it('--json lists every live table once: tenant tables distributed, the rest reference, no problems', async () => {
    const out = await cli('schema', 'citus', '--json');
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    const plan = JSON.parse(out.stdout) as { distributed: string[]; reference: string[]; problems: string[] };
    const live = await liveTables();
    expect(live.tenant.length).toBeGreaterThan(30);
    expect([...plan.distributed].sort()).toEqual(live.tenant);
    expect([...plan.distributed, ...plan.reference].sort()).toEqual(live.all);
    // tables without company_id: the migrations' bookkeeping and the service-wide keys
    expect(plan.reference.sort()).toEqual(['platform_keys', 'typeorm_migrations']);
    expect(plan.distributed[0]).toBe('companies');
    expect(plan.problems).toEqual([]);
  });

  it('prints the DDL: one create_distributed_table per tenant table colocated with companies, referenced tables first', async () => {
    const out = await cli('schema', 'citus');
    expect(out.code).toBe(0);
    const live = await liveTables();
    const distributed = [...out.stdout.matchAll(/create_distributed_table\('([a-z_]+)', 'company_id'(, colocate_with => 'companies')?\)/g)];
    expect(distributed.map((m) => m[1]).sort()).toEqual(live.tenant);
    expect(distributed.filter((m) => !m[2]).map((m) => m[1])).toEqual(['companies']);
    const position = new Map(distributed.map((m, i) => [m[1], i]));
    const fks: { table: string; ref: string }[] = await ds.query(`
      SELECT c.conrelid::regclass::text AS table, c.confrelid::regclass::text AS ref
        FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace AND n.nspname = 'public'
       WHERE c.contype = 'f' AND c.conrelid <> c.confrelid`);
    expect(fks.length).toBeGreaterThan(30);
    for (const fk of fks) expect({ fk, before: position.get(fk.ref)! < position.get(fk.table)! }).toEqual({ fk, before: true });
  });

  it('every foreign key between tenant tables pairs company_id with company_id', async () => {
    const rows: { name: string; table: string; pairs: string[] }[] = await ds.query(`
      SELECT c.conname AS name, c.conrelid::regclass::text AS table,
             ARRAY(SELECT a.attname || '=' || ra.attname
                     FROM unnest(c.conkey, c.confkey) AS k(col, refcol)
                     JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.col
                     JOIN pg_attribute ra ON ra.attrelid = c.confrelid AND ra.attnum = k.refcol) AS pairs
        FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace AND n.nspname = 'public'
       WHERE c.contype = 'f'`);
    const without = rows.filter((r) => !r.pairs.includes('company_id=company_id')).map((r) => `${r.table}.${r.name}`);
    expect(rows.length).toBeGreaterThan(30);
    expect(without).toEqual([]);
  });
});
