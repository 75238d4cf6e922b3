import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { expectBooksBalanced } from '../support/audit';
import { createCustomer, draftInvoice } from '../support/fixtures';

/**
 * Invoice numbers as the company formats them (settings invoice_number_prefix, _digits,
 * _sequence): gapless per company or per billed customer, taken in the numbering transaction
 * under the counter rows' locks, so numberings that run at once never share or skip a number
 * (meaningful on the real PostgreSQL; the embedded database runs one transaction at a time).
 */
describe('invoice number format', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const T0 = new Date('2028-01-10T09:00:00.000Z');
  const clock = new FixedClock(T0);

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('Acme Cloud');
    b = await t.tenant('Other Co');
  });
  afterAll(() => t.close());
  afterEach(() => expectBooksBalanced(t));

  /** An IMMEDIATE one-time charge: written, finalized and numbered in one transaction. */
  async function oneTimeInvoice(tenant: Tenant, customerId: string, cents: number) {
    const res = await tenant.post('/one_times', {
      customer_id: customerId,
      type: 'IMMEDIATE',
      onetime_items: [{ aggregate: 1, custom_price: { amount: { currency: 'USD', value_in_cents: cents }, description: 'Setup' } }],
    });
    expect(res.status).toBe(201);
    return (await tenant.get(`/invoices/${res.body[0].invoice_uuid}`).expect(200)).body;
  }

  it('without a format an invoice reads its plain number, as before', async () => {
    const c = await createCustomer(a);
    const inv = await oneTimeInvoice(a, c.id, 1_000);
    expect(inv.formatted_number).toBe(String(inv.number));
    const settings = (await a.get('/settings').expect(200)).body;
    expect(settings).toMatchObject({ invoice_number_prefix: null, invoice_number_digits: null, invoice_number_sequence: 'COMPANY' });
  });

  it('refuses a bad format, naming each key', async () => {
    const res = await a.patch('/settings', { invoice_number_prefix: 'AC ME', invoice_number_digits: 0, invoice_number_sequence: 'YEAR' });
    const body = expectError(res, 400, 'validation_error');
    expect(Object.keys(body.validation_errors ?? {}).sort()).toEqual([
      'invoice_number_digits',
      'invoice_number_prefix',
      'invoice_number_sequence',
    ]);
    expectError(await a.patch('/settings', { invoice_number_prefix: 'X'.repeat(25) }), 400, 'validation_error');
    expect((await a.get('/settings').expect(200)).body.invoice_number_prefix).toBeNull();
  });

  it('per company: prefix and padding on the company sequence, gapless when invoices are numbered at once', async () => {
    await a.patch('/settings', { invoice_number_prefix: 'ACME-2028-', invoice_number_digits: 4 }).expect(200);
    const c = await createCustomer(a);
    const invoices = await Promise.all([1_000, 2_000, 3_000, 4_000].map((cents) => oneTimeInvoice(a, c.id, cents)));
    const numbers = invoices.map((i) => i.number as number).sort((x, y) => x - y);
    expect(numbers[3] - numbers[0]).toBe(3); // four consecutive numbers
    for (const inv of invoices) expect(inv.formatted_number).toBe(`ACME-2028-${String(inv.number).padStart(4, '0')}`);
    // a draft is numbered when it is written, as before; finalizing keeps its number
    const draft = await draftInvoice(t, a, c.id, T0);
    expect(draft.formatted_number).toBe(`ACME-2028-${String(draft.number).padStart(4, '0')}`);
    const final = (await a.post(`/invoices/${draft.uuid}/finalize`).expect(200)).body;
    expect(final.formatted_number).toBe(draft.formatted_number);
    // a later change of format leaves numbers given alone
    await a.patch('/settings', { invoice_number_prefix: 'NEW-' }).expect(200);
    expect((await a.get(`/invoices/${draft.uuid}`).expect(200)).body.formatted_number).toBe(draft.formatted_number);
  });

  it('per customer: each billed customer counts from 0001 with its tag, gapless under concurrency', async () => {
    await a.patch('/settings', { invoice_number_prefix: 'AC-', invoice_number_digits: 4, invoice_number_sequence: 'CUSTOMER' }).expect(200);
    const c1 = await createCustomer(a);
    const c2 = await createCustomer(a);
    const made = await Promise.all(
      [c1, c2, c1, c2, c1].map((c, k) => oneTimeInvoice(a, c.id, 100 * (k + 1)).then((inv) => ({ c: c.id, inv }))),
    );
    const of = (id: string) =>
      made
        .filter((m) => m.c === id)
        .map((m) => m.inv.formatted_number as string)
        .sort();
    const tag = (id: string) => id.slice(-6).toUpperCase();
    expect(of(c1.id)).toEqual([`AC-${tag(c1.id)}-0001`, `AC-${tag(c1.id)}-0002`, `AC-${tag(c1.id)}-0003`]);
    expect(of(c2.id)).toEqual([`AC-${tag(c2.id)}-0001`, `AC-${tag(c2.id)}-0002`]);
    // the company's own number still counts every invoice, gapless
    const numbers = made.map((m) => m.inv.number as number).sort((x, y) => x - y);
    expect(numbers[4] - numbers[0]).toBe(4);
    // found by it too
    const found = await a.post('/invoices/find', { pagination: { limit: 10 }, query: { customer_id: c2.id } }).expect(200);
    expect(found.body.results.map((i: { formatted_number: string }) => i.formatted_number).sort()).toEqual(of(c2.id));
  });

  it("one company's format and counters do not touch another's", async () => {
    await a.patch('/settings', { invoice_number_prefix: 'AC-', invoice_number_digits: 4, invoice_number_sequence: 'COMPANY' }).expect(200);
    const cb = await createCustomer(b);
    const inv = await oneTimeInvoice(b, cb.id, 500);
    expect(inv.formatted_number).toBe(String(inv.number));
    expect((await b.get('/settings').expect(200)).body.invoice_number_prefix).toBeNull();
  });
});
