/**
 * Dated stories: plan and term changes keeping the billing anchor, several changes in one
 * period, pricings that are never prorated, minimum units, usage prices split at a change.
 *
 * A change keeps the billing anchor unless reset_billing_anchor: the new phase's billing dates
 * are anchor + n × its billing term. Proration (docs/billing-rules.md#changes): credit −(old charge)
 * × share of the old period left after t, charge (new charge) × share of the new phase's
 * period left after t, each rounded once, half away from zero.
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
  iso,
  pmpOf,
  runAt,
  Scenario,
  seatPrice,
  setNow,
  sorted,
  startScenario,
  subscribe,
  sum,
  totals,
  usagePrice,
} from './scenario-kit';

describe('scenarios: plan changes keeping the anchor', () => {
  let s: Scenario;

  beforeAll(async () => {
    s = await startScenario('Plans');
  });
  afterAll(() => s.t.close());

  const seatsOf = (pricing: any, n: number, over: Record<string, unknown> = {}) => [
    { product_metric_pricing_id: pmpOf(pricing), num_licenses: n, ...over },
  ];
  const change = async (subId: string, body: Record<string, unknown>) =>
    expectOk(await s.a.post(`/subscriptions/${subId}/change`, body), 200, 'POST /subscriptions/{id}/change');

  it('monthly → yearly, IMMEDIATE, anchor kept (Apr 1): credit the unused half-month, charge the yearly period up to 2028-04-01', async () => {
    const monthly = await seatPrice(s, 10000);
    const yearly = await seatPrice(s, 100000, { billing_frequency: { count: 1, frequency: 'YEAR' } });
    const c = await createCustomer(s, 'M2Y now');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [monthly.id], start_date: '2027-04-01' });
    await runAt(s, '2027-04-01');
    setNow(s, '2027-04-16T12:00:00Z');
    await change(sub.id, { product_pricing_ids: [yearly.id], term: { count: 1, frequency: 'YEAR' }, proration_type: 'IMMEDIATE' });
    await runAt(s, '2028-04-01');
    const invoices = await invoicesOf(s, sub.id);
    // Apr 1 2027: 10000. Apr 16 12:00 (invoice of its own):
    //   credit: unused [Apr 16 12:00, May 1) = 14.5 of 30 days → −10000 × 14.5/30 = −4833.33… → −4833
    //   charge: new yearly period [2027-04-01, 2028-04-01) = 366 days (holds 2028-02-29);
    //           left after t: 366 − 15.5 = 350.5 days → 100000 × 350.5/366 = 95765.02… → 95765
    //   total 90932
    // then nothing until the next yearly billing date 2028-04-01: 100000
    expect(dates(invoices)).toEqual([iso('2027-04-01'), iso('2027-04-16T12:00:00Z'), iso('2028-04-01')]);
    expect(sorted(amounts(invoices[1]))).toEqual([-4833, 95765]);
    expect(totals(invoices)).toEqual([10000, 90932, 100000]);
  });

  it('monthly → yearly, NEXT, anchor kept: the proration waits for the next billing date of the new phase (2028-04-01)', async () => {
    // Rule 3: the invoice at b_n carries the NEXT proration of changes in [b_{n-1}, b_n); the new
    // phase's billing dates are 2027-04-01 and 2028-04-01, so the lines land on 2028-04-01.
    const monthly = await seatPrice(s, 10000);
    const yearly = await seatPrice(s, 100000, { billing_frequency: { count: 1, frequency: 'YEAR' } });
    const c = await createCustomer(s, 'M2Y next');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [monthly.id], start_date: '2027-04-01' });
    await runAt(s, '2027-04-01');
    setNow(s, '2027-04-16T12:00:00Z');
    await change(sub.id, { product_pricing_ids: [yearly.id], term: { count: 1, frequency: 'YEAR' }, proration_type: 'NEXT' });
    await runAt(s, '2028-04-01');
    const invoices = await invoicesOf(s, sub.id);
    // 2028-04-01: advance 100000 + credit −4833 + charge 95765 (as above) = 190932
    expect(dates(invoices)).toEqual(['2027-04-01', '2028-04-01'].map(iso));
    expect(sorted(amounts(invoices[1], { prorated: true }))).toEqual([-4833, 95765]);
    expect(amounts(invoices[1], { prorated: false })).toEqual([100000]);
    expect(totals(invoices)).toEqual([10000, 190932]);
  });

  it('yearly → monthly, NEXT, anchor kept (Jan 1): credit 183/365 of the year, charge 30/31 of July, then August in advance', async () => {
    const yearly = await seatPrice(s, 120000, { billing_frequency: { count: 1, frequency: 'YEAR' } });
    const monthly = await seatPrice(s, 15000);
    const c = await createCustomer(s, 'Y2M next');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [yearly.id], start_date: '2027-01-01' });
    await runAt(s, '2027-01-01');
    setNow(s, '2027-07-02');
    await change(sub.id, { product_pricing_ids: [monthly.id], term: { count: 1, frequency: 'MONTH' }, proration_type: 'NEXT' });
    await runAt(s, '2027-09-01');
    const invoices = await invoicesOf(s, sub.id);
    // new monthly billing dates from Jan 1: …, Jul 1, Aug 1, Sep 1
    // Aug 1: credit −120000 × 183/365 (unused [Jul 2, 2028-01-01)) = −60164.38… → −60164
    //        charge 15000 × 30/31 (rest of [Jul 1, Aug 1) after Jul 2) = 14516.12… → 14516
    //        August in advance 15000 → total −30648 (due 0)
    // Sep 1: 15000
    expect(dates(invoices)).toEqual(['2027-01-01', '2027-08-01', '2027-09-01'].map(iso));
    expect(sorted(amounts(invoices[1], { prorated: true }))).toEqual([-60164, 14516]);
    expect(totals(invoices)).toEqual([120000, -30648, 15000]);
    expect(invoices[1].due.value_in_cents).toBe(0);
  });

  it('upgrade to another plan, NEXT: 2 seats Basic $20 → Pro $35 on May 21 (11 of 31 days left)', async () => {
    const basic = await seatPrice(s, 2000);
    const pro = await seatPrice(s, 3500);
    const c = await createCustomer(s, 'Upgrade');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [basic.id],
      config_items: seatsOf(basic, 2),
      start_date: '2027-05-01',
    });
    await runAt(s, '2027-05-01');
    setNow(s, '2027-05-21');
    await change(sub.id, { product_pricing_ids: [pro.id], config_items: seatsOf(pro, 2), proration_type: 'NEXT' });
    await runAt(s, '2027-06-01');
    const jun = at(await invoicesOf(s, sub.id), '2027-06-01');
    // credit Basic −4000 × 11/31 = −1419.35… → −1419
    // charge Pro 7000 × 11/31 = 2483.87… → 2484
    // June in advance: Pro 2 × 3500 = 7000 → total 8065
    expect(amounts(jun, { product_pricing_id: basic.id })).toEqual([-1419]);
    expect(sorted(amounts(jun, { product_pricing_id: pro.id }))).toEqual([2484, 7000]);
    expect(jun.total.value_in_cents).toBe(8065);
  });

  it('two changes in one period, NEXT: 3 → 5 seats on Jan 11, 5 → 4 on Jan 21; all four lines on Feb 1', async () => {
    const seats = await seatPrice(s, 2000);
    const c = await createCustomer(s, 'Two changes');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      config_items: seatsOf(seats, 3),
      start_date: '2027-01-01',
    });
    await runAt(s, '2027-01-01');
    setNow(s, '2027-01-11');
    await change(sub.id, { config_items: seatsOf(seats, 5), proration_type: 'NEXT' });
    setNow(s, '2027-01-21');
    await change(sub.id, { config_items: seatsOf(seats, 4), proration_type: 'NEXT' });
    await runAt(s, '2027-02-01');
    const invoices = await invoicesOf(s, sub.id);
    // Jan 11 (21/31 left): −6000 × 21/31 = −4064.51… → −4065; +10000 × 21/31 = 6774.19… → 6774
    // Jan 21 (11/31 left): −10000 × 11/31 = −3548.38… → −3548; +8000 × 11/31 = 2838.70… → 2839
    // Feb 1 advance 4 × 2000 = 8000 → total 8000 − 4065 + 6774 − 3548 + 2839 = 10000
    expect(dates(invoices)).toEqual(['2027-01-01', '2027-02-01'].map(iso));
    expect(sorted(amounts(invoices[1], { prorated: true }))).toEqual([-4065, -3548, 2839, 6774]);
    expect(invoices[1].prorated_amount.value_in_cents).toBe(2000);
    expect(invoices[1].total.value_in_cents).toBe(10000);
  });

  it('a pricing with proration_type NONE is never prorated, whatever the change asks', async () => {
    const seats = await seatPrice(s, 2000, { proration_type: 'NONE' });
    const c = await createCustomer(s, 'Never prorated');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      config_items: seatsOf(seats, 2),
      start_date: '2027-01-01',
    });
    await runAt(s, '2027-01-01');
    setNow(s, '2027-01-11');
    await change(sub.id, { config_items: seatsOf(seats, 4), proration_type: 'IMMEDIATE' });
    await runAt(s, '2027-02-01');
    const invoices = await invoicesOf(s, sub.id);
    // Jan 1: 2 × 2000 = 4000; no credit or charge for Jan 11; Feb 1: 4 × 2000 = 8000
    // no change invoice: an IMMEDIATE change without proration lines writes none (README-billing decision 7)
    const charged = invoices.filter((i) => i.items.length > 0);
    expect(dates(invoices)).toEqual(['2027-01-01', '2027-02-01'].map(iso));
    expect(dates(charged)).toEqual(['2027-01-01', '2027-02-01'].map(iso));
    expect(totals(charged)).toEqual([4000, 8000]);
    expect(invoices.flatMap((i) => amounts(i, { prorated: true }))).toEqual([]);
  });

  it('minimum_units: 1 licence with a minimum of 3 is billed as 3 seats', async () => {
    const seats = await seatPrice(s, 1000);
    const c = await createCustomer(s, 'Minimum units');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      config_items: seatsOf(seats, 1, { minimum_units: 3 }),
      start_date: '2027-01-01',
    });
    await runAt(s, '2027-01-01');
    // max(1, 3) × 1000 = 3000
    const inv = at(await invoicesOf(s, sub.id), '2027-01-01');
    expect(inv.total.value_in_cents).toBe(3000);
    expect(inv.items[0].quantity).toBe(3);
  });

  it('usage price changed on Mar 11: March usage billed at the old price before t and the new one after', async () => {
    const meter = await createMeter(s, 'Split calls');
    const cheap = await usagePrice(s, meter, { name: 'Usage 1¢', pricing_type: 'FIXED', fixed_price: { price_per_unit: 1 } });
    const dear = await usagePrice(s, meter, { name: 'Usage 2¢', pricing_type: 'FIXED', fixed_price: { price_per_unit: 2 } });
    const c = await createCustomer(s, 'Usage split');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [cheap.id], start_date: '2027-03-01' });
    await ingest(s, c.id, meter, [
      ['2027-03-05T00:00:00Z', 100],
      ['2027-03-20T00:00:00Z', 100],
    ]);
    setNow(s, '2027-03-11');
    await change(sub.id, { product_pricing_ids: [dear.id], proration_type: 'NEXT' });
    await runAt(s, '2027-04-01T02:00:00Z');
    const apr = at(await invoicesOf(s, sub.id), '2027-04-01');
    // [Mar 1, Mar 11): 100 units × 1¢ = 100; [Mar 11, Apr 1): 100 units × 2¢ = 200 → 300
    // (usage is measured on each part, not scaled by the share of time)
    expect(sum(amounts(apr, { product_pricing_id: cheap.id }))).toBe(100);
    expect(sum(amounts(apr, { product_pricing_id: dear.id }))).toBe(200);
    expect(apr.total.value_in_cents).toBe(300);
  });

  it('late events in the grace period after a usage price change are priced on their side of t', async () => {
    const meter = await createMeter(s, 'Split late calls');
    const cheap = await usagePrice(s, meter, { name: 'Usage 1¢', pricing_type: 'FIXED', fixed_price: { price_per_unit: 1 } });
    const dear = await usagePrice(s, meter, { name: 'Usage 2¢', pricing_type: 'FIXED', fixed_price: { price_per_unit: 2 } });
    const c = await createCustomer(s, 'Usage split late');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [cheap.id], start_date: '2027-03-01' });
    await ingest(s, c.id, meter, [
      ['2027-03-05T00:00:00Z', 100],
      ['2027-03-20T00:00:00Z', 100],
    ]);
    setNow(s, '2027-03-11');
    await change(sub.id, { product_pricing_ids: [dear.id], proration_type: 'NEXT' });
    await runAt(s, '2027-04-01T00:30:00Z');
    // draft: 100 × 1 + 100 × 2 = 300
    expect(at(await invoicesOf(s, sub.id), '2027-04-01')).toMatchObject({ status: 'DRAFT', total: { value_in_cents: 300 } });
    // late: 10 units before t (old price), 10 after (new price)
    await ingest(s, c.id, meter, [
      ['2027-03-08T00:00:00Z', 10],
      ['2027-03-25T00:00:00Z', 10],
    ]);
    await runAt(s, '2027-04-01T01:00:00Z');
    const apr = at(await invoicesOf(s, sub.id), '2027-04-01');
    // final: 110 × 1 = 110 and 110 × 2 = 220 → 330
    expect(apr.status).toBe('PENDING');
    expect(sum(amounts(apr, { product_pricing_id: cheap.id }))).toBe(110);
    expect(sum(amounts(apr, { product_pricing_id: dear.id }))).toBe(220);
    expect(apr.total.value_in_cents).toBe(330);
  });
});
