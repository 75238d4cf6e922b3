import request from 'supertest';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { createCustomer, monthlySeatPricing, ok, usd } from '../support/fixtures';
import { Probe, probeProblems, Row } from '../support/find-probes';
import { AutoChargeService } from '../../src/payments/auto-charge.service';
import { MailWorker } from '../../src/notifications/mail-worker.service';

const T0 = new Date('2031-07-01T00:00:00.000Z');

/**
 * Every filter the OpenAPI document lists for notifications/find and campaigns/find narrows a
 * result as its description says (the rules of the probes are those of
 * compat-find-filters.e2e-spec.ts). The service has no mail transport here, so the messages the
 * worker takes become FAILED and the later ones stay QUEUED.
 */
describe('compat: each documented find filter narrows (notifications, campaigns)', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let doc: Row;
  let probes: Record<string, Probe>;
  let campaignProbes: Record<string, Probe>;
  let contract: Row;

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
    // a contract awaiting a signature: a SIGNATURE_REQUEST, and a campaign of reminders
    const product = await ok(await a.post('/products', { name: 'Contracted' }));
    const seats = await monthlySeatPricing(a, product.id, 'Seats', 5800);
    const draft = await ok(
      await a.post('/contracts', {
        customer_id: paying.id,
        title: 'Order form 9',
        status: 'DRAFT',
        product_pricing_ids: [seats.id],
        config_items: [{ product_metric_pricing_id: seats.product_metric_pricings[0].id, num_licenses: 2 }],
        start_date: '2031-08-01T00:00:00.000Z',
        signatories: [{ email: 'ceo@paying.test', name: 'Ada' }],
      }),
    );
    contract = await ok(await a.patch(`/contracts/${draft.id}`, { status: 'PENDING_SIGNATURES' }));
    // the declined charge started the invoice's dunning campaign: stopped, it is the one STOPPED
    const [dunning] = (await ok(await a.post('/campaigns/find', { query: { type: 'DUNNING' } }))).results;
    await ok(await a.post(`/campaigns/${dunning.id}/stop`, {}));
    campaignProbes = {
      contract_id: { value: contract.id, keeps: (r) => r.contract_id === contract.id },
      customer_id: { value: declined.id, keeps: (r) => r.customer_id === declined.id },
      invoice_id: { value: unpaid.id, keeps: (r) => r.invoice_id === unpaid.id },
      status: { value: 'STOPPED', keeps: (r) => r.status === 'STOPPED' },
      type: { value: 'SIGNATURE_REMINDER', keeps: (r) => r.type === 'SIGNATURE_REMINDER' },
    };
    probes = {
      contract_id: { value: contract.id, keeps: (r) => r.contract_id === contract.id },
      customer_id: { value: 'ntf-declined', keeps: (r) => r.customer_id === declined.id },
      invoice_id: { value: paid.uuid, keeps: (r) => r.invoice_id === paid.id },
      notification_type: { value: 'PAYMENT_FAILED', keeps: (r) => r.notification_type === 'PAYMENT_FAILED' },
      status: { value: 'QUEUED', keeps: (r) => ['REFUND_RECEIPT', 'INVOICE_SENT', 'SIGNATURE_REQUEST'].includes(r.notification_type) },
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
      'SIGNATURE_REQUEST QUEUED',
    ]);
    expect(await probeProblems(doc, a, b, 'notifications', probes)).toEqual([]);
  });

  it('campaigns/find: a probe for every documented filter, each keeping exactly the rows it describes', async () => {
    const all = (await ok(await a.post('/campaigns/find', {}))).results.map((r: Row) => `${r.type} ${r.status}`);
    expect(all.sort()).toEqual(['DUNNING STOPPED', 'SIGNATURE_REMINDER ACTIVE']);
    expect(await probeProblems(doc, a, b, 'campaigns', campaignProbes)).toEqual([]);
  });
});
