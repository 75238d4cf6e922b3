import request from 'supertest';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { createCustomer, ok, usd } from '../support/fixtures';
import { Probe, probeProblems, Row } from '../support/find-probes';
import { AutoChargeService } from '../../src/payments/auto-charge.service';
import { MailWorker } from '../../src/notifications/mail-worker.service';
import { useWholeDatabase } from '../support/whole-database';

// the mail worker sends every company's queued mail: alone on the database
useWholeDatabase();

const T0 = new Date('2031-07-01T00:00:00.000Z');

/**
 * Every filter the OpenAPI document lists for notifications/find narrows a result as its
 * description says (the rules of the probes are those of compat-find-filters.e2e-spec.ts). The
 * service has no mail transport here, so the messages the worker takes become FAILED and the later
 * ones stay QUEUED.
 */
describe('compat: each documented find filter narrows (notifications)', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let doc: Row;
  let probes: Record<string, Probe>;

  beforeAll(async () => {
    t = await createTestApp({ clock: new FixedClock(T0) });
    a = await t.tenant('A');
    b = await t.tenant('B');
    doc = (await request(t.http).get('/api/docs-json').expect(200)).body;
    const invoice = async (customerId: string, cents: number) => {
      const made = await ok(
        await a.post('/one_times', {
          customer_id: customerId,
          type: 'IMMEDIATE',
          auto_charges: true,
          onetime_items: [{ custom_price: { amount: usd(cents), description: 'Work' } }],
        }),
        201,
      );
      await t.app.get(AutoChargeService).settle();
      return ok(await a.get(`/invoices/${made[0].invoice_uuid}`));
    };

    const paying = await createCustomer(a, { identifier: 'ntf-paying' });
    const declined = await createCustomer(a, { identifier: 'ntf-declined' });
    await ok(await a.post(`/customers/${paying.id}/payment_methods`, { token: 'tok_visa' }));
    await ok(await a.post(`/customers/${declined.id}/payment_methods`, { token: 'tok_chargeDeclined' }));
    const paid = await invoice(paying.id, 1200); // INVOICE_FINALIZED, PAYMENT_RECEIPT
    const unpaid = await invoice(declined.id, 2000); // INVOICE_FINALIZED, PAYMENT_FAILED
    await t.app.get(MailWorker).runDue();

    const [payment] = (await ok(await a.post('/payments/transactions/find', { query: { invoice_uuid: paid.uuid } }))).results;
    await ok(await a.post(`/payments/transactions/${payment.id}/refund`, { amount: usd(400), reason: 'requested_by_customer' }));
    await ok(await a.post(`/invoices/${unpaid.uuid}/send`, {}));
    probes = {
      // no contract e-mail is sent yet
      contract_id: { value: 'con_00000000000000000000000000', keeps: () => false, matchesNothing: true },
      customer_id: { value: 'ntf-declined', keeps: (r) => r.customer_id === declined.id },
      invoice_id: { value: paid.uuid, keeps: (r) => r.invoice_id === paid.id },
      notification_type: { value: 'PAYMENT_FAILED', keeps: (r) => r.notification_type === 'PAYMENT_FAILED' },
      status: { value: 'QUEUED', keeps: (r) => ['REFUND_RECEIPT', 'INVOICE_SENT'].includes(r.notification_type) },
    };
  });
  afterAll(() => t.close());

  it('notifications/find: a probe for every documented filter, each keeping exactly the rows it describes', async () => {
    const all = (await ok(await a.post('/notifications/find', {}))).results.map((r: Row) => `${r.notification_type} ${r.status}`);
    expect(all.sort()).toEqual([
      'INVOICE_FINALIZED FAILED',
      'INVOICE_FINALIZED FAILED',
      'INVOICE_SENT QUEUED',
      'PAYMENT_FAILED FAILED',
      'PAYMENT_RECEIPT FAILED',
      'REFUND_RECEIPT QUEUED',
    ]);
    expect(await probeProblems(doc, a, b, 'notifications', probes)).toEqual([]);
  });
});
