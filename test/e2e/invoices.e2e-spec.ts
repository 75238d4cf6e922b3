import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { InvoiceDraft, InvoiceWriter } from '../../src/invoicing/invoice-writer.service';
import { amountLine } from '../../src/billing-math';
import { expectBooksBalanced } from '../support/audit';
import { usd } from '../support/fixtures';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DAY = 86_400_000;
const T0 = new Date('2026-03-01T00:00:00.000Z');

describe('invoices', () => {
  let t: TestApp;
  let clock: FixedClock;
  let a: Tenant;
  let b: Tenant;
  let custA: Record<string, any>;
  let custB: Record<string, any>;

  beforeAll(async () => {
    clock = new FixedClock(T0);
    t = await createTestApp({ clock });
    a = await t.tenant('A');
    b = await t.tenant('B');
    custA = (await a.post('/customers', { name: 'Ada Lovelace', email: 'ada@example.com', identifier: 'ada-1' }).expect(201)).body;
    custB = (await b.post('/customers', { name: 'Bob', email: 'bob@example.com' }).expect(201)).body;
  });
  afterAll(() => t.close());
  afterEach(() => expectBooksBalanced(t));
  afterEach(() => clock.set(T0));

  /** An IMMEDIATE one-time charge of `cents` (× aggregate): a PENDING invoice; returns the invoice. */
  async function pendingInvoice(tenant: Tenant, customerId: string, cents = 1000, extra: Record<string, unknown> = {}) {
    const { aggregate, currency, ...rest } = extra as { aggregate?: number; currency?: string };
    const res = await tenant
      .post('/one_times', {
        customer_id: customerId,
        type: 'IMMEDIATE',
        onetime_items: [
          {
            aggregate: aggregate ?? 1,
            custom_price: { amount: { currency: currency ?? 'USD', value_in_cents: cents }, description: 'Setup' },
          },
        ],
        ...rest,
      })
      .expect(201);
    return (await tenant.get(`/invoices/${res.body[0].invoice_uuid}`).expect(200)).body;
  }

  /** How many ledger entries of each kind an invoice has (a movement recorded twice shows as 2). */
  async function ledgerKinds(tenant: Tenant, invoiceId: string): Promise<Record<string, number>> {
    const rows: { kind: string; n: number }[] = await t.dataSource.query(
      'SELECT kind, count(*)::int AS n FROM invoice_ledger_entries WHERE company_id = $1 AND invoice_id = $2 GROUP BY kind',
      [tenant.companyId, invoiceId],
    );
    return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
  }

  /** A DRAFT invoice written straight through the InvoiceWriter (the engine's way in). */
  async function draftInvoice(tenant: Tenant, customerId: string, cents = 1000, over: Partial<InvoiceDraft> = {}) {
    const writer = t.app.get(InvoiceWriter);
    const now = clock.now();
    const written = await t.dataSource.transaction((m) =>
      writer.create(
        m,
        tenant.companyId,
        {
          kind: 'ONE_TIME',
          billing_key: randomUUID(),
          customer_id: customerId,
          subscription_id: null,
          currency: 'USD',
          status: 'DRAFT',
          name: 'Draft invoice',
          invoice_date: now,
          period_start: null,
          period_end: null,
          due_date: new Date(now.getTime() + 30 * DAY),
          finalize_after: null,
          auto_charges: false,
          lines: [amountLine({ name: 'Consulting', amount: cents })],
          ...over,
        },
        now,
      ),
    );
    return (await tenant.get(`/invoices/${written!.invoice.uuid}`).expect(200)).body;
  }

  describe('GET /invoices/{uuid}', () => {
    it('returns the invoice with every field, its lines and the full customer', async () => {
      const inv = await pendingInvoice(a, custA.id, 1250, { aggregate: 2, notes: 'thanks', metadata: { po: '42' } });
      const customer = (await a.get(`/customers/${custA.id}`).expect(200)).body;
      expect(inv).toEqual({
        uuid: expect.stringMatching(UUID),
        id: expect.stringMatching(/^inv_[0-9a-z]{26}$/),
        company_id: a.companyId,
        number: expect.any(Number),
        formatted_number: String(inv.number),
        display_fields: [],
        name: 'One-time charges',
        status: 'PENDING',
        customer_id: custA.id,
        billed_customer_id: custA.id,
        customer,
        // no parent pays it: the billed customer is the customer itself
        billed_customer: customer,
        subscription_id: null,
        currency: 'USD',
        invoice_date: T0.toISOString(),
        period_start: null,
        period_end: null,
        due_date: new Date(T0.getTime() + 30 * DAY).toISOString(),
        paid_date: null,
        sub_total: usd(2500),
        discount_total: usd(0),
        credits_applied: usd(0),
        total: usd(2500),
        paid: usd(0),
        due: usd(2500),
        prorated_amount: usd(0),
        tax_amount: usd(0),
        tax_details: [],
        auto_charges: false,
        hosted_link: expect.stringMatching(new RegExp(`/invoices/pay/${a.companyId}_[A-Za-z0-9_-]{43}$`)),
        pdf_link: expect.stringMatching(/\/pdf$/),
        metadata: { po: '42' },
        notes: 'thanks',
        items: [
          {
            position: 0,
            kind: 'CHARGE',
            name: 'Setup',
            period: null,
            quantity: 2,
            unit_price: 1250,
            amount: usd(2500),
            prorated: false,
            product_pricing_id: null,
            product_metric_pricing_id: null,
            item_id: null,
            one_time_id: expect.stringMatching(/^otb_/),
            tax_amount: usd(0),
            taxes: [],
            // set on a roll-up invoice's lines only
            customer_id: null,
            subscription_id: null,
          },
        ],
        created_at: T0.toISOString(),
        updated_at: T0.toISOString(),
      });
    });

    it('numbers invoices sequentially per company, without gaps', async () => {
      const c = await t.tenant('numbers');
      const cust = (await c.post('/customers', {}).expect(201)).body;
      const first = await pendingInvoice(c, cust.id);
      const second = await draftInvoice(c, cust.id);
      const third = await pendingInvoice(c, cust.id);
      expect([first.number, second.number, third.number]).toEqual([1, 2, 3]);
    });

    it.each([['not-a-uuid'], ['inv_01hzzzzzzzzzzzzzzzzzzzzzzz'], [randomUUID()], ['12']])('answers 404 for %s', async (id) => {
      expectError(await a.get(`/invoices/${id}`), 404, 'request_error', 'not_found');
    });

    it('reads a PENDING invoice past its due date as OVERDUE (strictly after due_date)', async () => {
      const inv = await pendingInvoice(a, custA.id, 500, { invoice_due_date_from_creation: 10 });
      clock.set(new Date(T0.getTime() + 10 * DAY));
      expect((await a.get(`/invoices/${inv.uuid}`).expect(200)).body.status).toBe('PENDING');
      clock.set(new Date(T0.getTime() + 10 * DAY + 1));
      expect((await a.get(`/invoices/${inv.uuid}`).expect(200)).body.status).toBe('OVERDUE');
    });
  });

  describe('POST /invoices/find', () => {
    let c: Tenant;
    let ada: Record<string, any>;
    let bob: Record<string, any>;
    const inv: Record<string, any> = {};

    beforeAll(async () => {
      c = await t.tenant('find');
      ada = (await c.post('/customers', { name: 'Ada Lovelace', email: 'ada@engines.example', identifier: 'ada-find' }).expect(201)).body;
      bob = (await c.post('/customers', { name: 'Bob Babbage', email: 'bob@diff.example', identifier: 'bob-find' }).expect(201)).body;
      clock.set(T0);
      inv.pending = await pendingInvoice(c, ada.id, 1000); // #1, due T0+30d
      clock.set(new Date(T0.getTime() + DAY));
      inv.overdue = await pendingInvoice(c, ada.id, 2000, { invoice_due_date_from_creation: 1 }); // #2, due T0+2d
      clock.set(new Date(T0.getTime() + 2 * DAY));
      inv.draft = await draftInvoice(c, bob.id, 3000); // #3
      clock.set(new Date(T0.getTime() + 3 * DAY));
      inv.eur = await pendingInvoice(c, bob.id, 4000, { currency: 'EUR' }); // #4
      clock.set(new Date(T0.getTime() + 4 * DAY));
      inv.paid = await pendingInvoice(c, bob.id, 500); // #5
      await c.post(`/invoices/${inv.paid.uuid}/mark_paid`, { amount: usd(500), provider_type: 'CASH' }).expect(200);
      clock.set(new Date(T0.getTime() + 5 * DAY));
      inv.void = await draftInvoice(c, ada.id, 600); // #6
      await c.post(`/invoices/${inv.void.uuid}/void`).expect(200);
    });
    beforeEach(() => clock.set(new Date(T0.getTime() + 10 * DAY)));

    const find = async (query: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      (await c.post('/invoices/find', { query, sort_key: 'createdAtAsc', ...extra }).expect(200)).body.results.map((r: any) => r.number);

    it('returns the invoice shape in results, newest first by default', async () => {
      const res = (await c.post('/invoices/find', {}).expect(200)).body;
      expect(res.pagination).toEqual({ from_key: null, limit: 20 });
      expect(res.results.map((r: any) => r.number)).toEqual([6, 5, 4, 3, 2, 1]);
      expect(res.results[4]).toEqual((await c.get(`/invoices/${inv.overdue.uuid}`).expect(200)).body);
      expect(res.results[4].status).toBe('OVERDUE');
    });

    it('filters by customer, billed customer and subscription', async () => {
      expect(await find({ customer_id: ada.id })).toEqual([1, 2, 6]);
      expect(await find({ billed_customer_id: bob.id })).toEqual([3, 4, 5]);
      expect(await find({ subscription_id: 'subs_01hzzzzzzzzzzzzzzzzzzzzzzz' })).toEqual([]);
    });

    it('filters by status as responses read it (OVERDUE = PENDING past due), case-insensitively', async () => {
      expect(await find({ status: 'OVERDUE' })).toEqual([2]);
      expect(await find({ status: 'pending' })).toEqual([1, 4]);
      expect(await find({ status: 'DRAFT' })).toEqual([3]);
      expect(await find({ status: 'PAID' })).toEqual([5]);
      expect(await find({ status: 'void' })).toEqual([6]);
      expect(await find({ statuses: ['PENDING', 'overdue'] })).toEqual([1, 2, 4]);
      expect(await find({ statuses: ['DRAFT', 'PAID'] })).toEqual([3, 5]);
      clock.set(new Date(T0.getTime() + DAY)); // before #2 fell due
      expect(await find({ status: 'OVERDUE' })).toEqual([]);
      expect(await find({ status: 'PENDING' })).toEqual([1, 2, 4]);
    });

    it('filters by currency, number and uuid', async () => {
      expect(await find({ currency: 'EUR' })).toEqual([4]);
      expect(await find({ currency: 'usd' })).toEqual([1, 2, 3, 5, 6]);
      expect(await find({ invoice_number: 3 })).toEqual([3]);
      expect(await find({ invoice_number: '2' })).toEqual([2]);
      expect(await find({ uuid: inv.eur.uuid })).toEqual([4]);
      expect(await find({ uuid: 'nope' })).toEqual([]);
    });

    it('searches the number, the name and the customer name, identifier and e-mail', async () => {
      expect(await find({ search: 'lovelace' })).toEqual([1, 2, 6]);
      expect(await find({ search: 'BOB-FIND' })).toEqual([3, 4, 5]);
      expect(await find({ search: 'diff.example' })).toEqual([3, 4, 5]);
      expect(await find({ search: 'draft invoice' })).toEqual([3, 6]);
      expect(await find({ search: '4' })).toEqual([4]);
      expect(await find({ search: '100%' })).toEqual([]);
    });

    it('filters by ranges of total, due and paid (cents)', async () => {
      expect(await find({ total: { gte: 2000, lte: 3000 } })).toEqual([2, 3]);
      expect(await find({ total: { gt: 2000 } })).toEqual([3, 4]);
      expect(await find({ total: { eq: 500 } })).toEqual([5]);
      expect(await find({ due: { lt: 700 } })).toEqual([5, 6]);
      expect(await find({ paid: { gt: 0 } })).toEqual([5]);
    });

    it('filters by ranges of invoice_date, due_date and paid_date', async () => {
      const day = (n: number) => new Date(T0.getTime() + n * DAY).toISOString();
      expect(await find({ invoice_date: { gte: day(1), lt: day(3) } })).toEqual([2, 3]);
      expect(await find({ invoice_date: { eq: day(0) } })).toEqual([1]);
      expect(await find({ due_date: { lte: day(2) } })).toEqual([2]);
      expect(await find({ paid_date: { gte: day(4) } })).toEqual([5]);
      expect(await find({ paid_date: { lt: day(4) } })).toEqual([]);
    });

    it('sorts by every base sort key and pages with a cursor', async () => {
      expect(await find({}, { sort_key: 'createdAtDesc' })).toEqual([6, 5, 4, 3, 2, 1]);
      expect(await find({}, { sort_key: 'createdAtAsc' })).toEqual([1, 2, 3, 4, 5, 6]);
      // #5 (paid at day 4) and #6 (voided at day 5) were updated after #4 was created
      expect(await find({}, { sort_key: 'updatedAtAsc' })).toEqual([1, 2, 3, 4, 5, 6]);
      expect(await find({}, { sort_key: 'updatedAtDesc' })).toEqual([6, 5, 4, 3, 2, 1]);
      const page1 = (await c.post('/invoices/find', { pagination: { limit: 4 }, include_meta: true, sort_key: 'createdAtAsc' }).expect(200))
        .body;
      expect(page1.pagination).toEqual({ from_key: expect.any(String), limit: 4, total: 6 });
      expect(page1.results.map((r: any) => r.number)).toEqual([1, 2, 3, 4]);
      const page2 = (
        await c
          .post('/invoices/find', { pagination: { limit: 4, from_key: page1.pagination.from_key }, sort_key: 'createdAtAsc' })
          .expect(200)
      ).body;
      expect(page2.results.map((r: any) => r.number)).toEqual([5, 6]);
      expect(page2.pagination.from_key).toBeNull();
    });

    it('orders updatedAt by the last change', async () => {
      clock.set(new Date(T0.getTime() + 6 * DAY));
      await c.patch(`/invoices/${inv.pending.uuid}`, { notes: 'touched' }).expect(200);
      expect(await find({}, { sort_key: 'updatedAtDesc' })).toEqual([1, 6, 5, 4, 3, 2]);
    });

    it.each([
      [{ sort_key: 'totalDesc' }, 'sort_key'],
      [{ query: { status: 'LATE' } }, 'query.status'],
      [{ query: { statuses: ['PAID', 'nope'] } }, 'query.statuses'],
      [{ query: { color: 'red' } }, 'query.color'],
      [{ query: { total: { gte: 'ten' } } }, 'query.total.gte'],
      [{ query: { invoice_date: { gte: 'yesterday' } } }, 'query.invoice_date.gte'],
      [{ query: { invoice_number: 'INV-1' } }, 'query.invoice_number'],
      [{ pagination: { limit: 101 } }, 'pagination.limit'],
    ])('rejects %j with a 400', async (body, field) => {
      const res = await c.post('/invoices/find', body);
      expect(expectError(res, 400, 'validation_error').validation_errors).toHaveProperty([field]);
    });
  });

  describe('PATCH /invoices/{uuid}', () => {
    it('updates due_date, metadata and notes of a PENDING or DRAFT invoice', async () => {
      const inv = await pendingInvoice(a, custA.id, 700, { metadata: { a: 1 } });
      clock.set(new Date(T0.getTime() + 1000));
      const due = new Date(T0.getTime() + 45 * DAY).toISOString();
      const res = await a.patch(`/invoices/${inv.uuid}`, { due_date: due, metadata: { b: 2 }, notes: 'net 45' }).expect(200);
      expect(res.body).toEqual({
        ...inv,
        due_date: due,
        metadata: { b: 2 },
        notes: 'net 45',
        updated_at: new Date(T0.getTime() + 1000).toISOString(),
      });
      expect((await a.get(`/invoices/${inv.uuid}`).expect(200)).body).toEqual(res.body);
      const cleared = await a.patch(`/invoices/${inv.uuid}`, { metadata: null, notes: null }).expect(200);
      expect(cleared.body).toMatchObject({ metadata: {}, notes: null, due_date: due });
      const draft = await draftInvoice(a, custA.id);
      expect((await a.patch(`/invoices/${draft.uuid}`, { notes: 'draft note' }).expect(200)).body).toMatchObject({
        status: 'DRAFT',
        notes: 'draft note',
      });
    });

    it('moving due_date changes the OVERDUE reading', async () => {
      const inv = await pendingInvoice(a, custA.id, 700, { invoice_due_date_from_creation: 1 });
      clock.set(new Date(T0.getTime() + 2 * DAY));
      expect((await a.get(`/invoices/${inv.uuid}`).expect(200)).body.status).toBe('OVERDUE');
      const res = await a.patch(`/invoices/${inv.uuid}`, { due_date: new Date(T0.getTime() + 5 * DAY).toISOString() }).expect(200);
      expect(res.body.status).toBe('PENDING');
    });

    it.each([
      [{ due_date: null }, 'due_date'],
      [{ due_date: 'soon' }, 'due_date'],
      [{ due_date: new Date(T0.getTime() - 1).toISOString() }, 'due_date'],
      [{ metadata: 'x' }, 'metadata'],
      [{ notes: 12 }, 'notes'],
      [{ status: 'PAID' }, 'status'],
    ])('rejects %j with a 400 and changes nothing', async (body, field) => {
      const inv = await pendingInvoice(a, custA.id);
      const res = await a.patch(`/invoices/${inv.uuid}`, body);
      expect(expectError(res, 400, 'validation_error').validation_errors).toHaveProperty([field]);
      expect((await a.get(`/invoices/${inv.uuid}`).expect(200)).body).toEqual(inv);
    });

    it('refuses a PAID or VOID invoice with 409 invalid_state', async () => {
      const paid = await pendingInvoice(a, custA.id, 300);
      await a.post(`/invoices/${paid.uuid}/mark_paid`, { amount: usd(300), provider_type: 'WIRE' }).expect(200);
      expectError(await a.patch(`/invoices/${paid.uuid}`, { notes: 'x' }), 409, 'request_error', 'invalid_state');
      const voided = await pendingInvoice(a, custA.id, 300);
      await a.post(`/invoices/${voided.uuid}/void`).expect(200);
      expectError(await a.patch(`/invoices/${voided.uuid}`, { notes: 'x' }), 409, 'request_error', 'invalid_state');
      expect((await a.get(`/invoices/${voided.uuid}`).expect(200)).body.notes).toBeNull();
    });

    it('refuses a partly paid invoice with 409 invalid_state and changes nothing', async () => {
      const inv = await pendingInvoice(a, custA.id, 1000, { metadata: { a: 1 } });
      // a fresh invoice takes the same patch (so the 409 below is the payment's doing)
      const other = await pendingInvoice(a, custA.id, 1000);
      await a.patch(`/invoices/${other.uuid}`, { notes: 'x' }).expect(200);
      const part = (await a.post(`/invoices/${inv.uuid}/mark_paid`, { amount: usd(400), provider_type: 'WIRE' }).expect(200)).body;
      expect(part).toMatchObject({ status: 'PENDING', paid: usd(400), due: usd(600) });
      for (const body of [{ notes: 'x' }, { metadata: { b: 2 } }, { due_date: new Date(T0.getTime() + 60 * DAY).toISOString() }]) {
        const res = expectError(await a.patch(`/invoices/${inv.uuid}`, body), 409, 'request_error', 'invalid_state');
        expect(res.error_message).toContain('partly paid (400 of 1000 cents)');
      }
      expect((await a.get(`/invoices/${inv.uuid}`).expect(200)).body).toEqual(part);
    });

    it('answers 404 for an unknown invoice', async () => {
      expectError(await a.patch(`/invoices/${randomUUID()}`, { notes: 'x' }), 404, 'request_error', 'not_found');
    });
  });

  describe('POST /invoices/{uuid}/void', () => {
    it('voids a PENDING invoice (nothing due any more)', async () => {
      const inv = await pendingInvoice(a, custA.id, 900);
      clock.set(new Date(T0.getTime() + 5000));
      const res = await a.post(`/invoices/${inv.uuid}/void`).expect(200);
      expect(res.body).toEqual({ ...inv, status: 'VOID', due: usd(0), updated_at: new Date(T0.getTime() + 5000).toISOString() });
    });

    it('voids a DRAFT and an OVERDUE invoice', async () => {
      const draft = await draftInvoice(a, custA.id);
      expect((await a.post(`/invoices/${draft.uuid}/void`).expect(200)).body.status).toBe('VOID');
      const overdue = await pendingInvoice(a, custA.id, 100, { invoice_due_date_from_creation: 0 });
      clock.set(new Date(T0.getTime() + DAY));
      expect((await a.get(`/invoices/${overdue.uuid}`).expect(200)).body.status).toBe('OVERDUE');
      expect((await a.post(`/invoices/${overdue.uuid}/void`).expect(200)).body.status).toBe('VOID');
    });

    it('refuses a VOID or PAID invoice with 409 invalid_state', async () => {
      const inv = await pendingInvoice(a, custA.id, 100);
      await a.post(`/invoices/${inv.uuid}/void`).expect(200);
      expectError(await a.post(`/invoices/${inv.uuid}/void`), 409, 'request_error', 'invalid_state');
      const paid = await pendingInvoice(a, custA.id, 100);
      await a.post(`/invoices/${paid.uuid}/mark_paid`, { amount: usd(100), provider_type: 'CASH' }).expect(200);
      expectError(await a.post(`/invoices/${paid.uuid}/void`), 409, 'request_error', 'invalid_state');
      expect((await a.get(`/invoices/${paid.uuid}`).expect(200)).body.status).toBe('PAID');
    });

    it('takes no body fields (unknown ones are a 400) and an empty object', async () => {
      const inv = await pendingInvoice(a, custA.id, 100);
      expect(
        expectError(await a.post(`/invoices/${inv.uuid}/void`, { reason: 'dup' }), 400, 'validation_error').validation_errors,
      ).toHaveProperty(['reason']);
      expect((await a.get(`/invoices/${inv.uuid}`).expect(200)).body.status).toBe('PENDING');
      expect((await a.post(`/invoices/${inv.uuid}/void`, {}).expect(200)).body.status).toBe('VOID');
    });

    it('voids once when two voids race: one 200, one 409', async () => {
      const inv = await pendingInvoice(a, custA.id, 100);
      const results = await Promise.all([a.post(`/invoices/${inv.uuid}/void`), a.post(`/invoices/${inv.uuid}/void`)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const refused = results.find((r) => r.status === 409)!;
      expectError(refused, 409, 'request_error', 'invalid_state');
      expect((await a.get(`/invoices/${inv.uuid}`).expect(200)).body).toMatchObject({
        status: 'VOID',
        total: usd(100),
        paid: usd(0),
        due: usd(0),
      });
      expect(await ledgerKinds(a, inv.id)).toEqual({ FINALIZED: 1, VOIDED: 1 });
    });
  });

  describe('POST /invoices/{uuid}/finalize (spec #13)', () => {
    it('finalizes a DRAFT: PENDING, totals unchanged', async () => {
      const draft = await draftInvoice(a, custA.id, 4200);
      expect(draft).toMatchObject({ status: 'DRAFT', total: usd(4200), due: usd(4200) });
      clock.set(new Date(T0.getTime() + 60_000));
      const res = await a.post(`/invoices/${draft.uuid}/finalize`).expect(200);
      expect(draft.hosted_link).toBeNull(); // a draft has no page; a final invoice has one (test/e2e/invoice-pages.e2e-spec.ts)
      expect(res.body).toEqual({
        ...draft,
        status: 'PENDING',
        updated_at: new Date(T0.getTime() + 60_000).toISOString(),
        hosted_link: expect.stringContaining('/invoices/pay/'),
        pdf_link: expect.stringContaining('/invoices/pay/'),
      });
    });

    it('makes a DRAFT with nothing due PAID at once, with its paid_date', async () => {
      const draft = await draftInvoice(a, custA.id, 0);
      const res = await a.post(`/invoices/${draft.uuid}/finalize`).expect(200);
      expect(res.body).toMatchObject({ status: 'PAID', total: usd(0), due: usd(0), paid_date: T0.toISOString() });
    });

    it('refuses PENDING, PAID and VOID invoices with 409 invalid_state', async () => {
      const pending = await pendingInvoice(a, custA.id, 100);
      expectError(await a.post(`/invoices/${pending.uuid}/finalize`), 409, 'request_error', 'invalid_state');
      const draft = await draftInvoice(a, custA.id, 100);
      await a.post(`/invoices/${draft.uuid}/finalize`).expect(200);
      expectError(await a.post(`/invoices/${draft.uuid}/finalize`), 409, 'request_error', 'invalid_state');
      await a.post(`/invoices/${draft.uuid}/mark_paid`, { amount: usd(100), provider_type: 'CASH' }).expect(200);
      expectError(await a.post(`/invoices/${draft.uuid}/finalize`), 409, 'request_error', 'invalid_state');
      const voided = await draftInvoice(a, custA.id, 100);
      await a.post(`/invoices/${voided.uuid}/void`).expect(200);
      expectError(await a.post(`/invoices/${voided.uuid}/finalize`), 409, 'request_error', 'invalid_state');
      expect((await a.get(`/invoices/${voided.uuid}`).expect(200)).body.status).toBe('VOID');
    });

    it('finalizes once when two requests race', async () => {
      const draft = await draftInvoice(a, custA.id, 100);
      const results = await Promise.all([a.post(`/invoices/${draft.uuid}/finalize`), a.post(`/invoices/${draft.uuid}/finalize`)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const refused = results.find((r) => r.status === 409)!;
      expectError(refused, 409, 'request_error', 'invalid_state');
      expect((await a.get(`/invoices/${draft.uuid}`).expect(200)).body).toMatchObject({
        status: 'PENDING',
        total: usd(100),
        paid: usd(0),
        due: usd(100),
      });
      expect(await ledgerKinds(a, draft.id)).toEqual({ FINALIZED: 1 });
    });

    it('answers 404 for an unknown or malformed uuid', async () => {
      expectError(await a.post(`/invoices/${randomUUID()}/finalize`), 404, 'request_error', 'not_found');
      expectError(await a.post('/invoices/abc/finalize'), 404, 'request_error', 'not_found');
    });
  });

  describe('tenancy', () => {
    it("company B can neither read, find nor change A's invoices", async () => {
      const inv = await pendingInvoice(a, custA.id, 100);
      const draft = await draftInvoice(a, custA.id, 100);
      expectError(await b.get(`/invoices/${inv.uuid}`), 404, 'request_error', 'not_found');
      expect((await b.post('/invoices/find', { query: { uuid: inv.uuid } }).expect(200)).body.results).toEqual([]);
      expect((await b.post('/invoices/find', { query: { customer_id: custA.id } }).expect(200)).body.results).toEqual([]);
      expectError(await b.patch(`/invoices/${inv.uuid}`, { notes: 'x' }), 404, 'request_error', 'not_found');
      expectError(await b.post(`/invoices/${inv.uuid}/void`), 404, 'request_error', 'not_found');
      expectError(await b.post(`/invoices/${draft.uuid}/finalize`), 404, 'request_error', 'not_found');
      expectError(
        await b.post(`/invoices/${inv.uuid}/mark_paid`, { amount: usd(100), provider_type: 'CASH' }),
        404,
        'request_error',
        'not_found',
      );
      // B's token on A's path
      const asB = (r: request.Test) => r.set('Authorization', `Bearer ${b.token}`);
      expectError(await asB(request(t.http).get(`${a.base}/invoices/${inv.uuid}`)), 403, 'auth_error');
      expectError(await asB(request(t.http).post(`${a.base}/invoices/find`).send({})), 403, 'auth_error');
      expectError(await asB(request(t.http).patch(`${a.base}/invoices/${inv.uuid}`).send({ notes: 'x' })), 403, 'auth_error');
      expectError(await asB(request(t.http).post(`${a.base}/invoices/${inv.uuid}/void`)), 403, 'auth_error');
      expectError(await asB(request(t.http).post(`${a.base}/invoices/${draft.uuid}/finalize`)), 403, 'auth_error');
      expectError(
        await asB(
          request(t.http)
            .post(`${a.base}/invoices/${inv.uuid}/mark_paid`)
            .send({ amount: usd(1), provider_type: 'CASH' }),
        ),
        403,
        'auth_error',
      );
      const after = (await a.get(`/invoices/${inv.uuid}`).expect(200)).body;
      expect(after).toEqual(inv);
      expect((await a.get(`/invoices/${draft.uuid}`).expect(200)).body.status).toBe('DRAFT');
      // B's own invoices stay B's
      const bInv = await pendingInvoice(b, custB.id, 100);
      expect((await b.post('/invoices/find', {}).expect(200)).body.results.map((r: any) => r.uuid)).toEqual([bInv.uuid]);
    });
  });
});
