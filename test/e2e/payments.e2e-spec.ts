/**
 * Payments: payment methods (sandbox tokens), auto-charge of one-time invoices, #3 find,
 * #11 refunds (including 20 concurrent over-refunds) and tenancy.
 */
import request from 'supertest';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { AutoChargeService } from '../../src/payments/auto-charge.service';
import { expectBooksBalanced } from '../support/audit';
import { ok, usd } from '../support/fixtures';

const T0 = new Date('2033-03-10T12:00:00.000Z');

describe('payments: methods, auto-charge, find (#3), refund (#11)', () => {
  let t: TestApp;
  let clock: FixedClock;
  let a: Tenant;
  let b: Tenant;
  let n = 0;

  beforeAll(async () => {
    clock = new FixedClock(T0);
    t = await createTestApp({ clock });
    a = await t.tenant('Pay A');
    b = await t.tenant('Pay B');
  });
  afterAll(() => t.close());
  afterEach(() => expectBooksBalanced(t));

  const customer = async (tenant: Tenant = a) =>
    ok(await tenant.post('/customers', { name: `Payer ${++n}`, identifier: `payer-${n}-${Math.random().toString(36).slice(2, 8)}` }), 201);
  const attach = async (customerId: string, token: string, tenant: Tenant = a) =>
    ok(await tenant.post(`/customers/${customerId}/payment_methods`, { token }), 200);
  const settle = () => t.app.get(AutoChargeService).settle();
  /** A one-time IMMEDIATE invoice (finalized at once); with auto_charges the charge is dispatched after commit. */
  const invoice = async (customerId: string, cents: number, autoCharges: boolean, tenant: Tenant = a) => {
    const res = await ok(
      await tenant.post('/one_times', {
        customer_id: customerId,
        type: 'IMMEDIATE',
        auto_charges: autoCharges,
        onetime_items: [{ custom_price: { amount: usd(cents), description: 'Work' } }],
      }),
      201,
    );
    await settle();
    return ok(await tenant.get(`/invoices/${res[0].invoice_uuid}`), 200);
  };
  const find = async (query: Record<string, unknown>, extra: Record<string, unknown> = {}, tenant: Tenant = a) =>
    ok(await tenant.post('/payments/transactions/find', { pagination: { limit: 100 }, query, ...extra }), 200);
  const paymentOf = async (invoiceUuid: string, tenant: Tenant = a) => {
    const page = await find({ invoice_uuid: invoiceUuid, transaction_type: 'PAYMENT' }, {}, tenant);
    return page.results;
  };

  describe('payment methods', () => {
    it('attach: all three sandbox tokens attach, the first is the default, never a token in the response; unknown token 400', async () => {
      const c = await customer();
      const visa = await attach(c.id, 'tok_visa');
      expect(visa).toEqual({
        id: expect.stringMatching(/^pm_[0-9a-z]{26}$/),
        customer_id: c.id,
        type: 'card',
        brand: 'visa',
        last_4: '4242',
        exp_month: expect.any(Number),
        exp_year: expect.any(Number),
        default: true,
        provider_type: 'SANDBOX',
        created_at: T0.toISOString(),
        updated_at: T0.toISOString(),
        country: null,
        name: null,
        billing_email: null,
        mandate_id: null,
        institution_number: null,
        routing_number: null,
        transit_number: null,
        payment_provider_key: 'SANDBOX',
      });
      expect(JSON.stringify(visa)).not.toContain('tok_');
      const declined = await attach(c.id, 'tok_chargeDeclined');
      const poor = await attach(c.id, 'tok_insufficientFunds');
      expect(declined.default).toBe(false);
      expect(poor.default).toBe(false);
      const list = await ok(await a.get(`/customers/${c.id}/payment_methods`), 200);
      expect(list.map((p: any) => [p.id, p.default])).toEqual([
        [visa.id, true],
        [declined.id, false],
        [poor.id, false],
      ]);
      expect(JSON.stringify(list)).not.toContain('tok_');
      // by identifier too
      expect((await ok(await a.get(`/customers/${c.identifier}/payment_methods`), 200)).length).toBe(3);

      expectError(await a.post(`/customers/${c.id}/payment_methods`, { token: 'tok_nope' }), 400, 'request_error', 'invalid_token');
      // names of an object's own machinery are unknown tokens too, not a 500
      for (const token of ['toString', '__proto__', 'constructor', 'hasOwnProperty'])
        expectError(await a.post(`/customers/${c.id}/payment_methods`, { token }), 400, 'request_error', 'invalid_token');
      expectError(await a.post(`/customers/${c.id}/payment_methods`, {}), 400, 'validation_error');
      expectError(
        await a.post(`/customers/cus_01jzzzzzzzzzzzzzzzzzzzzzzz/payment_methods`, { token: 'tok_visa' }),
        404,
        'request_error',
        'not_found',
      );
    });

    it('PATCH default moves the default (exactly one); update_subscriptions_non_default_payment moves subscriptions; DELETE 409 while used, else 200 and the default passes on', async () => {
      const c = await customer();
      const first = await attach(c.id, 'tok_visa');
      const second = await attach(c.id, 'tok_chargeDeclined');
      const patched = await ok(await a.patch(`/customers/${c.id}/payment_methods/${second.id}`, { default: true }), 200);
      expect(patched).toMatchObject({ id: second.id, default: true });
      let list = await ok(await a.get(`/customers/${c.id}/payment_methods`), 200);
      expect(list.filter((p: any) => p.default).map((p: any) => p.id)).toEqual([second.id]);

      // a subscription naming the first card: update_subscriptions_non_default_payment moves it to the new default
      const p = await ok(await a.post('/products', { name: `PM product ${n}` }), 200);
      const pricing = await ok(
        await a.post('/pricing', {
          product_id: p.id,
          currency: 'USD',
          name: 'Seats',
          billing_frequency: { count: 1, frequency: 'MONTH' },
          pricing_type: 'FIXED',
          fixed_price: { price_per_unit: 500 },
        }),
        200,
      );
      const sub = await ok(
        await a.post('/subscriptions', {
          customer_id: c.id,
          product_pricing_ids: [pricing.id],
          config_items: [{ product_metric_pricing_id: pricing.product_metric_pricings[0].id, num_licenses: 1 }],
          start_date: '2033-06-01T00:00:00.000Z',
          auto_charges: true,
          payment_method_id: first.id,
        }),
        200,
      );
      // the first card is used by the subscription: 409
      expectError(await a.delete(`/customers/${c.id}/payment_methods/${first.id}`), 409, 'request_error', 'payment_method_in_use');
      await ok(
        await a.patch(`/customers/${c.id}/payment_methods/${second.id}`, { default: true, update_subscriptions_non_default_payment: true }),
        200,
      );
      expect((await ok(await a.get(`/subscriptions/${sub.id}`), 200)).payment_method_id).toBe(second.id);
      // now the first card is free: deleted (200, the deleted method)
      const deleted = await ok(await a.delete(`/customers/${c.id}/payment_methods/${first.id}`), 200);
      expect(deleted).toMatchObject({ id: first.id, default: false });
      // the second card is named by the subscription and is the default: 409
      expectError(await a.delete(`/customers/${c.id}/payment_methods/${second.id}`), 409, 'request_error', 'payment_method_in_use');
      // an auto-charging subscription without its own card relies on the default: 409 too
      await ok(await a.patch(`/subscriptions/${sub.id}`, { payment_method_id: null }), 200);
      expectError(await a.delete(`/customers/${c.id}/payment_methods/${second.id}`), 409, 'request_error', 'payment_method_in_use');
      await ok(await a.patch(`/subscriptions/${sub.id}`, { auto_charges: false }), 200);
      const third = await attach(c.id, 'tok_insufficientFunds');
      expect(third.default).toBe(false);
      await ok(await a.delete(`/customers/${c.id}/payment_methods/${second.id}`), 200);
      list = await ok(await a.get(`/customers/${c.id}/payment_methods`), 200);
      expect(list.map((x: any) => [x.id, x.default])).toEqual([[third.id, true]]);

      expectError(
        await a.patch(`/customers/${c.id}/payment_methods/pm_01jzzzzzzzzzzzzzzzzzzzzzzz`, { default: true }),
        404,
        'request_error',
        'not_found',
      );
      expectError(await a.patch(`/customers/${c.id}/payment_methods/nope`, { default: true }), 404, 'request_error', 'not_found');
      expectError(await a.patch(`/customers/${c.id}/payment_methods/${third.id}`, { default: 'yes' }), 400, 'validation_error');
    });

    it('tenancy: B cannot list, change or delete A’s payment methods (404 on B’s path, 403 with B’s token on A’s path)', async () => {
      const c = await customer();
      const pm = await attach(c.id, 'tok_visa');
      expectError(await b.get(`/customers/${c.id}/payment_methods`), 404, 'request_error');
      expectError(await b.post(`/customers/${c.id}/payment_methods`, { token: 'tok_visa' }), 404, 'request_error');
      expectError(await b.patch(`/customers/${c.id}/payment_methods/${pm.id}`, { default: true }), 404, 'request_error');
      expectError(await b.delete(`/customers/${c.id}/payment_methods/${pm.id}`), 404, 'request_error');
      const onA = (r: request.Test) => r.set('Authorization', `Bearer ${b.token}`);
      expectError(await onA(request(t.http).get(`${a.base}/customers/${c.id}/payment_methods`)), 403, 'auth_error');
      expectError(await onA(request(t.http).delete(`${a.base}/customers/${c.id}/payment_methods/${pm.id}`)), 403, 'auth_error');
      // B's own customer cannot reach A's method either
      const cb = await customer(b);
      expectError(await b.delete(`/customers/${cb.id}/payment_methods/${pm.id}`), 404, 'request_error');
      expect((await ok(await a.get(`/customers/${c.id}/payment_methods`), 200)).length).toBe(1);
    });
  });

  describe('auto-charge of finalized invoices', () => {
    it('tok_visa: a SUCCEEDED SANDBOX payment, invoice PAID; tok_chargeDeclined / tok_insufficientFunds: FAILED with status_message, invoice PENDING; no auto_charges: nothing', async () => {
      const good = await customer();
      await attach(good.id, 'tok_visa');
      const inv = await invoice(good.id, 1234, true);
      expect(inv).toMatchObject({ status: 'PAID', due: usd(0), paid: usd(1234) });
      const [pay] = await paymentOf(inv.uuid);
      expect(pay).toMatchObject({
        transaction_type: 'PAYMENT',
        status: 'SUCCEEDED',
        provider_type: 'SANDBOX',
        provider_transaction_id: expect.stringMatching(/^sbxch_/),
        total_amount: usd(1234),
        refundable_amount: usd(1234),
        is_refundable: true,
        net_amount: usd(1234),
        payment_method: { brand: 'visa', last_4: '4242', name: null, type: 'card' },
        invoice_uuid: inv.uuid,
        invoice_number: inv.number,
        customer_id: good.id,
        status_message: null,
      });

      for (const [token, message] of [
        ['tok_chargeDeclined', 'Your card was declined.'],
        ['tok_insufficientFunds', 'Your card has insufficient funds.'],
      ]) {
        const c = await customer();
        await attach(c.id, token);
        const bad = await invoice(c.id, 500, true);
        expect(bad).toMatchObject({ status: 'PENDING', due: usd(500) });
        const txns = await paymentOf(bad.uuid);
        expect(txns).toHaveLength(1);
        expect(txns[0]).toMatchObject({
          status: 'FAILED',
          status_message: message,
          is_refundable: false,
          refundable_amount: usd(0),
          total_amount: usd(500),
        });
      }

      const manual = await invoice(good.id, 700, false);
      expect(manual.status).toBe('PENDING');
      expect(await paymentOf(manual.uuid)).toEqual([]);
      // auto_charges without any payment method: no transaction, stays PENDING
      const bare = await customer();
      const none = await invoice(bare.id, 300, true);
      expect(none.status).toBe('PENDING');
      expect(await paymentOf(none.uuid)).toEqual([]);
    });

    it('crash safety: an attempt dispatched again with the same key (processor answered, nothing recorded) charges once', async () => {
      const c = await customer();
      await attach(c.id, 'tok_visa');
      const auto = t.app.get(AutoChargeService);
      // an invoice without auto-charge, then its attempt enqueued by hand (not dispatched yet)
      const inv = await invoice(c.id, 900, false);
      const row = (
        await t.dataSource.query('SELECT id, billed_customer_id, subscription_id FROM invoices WHERE company_id = $1 AND uuid = $2', [
          a.companyId,
          inv.uuid,
        ])
      )[0];
      await t.dataSource.query(
        `INSERT INTO payment_attempts (company_id, id, invoice_id, customer_id, subscription_id, sequence, status, due_at, created_at, updated_at)
         VALUES ($1, 'pat_crash_test_1', $2, $3, NULL, 1, 'PENDING', $4, $4, $4)`,
        [a.companyId, row.id, row.billed_customer_id, T0],
      );
      const claim = await auto.claim(a.companyId, 'pat_crash_test_1', T0);
      expect(claim.kind).toBe('charge');
      const first = await auto.charge(a.companyId, (claim as any).attempt);
      expect(first.status).toBe('SUCCEEDED');
      // "crash": the outcome is never recorded. Within the lease nobody takes it again:
      expect(await auto.dispatchAttempt(a.companyId, 'pat_crash_test_1', T0)).toBe('skipped');
      // after the lease, dispatched again with the same key: the sandbox answers with the first result
      const later = new Date(T0.getTime() + 10 * 60_000);
      const summary = await auto.dispatchDue(later, { companyIds: [a.companyId] });
      expect(summary.charges_succeeded).toBe(1);
      const ops = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM sandbox_operations WHERE company_id = $1 AND idempotency_key = 'pat_crash_test_1'`,
        [a.companyId],
      );
      expect(ops[0].n).toBe(1);
      const txns = await paymentOf(inv.uuid);
      expect(txns).toHaveLength(1);
      expect(txns[0]).toMatchObject({
        status: 'SUCCEEDED',
        provider_transaction_id: first.provider_transaction_id,
        total_amount: usd(900),
      });
      expect((await ok(await a.get(`/invoices/${inv.uuid}`), 200)).status).toBe('PAID');
      // and once more: nothing left to do, still one charge
      expect((await auto.dispatchDue(new Date(later.getTime() + 3600_000), { companyIds: [a.companyId] })).charges_succeeded).toBe(0);
      expect(await paymentOf(inv.uuid)).toHaveLength(1);
    });
  });

  describe('#3 find payment transactions', () => {
    let f: Tenant;
    const ids: Record<string, string> = {};
    let visaCustomer: any;
    let declCustomer: any;
    let inv1: any;

    beforeAll(async () => {
      f = await t.tenant('Pay find');
      visaCustomer = await customer(f);
      declCustomer = await customer(f);
      await attach(visaCustomer.id, 'tok_visa', f);
      await attach(declCustomer.id, 'tok_chargeDeclined', f);
      clock.set(new Date('2033-04-01T00:00:00Z'));
      inv1 = await invoice(visaCustomer.id, 1000, true, f);
      clock.set(new Date('2033-04-02T00:00:00Z'));
      const inv2 = await invoice(declCustomer.id, 2000, true, f);
      clock.set(new Date('2033-04-03T00:00:00Z'));
      const inv3 = await invoice(visaCustomer.id, 3000, false, f);
      await ok(
        await f.post(`/invoices/${inv3.uuid}/mark_paid`, { amount: usd(3000), provider_type: 'WIRE', notes: 'wire ref ABC-77' }),
        200,
      );
      ids.pay1 = (await paymentOf(inv1.uuid, f))[0].id;
      ids.fail2 = (await paymentOf(inv2.uuid, f))[0].id;
      ids.wire3 = (await paymentOf(inv3.uuid, f))[0].id;
      clock.set(new Date('2033-04-04T00:00:00Z'));
      ids.refund = (
        await ok(await f.post(`/payments/transactions/${ids.pay1}/refund`, { amount: usd(400), reason: 'requested_by_customer' }), 200)
      ).id;
      clock.set(T0);
    });

    const idsOf = (page: any) => page.results.map((r: any) => r.id);

    it('pagination and sort_key are optional; unknown sort key or filter is 400; default createdAtDesc; mark_paid transactions appear', async () => {
      expect(idsOf(await ok(await f.post('/payments/transactions/find', {})))).toEqual([ids.refund, ids.wire3, ids.fail2, ids.pay1]);
      expectError(await f.post('/payments/transactions/find', { pagination: {}, sort_key: 'nameAsc' }), 400, 'validation_error');
      expectError(await f.post('/payments/transactions/find', { pagination: {}, query: { colour: 'red' } }), 400, 'validation_error');
      const all = await find({}, {}, f);
      expect(idsOf(all)).toEqual([ids.refund, ids.wire3, ids.fail2, ids.pay1]);
      expect(all.results.find((r: any) => r.id === ids.wire3)).toMatchObject({
        provider_type: 'WIRE',
        status: 'SUCCEEDED',
        note: 'wire ref ABC-77',
      });
      expect(all.results.find((r: any) => r.id === ids.refund)).toMatchObject({
        transaction_type: 'REFUND',
        parent_transaction_id: ids.pay1,
        total_amount: usd(400),
      });
    });

    it('every filter', async () => {
      expect(idsOf(await find({ status: 'failed' }, {}, f))).toEqual([ids.fail2]);
      expect(idsOf(await find({ status: 'PARTIALLY_REFUNDED' }, {}, f))).toEqual([ids.pay1]);
      expect(idsOf(await find({ transaction_type: 'REFUND' }, {}, f))).toEqual([ids.refund]);
      expect(idsOf(await find({ transaction_type: 'payment' }, {}, f))).toEqual([ids.wire3, ids.fail2, ids.pay1]);
      expect(idsOf(await find({ provider_type: 'WIRE' }, {}, f))).toEqual([ids.wire3]);
      expect(idsOf(await find({ provider_type: 'sandbox' }, {}, f))).toEqual([ids.refund, ids.fail2, ids.pay1]);
      expect(idsOf(await find({ customer_id: declCustomer.id }, {}, f))).toEqual([ids.fail2]);
      expect(idsOf(await find({ invoice_uuid: inv1.uuid }, {}, f))).toEqual([ids.refund, ids.pay1]);
      expect(idsOf(await find({ invoice_number: inv1.number }, {}, f))).toEqual([ids.refund, ids.pay1]);
      expect(idsOf(await find({ currency: 'usd' }, {}, f))).toHaveLength(4);
      expect(idsOf(await find({ currency: 'EUR' }, {}, f))).toEqual([]);
      expect(idsOf(await find({ total_amount: { eq: 2000 } }, {}, f))).toEqual([ids.fail2]);
      expect(idsOf(await find({ total_amount: { gt: 1000 } }, {}, f))).toEqual([ids.wire3, ids.fail2]);
      expect(idsOf(await find({ total_amount: { gte: 1000, lte: 2000 } }, {}, f))).toEqual([ids.fail2, ids.pay1]);
      expect(idsOf(await find({ total_amount: { lte: 400 } }, {}, f))).toEqual([ids.refund]);
      const pay1 = (await ok(await f.get(`/payments/transactions/${ids.pay1}`), 200)).provider_transaction_id;
      expect(idsOf(await find({ provider_transaction_ids: [pay1, 'sbxch_unknown'] }, {}, f))).toEqual([ids.pay1]);
      expect(idsOf(await find({ search: 'abc-77' }, {}, f))).toEqual([ids.wire3]);
      expect(idsOf(await find({ search: 'declined' }, {}, f))).toEqual([ids.fail2]);
      expect(idsOf(await find({ search: declCustomer.name }, {}, f))).toEqual([ids.fail2]);
      expect(idsOf(await find({ show_connected_account: false }, {}, f))).toHaveLength(4);
      expect(idsOf(await find({ show_connected_account: true }, {}, f))).toHaveLength(4);
      expectError(
        await f.post('/payments/transactions/find', { pagination: {}, query: { total_amount: { eq: 'x' } } }),
        400,
        'validation_error',
      );
    });

    it('every sort key, with keyset pages', async () => {
      const order = async (sort_key: string) => idsOf(await find({}, { sort_key }, f));
      expect(await order('createdAtAsc')).toEqual([ids.pay1, ids.fail2, ids.wire3, ids.refund]);
      expect(await order('createdAtDesc')).toEqual([ids.refund, ids.wire3, ids.fail2, ids.pay1]);
      expect(await order('totalAmountAsc')).toEqual([ids.refund, ids.pay1, ids.fail2, ids.wire3]);
      expect(await order('totalAmountDesc')).toEqual([ids.wire3, ids.fail2, ids.pay1, ids.refund]);
      // pay1 was updated by the refund (04-04, the refund's own instant; ties break by id)
      expect(await order('updatedAtAsc')).toEqual([ids.fail2, ids.wire3, ids.pay1, ids.refund]);
      expect(await order('updatedAtDesc')).toEqual([ids.refund, ids.pay1, ids.wire3, ids.fail2]);
      const p1 = await ok(
        await f.post('/payments/transactions/find', { pagination: { limit: 3 }, sort_key: 'totalAmountDesc', include_meta: true }),
        200,
      );
      expect(idsOf(p1)).toEqual([ids.wire3, ids.fail2, ids.pay1]);
      expect(p1.pagination.total).toBe(4);
      const p2 = await ok(
        await f.post('/payments/transactions/find', {
          pagination: { limit: 3, from_key: p1.pagination.from_key },
          sort_key: 'totalAmountDesc',
        }),
        200,
      );
      expect(idsOf(p2)).toEqual([ids.refund]);
      expect(p2.pagination.from_key).toBeNull();
    });

    it('tenancy: B finds none of them and cannot read them', async () => {
      expect((await find({}, {}, b)).results.every((r: any) => ![ids.pay1, ids.fail2, ids.wire3, ids.refund].includes(r.id))).toBe(true);
      expectError(await b.get(`/payments/transactions/${ids.pay1}`), 404, 'request_error', 'not_found');
      expectError(
        await request(t.http)
          .post(`${f.base}/payments/transactions/find`)
          .set('Authorization', `Bearer ${b.token}`)
          .send({ pagination: {} }),
        403,
        'auth_error',
      );
    });
  });

  describe('#11 refund', () => {
    let c: any;
    beforeAll(async () => {
      c = await customer();
      await attach(c.id, 'tok_visa');
    });
    const paidInvoice = async (cents: number) => {
      const inv = await invoice(c.id, cents, true);
      expect(inv.status).toBe('PAID');
      return (await paymentOf(inv.uuid))[0];
    };

    it('partial refunds up to what was paid, then a full refund of the rest; never more (400 request_error)', async () => {
      const pay = await paidInvoice(1000);
      const r1 = await ok(
        await a.post(`/payments/transactions/${pay.id}/refund`, { amount: usd(300), note: 'goodwill', reason: 'requested_by_customer' }),
        200,
      );
      expect(r1).toMatchObject({
        transaction_type: 'REFUND',
        status: 'SUCCEEDED',
        parent_transaction_id: pay.id,
        total_amount: usd(300),
        provider_type: 'SANDBOX',
        provider_transaction_id: expect.stringMatching(/^sbxre_/),
        note: 'goodwill',
        is_refundable: false,
        invoice_uuid: pay.invoice_uuid,
        customer_id: c.id,
      });
      let p = await ok(await a.get(`/payments/transactions/${pay.id}`), 200);
      expect(p).toMatchObject({
        status: 'PARTIALLY_REFUNDED',
        refundable_amount: usd(700),
        refunded_amount: usd(300),
        is_refundable: true,
      });

      const over = expectError(
        await a.post(`/payments/transactions/${pay.id}/refund`, { amount: usd(701) }),
        400,
        'request_error',
        'amount_exceeds_refundable',
      );
      expect(over.error_message).toContain('700');
      expectError(
        await a.post(`/payments/transactions/${pay.id}/refund`, { amount: { currency: 'EUR', value_in_cents: 1 } }),
        400,
        'request_error',
      );
      expectError(await a.post(`/payments/transactions/${pay.id}/refund`, { amount: usd(0) }), 400, 'validation_error');
      expectError(await a.post(`/payments/transactions/${pay.id}/refund`, { reason: 'because' }), 400, 'validation_error');

      const rest = await ok(await a.post(`/payments/transactions/${pay.id}/refund`, { reason: 'duplicate' }), 200);
      expect(rest).toMatchObject({ transaction_type: 'REFUND', total_amount: usd(700), status: 'SUCCEEDED' });
      p = await ok(await a.get(`/payments/transactions/${pay.id}`), 200);
      expect(p).toMatchObject({ status: 'REFUNDED', refundable_amount: usd(0), refunded_amount: usd(1000), is_refundable: false });
      expectError(await a.post(`/payments/transactions/${pay.id}/refund`, { amount: usd(1) }), 400, 'request_error');
      // a refund is not refundable; a failed payment is not either
      expectError(await a.post(`/payments/transactions/${rest.id}/refund`, {}), 400, 'request_error', 'not_refundable');
      expectError(await a.post('/payments/transactions/txn_01jzzzzzzzzzzzzzzzzzzzzzzz/refund', {}), 404, 'request_error', 'not_found');
      expectError(await a.post('/payments/transactions/nope/refund', {}), 404, 'request_error', 'not_found');
    });

    it('a mark_paid payment is refunded without the processor (recorded at once)', async () => {
      const inv = await invoice(c.id, 800, false);
      await ok(await a.post(`/invoices/${inv.uuid}/mark_paid`, { amount: usd(800), provider_type: 'CHEQUE' }), 200);
      const [pay] = await paymentOf(inv.uuid);
      const r = await ok(await a.post(`/payments/transactions/${pay.id}/refund`, { amount: usd(800) }), 200);
      expect(r).toMatchObject({
        transaction_type: 'REFUND',
        status: 'SUCCEEDED',
        provider_type: 'CHEQUE',
        provider_transaction_id: null,
        total_amount: usd(800),
      });
      expect(await ok(await a.get(`/payments/transactions/${pay.id}`), 200)).toMatchObject({
        status: 'REFUNDED',
        refundable_amount: usd(0),
      });
    });

    it('a refund the processor declines leaves nothing changed', async () => {
      const pay = await paidInvoice(600);
      // the sandbox forgets the charge: it declines refunds of charges it does not know
      await t.dataSource.query('DELETE FROM sandbox_operations WHERE company_id = $1 AND provider_transaction_id = $2', [
        a.companyId,
        pay.provider_transaction_id,
      ]);
      const before = await ok(await a.get(`/payments/transactions/${pay.id}`), 200);
      expectError(await a.post(`/payments/transactions/${pay.id}/refund`, { amount: usd(100) }), 400, 'request_error', 'refund_declined');
      expect(await ok(await a.get(`/payments/transactions/${pay.id}`), 200)).toEqual(before);
      expect((await find({ transaction_type: 'REFUND', invoice_uuid: pay.invoice_uuid })).results).toEqual([]);
    });

    it('20 concurrent refunds of 150 against 1000 paid: exactly 6 succeed, never more than paid', async () => {
      const pay = await paidInvoice(1000);
      const results = await Promise.all(
        Array.from({ length: 20 }, () => a.post(`/payments/transactions/${pay.id}/refund`, { amount: usd(150) })),
      );
      const okCount = results.filter((r) => r.status === 200).length;
      const rejected = results.filter((r) => r.status === 400);
      expect(okCount).toBe(6);
      expect(rejected).toHaveLength(14);
      for (const r of rejected) expect(r.body.error_code).toBe('amount_exceeds_refundable');
      const p = await ok(await a.get(`/payments/transactions/${pay.id}`), 200);
      expect(p).toMatchObject({ status: 'PARTIALLY_REFUNDED', refunded_amount: usd(900), refundable_amount: usd(100) });
      const refunds = (await find({ transaction_type: 'REFUND', invoice_uuid: pay.invoice_uuid })).results;
      expect(refunds).toHaveLength(6);
      expect(refunds.reduce((s: number, r: any) => s + r.total_amount.value_in_cents, 0)).toBe(900);
      // 20 concurrent full refunds of the rest: exactly one wins
      const full = await Promise.all(Array.from({ length: 20 }, () => a.post(`/payments/transactions/${pay.id}/refund`, {})));
      expect(full.filter((r) => r.status === 200)).toHaveLength(1);
      expect(await ok(await a.get(`/payments/transactions/${pay.id}`), 200)).toMatchObject({
        status: 'REFUNDED',
        refunded_amount: usd(1000),
        refundable_amount: usd(0),
      });
    });

    it('tenancy: B cannot refund A’s payment', async () => {
      const pay = await paidInvoice(200);
      expectError(await b.post(`/payments/transactions/${pay.id}/refund`, {}), 404, 'request_error', 'not_found');
      expectError(
        await request(t.http).post(`${a.base}/payments/transactions/${pay.id}/refund`).set('Authorization', `Bearer ${b.token}`).send({}),
        403,
        'auth_error',
      );
      expect(await ok(await a.get(`/payments/transactions/${pay.id}`), 200)).toMatchObject({
        status: 'SUCCEEDED',
        refundable_amount: usd(200),
      });
    });
  });
});
