/**
 * Dated stories: a change's `onetime_items` (`/subscriptions/{id}/change`, `change_config` of
 * `invoices/next`, checkout with `previous_subscription_id`) are billed on the change's invoice
 * (docs/billing-rules.md#one-time-items).
 */
import request from 'supertest';
import {
  amounts,
  anotherCompany,
  at,
  createCustomer,
  dates,
  expectOk,
  Invoice,
  invoicesOf,
  iso,
  pmpOf,
  runAt,
  Scenario,
  seatPrice,
  setNow,
  sorted,
  startScenario,
  subscribe,
  totals,
  usd,
} from './scenario-kit';

describe('scenarios: one-time items of a change', () => {
  let s: Scenario;

  beforeAll(async () => {
    s = await startScenario('Change one-times');
  });
  afterAll(() => s.t.close());

  const seatsOf = (pricing: any, n: number) => [{ product_metric_pricing_id: pmpOf(pricing), num_licenses: n }];
  const setup = (cents: number, description = 'Setup') => ({ custom_price: { amount: usd(cents), description }, aggregate: 1 });
  const change = async (subId: string, body: Record<string, unknown>) =>
    expectOk(await s.a.post(`/subscriptions/${subId}/change`, body), 200, 'POST /subscriptions/{id}/change');
  const preview = async (customerId: string, subId: string, changeConfig: Record<string, unknown>): Promise<Invoice> =>
    expectOk(
      await s.a.post('/invoices/next', { currency: 'USD', customer_id: customerId, subscription_id: subId, change_config: changeConfig }),
      200,
      'POST /invoices/next',
    );
  /** 3 seats at 20.00, started Mar 1 2027 and billed for March (31 days). */
  const started = async (name: string) => {
    const seats = await seatPrice(s, 2000);
    const c = await createCustomer(s, name);
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      config_items: seatsOf(seats, 3),
      start_date: '2027-03-01',
    });
    await runAt(s, '2027-03-01');
    return { seats, c, sub };
  };

  it('IMMEDIATE change with a one-time item: the change invoice carries the prorations and the item (preview = invoice)', async () => {
    const { seats, c, sub } = await started('Immediate one-time');
    setNow(s, '2027-03-11');
    const body = { config_items: seatsOf(seats, 4), proration_type: 'IMMEDIATE', onetime_items: [setup(1500)] };
    const next = await preview(c.id, sub.id, body);
    await change(sub.id, body);
    await runAt(s, '2027-04-01');
    const invoices = await invoicesOf(s, sub.id);
    // Mar 11 (21/31 left): −6000 × 21/31 = −4064.52 → −4065; +8000 × 21/31 = 5419.35 → 5419; setup 1500
    expect(dates(invoices)).toEqual(['2027-03-01', '2027-03-11', '2027-04-01'].map(iso));
    expect(sorted(amounts(invoices[1]))).toEqual([-4065, 1500, 5419]);
    expect(totals(invoices)).toEqual([6000, 2854, 8000]);
    expect(invoices[1].items.find((i) => i.name === 'Setup')).toMatchObject({ kind: 'CHARGE', quantity: 1, amount: usd(1500) });
    expect(next.invoice_date).toBe(iso('2027-03-11'));
    expect(sorted(amounts(next))).toEqual(sorted(amounts(invoices[1])));
  });

  it('NEXT change with one-time items: they go on the next billing date, with the prorations', async () => {
    const { seats, c, sub } = await started('Next one-time');
    setNow(s, '2027-03-11');
    const items = [setup(900, 'Migration')];
    const body = { config_items: seatsOf(seats, 4), onetime_items: items };
    const next = await preview(c.id, sub.id, body);
    await change(sub.id, body);
    await runAt(s, '2027-04-01');
    const invoices = await invoicesOf(s, sub.id);
    // Apr 1: −4065 + 5419 (the March prorations) + 900 + 4 × 2000 = 10254
    expect(dates(invoices)).toEqual(['2027-03-01', '2027-04-01'].map(iso));
    expect(sorted(amounts(invoices[1]))).toEqual([-4065, 900, 5419, 8000]);
    expect(totals(invoices)).toEqual([6000, 10254]);
    expect(next.total.value_in_cents).toBe(10254);
    // billed once: May has only the seats
    await runAt(s, '2027-05-01');
    expect(at(await invoicesOf(s, sub.id), '2027-05-01').total.value_in_cents).toBe(8000);
  });

  it('a change with proration NONE: the item still goes on the next invoice', async () => {
    const { seats, sub } = await started('None one-time');
    setNow(s, '2027-03-11');
    await change(sub.id, { config_items: seatsOf(seats, 4), proration_type: 'NONE', onetime_items: [setup(300)] });
    await runAt(s, '2027-04-01');
    const april = at(await invoicesOf(s, sub.id), '2027-04-01');
    expect(sorted(amounts(april))).toEqual([300, 8000]);
  });

  it("the subscription's own one-time items are billed once, on its first invoice, and not again at a change", async () => {
    const seats = await seatPrice(s, 1000);
    const c = await createCustomer(s, 'Own one-time');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      config_items: seatsOf(seats, 1),
      onetime_items: [setup(400, 'Welcome')],
      start_date: '2027-03-01',
    });
    await runAt(s, '2027-03-01');
    setNow(s, '2027-03-11');
    await change(sub.id, { config_items: seatsOf(seats, 1), proration_type: 'IMMEDIATE', onetime_items: [setup(250, 'Extra')] });
    await runAt(s, '2027-04-01');
    const invoices = await invoicesOf(s, sub.id);
    expect(
      invoices.map((i) => i.items.filter((x) => x.name === 'Welcome' || x.name === 'Extra').map((x) => x.amount.value_in_cents)),
    ).toEqual([[400], [250], []]);
  });

  it('checkout with previous_subscription_id: the one-time items of the session are billed on the change invoice', async () => {
    const { c, sub } = await started('Checkout change');
    const bigger = await seatPrice(s, 3100);
    setNow(s, '2027-03-11');
    const session = await expectOk(
      await s.a.post('/checkout', {
        type: 'CHECKOUT_SESSION',
        customer_id: c.id,
        previous_subscription_id: sub.id,
        change_proration_type: 'IMMEDIATE',
        product_pricing_ids: [bigger.id],
        config_items: seatsOf(bigger, 1),
        onetime_items: [setup(1200, 'Upgrade fee')],
      }),
      200,
      'POST /checkout',
    );
    const path = new URL(session.url).pathname;
    const page = await request(s.t.http).get(path).expect(200);
    const quote = /name="quote" value="([^"]*)"/.exec(page.text)?.[1] ?? '';
    const done = await request(s.t.http)
      .post(path)
      .type('form')
      .send({ name: 'Grace Hopper', email: 'grace@navy.test', payment_token: 'tok_visa', quote });
    expect(done.status).toBe(200);
    await runAt(s, '2027-04-01');
    const changed = at(await invoicesOf(s, sub.id), '2027-03-11');
    // −6000 × 21/31 → −4065; +3100 × 21/31 = 2100; fee 1200
    expect(sorted(amounts(changed))).toEqual([-4065, 1200, 2100]);
  });

  it('another company cannot change the subscription with one-time items', async () => {
    const { seats, sub } = await started('Isolation one-time');
    const other = await anotherCompany(s, 'Change one-times other');
    const res = await other.a.post(`/subscriptions/${sub.id}/change`, { config_items: seatsOf(seats, 4), onetime_items: [setup(100)] });
    expect(res.status).toBe(404);
    await runAt(s, '2027-04-01');
    expect(totals(await invoicesOf(s, sub.id))).toEqual([6000, 6000]);
  });
});
