/**
 * Dated stories: a price's minimum over time (docs/billing-rules.md#minimum-spend) —
 * `minimum_spend_schedule.amount_per_period` (a minimum per period in turn, the last repeating),
 * `allow_pulling_forward` (spend above a minimum counts toward the next ones) and
 * `true_up_frequency` (the minimum assessed over a longer window, topped up on the invoice that
 * closes it).
 */
import {
  amounts,
  anotherCompany,
  at,
  createCustomer,
  createMeter,
  ingest,
  invoicesOf,
  Meter,
  pmpOf,
  runAt,
  Scenario,
  seatPrice,
  startScenario,
  subscribe,
  usagePrice,
  usd,
} from './scenario-kit';

describe('scenarios: minimum spend schedules, pulling forward and true-up windows', () => {
  let s: Scenario;
  let meter: Meter;

  beforeAll(async () => {
    s = await startScenario('Minimum schedules');
    meter = await createMeter(s, 'Calls');
  });
  afterAll(() => s.t.close());

  const trueUps = async (subId: string, dates: string[]) => {
    const invoices = await invoicesOf(s, subId);
    return dates.map((d) => amounts(at(invoices, d), { kind: 'MINIMUM_SPEND' }));
  };
  /** A usage price at 1 cent a call with the given minimum options, subscribed from Mar 1 2027, with calls per month. */
  const usageStory = async (name: string, options: Record<string, unknown>, calls: [string, number][]) => {
    const price = await usagePrice(s, meter, { name, pricing_type: 'FIXED', fixed_price: { price_per_unit: 1 }, ...options });
    const c = await createCustomer(s, name);
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [price.id], start_date: '2027-03-01' });
    if (calls.length) await ingest(s, c.id, meter, calls);
    return sub;
  };

  it('amount_per_period: 10.00, 20.00, 30.00 (Money, a numeric string, an integer), the last repeating', async () => {
    const seats = await seatPrice(s, 500, {
      minimum_spend_schedule: { amount_per_period: [usd(1000), '2000', 3000] },
    });
    const c = await createCustomer(s, 'Schedule');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      config_items: [{ product_metric_pricing_id: pmpOf(seats), num_licenses: 1 }],
      start_date: '2027-03-01',
    });
    await runAt(s, '2027-07-01');
    // each month bills 500 in advance; its minimum is trued up on the invoice that closes it:
    // Mar 1000 − 500 = 500 (Apr 1), Apr 2000 − 500 = 1500 (May 1), May 3000 − 500 = 2500 (Jun 1), Jun 3000 again (Jul 1)
    expect(await trueUps(sub.id, ['2027-03-01', '2027-04-01', '2027-05-01', '2027-06-01', '2027-07-01'])).toEqual([
      [],
      [500],
      [1500],
      [2500],
      [2500],
    ]);
  });

  it("allow_pulling_forward: March's 3000 above its 1000 minimum covers April and May; June is topped up by what is left", async () => {
    const calls: [string, number][] = [
      ['2027-03-10', 3000],
      ['2027-04-10', 500],
    ];
    const options = (pull: boolean) => ({ minimum_spend_schedule: { amount_per_period: ['1000'], allow_pulling_forward: pull } });
    const pulled = await usageStory('Pulled forward', options(true), calls);
    const plain = await usageStory('Not pulled', options(false), calls);
    await runAt(s, '2027-07-02');
    const dates = ['2027-04-01', '2027-05-01', '2027-06-01', '2027-07-01'];
    // spend Mar 3000, Apr 500, May 0, Jun 0 against 1000 each:
    // pulled: Mar carries 2000; Apr 500 + 2000 → carries 1500; May 0 + 1500 → carries 500; Jun 0 + 500 → top-up 500
    expect(await trueUps(pulled.id, dates)).toEqual([[], [], [], [500]]);
    // not pulled: Apr 1000 − 500 = 500, May 1000, Jun 1000
    expect(await trueUps(plain.id, dates)).toEqual([[], [500], [1000], [1000]]);
  });

  it("true_up_frequency QUARTER on a monthly price: the 3 months are assessed together, topped up on the quarter's last invoice", async () => {
    const calls: [string, number][] = [
      ['2027-03-10', 500],
      ['2027-04-10', 2000],
      ['2027-06-10', 4000],
    ];
    const quarterly = await usageStory('Quarterly true-up', { minimum_spend: usd(1000), true_up_frequency: 'QUARTER' }, calls);
    const monthly = await usageStory('Monthly minimum', { minimum_spend: usd(1000) }, calls);
    await runAt(s, '2027-09-02');
    const dates = ['2027-04-01', '2027-05-01', '2027-06-01', '2027-07-01', '2027-08-01', '2027-09-01'];
    // quarter Mar–May: minimum 3 × 1000 = 3000, spend 500 + 2000 + 0 = 2500 → 500 on Jun 1 (which closes May);
    // quarter Jun–Aug: 4000 + 0 + 0 ≥ 3000 → nothing on Sep 1
    expect(await trueUps(quarterly.id, dates)).toEqual([[], [], [500], [], [], []]);
    // each month on its own: Mar 500, Apr 0, May 1000, Jun 0, Jul 1000, Aug 1000
    expect(await trueUps(monthly.id, dates)).toEqual([[500], [], [1000], [], [1000], [1000]]);
  });

  it('refuses options that would change nothing, and bad amounts', async () => {
    const base = { name: 'Bad', pricing_type: 'FIXED', fixed_price: { price_per_unit: 1 } };
    const field = async (body: Record<string, unknown>) => {
      const res = await s.a.post('/pricing', {
        product_id: s.product.id,
        currency: 'USD',
        billing_frequency: { count: 1, frequency: 'MONTH' },
        ...base,
        ...body,
      });
      expect(res.status).toBe(400);
      return Object.keys(res.body.validation_errors ?? {});
    };
    expect(await field({ true_up_frequency: 'QUARTER' })).toEqual(['true_up_frequency']);
    expect(await field({ minimum_spend_schedule: { allow_pulling_forward: true } })).toEqual([
      'minimum_spend_schedule.allow_pulling_forward',
    ]);
    expect(await field({ minimum_spend_schedule: { amount_per_period: ['ten'] } })).toEqual([
      'minimum_spend_schedule.amount_per_period[0]',
    ]);
    expect(await field({ minimum_spend_schedule: { amount_per_period: [-5] } })).toEqual(['minimum_spend_schedule.amount_per_period[0]']);
  });

  it('another company cannot see the pricing with a schedule', async () => {
    const price = await seatPrice(s, 100, { minimum_spend_schedule: { amount_per_period: ['100'] } });
    const other = await anotherCompany(s, 'Minimum schedules other');
    expect((await other.a.get(`/pricing/${price.id}`)).status).toBe(404);
    const mine = await s.a.get(`/pricing/${price.id}`);
    expect(mine.body.product_metric_pricings[0].item_pricing.minimum_spend_schedule.amount_per_period).toEqual([usd(100)]);
  });
});
