import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { unitPriceLine } from '../../src/billing-math';
import { InvoiceWriter } from '../../src/invoicing/invoice-writer.service';
import { InvoicesRepository } from '../../src/invoicing/invoicing.repository';
import { InvoiceEntity } from '../../src/invoicing/invoicing.entity';
import { CreditsApplier } from '../../src/credits/credits-applier.service';
import { CreditsExpirer } from '../../src/credits/credits-expirer.service';
import { usd, createCustomer } from '../support/fixtures';

const MINUTE = 60_000;
const DAY = 86_400_000;
// later than every instant of credits.e2e-spec.ts, whose scheduler test expires credits of all companies
const L0 = new Date('2028-03-01T00:00:00.000Z');
const at = (ms: number) => new Date(L0.getTime() + ms).toISOString();
const eur = (value_in_cents: number) => ({ currency: 'EUR', value_in_cents });

interface LineSpec {
  name: string;
  qty: number;
  price: number;
  item_id?: string | null;
}

describe('credit log (#1), application to invoices, apply_to_open_invoices', () => {
  let t: TestApp;
  const clock = new FixedClock(L0);
  let seq = 0;
  const setNow = (ms: number) => clock.set(new Date(L0.getTime() + ms));

  const newItem = async (tenant: Tenant, name: string) => {
    const res = await tenant.post('/billable_items', { name, type: 'CUSTOM_USAGE' });
    if (res.status !== 200) throw new Error(`POST /billable_items: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const grant = async (tenant: Tenant, body: Record<string, unknown>) => {
    const res = await tenant.post('/credits', { name: 'Credit', ...body });
    if (res.status !== 201) throw new Error(`POST /credits: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  /** An invoice written by the invoicing module's InvoiceWriter (as the billing engine and one-time charges do). */
  const invoice = async (
    tenant: Tenant,
    customerId: string,
    lines: LineSpec[],
    opts: { currency?: string; status?: 'DRAFT' | 'PENDING'; invoiceDate?: Date } = {},
  ): Promise<InvoiceEntity> => {
    const now = clock.now();
    const written = await t.dataSource.transaction((m) =>
      t.app.get(InvoiceWriter).create(
        m,
        tenant.companyId,
        {
          kind: 'ONE_TIME',
          billing_key: `credits-test-${++seq}-${Math.random().toString(36).slice(2)}`,
          customer_id: customerId,
          subscription_id: null,
          currency: opts.currency ?? 'USD',
          status: opts.status ?? 'PENDING',
          name: 'Test invoice',
          invoice_date: opts.invoiceDate ?? now,
          period_start: null,
          period_end: null,
          due_date: new Date(now.getTime() + 30 * DAY),
          finalize_after: null,
          auto_charges: false,
          lines: lines.map((l) => unitPriceLine({ name: l.name, quantity: l.qty, unit_price: l.price, item_id: l.item_id ?? null })),
        },
        now,
      ),
    );
    if (!written) throw new Error('invoice not written');
    return written.invoice;
  };
  const reload = async (tenant: Tenant, inv: InvoiceEntity) =>
    (await t.app.get(InvoicesRepository).findOne(tenant.companyId, { id: inv.id }))!;
  const applyTo = (tenant: Tenant, inv: InvoiceEntity) =>
    t.dataSource.transaction((m) => t.app.get(CreditsApplier).applyToInvoice(m, tenant.companyId, inv, clock.now()));
  const credit = async (tenant: Tenant, id: string) => (await tenant.get(`/credits/${id}`).expect(200)).body;
  const logsOf = async (tenant: Tenant, query: Record<string, unknown>, sort_key = 'createdAtAsc') =>
    (await tenant.post('/credits/logs/find', { query, sort_key, pagination: { limit: 100 } }).expect(200)).body.results;

  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());
  beforeEach(() => setNow(0));

  describe('#1 POST /credits/logs/find', () => {
    let l: Tenant;
    let parent: any;
    let cust: any;
    let other: any;
    let seats: any;
    let inv: InvoiceEntity;
    const c: Record<string, any> = {};
    const log: string[] = []; // log ids in the order they were written (log[1] … log[9])

    beforeAll(async () => {
      setNow(0);
      l = await t.tenant('Logs');
      parent = await createCustomer(l, { identifier: 'log-parent', org_name: 'Parent Org' });
      cust = await createCustomer(l, { identifier: 'log-cust', parent_customer_id: parent.id });
      other = await createCustomer(l, { identifier: 'log-other' });
      seats = await newItem(l, 'Seats');
      const idOf = async (creditId: string, action: string) => {
        const rows = await logsOf(l, { credit_id: creditId, action_type: action });
        return rows[rows.length - 1].id as string;
      };
      c.units = await grant(l, { customer_id: cust.id, name: 'Seat pack', type: 'UNITS', units: 4, item_id: seats.id });
      log[1] = await idOf(c.units.id, 'ISSUED');
      setNow(1 * MINUTE);
      c.money = await grant(l, { customer_id: cust.id, name: 'Money back', type: 'AMOUNT', amount: usd(3000) });
      log[2] = await idOf(c.money.id, 'ISSUED');
      setNow(2 * MINUTE);
      inv = await invoice(l, cust.id, [
        { name: 'Seats', qty: 10, price: 500, item_id: seats.id },
        { name: 'Support', qty: 1, price: 1000 },
      ]);
      setNow(3 * MINUTE);
      inv = await applyTo(l, inv);
      log[3] = await idOf(c.units.id, 'CONSUMED');
      log[4] = await idOf(c.money.id, 'CONSUMED');
      setNow(4 * MINUTE);
      c.gift = await grant(l, { customer_id: other.id, name: 'Gift card', type: 'AMOUNT', amount: usd(1000) });
      log[5] = await idOf(c.gift.id, 'ISSUED');
      setNow(5 * MINUTE);
      await l.post('/credits/consume', { customer_id: other.id, type: 'AMOUNT', amount: usd(250), note: 'coffee beans' }).expect(200);
      log[6] = await idOf(c.gift.id, 'CONSUMED');
      setNow(6 * MINUTE);
      await l.delete(`/credits/${c.gift.id}`).expect(200);
      log[7] = await idOf(c.gift.id, 'REVOKED');
      setNow(7 * MINUTE);
      c.short = await grant(l, {
        customer_id: cust.id,
        name: 'Short lived',
        type: 'AMOUNT',
        amount: eur(400),
        expiration_date: at(8 * MINUTE),
      });
      log[8] = await idOf(c.short.id, 'ISSUED');
      setNow(9 * MINUTE);
      expect(await t.app.get(CreditsExpirer).expireDue(clock.now(), l.companyId)).toBe(1);
      log[9] = await idOf(c.short.id, 'EXPIRED');
    });
    beforeEach(() => setNow(10 * MINUTE));

    const find = async (query: Record<string, unknown>, sort_key = 'createdAtAsc') =>
      (await logsOf(l, query, sort_key)).map((r: any) => log.indexOf(r.id));

    it('returns the spec fields with credit, customer (summary, parent expanded), invoice and item expanded', async () => {
      const [consumed] = await logsOf(l, { credit_id: c.units.id, action_type: 'CONSUMED' });
      const item = (await l.get(`/billable_items/${seats.id}`).expect(200)).body;
      expect(consumed).toEqual({
        id: log[3],
        company_id: l.companyId,
        action_type: 'CONSUMED',
        type: 'UNITS',
        amount_applied: usd(2000), // 4 seats at the line's 500
        units_applied: 4,
        note: `Applied to invoice ${inv.number}`,
        credit_id: c.units.id,
        credit: await credit(l, c.units.id),
        customer_id: cust.id,
        customer: {
          email: cust.email,
          id: cust.id,
          identifier: 'log-cust',
          name: cust.name,
          org_name: null,
          parent_customer: {
            email: parent.email,
            id: parent.id,
            identifier: 'log-parent',
            name: parent.name,
            org_name: 'Parent Org',
            parent_customer: null,
            parent_customer_id: null,
          },
          parent_customer_id: parent.id,
        },
        invoice_id: inv.id,
        invoice: expect.objectContaining({
          uuid: inv.uuid,
          id: inv.id,
          status: 'PENDING',
          customer_id: cust.id,
          customer: expect.objectContaining({ id: cust.id, identifier: 'log-cust' }),
          sub_total: usd(6000),
          credits_applied: usd(5000),
          total: usd(1000),
          due: usd(1000),
          items: [
            expect.objectContaining({ name: 'Seats', amount: usd(5000) }),
            expect.objectContaining({ name: 'Support', amount: usd(1000) }),
          ],
        }),
        item_id: seats.id,
        item,
        metric_record_id: null,
        created_at: at(3 * MINUTE),
        updated_at: at(3 * MINUTE),
      });
      expect(consumed.credit).toMatchObject({ state: 'CONSUMED', units: 0, issued_units: 4 });

      const [issued] = await logsOf(l, { credit_id: c.money.id, action_type: 'ISSUED' });
      expect(issued).toMatchObject({
        type: 'AMOUNT',
        amount_applied: usd(3000),
        units_applied: 0,
        invoice_id: null,
        invoice: null,
        item_id: null,
        item: null,
        note: null,
      });
      const [expired] = await logsOf(l, { action_type: 'EXPIRED' });
      expect(expired).toMatchObject({
        amount_applied: eur(400),
        credit: { id: c.short.id, state: 'EXPIRED', amount: eur(0), issued_amount: eur(400) },
      });
      const [other_] = await logsOf(l, { action_type: 'REVOKED' });
      expect(other_.customer).toEqual({
        email: other.email,
        id: other.id,
        identifier: 'log-other',
        name: other.name,
        org_name: null,
        parent_customer: null,
        parent_customer_id: null,
      });
    });

    it('filters by action_type, credit_id, customer_id (id or identifier), invoice_id (id or uuid), note, search and type', async () => {
      expect(await find({})).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(await find({ action_type: 'ISSUED' })).toEqual([1, 2, 5, 8]);
      expect(await find({ action_type: 'consumed' })).toEqual([3, 4, 6]);
      expect(await find({ action_type: 'REVOKED' })).toEqual([7]);
      expect(await find({ action_type: 'Expired' })).toEqual([9]);
      expect(await find({ credit_id: c.money.id })).toEqual([2, 4]);
      expect(await find({ credit_id: 'cred_01jzzzzzzzzzzzzzzzzzzzzzzz' })).toEqual([]);
      expect(await find({ customer_id: cust.id })).toEqual([1, 2, 3, 4, 8, 9]);
      expect(await find({ customer_id: 'log-cust' })).toEqual([1, 2, 3, 4, 8, 9]);
      expect(await find({ customer_id: 'log-other' })).toEqual([5, 6, 7]);
      expect(await find({ customer_id: parent.id })).toEqual([]);
      expect(await find({ invoice_id: inv.id })).toEqual([3, 4]);
      expect(await find({ invoice_id: inv.uuid })).toEqual([3, 4]);
      expect(await find({ invoice_id: inv.uuid.toUpperCase() })).toEqual([3, 4]);
      expect(await find({ invoice_id: '00000000-0000-4000-8000-000000000000' })).toEqual([]);
      expect(await find({ note: 'coffee beans' })).toEqual([6]);
      expect(await find({ note: 'coffee' })).toEqual([]);
      expect(await find({ search: 'COFFEE' })).toEqual([6]); // the note
      expect(await find({ search: 'gift' })).toEqual([5, 6, 7]); // the credit's name
      expect(await find({ search: 'seat pack' })).toEqual([1, 3]);
      expect(await find({ search: '%' })).toEqual([]);
      expect(await find({ type: 'units' })).toEqual([1, 3]);
      expect(await find({ type: 'AMOUNT' })).toEqual([2, 4, 5, 6, 7, 8, 9]);
      expect(await find({ customer_id: cust.id, action_type: 'CONSUMED', type: 'AMOUNT' })).toEqual([4]);
    });

    it('sorts by createdAtDesc (default), createdAtAsc, updatedAtAsc and updatedAtDesc', async () => {
      expect(await find({}, 'createdAtAsc')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(await find({}, 'createdAtDesc')).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]);
      expect(await find({}, 'updatedAtAsc')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(await find({}, 'updatedAtDesc')).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]);
      const dflt = (await l.post('/credits/logs/find', {}).expect(200)).body.results.map((r: any) => log.indexOf(r.id));
      expect(dflt).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]);
    });

    it('pages with from_key (keyset) and counts with include_meta', async () => {
      const seen: number[] = [];
      let from_key: string | null = null;
      let pages = 0;
      do {
        const res: any = await l
          .post('/credits/logs/find', { sort_key: 'createdAtDesc', pagination: { limit: 4, from_key }, include_meta: true })
          .expect(200);
        expect(res.body.pagination.total).toBe(9);
        expect(res.body.pagination.limit).toBe(4);
        seen.push(...res.body.results.map((r: any) => log.indexOf(r.id)));
        from_key = res.body.pagination.from_key;
        pages++;
      } while (from_key);
      expect(pages).toBe(3);
      expect(seen).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]);
    });

    it('expands a page in a fixed number of queries, however many entries it holds', async () => {
      const runner = t.dataSource.createQueryRunner();
      const proto = Object.getPrototypeOf(runner) as { query: (...args: unknown[]) => Promise<unknown> };
      await runner.release();
      const spy = jest.spyOn(proto, 'query');
      try {
        const count = async (limit: number) => {
          spy.mockClear();
          const res = await l.post('/credits/logs/find', { sort_key: 'createdAtAsc', pagination: { limit } }).expect(200);
          expect(res.body.results).toHaveLength(limit);
          return spy.mock.calls.length;
        };
        // entries 1–4 already embed every kind of record (credits, item, invoice with lines, customer with parent)
        const four = await count(4);
        const all = await count(9);
        expect(all).toBe(four);
        expect(all).toBeLessThanOrEqual(10);
      } finally {
        spy.mockRestore();
      }
    });

    it.each([
      [{ sort_key: 'amountDesc' }, 'sort_key'],
      [{ query: { action_type: 'GRANTED' } }, 'query.action_type'],
      [{ query: { type: 'POINTS' } }, 'query.type'],
      [{ query: { credit_id: 5 } }, 'query.credit_id'],
      [{ query: { state: 'ACTIVE' } }, 'query.state'],
      [{ pagination: { limit: 101 } }, 'pagination.limit'],
    ])('rejects %j with 400', async (body, field) => {
      const res = await l.post('/credits/logs/find', body).expect(400);
      expect(expectError(res, 400, 'validation_error').validation_errors).toHaveProperty([field]);
    });

    it("another company sees none of these entries, and B's token on this company's path is a 403", async () => {
      const other = await t.tenant('Logs B');
      expect((await other.post('/credits/logs/find', { query: { customer_id: cust.id } }).expect(200)).body.results).toEqual([]);
      expect((await other.post('/credits/logs/find', { query: { invoice_id: inv.uuid } }).expect(200)).body.results).toEqual([]);
      expect((await other.post('/credits/logs/find', {}).expect(200)).body.results).toEqual([]);
      const res = await (
        await import('supertest')
      )
        .default(t.http)
        .post(`${l.base}/credits/logs/find`)
        .set('Authorization', `Bearer ${other.token}`)
        .send({});
      expectError(res, 403, 'auth_error');
    });
  });

  describe('CreditsApplier.applyToInvoice', () => {
    let ap: Tenant;
    let seats: any;
    let storage: any;
    beforeAll(async () => {
      ap = await t.tenant('Apply');
      seats = await newItem(ap, 'Seats');
      storage = await newItem(ap, 'Storage');
    });

    it('applies credits up to what is due; a PENDING invoice with nothing left due is PAID; the rest stays on the credit', async () => {
      const cu = await createCustomer(ap);
      const big = await grant(ap, { customer_id: cu.id, type: 'AMOUNT', amount: usd(10_000) });
      const inv = await invoice(ap, cu.id, [{ name: 'Plan', qty: 1, price: 6000 }]);
      setNow(1 * MINUTE);
      const out = await applyTo(ap, inv);
      expect(out).toMatchObject({
        status: 'PAID',
        sub_total_cents: 6000,
        credits_applied_cents: 6000,
        total_cents: 0,
        due_cents: 0,
        paid_cents: 0,
      });
      expect(out.paid_date!.toISOString()).toBe(at(1 * MINUTE));
      expect(await reload(ap, inv)).toEqual(out);
      expect(await credit(ap, big.id)).toMatchObject({ state: 'ACTIVE', amount: usd(4000) });
      const logs = await logsOf(ap, { invoice_id: inv.id });
      expect(logs.map((x: any) => [x.credit_id, x.action_type, x.amount_applied])).toEqual([[big.id, 'CONSUMED', usd(6000)]]);
      // nothing due any more: a second call changes nothing
      setNow(2 * MINUTE);
      expect(await applyTo(ap, inv)).toEqual(out);
      expect(await credit(ap, big.id)).toMatchObject({ amount: usd(4000) });
    });

    it("units first against the matching item's lines, then amounts soonest-expiring first; never EUR, expired, or another customer's credits", async () => {
      const cu = await createCustomer(ap);
      const stranger = await createCustomer(ap);
      const later = await grant(ap, { customer_id: cu.id, type: 'AMOUNT', amount: usd(1000), expiration_date: at(30 * DAY) });
      const sooner = await grant(ap, { customer_id: cu.id, type: 'AMOUNT', amount: usd(1000), expiration_date: at(5 * DAY) });
      const inEur = await grant(ap, { customer_id: cu.id, type: 'AMOUNT', amount: eur(5000), expiration_date: at(1 * DAY) });
      const dying = await grant(ap, { customer_id: cu.id, type: 'AMOUNT', amount: usd(9999), expiration_date: at(1 * MINUTE) });
      const foreign = await grant(ap, { customer_id: stranger.id, type: 'AMOUNT', amount: usd(5000) });
      const seatUnits = await grant(ap, { customer_id: cu.id, type: 'UNITS', units: 3, item_id: seats.id });
      const storageUnits = await grant(ap, { customer_id: cu.id, type: 'UNITS', units: 10, item_id: storage.id });
      setNow(2 * MINUTE); // `dying` has expired; the expirer has not run
      const inv = await invoice(ap, cu.id, [
        { name: 'Seats', qty: 4, price: 500, item_id: seats.id },
        { name: 'Support', qty: 1, price: 1000 },
      ]);
      const out = await applyTo(ap, inv);
      // 3 seats × 500 = 1500 from units; then 1000 from `sooner`; then 500 from `later`
      expect(out).toMatchObject({ status: 'PAID', credits_applied_cents: 3000, total_cents: 0, due_cents: 0 });
      expect(await credit(ap, seatUnits.id)).toMatchObject({ state: 'CONSUMED', units: 0 });
      expect(await credit(ap, sooner.id)).toMatchObject({ state: 'CONSUMED', amount: usd(0) });
      expect(await credit(ap, later.id)).toMatchObject({ state: 'ACTIVE', amount: usd(500) });
      expect(await credit(ap, inEur.id)).toMatchObject({ amount: eur(5000) });
      expect(await credit(ap, dying.id)).toMatchObject({ state: 'EXPIRED', issued_amount: usd(9999) });
      expect(await credit(ap, foreign.id)).toMatchObject({ amount: usd(5000) });
      expect(await credit(ap, storageUnits.id)).toMatchObject({ units: 10 });
      const logs = await logsOf(ap, { invoice_id: inv.uuid });
      expect(logs.map((x: any) => [x.credit_id, x.type, x.amount_applied, x.units_applied])).toEqual([
        [seatUnits.id, 'UNITS', usd(1500), 3],
        [sooner.id, 'AMOUNT', usd(1000), 0],
        [later.id, 'AMOUNT', usd(500), 0],
      ]);
    });

    it('a DRAFT invoice keeps its status; a second application covers only units not yet covered', async () => {
      const cu = await createCustomer(ap);
      const first = await grant(ap, { customer_id: cu.id, type: 'UNITS', units: 3, item_id: seats.id });
      const inv = await invoice(
        ap,
        cu.id,
        [
          { name: 'Seats', qty: 4, price: 500, item_id: seats.id },
          { name: 'Support', qty: 1, price: 1000 },
        ],
        { status: 'DRAFT' },
      );
      let out = await applyTo(ap, inv);
      expect(out).toMatchObject({ status: 'DRAFT', credits_applied_cents: 1500, total_cents: 1500, due_cents: 1500 });
      const second = await grant(ap, { customer_id: cu.id, type: 'UNITS', units: 5, item_id: seats.id });
      out = await applyTo(ap, inv);
      // only the 4th seat is left to cover
      expect(out).toMatchObject({ status: 'DRAFT', credits_applied_cents: 2000, total_cents: 1000, due_cents: 1000 });
      expect(await credit(ap, first.id)).toMatchObject({ units: 0, state: 'CONSUMED' });
      expect(await credit(ap, second.id)).toMatchObject({ units: 4, state: 'ACTIVE' });
    });

    it("works only through the caller's transaction: a rollback leaves the invoice, the credit and the log as they were", async () => {
      const cu = await createCustomer(ap);
      const cr = await grant(ap, { customer_id: cu.id, type: 'AMOUNT', amount: usd(700) });
      const inv = await invoice(ap, cu.id, [{ name: 'Plan', qty: 1, price: 1000 }]);
      const before = await reload(ap, inv);
      await expect(
        t.dataSource.transaction(async (m) => {
          const applied = await t.app.get(CreditsApplier).applyToInvoice(m, ap.companyId, inv, clock.now());
          expect(applied.due_cents).toBe(300);
          throw new Error('the finalizer failed after applying credits');
        }),
      ).rejects.toThrow('the finalizer failed');
      expect(await reload(ap, inv)).toEqual(before);
      expect(await credit(ap, cr.id)).toEqual(cr);
      expect(await logsOf(ap, { credit_id: cr.id, action_type: 'CONSUMED' })).toEqual([]);
    });
  });

  describe('POST /credits with apply_to_open_invoices', () => {
    let op: Tenant;
    let seats: any;
    beforeAll(async () => {
      op = await t.tenant('Open invoices');
      seats = await newItem(op, 'Seats');
    });

    it("applies the new credit to the customer's PENDING invoices of its currency, oldest first, in the same request", async () => {
      const cu = await createCustomer(op);
      // written in this order, but the second one has the older invoice_date
      const newer = await invoice(op, cu.id, [{ name: 'B', qty: 1, price: 2000 }], { invoiceDate: new Date(L0.getTime() - 1 * DAY) });
      const older = await invoice(op, cu.id, [{ name: 'A', qty: 1, price: 3000 }], { invoiceDate: new Date(L0.getTime() - 10 * DAY) });
      const inEur = await invoice(op, cu.id, [{ name: 'E', qty: 1, price: 1000 }], {
        currency: 'EUR',
        invoiceDate: new Date(L0.getTime() - 20 * DAY),
      });
      const draft = await invoice(op, cu.id, [{ name: 'D', qty: 1, price: 500 }], {
        status: 'DRAFT',
        invoiceDate: new Date(L0.getTime() - 30 * DAY),
      });
      setNow(1 * MINUTE);
      const res = await op
        .post('/credits', {
          customer_id: cu.id,
          name: 'Settlement',
          type: 'AMOUNT',
          amount: usd(4000),
          apply_to_open_invoices: { enable: true },
        })
        .expect(201);
      expect(res.body).toMatchObject({ state: 'CONSUMED', amount: usd(0), issued_amount: usd(4000) });
      expect(await reload(op, older)).toMatchObject({ status: 'PAID', credits_applied_cents: 3000, due_cents: 0 });
      expect(await reload(op, newer)).toMatchObject({ status: 'PENDING', credits_applied_cents: 1000, total_cents: 1000, due_cents: 1000 });
      expect(await reload(op, inEur)).toMatchObject({ credits_applied_cents: 0, due_cents: 1000 });
      expect(await reload(op, draft)).toMatchObject({ status: 'DRAFT', credits_applied_cents: 0 });
      const logs = await logsOf(op, { credit_id: res.body.id });
      expect(logs.map((x: any) => [x.action_type, x.amount_applied.value_in_cents, x.invoice_id])).toEqual([
        ['ISSUED', 4000, null],
        ['CONSUMED', 3000, older.id],
        ['CONSUMED', 1000, newer.id],
      ]);
    });

    it('applies only to the listed invoice_uuids; a UNITS credit covers lines of its item', async () => {
      const cu = await createCustomer(op);
      const first = await invoice(op, cu.id, [{ name: 'Seats', qty: 2, price: 700, item_id: seats.id }], {
        invoiceDate: new Date(L0.getTime() - 5 * DAY),
      });
      const second = await invoice(op, cu.id, [{ name: 'Seats', qty: 3, price: 700, item_id: seats.id }], {
        invoiceDate: new Date(L0.getTime() - 1 * DAY),
      });
      const res = await op
        .post('/credits', {
          customer_id: cu.id,
          name: 'Seats back',
          type: 'UNITS',
          units: 5,
          item_id: seats.id,
          apply_to_open_invoices: { enable: true, invoice_uuids: [second.uuid] },
        })
        .expect(201);
      expect(res.body).toMatchObject({ state: 'ACTIVE', units: 2, issued_units: 5 });
      expect(await reload(op, first)).toMatchObject({ credits_applied_cents: 0, due_cents: 1400 });
      expect(await reload(op, second)).toMatchObject({ status: 'PAID', credits_applied_cents: 2100, due_cents: 0 });
      const [consumed] = await logsOf(op, { credit_id: res.body.id, action_type: 'CONSUMED' });
      expect(consumed).toMatchObject({
        units_applied: 3,
        amount_applied: usd(2100),
        invoice_id: second.id,
        invoice: { uuid: second.uuid, status: 'PAID' },
      });
    });

    it('works on an invoice of the invoice API (POST /one_times IMMEDIATE), as GET /invoices/{uuid} shows', async () => {
      const cu = await createCustomer(op);
      const res = await op.post('/one_times', {
        customer_id: cu.id,
        type: 'IMMEDIATE',
        onetime_items: [{ custom_price: { amount: usd(2500), description: 'Onboarding' } }],
      });
      expect(res.status).toBe(201);
      const uuid = res.body[0].invoice_uuid;
      const before = (await op.get(`/invoices/${uuid}`).expect(200)).body;
      expect(before).toMatchObject({ status: 'PENDING', total: usd(2500), due: usd(2500) });
      setNow(1 * MINUTE);
      await op
        .post('/credits', {
          customer_id: cu.id,
          name: 'Onboarding waiver',
          type: 'AMOUNT',
          amount: usd(1000),
          apply_to_open_invoices: { enable: true },
        })
        .expect(201);
      const after = (await op.get(`/invoices/${uuid}`).expect(200)).body;
      expect(after).toMatchObject({ status: 'PENDING', sub_total: usd(2500), total: usd(1500), due: usd(1500), paid: usd(0) });
      const [consumed] = await logsOf(op, { invoice_id: uuid });
      expect(consumed.invoice).toMatchObject({ uuid, total: usd(1500), due: usd(1500) });
    });

    it('refuses invoices that are not open PENDING invoices of the customer in its currency, and then writes nothing', async () => {
      const cu = await createCustomer(op);
      const stranger = await createCustomer(op);
      const foreign = await invoice(op, stranger.id, [{ name: 'X', qty: 1, price: 100 }]);
      const mine = await invoice(op, cu.id, [{ name: 'Y', qty: 1, price: 100 }]);
      const inEur = await invoice(op, cu.id, [{ name: 'Z', qty: 1, price: 100 }], { currency: 'EUR' });
      const paid = await invoice(op, cu.id, [{ name: 'P', qty: 1, price: 100 }]);
      await op
        .post('/credits', {
          customer_id: cu.id,
          type: 'AMOUNT',
          name: 'pays P',
          amount: usd(100),
          apply_to_open_invoices: { enable: true, invoice_uuids: [paid.uuid] },
        })
        .expect(201);
      expect(await reload(op, paid)).toMatchObject({ status: 'PAID' });
      const count = async () =>
        (await op.post('/credits/find', { query: { customer_id: cu.id }, include_meta: true }).expect(200)).body.pagination.total;
      const before = await count();
      const body = (uuids: string[]) => ({
        customer_id: cu.id,
        name: 'Nope',
        type: 'AMOUNT',
        amount: usd(50),
        apply_to_open_invoices: { enable: true, invoice_uuids: uuids },
      });
      let e = expectError(await op.post('/credits', body([mine.uuid, foreign.uuid])), 404, 'request_error', 'not_found');
      expect(e.validation_errors).toHaveProperty(['apply_to_open_invoices.invoice_uuids[1]']);
      e = expectError(await op.post('/credits', body(['00000000-0000-4000-8000-000000000000'])), 404, 'request_error', 'not_found');
      expect(e.validation_errors).toHaveProperty(['apply_to_open_invoices.invoice_uuids[0]']);
      expectError(await op.post('/credits', body([paid.uuid])), 409, 'request_error', 'invalid_state');
      expectError(await op.post('/credits', body([inEur.uuid])), 400, 'request_error', 'currency_mismatch');
      expect(await count()).toBe(before);
      expect(await reload(op, mine)).toMatchObject({ credits_applied_cents: 0, due_cents: 100 });
      // enable: false applies nothing, even with uuids
      const kept = await op
        .post('/credits', { ...body([mine.uuid]), apply_to_open_invoices: { enable: false, invoice_uuids: [mine.uuid] } })
        .expect(201);
      expect(kept.body).toMatchObject({ state: 'ACTIVE', amount: usd(50) });
      expect(await reload(op, mine)).toMatchObject({ credits_applied_cents: 0 });
    });
  });
});
