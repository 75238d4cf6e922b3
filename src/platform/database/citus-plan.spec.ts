import { citusDdl, citusPlan, SchemaConstraint, SchemaTable } from './citus-plan';

const t = (name: string, ...columns: string[]): SchemaTable => ({ name, columns });
const pk = (table: string, ...columns: string[]): SchemaConstraint => ({ table, name: `${table}_pkey`, type: 'p', columns });
const fk = (table: string, columns: string[], refTable: string, refColumns: string[]): SchemaConstraint => ({
  table,
  name: `${table}_${refTable}_fk`,
  type: 'f',
  columns,
  references: { table: refTable, columns: refColumns },
});

describe('citusPlan', () => {
  const tables = [
    t('invoices', 'company_id', 'id', 'customer_id'),
    t('customers', 'company_id', 'id'),
    t('companies', 'company_id', 'name'),
    t('typeorm_migrations', 'id', 'name'),
  ];
  const keys = [
    pk('companies', 'company_id'),
    pk('customers', 'company_id', 'id'),
    pk('invoices', 'company_id', 'id'),
    fk('customers', ['company_id'], 'companies', ['company_id']),
    fk('invoices', ['company_id', 'customer_id'], 'customers', ['company_id', 'id']),
  ];

  it('distributes the tables with company_id, anchor first and referenced tables before referencing ones', () => {
    const plan = citusPlan(tables, keys);
    expect(plan).toEqual({ distributed: ['companies', 'customers', 'invoices'], reference: ['typeorm_migrations'], problems: [] });
    const ddl = citusDdl(plan);
    expect(ddl).toContain("SELECT create_distributed_table('companies', 'company_id');");
    expect(ddl).toContain("SELECT create_distributed_table('invoices', 'company_id', colocate_with => 'companies');");
    expect(ddl).toContain("SELECT create_reference_table('typeorm_migrations');");
    expect(ddl.indexOf("'customers'")).toBeLessThan(ddl.indexOf("'invoices'"));
  });

  it('names keys and foreign keys Citus could not keep per shard, and foreign key cycles', () => {
    const plan = citusPlan(
      [...tables, t('notes', 'company_id', 'id', 'invoice_id', 'email'), t('a', 'company_id'), t('b', 'company_id')],
      [
        ...keys,
        { table: 'notes', name: 'notes_email_key', type: 'u', columns: ['email'] },
        fk('notes', ['invoice_id'], 'invoices', ['id']),
        fk('a', ['company_id'], 'b', ['company_id']),
        fk('b', ['company_id'], 'a', ['company_id']),
      ],
    );
    expect(plan.problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('notes.notes_email_key: a unique key without company_id'),
        expect.stringContaining('notes.notes_invoices_fk: a foreign key to invoices must match company_id'),
        expect.stringContaining('foreign keys form a cycle: a -> b -> a'),
      ]),
    );
  });

  it('needs the companies table as the colocation anchor', () => {
    expect(citusPlan([t('customers', 'company_id')], []).problems).toEqual([expect.stringContaining('companies: missing')]);
  });
});
