/**
 * Dated stories: usage thresholds — an invoice for the usage so far when a period's usage
 * charges cross a threshold, deducted from the period's invoice (docs/billing-rules.md#usage-thresholds).
 */
import { webhookEvents } from '../support/fixtures';
import {
  anotherCompany,
  createCustomer,
  createMeter,
  expectOk,
  ingest,
  invoicesOf,
  iso,
  Meter,
  runAt,
  Scenario,
  startScenario,
  subscribe,
  usagePrice,
} from './scenario-kit';

describe('scenarios: usage thresholds', () => {
  let s: Scenario;
  let meter: Meter;
  let price: { id: string };

  beforeAll(async () => {
    s = await startScenario('Thresholds');
    meter = await createMeter(s, 'Metered calls');
    // 1.00 a unit
    price = await usagePrice(s, meter, { name: 'Calls', pricing_type: 'FIXED', fixed_price: { price_per_unit: 100 } });
  });
  afterAll(() => s.t.close());

  const story = async (name: string, thresholds: unknown[]) => {
    const c = await createCustomer(s, name);
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [price.id],
      start_date: '2027-03-01',
      usage_thresholds: thresholds,
    });
    await ingest(s, c.id, meter, [['2027-03-05', 60]]);
    await runAt(s, '2027-03-06');
    await ingest(s, c.id, meter, [['2027-03-10', 50]]);
    await runAt(s, '2027-03-11');
    await runAt(s, '2027-03-11T00:05:00Z'); // a second run finds nothing new
    await ingest(s, c.id, meter, [['2027-03-15', 100]]);
    await runAt(s, '2027-03-16');
    await runAt(s, '2027-04-01T02:00:00Z');
    return sub;
  };
  const summary = async (subId: string) =>
    (await invoicesOf(s, subId)).map((i) => [i.invoice_date, i.items.map((x) => x.amount.value_in_cents), i.total.value_in_cents]);
  const exceeded = async (subId: string) =>
    (await webhookEvents(s.a, subId, ['subscription.usage_threshold_exceeded'])).map((e) => e.data.object.threshold.value_in_cents);

  it('a 100.00 threshold crossed twice in a period bills once, and the period invoice deducts it', async () => {
    const sub = await story('Once', [{ amount_cents: 10000 }]);
    expect(sub.usage_thresholds).toEqual([{ amount_cents: 10000, recurring: false }]);
    // Mar 6: 60 units = 6000 < 10000, nothing. Mar 11: 110 units = 11000 ≥ 10000: an invoice of the usage so far, 11000.
    // Mar 16: 210 units = 21000: the threshold was crossed already this period, nothing.
    // Apr 1: March's usage 21000, less the 11000 billed at the threshold = 10000.
    expect(await summary(sub.id)).toEqual([
      [iso('2027-03-11'), [11000], 11000],
      [iso('2027-04-01'), [21000, -11000], 10000],
    ]);
    expect(await exceeded(sub.id)).toEqual([10000]);
  });

  it('a recurring 100.00 threshold bills each 100.00 crossed, each invoice deducting the earlier ones', async () => {
    const sub = await story('Recurring', [{ amount_cents: 10000, recurring: true }]);
    // Mar 11: 11000 crosses 100.00 → 11000. Mar 16: 21000 crosses 200.00 → 21000 − 11000 = 10000.
    // Apr 1: 21000 − (11000 + 10000) = 0.
    expect(await summary(sub.id)).toEqual([
      [iso('2027-03-11'), [11000], 11000],
      [iso('2027-03-16'), [21000, -11000], 10000],
      [iso('2027-04-01'), [21000, -21000], 0],
    ]);
    expect(await exceeded(sub.id)).toEqual([10000, 20000]);
  });

  it('two thresholds crossed at once: one invoice, one event each', async () => {
    const sub = await story('Both', [{ amount_cents: 5000 }, { amount_cents: 2000 }]);
    // Mar 6: 6000 crosses 20.00 and 50.00 at once → one invoice of 6000; nothing new after.
    // Apr 1: 21000 − 6000 = 15000.
    expect(await summary(sub.id)).toEqual([
      [iso('2027-03-06'), [6000], 6000],
      [iso('2027-04-01'), [21000, -6000], 15000],
    ]);
    expect(await exceeded(sub.id)).toEqual([2000, 5000]);
  });

  it('refuses thresholds that cannot be told apart, and keeps them per company', async () => {
    const c = await createCustomer(s, 'Refused');
    const body = { customer_id: c.id, product_pricing_ids: [price.id], start_date: iso('2027-03-01') };
    for (const usage_thresholds of [
      [{ amount_cents: 100 }, { amount_cents: 100 }],
      [
        { amount_cents: 100, recurring: true },
        { amount_cents: 200, recurring: true },
      ],
      [{ amount_cents: 0 }],
    ]) {
      const res = await s.a.post('/subscriptions', { ...body, usage_thresholds });
      expect(res.status).toBe(400);
    }
    const sub = await expectOk(await s.a.post('/subscriptions', { ...body, usage_thresholds: [{ amount_cents: 100 }] }), 200, 'create');
    // a change does not change thresholds yet: refused, not ignored
    const change = await s.a.post(`/subscriptions/${sub.id}/change`, { usage_thresholds: [{ amount_cents: 500 }] });
    expect(change.status).toBe(400);
    expect(change.body.validation_errors).toEqual({ usage_thresholds: expect.stringMatching(/^is not supported yet: /) });
    const b = await anotherCompany(s, 'Thresholds B');
    expect((await b.a.get(`/subscriptions/${sub.id}`)).status).toBe(404);
    expect(await webhookEvents(b.a, sub.id)).toEqual([]);
  });
});
