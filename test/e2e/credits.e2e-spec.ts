import request from 'supertest';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { CreditsExpirer, CreditsScheduler } from '../../src/credits/credits-expirer.service';
import { usd, createCustomer } from '../support/fixtures';
import { useWholeDatabase } from '../support/whole-database';

// the credits scheduler's tick expires every company's due credits (see whole-database.ts): alone on the database
useWholeDatabase();

const MINUTE = 60_000;
const DAY = 86_400_000;
const T0 = new Date('2027-01-10T00:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms).toISOString();

describe('credits: grant, find, revoke, consume, expire', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const clock = new FixedClock(T0);
  let item: any; // a billable item of A
  let otherItem: any;
  let itemB: any; // a billable item of B
  let customerB: any;

  const setNow = (ms: number) => clock.set(new Date(T0.getTime() + ms));
  const newItem = async (tenant: Tenant, name: string) => {
    const res = await tenant.post('/billable_items', { name, type: 'CUSTOM_USAGE' });
    if (res.status !== 200) throw new Error(`POST /billable_items: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const grant = async (body: Record<string, unknown>, tenant: Tenant = a) => {
    const res = await tenant.post('/credits', { name: 'Credit', ...body });
    if (res.status !== 201) throw new Error(`POST /credits: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const ids = (res: { body: { results: { id: string }[] } }) => res.body.results.map((r) => r.id);
  const logsOf = async (creditId: string, tenant: Tenant = a) =>
    (await tenant.post('/credits/logs/find', { query: { credit_id: creditId }, sort_key: 'createdAtAsc' }).expect(200)).body.results;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('A');
    b = await t.tenant('B');
    item = await newItem(a, 'API calls');
    otherItem = await newItem(a, 'Storage');
    itemB = await newItem(b, 'B calls');
    customerB = await createCustomer(b);
  });
  afterAll(() => t.close());
  beforeEach(() => setNow(0));

  describe('grant', () => {
    it('grants an AMOUNT credit (201) with every field of the spec present', async () => {
      const c = await createCustomer(a);
      const res = await a
        .post('/credits', {
          customer_id: c.id,
          name: 'Goodwill',
          type: 'AMOUNT',
          amount: usd(5000),
          expiration_date: at(30 * DAY),
          metadata: { reason: 'outage' },
        })
        .expect(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^cred_[0-9a-z]{26}$/),
        company_id: a.companyId,
        customer_id: c.id,
        subscription_id: null,
        name: 'Goodwill',
        type: 'AMOUNT',
        state: 'ACTIVE',
        amount: usd(5000),
        issued_amount: usd(5000),
        units: 0,
        issued_units: 0,
        item_id: null,
        item: null,
        expiration_date: at(30 * DAY),
        coupon_id: null,
        import_created_at_ref: null,
        import_ref: null,
        imported_from: null,
        metric_record_id: null,
        one_time_billable_id: null,
        proration_date: null,
        metadata: { reason: 'outage' },
        created_at: T0.toISOString(),
        updated_at: T0.toISOString(),
      });
      expect((await a.get(`/credits/${res.body.id}`).expect(200)).body).toEqual(res.body);
      const logs = await logsOf(res.body.id);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({
        action_type: 'ISSUED',
        type: 'AMOUNT',
        amount_applied: usd(5000),
        units_applied: 0,
        invoice_id: null,
        invoice: null,
      });
    });

    it('grants a UNITS credit of a billable item, the item expanded, and takes the customer identifier', async () => {
      const c = await createCustomer(a);
      const res = await a
        .post('/credits', { customer_id: c.identifier, name: 'Free calls', type: 'UNITS', units: 1000, item_id: item.id })
        .expect(201);
      expect(res.body).toMatchObject({
        customer_id: c.id,
        type: 'UNITS',
        state: 'ACTIVE',
        amount: null,
        issued_amount: null,
        units: 1000,
        issued_units: 1000,
        item_id: item.id,
        expiration_date: null,
      });
      expect(res.body.item).toEqual((await a.get(`/billable_items/${item.id}`).expect(200)).body);
      const [log] = await logsOf(res.body.id);
      expect(log).toMatchObject({ action_type: 'ISSUED', type: 'UNITS', amount_applied: null, units_applied: 1000, item_id: item.id });
    });

    it.each([
      [{ type: 'AMOUNT' }, 'amount'],
      [{ type: 'AMOUNT', amount: usd(-5) }, 'amount.value_in_cents'],
      [{ type: 'AMOUNT', amount: usd(0) }, 'amount.value_in_cents'],
      [{ type: 'AMOUNT', amount: usd(1.5) }, 'amount.value_in_cents'],
      [{ type: 'AMOUNT', amount: { currency: 'usd', value_in_cents: 100 } }, 'amount.currency'],
      [{ type: 'AMOUNT', amount: { currency: 'XYZ', value_in_cents: 100 } }, 'amount.currency'],
      [{ type: 'AMOUNT', amount: { value_in_cents: 100 } }, 'amount.currency'],
      [{ type: 'AMOUNT', amount: usd(100), units: 5 }, 'units'],
      [{ type: 'UNITS', item_id: 'ITEM' }, 'units'],
      [{ type: 'UNITS', units: 0, item_id: 'ITEM' }, 'units'],
      [{ type: 'UNITS', units: -3, item_id: 'ITEM' }, 'units'],
      [{ type: 'UNITS', units: 2.5, item_id: 'ITEM' }, 'units'],
      [{ type: 'UNITS', units: 5 }, 'item_id'],
      [{ type: 'UNITS', units: 5, item_id: 'ITEM', amount: usd(100) }, 'amount'],
      [{ type: 'POINTS', amount: usd(100) }, 'type'],
      [{ type: 'AMOUNT', amount: usd(100), name: '' }, 'name'],
      [{ type: 'AMOUNT', amount: usd(100), expiration_date: '2027-01-09T00:00:00.000Z' }, 'expiration_date'],
      [{ type: 'AMOUNT', amount: usd(100), expiration_date: T0.toISOString() }, 'expiration_date'],
      [{ type: 'AMOUNT', amount: usd(100), expiration_date: 'next week' }, 'expiration_date'],
      [{ type: 'AMOUNT', amount: usd(100), apply_to_open_invoices: { enable: 'yes' } }, 'apply_to_open_invoices.enable'],
      [{ type: 'AMOUNT', amount: usd(100), unknown_field: 1 }, 'unknown_field'],
    ])('rejects %j with 400 naming %s', async (over, field) => {
      const c = await createCustomer(a);
      const body = JSON.parse(JSON.stringify({ customer_id: c.id, name: 'X', ...over }).replace('"ITEM"', JSON.stringify(item.id)));
      const res = await a.post('/credits', body).expect(400);
      expect(expectError(res, 400, 'validation_error', 'invalid_field').validation_errors).toHaveProperty([field]);
    });

    it('rejects invoice_uuids that are not uuids', async () => {
      const c = await createCustomer(a);
      const res = await a.post('/credits', {
        customer_id: c.id,
        name: 'X',
        type: 'AMOUNT',
        amount: usd(100),
        apply_to_open_invoices: { enable: true, invoice_uuids: ['nope'] },
      });
      const keys = Object.keys(expectError(res, 400, 'validation_error').validation_errors ?? {});
      expect(keys.some((k) => k.startsWith('apply_to_open_invoices.invoice_uuids'))).toBe(true);
    });

    it('answers 404 naming the field for an unknown customer, item or subscription, and writes nothing', async () => {
      const c = await createCustomer(a);
      const cases: [Record<string, unknown>, string][] = [
        [{ customer_id: 'cus_01jzzzzzzzzzzzzzzzzzzzzzzz', type: 'AMOUNT', amount: usd(100) }, 'customer_id'],
        [{ customer_id: 'no-such-identifier', type: 'AMOUNT', amount: usd(100) }, 'customer_id'],
        [{ customer_id: customerB.id, type: 'AMOUNT', amount: usd(100) }, 'customer_id'],
        [{ customer_id: c.id, type: 'UNITS', units: 5, item_id: 'bi_01jzzzzzzzzzzzzzzzzzzzzzzz' }, 'item_id'],
        [{ customer_id: c.id, type: 'UNITS', units: 5, item_id: 'not-an-id' }, 'item_id'],
        [{ customer_id: c.id, type: 'UNITS', units: 5, item_id: itemB.id }, 'item_id'],
        [{ customer_id: c.id, type: 'AMOUNT', amount: usd(100), subscription_id: 'subs_01jzzzzzzzzzzzzzzzzzzzzzzz' }, 'subscription_id'],
        [{ customer_id: c.id, type: 'AMOUNT', amount: usd(100), subscription_id: 'garbage' }, 'subscription_id'],
      ];
      for (const [body, field] of cases) {
        const res = await a.post('/credits', { name: 'X', ...body });
        expect(expectError(res, 404, 'request_error', 'not_found').validation_errors).toHaveProperty([field]);
      }
      const found = await a.post('/credits/find', { query: { customer_id: c.id }, include_meta: true }).expect(200);
      expect(found.body.pagination.total).toBe(0);
    });

    it("takes a subscription of the customer, and refuses another customer's subscription", async () => {
      const product = (await a.post('/products', { name: 'Plan' }).expect(200)).body;
      const pricing = (
        await a
          .post('/pricing', {
            product_id: product.id,
            name: 'Seats',
            currency: 'USD',
            pricing_type: 'FIXED',
            fixed_price: { price_per_unit: 1000 },
            billing_frequency: { count: 1, frequency: 'MONTH' },
          })
          .expect(200)
      ).body;
      const owner = await createCustomer(a);
      const stranger = await createCustomer(a);
      const sub = await a.post('/subscriptions', { customer_id: owner.id, product_pricing_ids: [pricing.id] });
      expect(sub.status).toBe(200);
      const credit = await grant({ customer_id: owner.id, type: 'AMOUNT', amount: usd(100), subscription_id: sub.body.id });
      expect(credit.subscription_id).toBe(sub.body.id);
      const res = await a.post('/credits', {
        name: 'X',
        customer_id: stranger.id,
        type: 'AMOUNT',
        amount: usd(100),
        subscription_id: sub.body.id,
      });
      expect(expectError(res, 404, 'request_error', 'not_found').validation_errors).toHaveProperty(['subscription_id']);
      const bySub = await a.post('/credits/find', { query: { subscription_id: sub.body.id } }).expect(200);
      expect(ids(bySub)).toEqual([credit.id]);
    });
  });

  describe('find', () => {
    let cust: any;
    let f: Record<string, any>;
    let sub: string;

    beforeAll(async () => {
      setNow(0);
      cust = await createCustomer(a, { identifier: 'finder-1' });
      const product = (await a.post('/products', { name: 'Finder plan' }).expect(200)).body;
      const pricing = (
        await a
          .post('/pricing', {
            product_id: product.id,
            name: 'EUR seats',
            currency: 'EUR',
            pricing_type: 'FIXED',
            fixed_price: { price_per_unit: 1000 },
            billing_frequency: { count: 1, frequency: 'MONTH' },
          })
          .expect(200)
      ).body;
      sub = (await a.post('/subscriptions', { customer_id: cust.id, product_pricing_ids: [pricing.id] }).expect(200)).body.id;
      f = {};
      setNow(1 * DAY);
      f.alpha = await grant({ customer_id: cust.id, name: 'Alpha promo', type: 'AMOUNT', amount: usd(1000) });
      setNow(1 * DAY + 1 * MINUTE);
      f.beta = await grant({
        customer_id: cust.id,
        name: 'Beta',
        type: 'AMOUNT',
        amount: { currency: 'EUR', value_in_cents: 500 },
        subscription_id: sub,
      });
      setNow(1 * DAY + 2 * MINUTE);
      f.gamma = await grant({ customer_id: cust.id, name: 'Gamma units', type: 'UNITS', units: 10, item_id: item.id });
      setNow(1 * DAY + 3 * MINUTE);
      f.delta = await grant({ customer_id: cust.id, name: 'Delta', type: 'AMOUNT', amount: usd(700) });
      setNow(1 * DAY + 4 * MINUTE);
      f.eps = await grant({
        customer_id: cust.id,
        name: 'Epsilon',
        type: 'AMOUNT',
        amount: usd(100),
        expiration_date: at(1 * DAY + 10 * MINUTE),
      });
      setNow(1 * DAY + 5 * MINUTE);
      await a.delete(`/credits/${f.delta.id}`).expect(200);
    });
    // Epsilon is past its expiration_date (the expirer has not run): it reads EXPIRED
    beforeEach(() => setNow(1 * DAY + 20 * MINUTE));

    const find = async (query: Record<string, unknown>, sort_key = 'createdAtAsc', extra: Record<string, unknown> = {}) =>
      ids(await a.post('/credits/find', { query: { customer_id: cust.id, ...query }, sort_key, ...extra }).expect(200));

    it('filters by customer (id or identifier), subscription, status, statuses, type, currency and search', async () => {
      const all = [f.alpha.id, f.beta.id, f.gamma.id, f.delta.id, f.eps.id];
      expect(await find({})).toEqual(all);
      expect(await find({ customer_id: 'finder-1' })).toEqual(all);
      expect(await find({ subscription_id: sub })).toEqual([f.beta.id]);
      expect(await find({ status: 'active' })).toEqual([f.alpha.id, f.beta.id, f.gamma.id]);
      expect(await find({ status: 'REVOKED' })).toEqual([f.delta.id]);
      expect(await find({ status: 'EXPIRED' })).toEqual([f.eps.id]);
      expect(await find({ status: 'CONSUMED' })).toEqual([]);
      expect(await find({ statuses: ['revoked', 'Expired'] })).toEqual([f.delta.id, f.eps.id]);
      expect(await find({ type: 'units' })).toEqual([f.gamma.id]);
      expect(await find({ type: 'AMOUNT' })).toEqual([f.alpha.id, f.beta.id, f.delta.id, f.eps.id]);
      expect(await find({ currency: 'eur' })).toEqual([f.beta.id]);
      expect(await find({ currency: 'USD', status: 'ACTIVE' })).toEqual([f.alpha.id]);
      expect(await find({ search: 'ALPHA' })).toEqual([f.alpha.id]);
      expect(await find({ search: 'a' })).toEqual([f.alpha.id, f.beta.id, f.gamma.id, f.delta.id]);
      const expired = (await a.post('/credits/find', { query: { customer_id: cust.id, status: 'EXPIRED' } }).expect(200)).body.results[0];
      expect(expired).toMatchObject({ state: 'EXPIRED', amount: usd(0), issued_amount: usd(100) });
    });

    it('sorts by every sort key, ties broken by id', async () => {
      const created = [f.alpha.id, f.beta.id, f.gamma.id, f.delta.id, f.eps.id];
      expect(await find({}, 'createdAtAsc')).toEqual(created);
      expect(await find({}, 'createdAtDesc')).toEqual([...created].reverse());
      // delta was updated last (revoked)
      const updated = [f.alpha.id, f.beta.id, f.gamma.id, f.eps.id, f.delta.id];
      expect(await find({}, 'updatedAtAsc')).toEqual(updated);
      expect(await find({}, 'updatedAtDesc')).toEqual([...updated].reverse());
      const dflt = ids(await a.post('/credits/find', { query: { customer_id: cust.id } }).expect(200));
      expect(dflt).toEqual([...created].reverse());
    });

    it('pages with from_key and counts with include_meta', async () => {
      const p1 = await a
        .post('/credits/find', { query: { customer_id: cust.id }, sort_key: 'createdAtAsc', pagination: { limit: 2 }, include_meta: true })
        .expect(200);
      expect(p1.body.pagination).toEqual({ from_key: expect.any(String), limit: 2, total: 5 });
      const p2 = await a
        .post('/credits/find', {
          query: { customer_id: cust.id },
          sort_key: 'createdAtAsc',
          pagination: { limit: 2, from_key: p1.body.pagination.from_key },
        })
        .expect(200);
      const p3 = await a
        .post('/credits/find', {
          query: { customer_id: cust.id },
          sort_key: 'createdAtAsc',
          pagination: { limit: 2, from_key: p2.body.pagination.from_key },
        })
        .expect(200);
      expect([...ids(p1), ...ids(p2), ...ids(p3)]).toEqual([f.alpha.id, f.beta.id, f.gamma.id, f.delta.id, f.eps.id]);
      expect(p3.body.pagination.from_key).toBeNull();
    });

    it.each([
      [{ sort_key: 'nameAsc' }, 'sort_key'],
      [{ query: { status: 'FROZEN' } }, 'query.status'],
      [{ query: { statuses: ['ACTIVE', 'NOPE'] } }, 'query.statuses'],
      [{ query: { type: 'POINTS' } }, 'query.type'],
      [{ query: { colour: 'red' } }, 'query.colour'],
      [{ pagination: { limit: 0 } }, 'pagination.limit'],
    ])('rejects %j with 400', async (body, field) => {
      const res = await a.post('/credits/find', body).expect(400);
      expect(expectError(res, 400, 'validation_error').validation_errors).toHaveProperty([field]);
    });
  });

  describe('revoke', () => {
    it('revokes an ACTIVE credit: 200 with the credit REVOKED, nothing left, a REVOKED log of what was taken back; twice is a 409', async () => {
      const c = await createCustomer(a);
      const credit = await grant({ customer_id: c.id, type: 'AMOUNT', amount: usd(1000) });
      await a.post('/credits/consume', { customer_id: c.id, type: 'AMOUNT', amount: usd(300) }).expect(200);
      setNow(1 * MINUTE);
      const res = await a.delete(`/credits/${credit.id}`).expect(200);
      expect(res.body).toMatchObject({
        id: credit.id,
        state: 'REVOKED',
        amount: usd(0),
        issued_amount: usd(1000),
        updated_at: at(1 * MINUTE),
      });
      expect((await a.get(`/credits/${credit.id}`).expect(200)).body).toEqual(res.body);
      const logs = await logsOf(credit.id);
      expect(logs.map((l: any) => [l.action_type, l.amount_applied.value_in_cents])).toEqual([
        ['ISSUED', 1000],
        ['CONSUMED', 300],
        ['REVOKED', 700],
      ]);
      expectError(await a.delete(`/credits/${credit.id}`), 409, 'request_error', 'invalid_state');
      expect(await logsOf(credit.id)).toHaveLength(3);
    });

    it('revokes a UNITS credit (log in units) and refuses CONSUMED and expired credits with 409', async () => {
      const c = await createCustomer(a);
      const units = await grant({ customer_id: c.id, type: 'UNITS', units: 8, item_id: item.id });
      const res = await a.delete(`/credits/${units.id}`).expect(200);
      expect(res.body).toMatchObject({ state: 'REVOKED', units: 0, issued_units: 8 });
      expect((await logsOf(units.id))[1]).toMatchObject({ action_type: 'REVOKED', units_applied: 8, amount_applied: null });

      const used = await grant({ customer_id: c.id, type: 'AMOUNT', amount: usd(200) });
      await a.post('/credits/consume', { customer_id: c.id, type: 'AMOUNT', amount: usd(200) }).expect(200);
      expectError(await a.delete(`/credits/${used.id}`), 409, 'request_error', 'invalid_state');

      const soon = await grant({ customer_id: c.id, type: 'AMOUNT', amount: usd(200), expiration_date: at(1 * DAY) });
      setNow(1 * DAY);
      expectError(await a.delete(`/credits/${soon.id}`), 409, 'request_error', 'invalid_state');
      expect((await a.get(`/credits/${soon.id}`).expect(200)).body).toMatchObject({ state: 'EXPIRED', amount: usd(0) });
    });

    it('answers 404 for a malformed or unknown credit id', async () => {
      expectError(await a.delete('/credits/nope'), 404, 'request_error', 'not_found');
      expectError(await a.delete('/credits/cred_01jzzzzzzzzzzzzzzzzzzzzzzz'), 404, 'request_error', 'not_found');
      expectError(await a.get('/credits/cus_01jzzzzzzzzzzzzzzzzzzzzzzz'), 404, 'request_error', 'not_found');
    });
  });

  describe('consume', () => {
    it('consumes soonest-expiring first (then the oldest, never-expiring last), only of that currency; a credit reaching 0 is CONSUMED', async () => {
      const c = await createCustomer(a);
      const never = await grant({ customer_id: c.id, name: 'never', type: 'AMOUNT', amount: usd(500) });
      setNow(1 * MINUTE);
      const month = await grant({ customer_id: c.id, name: 'month', type: 'AMOUNT', amount: usd(500), expiration_date: at(30 * DAY) });
      setNow(2 * MINUTE);
      const tenDaysNew = await grant({
        customer_id: c.id,
        name: 'ten new',
        type: 'AMOUNT',
        amount: usd(500),
        expiration_date: at(10 * DAY),
      });
      const eur = await grant({
        customer_id: c.id,
        name: 'eur',
        type: 'AMOUNT',
        amount: { currency: 'EUR', value_in_cents: 5000 },
        expiration_date: at(1 * DAY),
      });
      setNow(3 * MINUTE);
      // same expiry as tenDaysNew, granted later: tenDaysNew goes first
      const tenDaysLater = await grant({
        customer_id: c.id,
        name: 'ten later',
        type: 'AMOUNT',
        amount: usd(100),
        expiration_date: at(10 * DAY),
      });
      setNow(4 * MINUTE);

      const res = await a
        .post('/credits/consume', { customer_id: c.identifier, type: 'AMOUNT', amount: usd(800), note: 'Usage March' })
        .expect(200);
      expect(res.body.customer_id).toBe(c.id);
      expect(res.body.type).toBe('AMOUNT');
      expect(res.body.consumed_amount).toEqual(usd(800));
      expect(res.body.consumed_units).toBeNull();
      expect(res.body.credits.map((x: any) => [x.id, x.state, x.amount.value_in_cents])).toEqual([
        [tenDaysNew.id, 'CONSUMED', 0],
        [tenDaysLater.id, 'CONSUMED', 0],
        [month.id, 'ACTIVE', 300],
      ]);
      expect(res.body.logs.map((l: any) => [l.credit_id, l.action_type, l.amount_applied.value_in_cents, l.note])).toEqual([
        [tenDaysNew.id, 'CONSUMED', 500, 'Usage March'],
        [tenDaysLater.id, 'CONSUMED', 100, 'Usage March'],
        [month.id, 'CONSUMED', 200, 'Usage March'],
      ]);
      expect(res.body.logs[0]).toMatchObject({
        customer_id: c.id,
        customer: { id: c.id },
        credit: { id: tenDaysNew.id, state: 'CONSUMED' },
        invoice: null,
      });
      expect((await a.get(`/credits/${never.id}`).expect(200)).body.amount).toEqual(usd(500));
      expect((await a.get(`/credits/${eur.id}`).expect(200)).body.amount).toEqual({ currency: 'EUR', value_in_cents: 5000 });

      // exact exhaustion of USD: 300 + 500
      const rest = await a.post('/credits/consume', { customer_id: c.id, type: 'AMOUNT', amount: usd(800) }).expect(200);
      expect(rest.body.credits.map((x: any) => [x.id, x.state])).toEqual([
        [month.id, 'CONSUMED'],
        [never.id, 'CONSUMED'],
      ]);
      const none = await a.post('/credits/consume', { customer_id: c.id, type: 'AMOUNT', amount: usd(1) });
      expectError(none, 400, 'request_error', 'insufficient_credit');
      const active = await a.post('/credits/find', { query: { customer_id: c.id, status: 'ACTIVE' } }).expect(200);
      expect(ids(active)).toEqual([eur.id]);
    });

    it('refuses to overdraw: 400 insufficient_credit and NOTHING changes', async () => {
      const c = await createCustomer(a);
      const one = await grant({ customer_id: c.id, type: 'AMOUNT', amount: usd(600) });
      const two = await grant({ customer_id: c.id, type: 'AMOUNT', amount: usd(400) });
      setNow(1 * MINUTE);
      expectError(
        await a.post('/credits/consume', { customer_id: c.id, type: 'AMOUNT', amount: usd(1001) }),
        400,
        'request_error',
        'insufficient_credit',
      );
      for (const credit of [one, two]) {
        expect((await a.get(`/credits/${credit.id}`).expect(200)).body).toEqual(credit);
        expect((await logsOf(credit.id)).map((l: any) => l.action_type)).toEqual(['ISSUED']);
      }
      // exactly the balance works
      await a.post('/credits/consume', { customer_id: c.id, type: 'AMOUNT', amount: usd(1000) }).expect(200);
    });

    it('consumes units of an item, and never expired credits even before the expirer ran', async () => {
      const c = await createCustomer(a);
      const soon = await grant({ customer_id: c.id, type: 'UNITS', units: 5, item_id: item.id, expiration_date: at(1 * DAY) });
      const later = await grant({ customer_id: c.id, type: 'UNITS', units: 5, item_id: item.id, expiration_date: at(5 * DAY) });
      const other = await grant({ customer_id: c.id, type: 'UNITS', units: 50, item_id: otherItem.id });
      const res = await a.post('/credits/consume', { customer_id: c.id, type: 'UNITS', units: 7, item_id: item.id }).expect(200);
      expect(res.body.consumed_units).toBe(7);
      expect(res.body.consumed_amount).toBeNull();
      expect(res.body.credits.map((x: any) => [x.id, x.units, x.state])).toEqual([
        [soon.id, 0, 'CONSUMED'],
        [later.id, 3, 'ACTIVE'],
      ]);
      expect(res.body.logs.map((l: any) => [l.units_applied, l.amount_applied, l.item_id])).toEqual([
        [5, null, item.id],
        [2, null, item.id],
      ]);
      expect(res.body.logs[0].item).toMatchObject({ id: item.id, name: 'API calls' });
      // at its expiration_date the credit is gone, although the expirer has not run
      setNow(5 * DAY);
      expectError(
        await a.post('/credits/consume', { customer_id: c.id, type: 'UNITS', units: 1, item_id: item.id }),
        400,
        'request_error',
        'insufficient_credit',
      );
      expect((await a.get(`/credits/${later.id}`).expect(200)).body).toMatchObject({ state: 'EXPIRED', units: 0 });
      expect((await a.get(`/credits/${other.id}`).expect(200)).body.units).toBe(50);
    });

    it('consumes from credit_id only when given, and checks it', async () => {
      const c = await createCustomer(a);
      const first = await grant({ customer_id: c.id, type: 'AMOUNT', amount: usd(500), expiration_date: at(1 * DAY) });
      const second = await grant({ customer_id: c.id, type: 'AMOUNT', amount: usd(500) });
      const units = await grant({ customer_id: c.id, type: 'UNITS', units: 3, item_id: item.id });
      const res = await a
        .post('/credits/consume', { customer_id: c.id, type: 'AMOUNT', amount: usd(200), credit_id: second.id })
        .expect(200);
      expect(res.body.credits.map((x: any) => [x.id, x.amount.value_in_cents])).toEqual([[second.id, 300]]);
      expect((await a.get(`/credits/${first.id}`).expect(200)).body.amount).toEqual(usd(500));
      // more than that credit holds: insufficient, though the customer has more elsewhere
      expectError(
        await a.post('/credits/consume', { customer_id: c.id, type: 'AMOUNT', amount: usd(400), credit_id: second.id }),
        400,
        'request_error',
        'insufficient_credit',
      );
      // a UNITS credit by id, item taken from the credit
      const u = await a.post('/credits/consume', { customer_id: c.id, type: 'UNITS', units: 2, credit_id: units.id }).expect(200);
      expect(u.body.credits[0]).toMatchObject({ id: units.id, units: 1 });

      const other = await createCustomer(a);
      const foreign = await grant({ customer_id: other.id, type: 'AMOUNT', amount: usd(500) });
      let e = expectError(
        await a.post('/credits/consume', { customer_id: c.id, type: 'AMOUNT', amount: usd(1), credit_id: foreign.id }),
        404,
        'request_error',
        'not_found',
      );
      expect(e.validation_errors).toHaveProperty(['credit_id']);
      e = expectError(
        await a.post('/credits/consume', { customer_id: c.id, type: 'AMOUNT', amount: usd(1), credit_id: 'cred_bad' }),
        404,
        'request_error',
        'not_found',
      );
      expect(e.validation_errors).toHaveProperty(['credit_id']);
      expectError(
        await a.post('/credits/consume', {
          customer_id: c.id,
          type: 'AMOUNT',
          amount: { currency: 'EUR', value_in_cents: 1 },
          credit_id: second.id,
        }),
        400,
        'request_error',
        'currency_mismatch',
      );
      expectError(
        await a.post('/credits/consume', { customer_id: c.id, type: 'UNITS', units: 1, credit_id: second.id }),
        400,
        'request_error',
        'credit_mismatch',
      );
      await a.delete(`/credits/${first.id}`).expect(200);
      expectError(
        await a.post('/credits/consume', { customer_id: c.id, type: 'AMOUNT', amount: usd(1), credit_id: first.id }),
        409,
        'request_error',
        'invalid_state',
      );
    });

    it.each([
      [{ type: 'AMOUNT' }, 'amount'],
      [{ type: 'AMOUNT', amount: usd(-1) }, 'amount.value_in_cents'],
      [{ type: 'AMOUNT', amount: usd(0) }, 'amount.value_in_cents'],
      [{ type: 'AMOUNT', amount: { currency: 'dollars', value_in_cents: 5 } }, 'amount.currency'],
      [{ type: 'UNITS', item_id: 'bi_01jzzzzzzzzzzzzzzzzzzzzzzz' }, 'units'],
      [{ type: 'UNITS', units: 0, item_id: 'bi_01jzzzzzzzzzzzzzzzzzzzzzzz' }, 'units'],
      [{ type: 'UNITS', units: 1 }, 'item_id'],
      [{ type: 'AMOUNT', amount: usd(5), units: 1 }, 'units'],
      [{ amount: usd(5) }, 'type'],
      [{ type: 'AMOUNT', amount: usd(5), note: 5 }, 'note'],
    ])('rejects consume %j with 400 naming %s', async (over, field) => {
      const c = await createCustomer(a);
      const res = await a.post('/credits/consume', { customer_id: c.id, ...over }).expect(400);
      expect(expectError(res, 400, 'validation_error').validation_errors).toHaveProperty([field]);
    });

    it('answers 404 naming the field for an unknown customer or item', async () => {
      let e = expectError(
        await a.post('/credits/consume', { customer_id: 'nobody', type: 'AMOUNT', amount: usd(5) }),
        404,
        'request_error',
        'not_found',
      );
      expect(e.validation_errors).toHaveProperty(['customer_id']);
      const c = await createCustomer(a);
      e = expectError(
        await a.post('/credits/consume', { customer_id: c.id, type: 'UNITS', units: 1, item_id: itemB.id }),
        404,
        'request_error',
        'not_found',
      );
      expect(e.validation_errors).toHaveProperty(['item_id']);
    });
  });

  describe('expiry', () => {
    it('the expirer ends due credits once (EXPIRED, an EXPIRED log with what remained) and is idempotent', async () => {
      const e = await t.tenant('Expiry');
      const c = (await e.post('/customers', { name: 'Exp', email: 'exp@example.com' }).expect(201)).body;
      const eItem = await newItem(e, 'Exp item');
      const money = await grant({ customer_id: c.id, type: 'AMOUNT', amount: usd(800), expiration_date: at(1 * DAY) }, e);
      const units = await grant({ customer_id: c.id, type: 'UNITS', units: 7, item_id: eItem.id, expiration_date: at(1 * DAY) }, e);
      const keeps = await grant({ customer_id: c.id, type: 'AMOUNT', amount: usd(100), expiration_date: at(3 * DAY) }, e);
      const spent = await grant({ customer_id: c.id, type: 'AMOUNT', amount: usd(50), expiration_date: at(12 * 3600_000) }, e);
      await e.post('/credits/consume', { customer_id: c.id, type: 'AMOUNT', amount: usd(350) }).expect(200); // 50 from spent, 300 from money
      const expirer = t.app.get(CreditsExpirer);

      setNow(1 * DAY - 1);
      expect(await expirer.expireDue(clock.now(), e.companyId)).toBe(0);
      setNow(2 * DAY);
      expect(await expirer.expireDue(clock.now(), e.companyId)).toBe(2);
      expect(await expirer.expireDue(clock.now(), e.companyId)).toBe(0);

      expect((await e.get(`/credits/${money.id}`).expect(200)).body).toMatchObject({
        state: 'EXPIRED',
        amount: usd(0),
        issued_amount: usd(800),
        updated_at: at(2 * DAY),
      });
      expect((await e.get(`/credits/${units.id}`).expect(200)).body).toMatchObject({ state: 'EXPIRED', units: 0, issued_units: 7 });
      expect((await e.get(`/credits/${keeps.id}`).expect(200)).body).toMatchObject({ state: 'ACTIVE', amount: usd(100) });
      expect((await e.get(`/credits/${spent.id}`).expect(200)).body.state).toBe('CONSUMED');
      expect((await logsOf(money.id, e)).map((l: any) => [l.action_type, l.amount_applied.value_in_cents, l.created_at])).toEqual([
        ['ISSUED', 800, T0.toISOString()],
        ['CONSUMED', 300, T0.toISOString()],
        ['EXPIRED', 500, at(2 * DAY)],
      ]);
      expect((await logsOf(units.id, e)).map((l: any) => [l.action_type, l.units_applied])).toEqual([
        ['ISSUED', 7],
        ['EXPIRED', 7],
      ]);
      const expiredLogs = await e.post('/credits/logs/find', { query: { action_type: 'EXPIRED' }, include_meta: true }).expect(200);
      expect(expiredLogs.body.pagination.total).toBe(2);
      expectError(await e.delete(`/credits/${money.id}`), 409, 'request_error', 'invalid_state');

      // the scheduler's tick runs the same expirer at the clock's instant, for every company
      setNow(3 * DAY);
      expect(await t.app.get(CreditsScheduler).tick()).toBeGreaterThanOrEqual(1);
      expect((await e.get(`/credits/${keeps.id}`).expect(200)).body.state).toBe('EXPIRED');
      expect((await logsOf(keeps.id, e)).map((l: any) => l.action_type)).toEqual(['ISSUED', 'EXPIRED']);
    });
  });

  describe('tenancy', () => {
    let credit: any;
    let customer: any;
    beforeAll(async () => {
      customer = await createCustomer(a);
      credit = await grant({ customer_id: customer.id, type: 'AMOUNT', amount: usd(900) });
    });

    it("B's token on A's paths is a 403", async () => {
      const onA = (method: 'get' | 'post' | 'delete', path: string) =>
        request(t.http)[method](`${a.base}${path}`).set('Authorization', `Bearer ${b.token}`).send({});
      expectError(await onA('post', '/credits'), 403, 'auth_error');
      expectError(await onA('post', '/credits/find'), 403, 'auth_error');
      expectError(await onA('post', '/credits/consume'), 403, 'auth_error');
      expectError(await onA('post', '/credits/logs/find'), 403, 'auth_error');
      expectError(await onA('get', `/credits/${credit.id}`), 403, 'auth_error');
      expectError(await onA('delete', `/credits/${credit.id}`), 403, 'auth_error');
    });

    it("B cannot see, find, consume or revoke A's credits or logs on its own path", async () => {
      expectError(await b.get(`/credits/${credit.id}`), 404, 'request_error', 'not_found');
      expectError(await b.delete(`/credits/${credit.id}`), 404, 'request_error', 'not_found');
      const found = await b.post('/credits/find', { query: { customer_id: customer.id } }).expect(200);
      expect(found.body.results).toEqual([]);
      const all = await b.post('/credits/find', { pagination: { limit: 100 } }).expect(200);
      expect(all.body.results.every((r: any) => r.company_id === b.companyId)).toBe(true);
      let e = expectError(
        await b.post('/credits/consume', { customer_id: customer.id, type: 'AMOUNT', amount: usd(1) }),
        404,
        'request_error',
        'not_found',
      );
      expect(e.validation_errors).toHaveProperty(['customer_id']);
      e = expectError(
        await b.post('/credits/consume', { customer_id: customerB.id, type: 'AMOUNT', amount: usd(1), credit_id: credit.id }),
        404,
        'request_error',
        'not_found',
      );
      expect(e.validation_errors).toHaveProperty(['credit_id']);
      const logs = await b.post('/credits/logs/find', { query: { credit_id: credit.id } }).expect(200);
      expect(logs.body.results).toEqual([]);
      const allLogs = await b.post('/credits/logs/find', { pagination: { limit: 100 } }).expect(200);
      expect(allLogs.body.results.every((r: any) => r.company_id === b.companyId)).toBe(true);
      // and A's credit is untouched
      expect((await a.get(`/credits/${credit.id}`).expect(200)).body).toEqual(credit);
    });
  });
});
