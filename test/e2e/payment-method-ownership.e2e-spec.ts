/**
 * Issue 10, item 3: a subscription's payment_method_id is a card of its own customer. Create,
 * PATCH and change refuse an unknown id, another customer's card and another company's card
 * (404 not_found naming payment_method_id) and change nothing; the card that is charged by the
 * billing run is the customer's own.
 */
import request from 'supertest';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { BillingRunService } from '../../src/invoicing/billing-engine/billing-run.service';
import { SubscriptionsHooks } from '../../src/subscriptions/subscriptions.hooks';
import { ok, usd } from '../support/fixtures';

const T0 = '2034-01-01T00:00:00.000Z';

describe('payment methods belong to their customer (subscriptions)', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date(T0));
  let a: Tenant;
  let b: Tenant;
  let pricing: any;
  let n = 0;

  const customer = async (tenant: Tenant = a) =>
    ok(await tenant.post('/customers', { name: `Owner ${++n}`, identifier: `owner-${n}-${Math.random().toString(36).slice(2, 8)}` }), 201);
  const card = async (customerId: string, token = 'tok_visa', tenant: Tenant = a) =>
    ok(await tenant.post(`/customers/${customerId}/payment_methods`, { token }));
  const plan = () => ({
    product_pricing_ids: [pricing.id],
    config_items: [{ product_metric_pricing_id: pricing.product_metric_pricings[0].id, num_licenses: 2 }],
  });
  const subscribe = async (customerId: string, over: Record<string, unknown> = {}) =>
    ok(await a.post('/subscriptions', { customer_id: customerId, ...plan(), start_date: T0, auto_charges: true, ...over }));
  const subsOf = async (customerId: string) =>
    (await ok(await a.post('/subscriptions/find', { query: { customer_id: customerId }, include_meta: true }))).pagination.total as number;
  const stored = async (subId: string) =>
    (await t.dataSource.query('SELECT payment_method_id FROM subscriptions WHERE company_id = $1 AND id = $2', [a.companyId, subId]))[0]
      .payment_method_id;
  const chargesOn = async (pmId: string, tenant: Tenant = a): Promise<{ status: string; amount: number }[]> =>
    (
      await t.dataSource.query(
        `SELECT status, total_amount_cents::int AS amount FROM payment_transactions WHERE company_id = $1 AND payment_method_id = $2 ORDER BY created_at`,
        [tenant.companyId, pmId],
      )
    ).map((r: { status: string; amount: number }) => ({ status: r.status, amount: Number(r.amount) }));
  const refused = (res: request.Response) => {
    const e = expectError(res, 404, 'request_error', 'not_found');
    expect(e.validation_errors).toEqual({ payment_method_id: 'payment method of this customer not found' });
  };

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('Cards A');
    b = await t.tenant('Cards B');
    const product = await ok(await a.post('/products', { name: 'Cards product' }));
    pricing = await ok(
      await a.post('/pricing', {
        product_id: product.id,
        name: 'Seats',
        currency: 'USD',
        pricing_type: 'FIXED',
        fixed_price: { price_per_unit: 2500 },
        billing_frequency: { count: 1, frequency: 'MONTH' },
      }),
    );
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(new Date(T0)));

  it('create: another customer’s card, an unknown id and another company’s card are 404 and no subscription is created', async () => {
    const victim = await customer();
    const victimCard = await card(victim.id);
    const buyer = await customer();
    await card(buyer.id);
    const foreign = await customer(b);
    const foreignCard = await card(foreign.id, 'tok_visa', b);

    refused(await a.post('/subscriptions', { customer_id: buyer.id, ...plan(), payment_method_id: victimCard.id }));
    refused(await a.post('/subscriptions', { customer_id: buyer.id, ...plan(), payment_method_id: 'pm_01jzzzzzzzzzzzzzzzzzzzzzzz' }));
    refused(await a.post('/subscriptions', { customer_id: buyer.id, ...plan(), payment_method_id: 'not-a-card' }));
    refused(await a.post('/subscriptions', { customer_id: buyer.id, ...plan(), payment_method_id: foreignCard.id }));
    expect(await subsOf(buyer.id)).toBe(0);

    // the customer's own card is accepted and stored
    const own = await card(buyer.id, 'tok_chargeDeclined');
    const sub = await subscribe(buyer.id, { payment_method_id: own.id });
    expect(sub.payment_method_id).toBe(own.id);
    expect(await stored(sub.id)).toBe(own.id);
    expect(await subsOf(buyer.id)).toBe(1);
  });

  it('PATCH: another customer’s card and an unknown id are 404; the stored card stays; the run charges the customer’s own card only', async () => {
    const victim = await customer();
    const victimCard = await card(victim.id);
    const buyer = await customer();
    const buyerCard = await card(buyer.id);
    const sub = await subscribe(buyer.id, { start_date: '2034-01-15T00:00:00.000Z' });
    expect(sub.payment_method_id).toBeNull();

    refused(await a.patch(`/subscriptions/${sub.id}`, { payment_method_id: victimCard.id }));
    refused(await a.patch(`/subscriptions/${sub.id}`, { payment_method_id: 'pm_01jzzzzzzzzzzzzzzzzzzzzzzz', metadata: { x: 1 } }));
    const after = await ok(await a.get(`/subscriptions/${sub.id}`));
    expect(after.payment_method_id).toBeNull();
    expect(after.metadata).toEqual({}); // nothing of a refused PATCH is applied
    expect(await stored(sub.id)).toBeNull();

    // the own card is accepted; null goes back to the default
    expect((await ok(await a.patch(`/subscriptions/${sub.id}`, { payment_method_id: buyerCard.id }))).payment_method_id).toBe(buyerCard.id);
    expect((await ok(await a.patch(`/subscriptions/${sub.id}`, { payment_method_id: null }))).payment_method_id).toBeNull();
    expect((await ok(await a.patch(`/subscriptions/${sub.id}`, { payment_method_id: buyerCard.id }))).payment_method_id).toBe(buyerCard.id);

    // the billing run charges the buyer's card, never the victim's
    clock.set(new Date('2034-01-15T00:00:00.000Z'));
    await t.app.get(BillingRunService).run(new Date('2034-01-15T00:00:00.000Z'), { companyIds: [a.companyId] });
    expect(await chargesOn(buyerCard.id)).toEqual([{ status: 'SUCCEEDED', amount: 5000 }]);
    expect(await chargesOn(victimCard.id)).toEqual([]);
    const [inv] = (await ok(await a.post('/invoices/find', { query: { customer_id: buyer.id } }))).results;
    expect(inv).toMatchObject({ status: 'PAID', paid: usd(5000) });
  });

  it('change: another customer’s card is 404 and the plan change is not applied; the own card is', async () => {
    const victim = await customer();
    const victimCard = await card(victim.id);
    const buyer = await customer();
    const buyerCard = await card(buyer.id);
    const sub = await subscribe(buyer.id);
    const changeBody = {
      ...plan(),
      config_items: [{ product_metric_pricing_id: pricing.product_metric_pricings[0].id, num_licenses: 5 }],
      timing: 'IMMEDIATE',
    };

    refused(await a.post(`/subscriptions/${sub.id}/change`, { ...changeBody, payment_method_id: victimCard.id }));
    refused(await a.post(`/subscriptions/${sub.id}/change`, { ...changeBody, payment_method_id: 'pm_01jzzzzzzzzzzzzzzzzzzzzzzz' }));
    const unchanged = await ok(await a.get(`/subscriptions/${sub.id}`));
    expect(unchanged.payment_method_id).toBeNull();
    expect(unchanged.config_items.map((c: any) => c.num_licenses)).toEqual([2]);
    const events: { n: string }[] = await t.dataSource.query(
      'SELECT count(*)::text AS n FROM subscription_events WHERE company_id = $1 AND subscription_id = $2',
      [a.companyId, sub.id],
    );
    expect(Number(events[0].n)).toBe(1); // CREATED only

    const changed = await ok(await a.post(`/subscriptions/${sub.id}/change`, { ...changeBody, payment_method_id: buyerCard.id }));
    expect(changed.payment_method_id).toBe(buyerCard.id);
    expect(changed.config_items.map((c: any) => c.num_licenses)).toEqual([5]);
  });

  it('a card of another company is 404 on PATCH too (the id exists, but not in this company)', async () => {
    const buyer = await customer();
    const sub = await subscribe(buyer.id);
    const foreign = await customer(b);
    const foreignCard = await card(foreign.id, 'tok_visa', b);
    refused(await a.patch(`/subscriptions/${sub.id}`, { payment_method_id: foreignCard.id }));
    expect(await stored(sub.id)).toBeNull();
  });

  it('the hook is registered by the payments module; without a source the application refuses to start', () => {
    expect(() => t.app.get(SubscriptionsHooks).onApplicationBootstrap()).not.toThrow();
    expect(() => new SubscriptionsHooks().onApplicationBootstrap()).toThrow(
      /hooks not provided: payment-method ownership \(PaymentsModule\)/,
    );
  });
});
