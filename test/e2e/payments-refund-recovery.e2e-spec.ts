/**
 * A refund interrupted after its reservation (the request died between the commit of the
 * PENDING refund and its settlement) is recovered by the billing run's post-run step once its
 * lease (15 minutes) has passed: sent again with the same idempotency key and settled — once.
 */
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { AutoChargeService } from '../../src/payments/auto-charge.service';
import { BillingRunService } from '../../src/invoicing/billing-engine/billing-run.service';
import { PaymentTransactionsService } from '../../src/payments/payment-transactions.service';
import { SandboxProcessor } from '../../src/payments/processor/sandbox-processor';
import { ok, usd } from '../support/fixtures';

const T0 = new Date('2034-05-10T12:00:00.000Z');
const MINUTE = 60_000;

describe('recovery of interrupted refunds', () => {
  let t: TestApp;
  let clock: FixedClock;
  let a: Tenant;
  let n = 0;

  beforeAll(async () => {
    clock = new FixedClock(T0);
    t = await createTestApp({ clock });
    a = await t.tenant('Refund recovery');
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  /** A SUCCEEDED sandbox payment of `cents` (a one-time invoice charged to a visa card). */
  const paidPayment = async (cents: number) => {
    const c = await ok(
      await a.post('/customers', { name: `Payer ${++n}`, identifier: `rr-${n}-${Math.random().toString(36).slice(2, 8)}` }),
      201,
    );
    await ok(await a.post(`/customers/${c.id}/payment_methods`, { token: 'tok_visa' }), 200);
    const created = await ok(
      await a.post('/one_times', {
        customer_id: c.id,
        type: 'IMMEDIATE',
        auto_charges: true,
        onetime_items: [{ custom_price: { amount: usd(cents), description: 'Work' } }],
      }),
      201,
    );
    await t.app.get(AutoChargeService).settle();
    const page = await ok(
      await a.post('/payments/transactions/find', {
        pagination: { limit: 100 },
        query: { invoice_uuid: created[0].invoice_uuid, transaction_type: 'PAYMENT' },
      }),
      200,
    );
    expect(page.results).toHaveLength(1);
    expect(page.results[0].status).toBe('SUCCEEDED');
    return page.results[0];
  };

  const rowsOf = async (paymentId: string) => {
    const payment = (
      await t.dataSource.query(
        'SELECT status, refunded_cents::int AS refunded FROM payment_transactions WHERE company_id = $1 AND id = $2',
        [a.companyId, paymentId],
      )
    )[0];
    const refunds: { id: string; status: string; total: number; provider_transaction_id: string | null }[] = await t.dataSource.query(
      `SELECT id, status, total_amount_cents::int AS total, provider_transaction_id FROM payment_transactions
       WHERE company_id = $1 AND parent_transaction_id = $2 AND transaction_type = 'REFUND' ORDER BY created_at, id`,
      [a.companyId, paymentId],
    );
    return { payment, refunds };
  };
  const sandboxRefundsOf = async (refundId: string) =>
    t.dataSource.query(`SELECT result FROM sandbox_operations WHERE company_id = $1 AND idempotency_key = $2 AND operation = 'refund'`, [
      a.companyId,
      refundId,
    ]);

  const runAt = (when: Date) => {
    clock.set(when);
    return t.app.get(BillingRunService).run(when, { companyIds: [a.companyId] });
  };

  it('settles a refund whose request died before the processor was called, after the lease, once', async () => {
    clock.set(T0);
    const payment = await paidPayment(1000);
    // the process dies right after the reservation committed: the processor is never reached
    jest.spyOn(t.app.get(SandboxProcessor), 'refund').mockRejectedValueOnce(new Error('process killed'));
    const res = await a.post(`/payments/transactions/${payment.id}/refund`, { amount: usd(400) });
    expect(res.status).toBe(500);

    let state = await rowsOf(payment.id);
    expect(state.refunds).toEqual([{ id: expect.stringMatching(/^txn_/), status: 'PENDING', total: 400, provider_transaction_id: null }]);
    expect(state.payment).toEqual({ status: 'SUCCEEDED', refunded: 400 });
    const refundId = state.refunds[0].id;
    expect(await sandboxRefundsOf(refundId)).toHaveLength(0);

    // within the lease: left alone (its request could still be running)
    await runAt(new Date(T0.getTime() + 10 * MINUTE));
    expect((await rowsOf(payment.id)).refunds[0].status).toBe('PENDING');

    // past the lease: sent again under the refund's id and settled
    const recovered = await t.app
      .get(PaymentTransactionsService)
      .recoverPendingRefunds(new Date(T0.getTime() + 16 * MINUTE), { companyIds: [a.companyId] });
    expect(recovered).toEqual({ refunds_recovered: 1, refunds_released: 0, refund_recovery_errors: 0 });
    state = await rowsOf(payment.id);
    expect(state.payment).toEqual({ status: 'PARTIALLY_REFUNDED', refunded: 400 });
    expect(state.refunds).toEqual([
      { id: refundId, status: 'SUCCEEDED', total: 400, provider_transaction_id: expect.stringMatching(/^sbxre_/) },
    ]);
    expect(await sandboxRefundsOf(refundId)).toHaveLength(1);

    // again: nothing left to do, nothing changes
    const summary = await runAt(new Date(T0.getTime() + 30 * MINUTE));
    expect(summary.errors).toBe(0);
    expect(await rowsOf(payment.id)).toEqual(state);
    expect(await sandboxRefundsOf(refundId)).toHaveLength(1);
    const view = await ok(await a.get(`/payments/transactions/${payment.id}`), 200);
    expect(view).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundable_amount: usd(600) });
  });

  it('re-sends a refund the processor made before the request died: the same refund, settled once by the billing run', async () => {
    clock.set(T0);
    const payment = await paidPayment(700);
    const sandbox = t.app.get(SandboxProcessor);
    const real = sandbox.refund.bind(sandbox);
    // the processor refunds, then the process dies before the settlement commits
    jest.spyOn(sandbox, 'refund').mockImplementationOnce(async (req) => {
      await real(req);
      throw new Error('process killed after the processor answered');
    });
    expect((await a.post(`/payments/transactions/${payment.id}/refund`, {})).status).toBe(500);
    const before = await rowsOf(payment.id);
    expect(before.refunds.map((r) => r.status)).toEqual(['PENDING']);
    const refundId = before.refunds[0].id;
    const [first] = await sandboxRefundsOf(refundId);
    expect(first.result.status).toBe('SUCCEEDED');

    const summary = await runAt(new Date(T0.getTime() + 20 * MINUTE));
    expect(summary.errors).toBe(0);
    const after = await rowsOf(payment.id);
    expect(after.payment).toEqual({ status: 'REFUNDED', refunded: 700 });
    // settled with the processor's first answer: the money moved once
    expect(after.refunds).toEqual([
      { id: refundId, status: 'SUCCEEDED', total: 700, provider_transaction_id: first.result.provider_transaction_id },
    ]);
    expect(await sandboxRefundsOf(refundId)).toHaveLength(1);

    // a refund request now finds nothing left to refund
    const again = await a.post(`/payments/transactions/${payment.id}/refund`, {});
    expect(again.status).toBe(400);
    expect(again.body.error_code).toBe('not_refundable');
  });

  it('leaves a refund PENDING while the processor keeps failing, and counts the error', async () => {
    clock.set(T0);
    const payment = await paidPayment(300);
    const sandbox = t.app.get(SandboxProcessor);
    jest.spyOn(sandbox, 'refund').mockRejectedValue(new Error('processor unreachable'));
    expect((await a.post(`/payments/transactions/${payment.id}/refund`, {})).status).toBe(500);
    const result = await t.app
      .get(PaymentTransactionsService)
      .recoverPendingRefunds(new Date(T0.getTime() + 20 * MINUTE), { companyIds: [a.companyId] });
    expect(result).toEqual({ refunds_recovered: 0, refunds_released: 0, refund_recovery_errors: 1 });
    const state = await rowsOf(payment.id);
    expect(state.refunds.map((r) => r.status)).toEqual(['PENDING']);
    expect(state.payment).toEqual({ status: 'SUCCEEDED', refunded: 300 });
    jest.restoreAllMocks();
    // the processor is back: the next pass settles it
    const later = await t.app
      .get(PaymentTransactionsService)
      .recoverPendingRefunds(new Date(T0.getTime() + 40 * MINUTE), { companyIds: [a.companyId] });
    expect(later).toEqual({ refunds_recovered: 1, refunds_released: 0, refund_recovery_errors: 0 });
    expect((await rowsOf(payment.id)).payment).toEqual({ status: 'REFUNDED', refunded: 300 });
  });
});
