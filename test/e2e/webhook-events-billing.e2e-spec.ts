/**
 * Webhook events of subscriptions, invoices and payments: each fires once, in the transaction of
 * its change, carrying the resource exactly as its GET answers right after; a refused request
 * records none. Billing runs are scoped to this file's companies, at dates in 2035.
 */
import { BillingRunService } from '../../src/invoicing/billing-engine/billing-run.service';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { createCustomer, createProduct, ok, usd, webhookEvents } from '../support/fixtures';

const iso = (d: string) => (d.length === 10 ? `${d}T00:00:00.000Z` : new Date(d).toISOString());

describe('webhook events: subscriptions, invoices, payments', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let clock: FixedClock;
  let product: { id: string };
  let n = 0;

  beforeAll(async () => {
    clock = new FixedClock(new Date(iso('2035-01-01')));
    t = await createTestApp({ clock });
    a = await t.tenant('Events A');
    b = await t.tenant('Events B');
    product = await createProduct(a, { name: 'Events' });
  });
  afterAll(() => t.close());

  const run = (when: string) => {
    clock.set(new Date(iso(when)));
    return t.app.get(BillingRunService).run(new Date(iso(when)), { companyIds: [a.companyId] });
  };
  const pricing = async (cents = 2500) =>
    ok(
      await a.post('/pricing', {
        product_id: product.id,
        currency: 'USD',
        name: `Seats ${++n}`,
        billing_frequency: { count: 1, frequency: 'MONTH' },
        pricing_type: 'FIXED',
        fixed_price: { price_per_unit: cents },
      }),
    );
  const subscribe = async (start: string, extra: Record<string, unknown> = {}, token?: string) => {
    clock.set(new Date(iso(start)));
    const p = await pricing();
    const c = await createCustomer(a);
    if (token) await ok(await a.post(`/customers/${c.id}/payment_methods`, { token }));
    const sub = await ok(
      await a.post('/subscriptions', {
        customer_id: c.id,
        product_pricing_ids: [p.id],
        config_items: [{ product_metric_pricing_id: p.product_metric_pricings[0].id, num_licenses: 2 }],
        start_date: iso(start),
        ...extra,
      }),
    );
    return { sub, customer: c, pricing: p };
  };
  const types = async (resourceId: string, tenant: Tenant = a) => (await webhookEvents(tenant, resourceId)).map((e) => e.type);
  const one = async (resourceId: string, type: string) => {
    const list = (await webhookEvents(a, resourceId)).filter((e) => e.type === type);
    expect(list).toHaveLength(1);
    return list[0];
  };
  const invoiceOf = async (subId: string) => {
    const [row]: { uuid: string }[] = await t.dataSource.query(
      'SELECT uuid FROM invoices WHERE company_id = $1 AND subscription_id = $2 ORDER BY invoice_date LIMIT 1',
      [a.companyId, subId],
    );
    return ok(await a.get(`/invoices/${row.uuid}`));
  };
  const oneTimeInvoice = async (customerId: string, cents: number) => {
    const res = await ok(
      await a.post('/one_times', {
        customer_id: customerId,
        type: 'IMMEDIATE',
        onetime_items: [{ custom_price: { amount: usd(cents), description: 'Work' } }],
      }),
      201,
    );
    return ok(await a.get(`/invoices/${res[0].invoice_uuid}`));
  };

  it('subscription.created, .updated, .changed, .cancelled: once each, the object as GET answers it', async () => {
    const { sub, pricing: p } = await subscribe('2035-01-01');
    const created = await one(sub.id, 'subscription.created');
    expect(created.data.object).toEqual(await ok(await a.get(`/subscriptions/${sub.id}`)));

    await ok(await a.patch(`/subscriptions/${sub.id}`, { metadata: { team: 'blue' } }));
    const updated = await one(sub.id, 'subscription.updated');
    expect(updated.data.object).toEqual(await ok(await a.get(`/subscriptions/${sub.id}`)));
    expect(updated.data.object.metadata).toEqual({ team: 'blue' });

    await ok(
      await a.post(`/subscriptions/${sub.id}/change`, {
        config_items: [{ product_metric_pricing_id: p.product_metric_pricings[0].id, num_licenses: 5 }],
      }),
    );
    const changed = await one(sub.id, 'subscription.changed');
    expect(changed.data.object).toEqual(await ok(await a.get(`/subscriptions/${sub.id}`)));

    await ok(await a.post(`/subscriptions/${sub.id}/cancel`, { timing: 'PERIOD_END' }));
    const cancelled = await one(sub.id, 'subscription.cancelled');
    expect(cancelled.data.object).toEqual(await ok(await a.get(`/subscriptions/${sub.id}`)));
    expect(cancelled.data.object.cancel_date).not.toBeNull();

    // refused requests record nothing
    const before = (await webhookEvents(a)).length;
    await a.post(`/subscriptions/${sub.id}/cancel`, { timing: 'SOMETIME' }).expect(400);
    await a
      .patch(`/subscriptions/${sub.id}`, { payment_method_id: 'pm_01jz3k4m5n6p7q8r9s0t1v2w3x' })
      .expect((r) => expect(r.status).toBeGreaterThanOrEqual(400));
    expect(await webhookEvents(a)).toHaveLength(before);
    expect(await types(sub.id, b)).toEqual([]);
  });

  it('subscription.renewed when a billing run starts a period after the first (not for the first)', async () => {
    const { sub } = await subscribe('2035-02-01');
    await run('2035-02-01T01:00:00Z');
    expect(await types(sub.id)).not.toContain('subscription.renewed');
    await run('2035-03-01T01:00:00Z');
    const renewed = await one(sub.id, 'subscription.renewed');
    expect(renewed.data.object).toEqual(await ok(await a.get(`/subscriptions/${sub.id}`)));
    await run('2035-03-01T02:00:00Z'); // nothing new to bill: no event
    expect((await types(sub.id)).filter((x) => x === 'subscription.renewed')).toHaveLength(1);
  });

  it('a billing run: invoice.created and invoice.finalized per invoice, objects as GET answers them', async () => {
    const { sub } = await subscribe('2035-04-01');
    await run('2035-04-01T01:00:00Z');
    const inv = await invoiceOf(sub.id);
    expect(await types(inv.id)).toEqual(['invoice.created', 'invoice.finalized']);
    for (const e of await webhookEvents(a, inv.id)) expect(e.data.object).toEqual(inv);
    expect(inv.number).not.toBeNull();
  });

  it('invoice.paid and payment.succeeded on mark_paid; payment.refunded on refund; invoice.voided on void; refusals record nothing', async () => {
    clock.set(new Date(iso('2035-05-01')));
    const c = await createCustomer(a);
    const inv = await oneTimeInvoice(c.id, 1000);
    expect(await types(inv.id)).toEqual(['invoice.created', 'invoice.finalized']);

    await ok(await a.post(`/invoices/${inv.uuid}/mark_paid`, { amount: usd(400), provider_type: 'WIRE' }));
    expect(await types(inv.id)).toEqual(['invoice.created', 'invoice.finalized']); // partly paid: not paid yet
    await ok(await a.post(`/invoices/${inv.uuid}/mark_paid`, { amount: usd(600), provider_type: 'WIRE' }));
    const paid = await one(inv.id, 'invoice.paid');
    expect(paid.data.object).toEqual(await ok(await a.get(`/invoices/${inv.uuid}`)));
    expect(paid.data.object.status).toBe('PAID');

    const txns = (
      await ok(
        await a.post('/payments/transactions/find', {
          pagination: { limit: 100 },
          query: { invoice_uuid: inv.uuid },
          sort_key: 'createdAtAsc',
        }),
      )
    ).results;
    expect(txns).toHaveLength(2);
    for (const txn of txns) {
      const e = await one(txn.id, 'payment.succeeded');
      expect(e.data.object).toEqual(await ok(await a.get(`/payments/transactions/${txn.id}`)));
    }

    const before = (await webhookEvents(a)).length;
    await a.post(`/invoices/${inv.uuid}/void`).expect(409); // money paid on it
    await a.post(`/invoices/${inv.uuid}/mark_paid`, { amount: usd(1), provider_type: 'WIRE' }).expect(409);
    expect(await webhookEvents(a)).toHaveLength(before);

    await ok(await a.post(`/payments/transactions/${txns[0].id}/refund`, { amount: usd(100) }));
    const refunded = await one(txns[0].id, 'payment.refunded');
    expect(refunded.data.object).toEqual(await ok(await a.get(`/payments/transactions/${txns[0].id}`)));
    expect(refunded.data.object.status).toBe('PARTIALLY_REFUNDED');

    const other = await oneTimeInvoice(c.id, 700);
    await ok(await a.post(`/invoices/${other.uuid}/void`));
    const voided = await one(other.id, 'invoice.voided');
    expect(voided.data.object).toEqual(await ok(await a.get(`/invoices/${other.uuid}`)));
    expect(voided.data.object.status).toBe('VOID');
    expect(await types(other.id, b)).toEqual([]);
  });

  it('a declined auto-charge: payment.failed and invoice.payment_failed', async () => {
    const { sub } = await subscribe('2035-06-01', { auto_charges: true }, 'tok_chargeDeclined');
    await run('2035-06-01T01:00:00Z');
    const inv = await invoiceOf(sub.id);
    expect(inv.status).toBe('PENDING');
    const failedCharge = await one(inv.id, 'invoice.payment_failed');
    expect(failedCharge.data.object).toEqual(inv);
    const [txn] = (
      await ok(
        await a.post('/payments/transactions/find', {
          pagination: { limit: 100 },
          query: { invoice_uuid: inv.uuid },
          sort_key: 'createdAtAsc',
        }),
      )
    ).results;
    const failed = await one(txn.id, 'payment.failed');
    expect(failed.data.object).toEqual(await ok(await a.get(`/payments/transactions/${txn.id}`)));
    expect(failed.data.object.status).toBe('FAILED');
  });
});
