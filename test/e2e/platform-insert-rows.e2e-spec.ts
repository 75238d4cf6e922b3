import { createTestApp, Tenant, TestApp } from '../support/app';
import { createCustomer } from '../support/fixtures';
import { CustomerEntity } from '../../src/customers/customer.entity';
import { InvoiceLedgerEntryEntity } from '../../src/invoicing/invoicing.entity';
import { insertRows } from '../../src/platform/database/insert-rows';
import { newId } from '../../src/platform/ids/ids';

/**
 * insertRows (one JSON parameter split by json_to_recordset) stores exactly what TypeORM's own
 * INSERT stores, column by column: text and text[] (with quotes and commas), jsonb, bigint through
 * its transformer, booleans, timestamps; a column with a default left unset still gets its default.
 */
describe('platform: insertRows writes what TypeORM INSERT writes', () => {
  let t: TestApp;
  let a: Tenant;

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.tenant('A');
  });
  afterAll(() => t.close());

  /** Every column but the key and the identifier, as PostgreSQL stores them. */
  const stored = async (id: string) => {
    const [row]: { r: Record<string, unknown> }[] = await t.dataSource.query(
      `SELECT to_jsonb(c) - 'id' - 'identifier' AS r FROM customers c WHERE company_id = $1 AND id = $2`,
      [a.companyId, id],
    );
    return row?.r;
  };

  it('customers: several rows in one statement, equal to the rows TypeORM inserts', async () => {
    const c = await createCustomer(a, {
      name: 'Ada "Quoted", Ltd',
      metadata: { nested: { list: [1, 'two', null, true] }, 'key with space': 'é' },
    });
    const row = await t.dataSource.manager.findOneByOrFail(CustomerEntity, { company_id: a.companyId, id: c.id });
    const copy = (id: string): CustomerEntity => ({
      ...row,
      id,
      identifier: `copy-${id}`,
      mrr_in_cents: 123_456_789_012,
      billing_emails: ['a@example.com', 'b"c,d@example.com', 'NULL'],
      tags: ['gold', 'with "quotes"', 'comma,tag', '', '{braces}'],
      address: { line1: '1 Main St', list: [{ deep: 'x\\y' }] },
    });
    const [viaRows1, viaRows2, viaTypeorm] = [newId('customer'), newId('customer'), newId('customer')];
    await insertRows(t.dataSource.manager, CustomerEntity, [copy(viaRows1), copy(viaRows2)]);
    await t.dataSource.manager.insert(CustomerEntity, copy(viaTypeorm) as never);

    const expected = await stored(viaTypeorm);
    expect(expected).toMatchObject({
      mrr_in_cents: 123_456_789_012,
      billing_emails: ['a@example.com', 'b"c,d@example.com', 'NULL'],
      tags: ['gold', 'with "quotes"', 'comma,tag', '', '{braces}'],
      metadata: { nested: { list: [1, 'two', null, true] }, 'key with space': 'é' },
    });
    expect(await stored(viaRows1)).toEqual(expected);
    expect(await stored(viaRows2)).toEqual(expected);
  });

  it('a column with a default left unset gets its default; a nullable one left unset is NULL', async () => {
    const id = newId('customer');
    const now = new Date('2026-05-01T10:20:30.456Z');
    const row = { company_id: a.companyId, id, status: 'ACTIVE', tags: [], created_at: now, updated_at: now } as unknown as CustomerEntity;
    await insertRows(t.dataSource.manager, CustomerEntity, [row]);
    expect(await stored(id)).toMatchObject({
      name: null,
      billing_emails: null,
      metadata: {},
      integration_references: [],
      mrr_in_cents: 0,
      mrr_currency: 'USD',
      managed_externally: false,
      created_at: '2026-05-01T10:20:30.456+00:00',
    });
  });

  it('a ledger entry written by insertRows reads back through TypeORM with the same values', async () => {
    const c = await createCustomer(a);
    // an invoice to hang the entry on: the ledger's own table refers to invoices
    const invoiceId = newId('invoice');
    await t.dataSource.query(
      `INSERT INTO invoices (company_id, id, uuid, kind, billing_key, customer_id, billed_customer_id, currency, status, name,
         invoice_date, due_date, sub_total_cents, discount_cents, credits_applied_cents, total_cents, paid_cents, due_cents, prorated_amount_cents,
         auto_charges, metadata, created_at, updated_at)
       VALUES ($1, $2, gen_random_uuid(), 'ONE_TIME', $2, $3, $3, 'USD', 'DRAFT', 'x', now(), now(), 0, 0, 0, 0, 0, 0, 0, false, '{}', now(), now())`,
      [a.companyId, invoiceId, c.id],
    );
    const entry: InvoiceLedgerEntryEntity = {
      company_id: a.companyId,
      id: newId('invoiceLedgerEntry'),
      invoice_id: invoiceId,
      kind: 'OPENED',
      amount_cents: 9_007_199_254_740_991,
      total_delta_cents: -5,
      paid_delta_cents: 0,
      credited_delta_cents: 0,
      status_after: 'DRAFT',
      due_after_cents: 0,
      payment_transaction_id: null,
      refund_transaction_id: null,
      tax_refunded_cents: 0,
      source: 'API',
      note: 'a "note", with\nnew line',
      created_at: new Date('2026-05-02T00:00:00.001Z'),
    };
    await insertRows(t.dataSource.manager, InvoiceLedgerEntryEntity, [entry]);
    const back = await t.dataSource.manager.findOneByOrFail(InvoiceLedgerEntryEntity, { company_id: a.companyId, id: entry.id });
    expect(back).toEqual(entry);
  });
});
