/**
 * Webhook events of credits, contracts and checkout: each fires once, in the transaction of its
 * change, carrying the resource exactly as its GET answers right after; a refused request (a
 * declined checkout payment) records none.
 */
import request from 'supertest';
import { CreditsExpirer } from '../../src/credits/credits-expirer.service';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import {
  createCustomer,
  createPricing,
  createProduct,
  monthlySeatPricing,
  ok,
  seatPricing5800,
  usd,
  webhookEvents,
} from '../support/fixtures';

const NOW = '2036-03-01T12:00:00.000Z';
const MINUTE = 60_000;

describe('webhook events: credits, contracts, checkout', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const clock = new FixedClock(new Date(NOW));
  let product: any;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('Deals A');
    b = await t.tenant('Deals B');
    product = await createProduct(a, { name: 'Deals' });
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(new Date(NOW)));

  const one = async (resourceId: string, type: string) => {
    const list = (await webhookEvents(a, resourceId)).filter((e) => e.type === type);
    expect(list).toHaveLength(1);
    return list[0];
  };
  const types = async (resourceId: string, tenant: Tenant = a) => (await webhookEvents(tenant, resourceId)).map((e) => e.type);

  it('credit.granted on POST /credits; credit.expired when the expirer ends it', async () => {
    const c = await createCustomer(a);
    const credit = await ok(
      await a.post('/credits', {
        customer_id: c.id,
        name: 'Short lived',
        type: 'AMOUNT',
        amount: usd(400),
        expiration_date: new Date(Date.parse(NOW) + MINUTE).toISOString(),
      }),
      201,
    );
    const granted = await one(credit.id, 'credit.granted');
    expect(granted.data.object).toEqual(await ok(await a.get(`/credits/${credit.id}`)));
    expect(await types(credit.id, b)).toEqual([]);

    clock.set(new Date(Date.parse(NOW) + 2 * MINUTE));
    expect(await t.app.get(CreditsExpirer).expireDue(clock.now(), a.companyId)).toBe(1);
    const expired = await one(credit.id, 'credit.expired');
    expect(expired.data.object).toEqual(await ok(await a.get(`/credits/${credit.id}`)));
    expect(expired.data.object.state).toBe('EXPIRED');
    expect(await t.app.get(CreditsExpirer).expireDue(clock.now(), a.companyId)).toBe(0);
    expect(await types(credit.id)).toEqual(['credit.granted', 'credit.expired']);

    // refused: a credit for an unknown customer records nothing
    const before = (await webhookEvents(a)).length;
    await a.post('/credits', { customer_id: 'cus_01jz3k4m5n6p7q8r9s0t1v2w3x', name: 'X', type: 'AMOUNT', amount: usd(1) }).expect(404);
    expect(await webhookEvents(a)).toHaveLength(before);
  });

  it('contract.signed on each signature, contract.executed when the last one executes it (with subscription.created)', async () => {
    const pricing = await monthlySeatPricing(a, product.id, `Seats ${++n}`, 5800);
    const customer = await createCustomer(a);
    const contract = await ok(
      await a.post('/contracts', {
        customer_id: customer.id,
        title: 'Order form',
        status: 'PENDING_SIGNATURES',
        product_pricing_ids: [pricing.id],
        config_items: [{ product_metric_pricing_id: pricing.product_metric_pricings[0].id, num_licenses: 2 }],
        start_date: '2036-04-01T00:00:00.000Z',
        signatories: [
          { email: 'ceo@buyer.test', name: 'Ada' },
          { email: 'cfo@buyer.test', name: 'Bob' },
        ],
      }),
    );
    expect(await types(contract.id)).toEqual(['contract.created']);

    await ok(
      await a.patch(`/contracts/${contract.id}`, { signatories: [{ email: 'ceo@buyer.test', signed: true }, { email: 'cfo@buyer.test' }] }),
    );
    const signed = await one(contract.id, 'contract.signed');
    expect(signed.data.object).toEqual(await ok(await a.get(`/contracts/${contract.id}`)));
    expect((await types(contract.id)).sort()).toEqual(['contract.created', 'contract.signed', 'contract.updated']);

    // the second signature on the hosted page executes it
    const link = new URL(contract.signatories[1].signature_link).pathname;
    const shown = await request(t.http).get(link).expect(200);
    const terms = /name="terms" value="([^"]*)"/.exec(shown.text)![1];
    await request(t.http).post(link).type('form').send({ full_name: 'Bob', agree: 'yes', terms }).expect(200);
    const after = await ok(await a.get(`/contracts/${contract.id}`));
    expect(after.status).toBe('EXECUTED');
    expect((await types(contract.id)).sort()).toEqual([
      'contract.created',
      'contract.executed',
      'contract.signed',
      'contract.signed',
      'contract.updated',
    ]);
    const events = await webhookEvents(a, contract.id);
    // the hosted page's signature: its two events carry the executed contract
    const last = events.slice(-2);
    expect(last.map((e) => e.type).sort()).toEqual(['contract.executed', 'contract.signed']);
    for (const e of last) expect(e.data.object).toEqual(after);
    expect(await types(after.subscription_id)).toEqual(['subscription.created']);
    expect(await types(contract.id, b)).toEqual([]);
  });

  it('checkout.completed when the buyer pays; a declined card records nothing', async () => {
    const seats = await createPricing(a, seatPricing5800(product.id, { name: `Checkout seats ${++n}` }));
    const c = await createCustomer(a);
    const session = await ok(
      await a.post('/checkout', {
        type: 'CHECKOUT_SESSION',
        customer_id: c.id,
        product_pricing_ids: [seats.id],
        config_items: [{ product_metric_pricing_id: seats.product_metric_pricings[0].id, num_licenses: 2 }],
      }),
    );
    const path = new URL(session.url).pathname;
    const before = (await webhookEvents(a)).length;
    const declined = await request(t.http)
      .post(path)
      .type('form')
      .send({ name: 'Grace', email: 'grace@navy.test', payment_token: 'tok_chargeDeclined' });
    expect(declined.status).toBeGreaterThanOrEqual(400);
    expect(await webhookEvents(a)).toHaveLength(before);

    await request(t.http).post(path).type('form').send({ name: 'Grace', email: 'grace@navy.test', payment_token: 'tok_visa' }).expect(200);
    const done = await ok(await a.get(`/checkout/${session.id}`));
    expect(done.status).toBe('COMPLETED');
    const completed = await one(session.id, 'checkout.completed');
    expect(completed.data.object).toEqual(done);
    // the same transaction: the customer's details, the subscription, its first invoice paid by card
    expect(await types(c.id)).toEqual(['customer.created', 'customer.updated']);
    expect((await one(c.id, 'customer.updated')).data.object).toEqual(await ok(await a.get(`/customers/${c.id}`)));
    expect(await types(done.subscription_id)).toEqual(['subscription.created']);
    expect(await types(done.invoice_id)).toEqual(['invoice.created', 'invoice.finalized', 'invoice.paid']);
    expect(await types(session.id, b)).toEqual([]);
  });
});
