/**
 * Dated stories: calendar billing in the company's time zone (docs/billing-rules.md#calendar-billing).
 *
 * The company's preferred_timezone is Europe/Paris. In 2027 Paris moves its clocks forward on
 * Mar 28 (01:00 UTC) and back on Oct 31 (01:00 UTC), so:
 *   Mar 1 00:00 CET  = 2027-02-28T23:00Z
 *   Mar 15 00:00 CET = 2027-03-14T23:00Z (the start)
 *   Apr 1 00:00 CEST = 2027-03-31T22:00Z
 *   May 1 00:00 CEST = 2027-04-30T22:00Z
 * March is 31 × 24 − 1 = 743 hours long in Paris; [Mar 15, Apr 1) is 17 × 24 − 1 = 407 hours.
 */
import {
  amounts,
  at,
  createCustomer,
  createMeter,
  dates,
  expectOk,
  ingest,
  invoicesOf,
  runAt,
  Scenario,
  seatPrice,
  setNow,
  startScenario,
  subscribe,
  usagePrice,
} from './scenario-kit';

const START = '2027-03-14T23:00:00.000Z';
const APR_1 = '2027-03-31T22:00:00.000Z';
const MAY_1 = '2027-04-30T22:00:00.000Z';

describe('scenarios: calendar billing in Europe/Paris', () => {
  let s: Scenario;
  let seats: any; // 49.00 per seat per month

  beforeAll(async () => {
    s = await startScenario('Calendar billing');
    await expectOk(await s.a.patch('/settings', { preferred_timezone: 'Europe/Paris' }), 200, 'PATCH /settings');
    seats = await seatPrice(s, 4900);
  });
  afterAll(() => s.t.close());

  it('a start on Mar 15 bills [Mar 15, Apr 1) prorated over March’s 743 h, then whole months on each 1st at 00:00 Paris', async () => {
    const c = await createCustomer(s, 'Paris calendar');
    const meter = await createMeter(s, 'API calls');
    const calls = await usagePrice(s, meter, { pricing_type: 'FIXED', fixed_price: { price_per_unit: 0.5 } });
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id, calls.id],
      config_items: [{ product_metric_pricing_id: seats.product_metric_pricings[0].id, num_licenses: 2 }],
      start_date: START,
      billing_cycle: 'CALENDAR',
    });
    expect([sub.billing_cycle, sub.billing_timezone, sub.billing_anchor_date]).toEqual(['CALENDAR', 'Europe/Paris', APR_1]);
    await ingest(s, c.id, meter, [
      ['2027-03-20T10:00:00Z', 1000],
      ['2027-03-31T21:59:59Z', 1], // Mar 31 23:59:59 in Paris: still March
      ['2027-03-31T22:00:00Z', 40], // Apr 1 00:00 in Paris: April
    ]);

    await runAt(s, MAY_1);
    const invoices = await invoicesOf(s, sub.id);
    expect(dates(invoices)).toEqual([START, APR_1, MAY_1]);
    // the first partial period: round(2 × 4900 × 407/743) = round(3988600/743) = round(5368.24) = 5368
    expect(amounts(at(invoices, START))).toEqual([5368]);
    expect(at(invoices, START).items[0].prorated).toBe(true);
    expect([at(invoices, START).period_start, at(invoices, START).period_end]).toEqual([START, APR_1]);
    // Apr 1: March's usage (1001 × 0.5 = 500.5 → 501) and April's seats in advance (9800)
    expect(amounts(at(invoices, APR_1))).toEqual([501, 9800]);
    // May 1: April's usage (40 × 0.5 = 20) and May's seats
    expect(amounts(at(invoices, MAY_1))).toEqual([20, 9800]);
    // due dates: invoice date + 30 days of 24 h
    expect(at(invoices, APR_1).due_date).toBe('2027-04-30T22:00:00.000Z');
  });

  it('a subscription keeps the zone it was created in when the company changes its own', async () => {
    const c = await createCustomer(s, 'Zone kept');
    const paris = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      start_date: START,
      billing_cycle: 'CALENDAR',
    });
    await expectOk(await s.a.patch('/settings', { preferred_timezone: 'America/New_York' }), 200, 'PATCH /settings');
    try {
      const ny = await subscribe(s, { customer_id: c.id, product_pricing_ids: [seats.id], start_date: START, billing_cycle: 'CALENDAR' });
      // Apr 1 00:00 in New York (EDT, UTC−4)
      expect([ny.billing_timezone, ny.billing_anchor_date]).toEqual(['America/New_York', '2027-04-01T04:00:00.000Z']);
      await runAt(s, APR_1);
      // still Paris: Mar 15 (1 seat, round(4900 × 407/743) = round(2684.12) = 2684) and Apr 1 00:00 Paris
      const invoices = await invoicesOf(s, paris.id);
      expect(invoices.map((i) => [i.invoice_date, amounts(i)])).toEqual([
        [START, [2684]],
        [APR_1, [4900]],
      ]);
    } finally {
      await expectOk(await s.a.patch('/settings', { preferred_timezone: 'Europe/Paris' }), 200, 'PATCH /settings');
    }
  });

  it('refuses what calendar billing cannot do, and an unknown time zone', async () => {
    const c = await createCustomer(s, 'Calendar refusals');
    const weekly = await seatPrice(s, 700, { billing_frequency: { count: 1, frequency: 'WEEK' } });
    setNow(s, START);
    const base = { customer_id: c.id, start_date: START, billing_cycle: 'CALENDAR' };
    const refused = async (body: Record<string, unknown>, field: string) => {
      const res = await s.a.post('/subscriptions', { ...base, ...body });
      expect([res.status, Object.keys(res.body.validation_errors ?? {})]).toEqual([400, [field]]);
    };
    await refused({ product_pricing_ids: [weekly.id] }, 'billing_cycle');
    await refused({ product_pricing_ids: [seats.id], billing_anchor_date: APR_1 }, 'billing_anchor_date');
    await refused({ product_pricing_ids: [seats.id], trial: true, trial_term: { count: 7, frequency: 'DAY' } }, 'billing_cycle');
    const bad = await s.a.patch('/settings', { preferred_timezone: 'Mars/Olympus' });
    expect(bad.status).toBe(400);
    expect((await s.a.get('/settings')).body.preferred_timezone).toBe('Europe/Paris');
  });
});
