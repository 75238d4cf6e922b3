import { auditStatement, ready } from '../support/query-audit';

/** The query audit itself (test/support/query-audit.ts): what it accepts and what it refuses. */
describe('query audit', () => {
  const tenant = new Set(['companies', 'customers', 'invoices', 'billable_items', 'subscriptions']);
  beforeAll(() => ready);
  const ok = (sql: string) => expect({ sql, problems: auditStatement(sql, tenant) }).toEqual({ sql, problems: [] });
  const refused = (sql: string, problem: string) =>
    expect({ sql, problems: auditStatement(sql, tenant) }).toEqual({ sql, problems: [expect.stringContaining(problem)] });

  it('accepts statements that pin company_id to one value', () => {
    ok('SELECT * FROM customers WHERE company_id = $1 AND id = $2');
    ok('SELECT "c"."id" FROM "customers" "c" WHERE (("c"."company_id" = $1::text))');
    ok('SELECT c.id FROM customers c JOIN invoices i ON i.company_id = c.company_id AND i.customer_id = c.id WHERE c.company_id = $1');
    ok('UPDATE "customers" SET "name" = $1 WHERE ("company_id" = $2 AND "id" = $3)');
    ok('DELETE FROM invoices USING customers c WHERE invoices.company_id = c.company_id AND c.company_id = $1');
    ok('INSERT INTO customers (company_id, id, name) VALUES ($1, $2, $3) ON CONFLICT (company_id, id) DO NOTHING');
    ok('SELECT 1 FROM customers c WHERE c.company_id = $1 AND EXISTS (SELECT 1 FROM invoices i WHERE i.company_id = c.company_id)');
    ok('WITH x AS (SELECT id FROM customers WHERE company_id = $1) SELECT * FROM x');
    ok('SELECT company_id IN ($1) FROM companies WHERE company_id IN ($1)');
    ok('SELECT now(); BEGIN; SELECT pg_advisory_xact_lock(1)');
  });

  it('refuses statements that do not', () => {
    refused('SELECT * FROM customers WHERE id = $1', 'no company_id equality for customers');
    refused('SELECT * FROM customers WHERE company_id = ANY($1)', 'no company_id equality for customers');
    refused('SELECT c.id FROM customers c JOIN invoices i ON i.customer_id = c.id WHERE c.company_id = $1', 'no company_id equality for i');
    refused('UPDATE subscriptions SET status = $1 WHERE next_invoice_date < now()', 'no company_id equality for subscriptions');
    refused('DELETE FROM invoices WHERE id = $1', 'no company_id equality for invoices');
    refused('INSERT INTO customers (id, name) VALUES ($1, $2)', 'INSERT INTO customers without company_id');
    refused(
      'SELECT c.company_id FROM companies c WHERE NOT EXISTS (SELECT 1 FROM billable_items i WHERE i.company_id = c.company_id)',
      'c, i',
    );
    refused('/* cross-company:nobody-listed-this */ SELECT * FROM customers', 'unknown cross-company marker');
  });
});
