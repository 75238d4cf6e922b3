/**
 * Usage paid in advance (docs/billing-rules.md#usage-charged-as-events-arrive): an ADVANCE_USAGE
 * invoice per billable event, written with the event, billed once whatever the retries, and left
 * out of the period's invoice. Cents worked by hand in each test.
 */
import {
  anotherCompany,
  createCustomer,
  createMeter,
  expectOk,
  invoicesOf,
  iso,
  Meter,
  pmpOf,
  runAt,
  Scenario,
  seatPrice,
  setNow,
  startScenario,
  subscribe,
  usagePrice,
} from '../scenarios/scenario-kit';
import request from 'supertest';
import { webhookEvents } from '../support/fixtures';

describe('usage paid in advance', () => {
  let s: Scenario;
  let meter: Meter;

  beforeAll(async () => {
    s = await startScenario('Advance');
    meter = await createMeter(s, 'Advance calls'); // SUM of `units`
  });
  afterAll(() => s.t.close());

  let tx = 0;
  const event = (
    customerId: string,
    ts: string,
    units: number,
    transactionId = `adv-${++tx}-${Math.random().toString(36).slice(2, 8)}`,
  ) => ({
    customer_id: customerId,
    item_id: meter.itemId,
    transaction_id: transactionId,
    timestamp: iso(ts),
    properties: { units },
  });
  const post = async (events: unknown[]) => expectOk(await s.a.post('/events/ingest', { events }), 200, 'POST /events/ingest');
  const subscribed = async (name: string, priceId: string) => {
    const c = await createCustomer(s, name);
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [priceId], start_date: '2027-03-01' });
    setNow(s, '2027-03-10T12:00:00Z');
    return { c, sub };
  };
  /** [status, line amounts, total] of every invoice of the subscription, oldest first. */
  const summary = async (subId: string) =>
    (await invoicesOf(s, subId)).map((i) => [i.status, i.items.map((x) => x.amount.value_in_cents), i.total.value_in_cents]);

  it('per unit: each event is billed its units at once, in a final invoice', async () => {
    const price = await usagePrice(s, meter, {
      name: 'Per unit',
      pricing_type: 'FIXED',
      fixed_price: { price_per_unit: 50 },
      pay_in_advance: true,
    });
    expect(price.product_metric_pricings[0].item_pricing.pay_in_advance).toBe(true);
    const { c, sub } = await subscribed('Per unit', price.id);
    await post([event(c.id, '2027-03-05T10:00:00Z', 3)]);
    // 3 units × 50¢ = 150¢, listed right after the event was accepted
    expect(await summary(sub.id)).toEqual([['PENDING', [150], 150]]);
    // a final invoice like any other: numbered, announced, dated at the arrival, for March
    const [first] = await invoicesOf(s, sub.id);
    expect(first.number).toBeTruthy();
    expect([first.invoice_date, first.period_start, first.period_end]).toEqual([
      iso('2027-03-10T12:00:00Z'),
      iso('2027-03-01'),
      iso('2027-04-01'),
    ]);
    const created = await webhookEvents(s.a, undefined, ['invoice.created']);
    expect(created.filter((e) => e.data.object.uuid === first.uuid).map((e) => e.data.object.number)).toEqual([first.number]);
    await post([event(c.id, '2027-03-06T10:00:00Z', 1)]);
    // a fourth unit: charge(4) − charge(3) = 200 − 150 = 50¢
    expect(await summary(sub.id)).toEqual([
      ['PENDING', [150], 150],
      ['PENDING', [50], 50],
    ]);
    // the usage page shows the 4 units' 200¢ as charged already, not as an estimate
    const link = (await expectOk(await s.a.post(`/customer_dashboards/${c.id}/usage`, {}), 200, 'usage link')).url as string;
    const html = (await request(s.t.http).get(new URL(link).pathname).expect(200)).text;
    expect(html).toContain('Charged so far: <strong>$2.00</strong>');
    expect(html).not.toContain('Estimated charges so far');
  });

  it('graduated: events 1..12 with the first 10 free bill the 11th and the 12th, 50¢ each; a retried 12th bills nothing', async () => {
    const price = await usagePrice(s, meter, {
      name: 'Graduated',
      pricing_type: 'GRADIENT',
      gradient_price: [
        { start: 0, end: 10, price_per_unit: 0, flat_price: 0 },
        { start: 10, end: null, price_per_unit: 50, flat_price: 0 },
      ],
      pay_in_advance: true,
    });
    const { c, sub } = await subscribed('Graduated', price.id);
    const events = Array.from({ length: 12 }, (_, k) => event(c.id, `2027-03-0${1 + (k % 9)}T0${k % 10}:00:00Z`, 1));
    await post(events.slice(0, 6)); // 1..6: inside the free tier, no invoice
    expect(await summary(sub.id)).toEqual([]);
    await post(events.slice(6)); // 7..12 in one batch: only the 11th and the 12th cost 50¢
    expect(await summary(sub.id)).toEqual([
      ['PENDING', [50], 50],
      ['PENDING', [50], 50],
    ]);
    const retry = await post([events[11]]);
    expect(retry.duplicates).toEqual([{ transaction_id: events[11].transaction_id }]);
    expect((await summary(sub.id)).length).toBe(2);

    // the period's invoice does not bill the price again: its total is 0
    await runAt(s, '2027-04-01T02:00:00Z');
    const all = await invoicesOf(s, sub.id);
    const period = all.filter((i) => i.invoice_date === iso('2027-04-01'));
    expect(period.map((i) => i.total.value_in_cents)).toEqual(period.map(() => 0));
    expect(all.reduce((n, i) => n + i.total.value_in_cents, 0)).toBe(100);
  });

  it('percentage: rate % of each amount plus the fee, the charges rounded as the period line would be', async () => {
    const price = await usagePrice(s, meter, {
      name: 'Share',
      pricing_type: 'PERCENTAGE',
      percentage_price: { rate: 2.5, fixed_fee_per_event: 10 },
      pay_in_advance: true,
    });
    const { c, sub } = await subscribed('Percentage', price.id);
    // 2.5 % of 1000 + 10 = 35¢
    await post([event(c.id, '2027-03-05T10:00:00Z', 1000)]);
    // 2.5 % of 3 + 10 = 10.075¢: round(35 + 10.075) − 35 = 45 − 35 = 10¢
    await post([event(c.id, '2027-03-05T11:00:00Z', 3)]);
    // 2.5 % of 17 + 10 = 10.425¢: round(55.5) − round(45.075) = 56 − 45 = 11¢; 35 + 10 + 11 = 56 = the period line, round(55.5)
    await post([event(c.id, '2027-03-05T12:00:00Z', 17)]);
    expect(await summary(sub.id)).toEqual([
      ['PENDING', [35], 35],
      ['PENDING', [10], 10],
      ['PENDING', [11], 11],
    ]);
  });

  it('package (STEP): an event starting a block bills the block, one inside it bills nothing', async () => {
    const arrears = await usagePrice(s, meter, { name: 'Packs', pricing_type: 'STEP', step_price: { price_per_step: 100, step_size: 5 } });
    // turned into a price paid in advance while no subscription uses it
    const patched = await expectOk(await s.a.patch(`/pricing/${arrears.id}`, { pay_in_advance: true }), 200, 'PATCH /pricing');
    expect(patched.product_metric_pricings[0].item_pricing.pay_in_advance).toBe(true);
    const { c, sub } = await subscribed('Packs', arrears.id);
    // 3 units: block 1 (100); 6: block 2 (200 − 100); 9: still block 2 (200 − 200, none); 11: block 3 (300 − 200)
    for (const [k, units] of [3, 3, 3, 2].entries()) await post([event(c.id, `2027-03-0${2 + k}T10:00:00Z`, units)]);
    expect(await summary(sub.id)).toEqual([
      ['PENDING', [100], 100],
      ['PENDING', [100], 100],
      ['PENDING', [100], 100],
    ]);
  });

  it('two identical events sent at once are billed once', async () => {
    const price = await usagePrice(s, meter, {
      name: 'Race',
      pricing_type: 'FIXED',
      fixed_price: { price_per_unit: 7 },
      pay_in_advance: true,
    });
    const { c, sub } = await subscribed('Race', price.id);
    const same = event(c.id, '2027-03-05T10:00:00Z', 2);
    const answers = await Promise.all([1, 2, 3].map(() => s.a.post('/events/ingest', { events: [same] })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.body.enqueued.length === 1)).toHaveLength(1);
    expect(await summary(sub.id)).toEqual([['PENDING', [14], 14]]);
  });

  it('distinct events of one customer sent at once each count the others: the tiers are crossed once', async () => {
    const price = await usagePrice(s, meter, {
      name: 'Race tiers',
      pricing_type: 'GRADIENT',
      gradient_price: [
        { start: 0, end: 10, price_per_unit: 0, flat_price: 0 },
        { start: 10, end: null, price_per_unit: 50, flat_price: 0 },
      ],
      pay_in_advance: true,
    });
    const { c, sub } = await subscribed('Race tiers', price.id);
    await post([event(c.id, '2027-03-02T10:00:00Z', 9)]); // 9 free units
    // eight single units at once, in eight requests: units 10 … 17 whatever their order, so
    // 0 + 7 × 50 (without the subscription lock, a request could miss another's uncommitted unit)
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, k) => s.a.post('/events/ingest', { events: [event(c.id, `2027-03-0${2 + k}T10:00:00Z`, 1)] })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(await summary(sub.id)).toEqual(Array(7).fill(['PENDING', [50], 50]));
  });

  it('a late event of a period already invoiced is billed when it arrives', async () => {
    const price = await usagePrice(s, meter, {
      name: 'Late',
      pricing_type: 'FIXED',
      fixed_price: { price_per_unit: 20 },
      pay_in_advance: true,
    });
    const { c, sub } = await subscribed('Late', price.id);
    await runAt(s, '2027-04-01T02:00:00Z');
    setNow(s, '2027-04-03T00:00:00Z');
    await post([event(c.id, '2027-03-31T23:00:00Z', 4)]); // March, arriving in April: 4 × 20¢
    const late = (await invoicesOf(s, sub.id)).filter((i) => i.total.value_in_cents !== 0);
    expect(late.map((i) => [i.invoice_date, i.period_start, i.total.value_in_cents])).toEqual([[iso('2027-04-03'), iso('2027-03-01'), 80]]);
  });

  it('an event whose charge is out of range is refused whole, and stored by nothing', async () => {
    const price = await usagePrice(s, meter, {
      name: 'Huge',
      pricing_type: 'FIXED',
      fixed_price: { price_per_unit: 1000000 },
      pay_in_advance: true,
    });
    const { c, sub } = await subscribed('Huge', price.id);
    const huge = event(c.id, '2027-03-05T10:00:00Z', 2000000); // 2e6 × 1e6 = 2e12 cents, above 1e12
    const refused = await s.a.post('/events/ingest', { events: [huge] });
    expect([refused.status, refused.body.error_code]).toEqual([400, 'amount_out_of_range']);
    expect(await summary(sub.id)).toEqual([]);
    // not stored: the same transaction_id is a new event afterwards (1 × 1e6 cents)
    const again = await post([{ ...huge, properties: { units: 1 } }]);
    expect(again.enqueued).toHaveLength(1);
    expect(await summary(sub.id)).toEqual([['PENDING', [1000000], 1000000]]);
  });

  it('previews and a cancellation do not bill the price again', async () => {
    const usage = await usagePrice(s, meter, {
      name: 'Calls',
      pricing_type: 'FIXED',
      fixed_price: { price_per_unit: 50 },
      pay_in_advance: true,
    });
    const seats = await seatPrice(s, 3000);
    const c = await createCustomer(s, 'Previews');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id, usage.id],
      config_items: [{ product_metric_pricing_id: pmpOf(seats), num_licenses: 1 }],
      start_date: '2027-03-01',
    });
    await runAt(s, '2027-03-01'); // March's seat, 3000, in advance
    setNow(s, '2027-03-10T12:00:00Z');
    await post([event(c.id, '2027-03-05T10:00:00Z', 3)]); // 3 × 50 = 150, now
    const next = await expectOk(
      await s.a.post('/invoices/next', { currency: 'USD', customer_id: c.id, subscription_id: sub.id }),
      200,
      'POST /invoices/next',
    );
    // April 1: April's seat; March's usage was billed already
    expect(
      next.items.map((i: { product_pricing_id: string; amount: { value_in_cents: number } }) => [
        i.product_pricing_id,
        i.amount.value_in_cents,
      ]),
    ).toEqual([[seats.id, 3000]]);
    // cancelled now, nothing refunded: no final invoice is left to bill (the usage was billed)
    const cancelNow = { timing: 'IMMEDIATE', refund_type: 'NONE' };
    const preview = await s.a.post('/invoices/next', {
      currency: 'USD',
      customer_id: c.id,
      subscription_id: sub.id,
      cancel_config: cancelNow,
    });
    expect(preview.status).toBe(409);
    await expectOk(await s.a.post(`/subscriptions/${sub.id}/cancel`, cancelNow), 200, 'cancel');
    await runAt(s, '2027-05-01');
    expect((await invoicesOf(s, sub.id)).map((i) => i.total.value_in_cents)).toEqual([3000, 150]);
  });

  it("a parent-billed subscription's events are billed to the parent", async () => {
    const price = await usagePrice(s, meter, {
      name: 'Family',
      pricing_type: 'FIXED',
      fixed_price: { price_per_unit: 30 },
      pay_in_advance: true,
    });
    const parent = await createCustomer(s, 'Parent');
    const child = await expectOk(
      await s.a.post('/customers', {
        name: 'Child',
        identifier: `child-${Math.random().toString(36).slice(2, 8)}`,
        parent_customer_id: parent.id,
      }),
      201,
      'POST /customers',
    );
    const sub = await subscribe(s, {
      customer_id: child.id,
      product_pricing_ids: [price.id],
      start_date: '2027-03-01',
      parent_billed: true,
    });
    setNow(s, '2027-03-10T12:00:00Z');
    await post([event(child.id, '2027-03-05T10:00:00Z', 2)]);
    const [invoice] = await invoicesOf(s, sub.id);
    expect([
      invoice.customer_id,
      (invoice as unknown as { billed_customer_id: string }).billed_customer_id,
      invoice.status,
      invoice.total.value_in_cents,
    ]).toEqual([child.id, parent.id, 'PENDING', 60]);
  });

  it("another company's token cannot see the invoices", async () => {
    const price = await usagePrice(s, meter, {
      name: 'Mine',
      pricing_type: 'FIXED',
      fixed_price: { price_per_unit: 5 },
      pay_in_advance: true,
    });
    const { c, sub } = await subscribed('Tenant', price.id);
    await post([event(c.id, '2027-03-05T10:00:00Z', 1)]);
    const [invoice] = await invoicesOf(s, sub.id);
    const other = await anotherCompany(s, 'Advance other');
    expect((await other.a.get(`/invoices/${invoice.uuid}`)).status).toBe(404);
    const found = await other.a.post('/invoices/find', { query: { subscription_id: sub.id }, pagination: { limit: 10 } });
    expect(found.body.results).toEqual([]);
  });

  it('refuses pay_in_advance where it cannot act, in the documented shape', async () => {
    const maxMetric = await expectOk(
      await s.a.post('/billable_metrics', {
        item_id: meter.itemId,
        name: 'Peak',
        metering_rule: { aggregator: 'MAX', property: 'units', group_keys: [] },
      }),
      200,
      'POST /billable_metrics',
    );
    const fixed = { pricing_type: 'FIXED', fixed_price: { price_per_unit: 5 }, pay_in_advance: true };
    const refusals: [string, Record<string, unknown>][] = [
      [
        'volume',
        {
          pricing_type: 'VOLUME',
          volume_price: [{ total_units_start: 0, total_units_end: null, price_per_unit: 5, flat_price: 0 }],
          pay_in_advance: true,
        },
      ],
      ['max', { ...fixed, metric_id: maxMetric.id }],
      ['base units', { ...fixed, base_units: 10 }],
      ['minimum', { ...fixed, minimum_spend: { currency: 'USD', value_in_cents: 100 } }],
      [
        'first flat',
        { pricing_type: 'GRADIENT', gradient_price: [{ start: 0, end: null, price_per_unit: 5, flat_price: 100 }], pay_in_advance: true },
      ],
    ];
    for (const [name, body] of refusals) {
      const res = await s.a.post('/pricing', {
        product_id: s.product.id,
        name,
        currency: 'USD',
        item_id: meter.itemId,
        metric_id: meter.metricId,
        ...body,
      });
      expect([name, res.status, res.body.error_code, Object.keys(res.body.validation_errors ?? {})]).toEqual([
        name,
        400,
        'invalid_field',
        ['pay_in_advance'],
      ]);
    }
    // a licence price (no metered metric)
    const licence = await s.a.post('/pricing', { product_id: s.product.id, name: 'Seats', currency: 'USD', ...fixed });
    expect([licence.status, Object.keys(licence.body.validation_errors ?? {})]).toEqual([400, ['pay_in_advance']]);
    // false changes nothing
    const arrears = await usagePrice(s, meter, { name: 'Arrears', ...fixed, pay_in_advance: false });
    expect(arrears.product_metric_pricings[0].item_pricing.pay_in_advance).toBe(false);
  });
});
