import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { InvoiceWriter } from '../../src/invoicing/invoice-writer.service';
import { PaymentTransactionsRepository } from '../../src/payments/payments.repository';
import { amountLine } from '../../src/billing-math';
import { expectBooksBalanced } from '../support/audit';
import { usd } from '../support/fixtures';

const DAY = 86_400_000;
const T0 = new Date('2026-05-10T12:00:00.000Z');

describe('invoices: mark paid (spec #9) and payment transactions', () => {
  let t: TestApp;
  let clock: FixedClock;
  let a: Tenant;
  let b: Tenant;
  let parent: Record<string, any>;
  let cust: Record<string, any>;

  beforeAll(async () => {
    clock = new FixedClock(T0);
    t = await createTestApp({ clock });
    a = await t.tenant('A');
    b = await t.tenant('B');
    parent = (await a.post('/customers', { name: 'Parent Co', email: 'ap@parent.example', identifier: 'parent-1' }).expect(201)).body;
    cust = (
      await a
        .post('/customers', {
          name: 'Child Ltd',
          email: 'child@example.com',
          identifier: 'child-1',
          org_name: 'Child',
          parent_customer_id: parent.id,
        })
        .expect(201)
    ).body;
  });
  afterAll(() => t.close());
  afterEach(() => expectBooksBalanced(t));
  afterEach(() => clock.set(T0));

  async function pendingInvoice(tenant: Tenant, customerId: string, cents: number, extra: Record<string, unknown> = {}) {
    const res = await tenant
      .post('/one_times', {
        customer_id: customerId,
        type: 'IMMEDIATE',
        onetime_items: [{ custom_price: { amount: usd(cents), description: 'Work' } }],
        ...extra,
      })
      .expect(201);
    return (await tenant.get(`/invoices/${res.body[0].invoice_uuid}`).expect(200)).body;
  }

  async function draftInvoice(tenant: Tenant, customerId: string, cents: number) {
    const now = clock.now();
    const written = await t.dataSource.transaction((m) =>
      t.app.get(InvoiceWriter).create(
        m,
        tenant.companyId,
        {
          kind: 'ONE_TIME',
          billing_key: randomUUID(),
          customer_id: customerId,
          subscription_id: null,
          currency: 'USD',
          status: 'DRAFT',
          name: 'Draft',
          invoice_date: now,
          period_start: null,
          period_end: null,
          due_date: new Date(now.getTime() + 30 * DAY),
          finalize_after: null,
          auto_charges: false,
          lines: [amountLine({ name: 'Work', amount: cents })],
        },
        now,
      ),
    );
    return (await tenant.get(`/invoices/${written!.invoice.uuid}`).expect(200)).body;
  }

  const transactionsOf = (tenant: Tenant, invoiceId: string) =>
    t.app
      .get(PaymentTransactionsRepository)
      .find(tenant.companyId, { where: { invoice_id: invoiceId }, order: { created_at: 'ASC', id: 'ASC' } });

  it('adds partial payments up and turns PAID with its paid_date when nothing is due', async () => {
    const inv = await pendingInvoice(a, cust.id, 1000);
    clock.set(new Date(T0.getTime() + 1000));
    const first = await a.post(`/invoices/${inv.uuid}/mark_paid`, { amount: usd(300), provider_type: 'WIRE', notes: 'wire 1' }).expect(200);
    expect(first.body).toEqual({ ...inv, paid: usd(300), due: usd(700), updated_at: new Date(T0.getTime() + 1000).toISOString() });
    expect(first.body.status).toBe('PENDING');
    expect(first.body.paid_date).toBeNull();

    clock.set(new Date(T0.getTime() + 2000));
    const second = await a.post(`/invoices/${inv.uuid}/mark_paid`, { amount: usd(200), provider_type: 'CHEQUE' }).expect(200);
    expect(second.body).toMatchObject({ status: 'PENDING', paid: usd(500), due: usd(500), total: usd(1000) });

    const paidDate = '2026-05-09T08:30:00.000Z';
    const last = await a
      .post(`/invoices/${inv.uuid}/mark_paid`, { amount: { value_in_cents: 500 }, provider_type: 'CASH', paid_date: paidDate })
      .expect(200);
    expect(last.body).toMatchObject({ status: 'PAID', paid: usd(1000), due: usd(0), total: usd(1000), paid_date: paidDate });
    expect((await a.get(`/invoices/${inv.uuid}`).expect(200)).body).toEqual(last.body);

    const txns = await transactionsOf(a, inv.id);
    expect(txns.map((x) => [x.total_amount_cents, x.provider_type, x.status, x.transaction_type])).toEqual([
      [300, 'WIRE', 'SUCCEEDED', 'PAYMENT'],
      [200, 'CHEQUE', 'SUCCEEDED', 'PAYMENT'],
      [500, 'CASH', 'SUCCEEDED', 'PAYMENT'],
    ]);
  });

  it('pays in full in one go; paid_date defaults to now', async () => {
    const inv = await pendingInvoice(a, cust.id, 4999);
    clock.set(new Date(T0.getTime() + 7 * DAY));
    const res = await a.post(`/invoices/${inv.uuid}/mark_paid`, { amount: usd(4999), provider_type: 'BANK_TRANSFER' }).expect(200);
    expect(res.body).toMatchObject({
      status: 'PAID',
      paid: usd(4999),
      due: usd(0),
      paid_date: new Date(T0.getTime() + 7 * DAY).toISOString(),
    });
  });

  it('takes payments on an OVERDUE invoice', async () => {
    const inv = await pendingInvoice(a, cust.id, 800, { invoice_due_date_from_creation: 1 });
    clock.set(new Date(T0.getTime() + 3 * DAY));
    expect((await a.get(`/invoices/${inv.uuid}`).expect(200)).body.status).toBe('OVERDUE');
    const part = await a.post(`/invoices/${inv.uuid}/mark_paid`, { amount: usd(100), provider_type: 'INTERNAL' }).expect(200);
    expect(part.body).toMatchObject({ status: 'OVERDUE', paid: usd(100), due: usd(700) });
    const rest = await a.post(`/invoices/${inv.uuid}/mark_paid`, { amount: usd(700), provider_type: 'INTERNAL' }).expect(200);
    expect(rest.body.status).toBe('PAID');
  });

  it('refuses more than is due with a 400 request_error, and records nothing', async () => {
    const inv = await pendingInvoice(a, cust.id, 1000);
    await a.post(`/invoices/${inv.uuid}/mark_paid`, { amount: usd(600), provider_type: 'CASH' }).expect(200);
    const res = await a.post(`/invoices/${inv.uuid}/mark_paid`, { amount: usd(401), provider_type: 'CASH' });
    expectError(res, 400, 'request_error', 'amount_exceeds_due');
    expect((await a.get(`/invoices/${inv.uuid}`).expect(200)).body).toMatchObject({ status: 'PENDING', paid: usd(600), due: usd(400) });
    expect(await transactionsOf(a, inv.id)).toHaveLength(1);
  });

  it('refuses another currency with a 400 request_error', async () => {
    const inv = await pendingInvoice(a, cust.id, 1000);
    const res = await a.post(`/invoices/${inv.uuid}/mark_paid`, {
      amount: { currency: 'EUR', value_in_cents: 100 },
      provider_type: 'CASH',
    });
    expect(expectError(res, 400, 'request_error', 'currency_mismatch').validation_errors).toHaveProperty(['amount.currency']);
    expect((await a.get(`/invoices/${inv.uuid}`).expect(200)).body).toEqual(inv);
    expect(await transactionsOf(a, inv.id)).toHaveLength(0);
  });

  it.each([
    [{ provider_type: 'CASH' }, 'amount'],
    [{ amount: usd(100) }, 'provider_type'],
    [{ amount: usd(100), provider_type: 'BITCOIN' }, 'provider_type'],
    [{ amount: usd(0), provider_type: 'CASH' }, 'amount.value_in_cents'],
    [{ amount: usd(-5), provider_type: 'CASH' }, 'amount.value_in_cents'],
    [{ amount: usd(1.5), provider_type: 'CASH' }, 'amount.value_in_cents'],
    [{ amount: { currency: 'usd', value_in_cents: 100 }, provider_type: 'CASH' }, 'amount.currency'],
    [{ amount: usd(100), provider_type: 'CASH', paid_date: 'today' }, 'paid_date'],
    [{ amount: usd(100), provider_type: 'CASH', notes: 5 }, 'notes'],
    [{ amount: usd(100), provider_type: 'CASH', tip: 1 }, 'tip'],
  ])('rejects %j with a 400 validation_error', async (body, field) => {
    const inv = await pendingInvoice(a, cust.id, 1000);
    const res = await a.post(`/invoices/${inv.uuid}/mark_paid`, body);
    expect(expectError(res, 400, 'validation_error').validation_errors).toHaveProperty([field]);
    expect(await transactionsOf(a, inv.id)).toHaveLength(0);
  });

  it('refuses DRAFT, PAID and VOID invoices with 409 invalid_state', async () => {
    const draft = await draftInvoice(a, cust.id, 500);
    expectError(
      await a.post(`/invoices/${draft.uuid}/mark_paid`, { amount: usd(100), provider_type: 'CASH' }),
      409,
      'request_error',
      'invalid_state',
    );
    const paid = await pendingInvoice(a, cust.id, 500);
    await a.post(`/invoices/${paid.uuid}/mark_paid`, { amount: usd(500), provider_type: 'CASH' }).expect(200);
    expectError(
      await a.post(`/invoices/${paid.uuid}/mark_paid`, { amount: usd(1), provider_type: 'CASH' }),
      409,
      'request_error',
      'invalid_state',
    );
    const voided = await pendingInvoice(a, cust.id, 500);
    await a.post(`/invoices/${voided.uuid}/void`).expect(200);
    expectError(
      await a.post(`/invoices/${voided.uuid}/mark_paid`, { amount: usd(100), provider_type: 'CASH' }),
      409,
      'request_error',
      'invalid_state',
    );
    expect(await transactionsOf(a, draft.id)).toHaveLength(0);
    expect(await transactionsOf(a, paid.id)).toHaveLength(1);
    expect(await transactionsOf(a, voided.id)).toHaveLength(0);
    expectError(
      await a.post(`/invoices/${randomUUID()}/mark_paid`, { amount: usd(100), provider_type: 'CASH' }),
      404,
      'request_error',
      'not_found',
    );
  });

  it('never overpays under 20 concurrent partial payments (exactly 6 of 150 fit in 1000)', async () => {
    const inv = await pendingInvoice(a, cust.id, 1000);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => a.post(`/invoices/${inv.uuid}/mark_paid`, { amount: usd(150), provider_type: 'WIRE' })),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(6);
    for (const r of results.filter((x) => x.status !== 200)) expectError(r, 400, 'request_error', 'amount_exceeds_due');
    for (const r of ok) expect(r.body.paid.value_in_cents).toBeLessThanOrEqual(1000);
    expect(new Set(ok.map((r) => r.body.paid.value_in_cents))).toEqual(new Set([150, 300, 450, 600, 750, 900]));
    expect((await a.get(`/invoices/${inv.uuid}`).expect(200)).body).toMatchObject({ status: 'PENDING', paid: usd(900), due: usd(100) });
    const txns = await transactionsOf(a, inv.id);
    expect(txns).toHaveLength(6);
    expect(txns.reduce((s, x) => s + x.total_amount_cents, 0)).toBe(900);
  });

  it('never overpays under 20 concurrent payments of 100 on 1000: exactly 10 succeed, then PAID', async () => {
    const inv = await pendingInvoice(a, cust.id, 1000);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        a.post(`/invoices/${inv.uuid}/mark_paid`, { amount: usd(100), provider_type: i % 2 ? 'CASH' : 'WIRE' }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    for (const r of results.filter((x) => x.status !== 200)) expectError(r, 409, 'request_error', 'invalid_state');
    expect((await a.get(`/invoices/${inv.uuid}`).expect(200)).body).toMatchObject({ status: 'PAID', paid: usd(1000), due: usd(0) });
    const txns = await transactionsOf(a, inv.id);
    expect(txns).toHaveLength(10);
    expect(txns.reduce((s, x) => s + x.total_amount_cents, 0)).toBe(1000);
  });

  describe('GET /payments/transactions/{id}', () => {
    it('shows the recorded transaction in the spec shape, with the customer summary', async () => {
      const inv = await pendingInvoice(a, cust.id, 2500);
      clock.set(new Date(T0.getTime() + 3000));
      await a
        .post(`/invoices/${inv.uuid}/mark_paid`, {
          amount: usd(1000),
          provider_type: 'CHEQUE',
          notes: 'cheque #123',
          paid_date: '2026-05-01T00:00:00Z',
        })
        .expect(200);
      const [txn] = await transactionsOf(a, inv.id);
      const at = new Date(T0.getTime() + 3000).toISOString();
      const res = await a.get(`/payments/transactions/${txn.id}`).expect(200);
      expect(res.body).toEqual({
        application_fee_amount: usd(0),
        company_id: a.companyId,
        connected_account_transaction: false,
        created_at: at,
        customer: {
          email: 'child@example.com',
          id: cust.id,
          identifier: 'child-1',
          name: 'Child Ltd',
          org_name: 'Child',
          parent_customer: {
            email: 'ap@parent.example',
            id: parent.id,
            identifier: 'parent-1',
            name: 'Parent Co',
            org_name: null,
            parent_customer: null,
            parent_customer_id: null,
          },
          parent_customer_id: parent.id,
        },
        customer_id: cust.id,
        deleted_at: null,
        disallow_partial_refund: null,
        id: expect.stringMatching(/^txn_[0-9a-z]{26}$/),
        initiated_by: null,
        initiated_by_type: 'API',
        invoice_id: inv.id,
        invoice_number: inv.number,
        invoice_uuid: inv.uuid,
        is_refundable: true,
        is_voidable: false,
        net_amount: usd(1000),
        note: 'cheque #123',
        parent_transaction_id: null,
        payment_method: { brand: null, last_4: null, name: null, type: 'CHEQUE' },
        processor_fee_amount: usd(0),
        proposal_id: null,
        provider_transaction_id: null,
        provider_type: 'CHEQUE',
        refundable_amount: usd(1000),
        refunded_amount: usd(0),
        status: 'SUCCEEDED',
        status_message: null,
        total_amount: usd(1000),
        total_amount_default_currency: usd(1000),
        total_fee_amount: usd(0),
        transaction_type: 'PAYMENT',
        updated_at: at,
      });
      expect(txn.processed_at!.toISOString()).toBe('2026-05-01T00:00:00.000Z');
    });

    it.each([['txn_01hzzzzzzzzzzzzzzzzzzzzzzz'], ['txn_nope'], ['inv_01hzzzzzzzzzzzzzzzzzzzzzzz'], ['x']])(
      'answers 404 for %s',
      async (id) => {
        expectError(await a.get(`/payments/transactions/${id}`), 404, 'request_error', 'not_found');
      },
    );

    it("company B cannot read A's transactions", async () => {
      const inv = await pendingInvoice(a, cust.id, 100);
      await a.post(`/invoices/${inv.uuid}/mark_paid`, { amount: usd(100), provider_type: 'CASH' }).expect(200);
      const [txn] = await transactionsOf(a, inv.id);
      await a.get(`/payments/transactions/${txn.id}`).expect(200);
      expectError(await b.get(`/payments/transactions/${txn.id}`), 404, 'request_error', 'not_found');
      const res = await request(t.http).get(`${a.base}/payments/transactions/${txn.id}`).set('Authorization', `Bearer ${b.token}`);
      expectError(res, 403, 'auth_error');
    });
  });
});
