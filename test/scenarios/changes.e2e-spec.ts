/**
 * Dated stories: quantity and term changes mid-period, trials, POST_ONLY prices, cancellations.
 *
 * Proration (docs/billing-rules.md#changes): a change at t inside [b_{n-1}, b_n) credits
 * −(old charge) × share(t, b_n) and charges (new charge) × share(t, b_n), each line rounded
 * once, half away from zero; share = (b_n − t) / (b_n − b_{n-1}) in exact time.
 * NEXT → lines on the invoice at b_n; IMMEDIATE → an invoice of their own dated t; NONE → none.
 * A change onto another term exactly at b_n, where the new schedule has no billing date, charges
 * the new plan for [b_n, its next billing date) on an invoice of its own dated b_n.
 */
import {
  amounts,
  at,
  createCustomer,
  createMeter,
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
  sum,
  totals,
  usagePrice,
  ingest,
} from './scenario-kit';

describe('scenarios: changes, trials and cancellations', () => {
  let s: Scenario;
  let seats20: any; // $20.00 per seat per month

  beforeAll(async () => {
    s = await startScenario('Changes');
    seats20 = await seatPrice(s, 2000);
  });
  afterAll(() => s.t.close());

  const seatsOf = (pricing: any, n: number) => [{ product_metric_pricing_id: pmpOf(pricing), num_licenses: n }];
  const change = async (subId: string, body: Record<string, unknown>) =>
    expectOk(await s.a.post(`/subscriptions/${subId}/change`, body), 200, 'POST /subscriptions/{id}/change');
  const cancel = async (subId: string, body: Record<string, unknown>) =>
    expectOk(await s.a.post(`/subscriptions/${subId}/cancel`, body), 200, 'POST /subscriptions/{id}/cancel');

  it('quantity up, NEXT: 3 → 5 seats on Jan 11 of a 31-day period; proration on the Feb 1 invoice', async () => {
    const c = await createCustomer(s, 'Up next');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats20.id],
      config_items: seatsOf(seats20, 3),
      start_date: '2027-01-01',
    });
    await runAt(s, '2027-01-01');
    setNow(s, '2027-01-11');
    await change(sub.id, { config_items: seatsOf(seats20, 5), proration_type: 'NEXT' });
    await runAt(s, '2027-02-01');
    const invoices = await invoicesOf(s, sub.id);
    // no invoice of its own for a NEXT change
    expect(dates(invoices)).toEqual(['2027-01-01', '2027-02-01'].map(iso));
    // Jan 1: 3 × 2000 = 6000
    expect(invoices[0].total.value_in_cents).toBe(6000);
    // Feb 1: unused share [Jan 11, Feb 1) = 21/31
    //   credit −6000 × 21/31 = −4064.516… → −4065
    //   charge 10000 × 21/31 = 6774.193… → 6774
    //   advance 5 × 2000 = 10000 for February
    //   total 10000 − 4065 + 6774 = 12709; prorated 2709
    const feb = invoices[1];
    expect(sorted(amounts(feb, { prorated: true }))).toEqual([-4065, 6774]);
    expect(amounts(feb, { prorated: false })).toEqual([10000]);
    expect(feb.total.value_in_cents).toBe(12709);
    expect(feb.prorated_amount.value_in_cents).toBe(2709);
    const credit = feb.items.find((i) => i.prorated && i.amount.value_in_cents < 0)!;
    expect([credit.period?.start_date, credit.period?.end_date]).toEqual([iso('2027-01-11'), iso('2027-02-01')]);
  });

  it('quantity down, IMMEDIATE: 5 → 2 seats on Mar 17; a credit invoice dated Mar 17, then 2 seats from Apr 1', async () => {
    const c = await createCustomer(s, 'Down now');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats20.id],
      config_items: seatsOf(seats20, 5),
      start_date: '2027-03-01',
    });
    await runAt(s, '2027-03-01');
    setNow(s, '2027-03-17');
    await change(sub.id, { config_items: seatsOf(seats20, 2), proration_type: 'IMMEDIATE' });
    await runAt(s, '2027-04-01');
    const invoices = await invoicesOf(s, sub.id);
    expect(dates(invoices)).toEqual(['2027-03-01', '2027-03-17', '2027-04-01'].map(iso));
    // Mar 17: unused share [Mar 17, Apr 1) = 15/31
    //   credit −10000 × 15/31 = −4838.709… → −4839
    //   charge 4000 × 15/31 = 1935.483… → 1935
    //   total −2904 (owed to the customer: due 0)
    const mid = invoices[1];
    expect(sorted(amounts(mid))).toEqual([-4839, 1935]);
    expect(mid.total.value_in_cents).toBe(-2904);
    expect(mid.due.value_in_cents).toBe(0);
    expect(mid.prorated_amount.value_in_cents).toBe(-2904);
    // Apr 1: 2 × 2000 = 4000, no proration lines (they were on the Mar 17 invoice)
    expect(amounts(invoices[2])).toEqual([4000]);
    expect(totals(invoices)).toEqual([10000, -2904, 4000]);
  });

  it('quantity down, NEXT, to the second: 4 → 1 seat at Feb 8 06:00 of a 28-day February (2027)', async () => {
    const seats1250 = await seatPrice(s, 1250);
    const c = await createCustomer(s, 'Down next');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats1250.id],
      config_items: seatsOf(seats1250, 4),
      start_date: '2027-02-01',
    });
    await runAt(s, '2027-02-01');
    setNow(s, '2027-02-08T06:00:00Z');
    await change(sub.id, { config_items: seatsOf(seats1250, 1), proration_type: 'NEXT' });
    await runAt(s, '2027-03-01');
    const invoices = await invoicesOf(s, sub.id);
    expect(dates(invoices)).toEqual(['2027-02-01', '2027-03-01'].map(iso));
    // Feb 1: 4 × 1250 = 5000
    // Mar 1: unused [Feb 8 06:00, Mar 1) = 20 d 18 h = 20.75 days of 28
    //   credit −5000 × 20.75/28 = −3705.357… → −3705
    //   charge 1250 × 20.75/28 = 926.339… → 926
    //   advance 1 × 1250 = 1250 → total 1250 − 3705 + 926 = −1529
    const mar = invoices[1];
    expect(sorted(amounts(mar, { prorated: true }))).toEqual([-3705, 926]);
    expect(mar.total.value_in_cents).toBe(-1529);
    expect(mar.due.value_in_cents).toBe(0);
    expect(totals(invoices)).toEqual([5000, -1529]);
  });

  it('quantity up, IMMEDIATE with custom_change_date Feb 10 in a 29-day February (2028), set on Feb 5', async () => {
    const seats1500 = await seatPrice(s, 1500);
    const c = await createCustomer(s, 'Leap change');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats1500.id],
      config_items: seatsOf(seats1500, 2),
      start_date: '2028-01-31',
    });
    await runAt(s, '2028-01-31');
    setNow(s, '2028-02-05');
    await change(sub.id, { config_items: seatsOf(seats1500, 4), proration_type: 'IMMEDIATE', custom_change_date: iso('2028-02-10') });
    // the change happens at its own instant, not when it was asked
    await runAt(s, '2028-02-09T23:59:59Z');
    expect(dates(await invoicesOf(s, sub.id))).toEqual([iso('2028-01-31')]);
    await runAt(s, '2028-02-29');
    const invoices = await invoicesOf(s, sub.id);
    expect(dates(invoices)).toEqual(['2028-01-31', '2028-02-10', '2028-02-29'].map(iso));
    // Jan 31: 2 × 1500 = 3000 for [Jan 31, Feb 29) = 29 days
    // Feb 10: unused [Feb 10, Feb 29) = 19/29
    //   credit −3000 × 19/29 = −1965.517… → −1966
    //   charge 6000 × 19/29 = 3931.034… → 3931 → total 1965
    // Feb 29: 4 × 1500 = 6000
    expect(sorted(amounts(invoices[1]))).toEqual([-1966, 3931]);
    expect(totals(invoices)).toEqual([3000, 1965, 6000]);
  });

  it('proration NONE: 3 → 1 seat mid-February; no proration lines, the new quantity from Mar 1', async () => {
    const c = await createCustomer(s, 'No proration');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats20.id],
      config_items: seatsOf(seats20, 3),
      start_date: '2027-02-01',
    });
    await runAt(s, '2027-02-01');
    setNow(s, '2027-02-15');
    await change(sub.id, { config_items: seatsOf(seats20, 1), proration_type: 'NONE' });
    await runAt(s, '2027-03-01');
    const invoices = await invoicesOf(s, sub.id);
    // Feb 1: 3 × 2000 = 6000; Mar 1: 1 × 2000 = 2000, nothing prorated
    expect(dates(invoices)).toEqual(['2027-02-01', '2027-03-01'].map(iso));
    expect(totals(invoices)).toEqual([6000, 2000]);
    expect(amounts(invoices[1], { prorated: true })).toEqual([]);
  });

  it('monthly → yearly mid-period with a new anchor: credit the unused month, bill the first year at once', async () => {
    const monthly = await seatPrice(s, 10000); // $100.00 a month
    const yearly = await seatPrice(s, 100000, { billing_frequency: { count: 1, frequency: 'YEAR' } }); // $1,000.00 a year
    const c = await createCustomer(s, 'Monthly to yearly');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [monthly.id], start_date: '2027-04-01' });
    await runAt(s, '2027-04-01');
    setNow(s, '2027-04-16T12:00:00Z');
    await change(sub.id, {
      product_pricing_ids: [yearly.id],
      term: { count: 1, frequency: 'YEAR' },
      proration_type: 'IMMEDIATE',
      reset_billing_anchor: true,
    });
    await runAt(s, '2027-06-01');
    const invoices = await invoicesOf(s, sub.id);
    // Apr 1: 10000. Apr 16 12:00: unused [Apr 16 12:00, May 1) = 14.5 of 30 days
    //   credit −10000 × 14.5/30 = −4833.33… → −4833
    //   first year [2027-04-16 12:00, 2028-04-16 12:00): 100000
    //   total 95167; nothing on May 1 or Jun 1 (next billing date 2028-04-16 12:00)
    expect(dates(invoices)).toEqual([iso('2027-04-01'), iso('2027-04-16T12:00:00Z')]);
    const mid = invoices[1];
    expect(sorted(amounts(mid))).toEqual([-4833, 100000]);
    expect(mid.total.value_in_cents).toBe(95167);
    const year = mid.items.find((i) => i.amount.value_in_cents === 100000)!;
    expect([year.period?.start_date, year.period?.end_date]).toEqual([iso('2027-04-16T12:00:00Z'), iso('2028-04-16T12:00:00Z')]);
  });

  it('yearly → monthly mid-period with a new anchor: credit 183/365 of the year, bill the first month at once', async () => {
    const yearly = await seatPrice(s, 120000, { billing_frequency: { count: 1, frequency: 'YEAR' } }); // $1,200.00 a year
    const monthly = await seatPrice(s, 15000); // $150.00 a month
    const c = await createCustomer(s, 'Yearly to monthly');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [yearly.id], start_date: '2027-01-01' });
    await runAt(s, '2027-01-01');
    setNow(s, '2027-07-02');
    await change(sub.id, {
      product_pricing_ids: [monthly.id],
      term: { count: 1, frequency: 'MONTH' },
      proration_type: 'IMMEDIATE',
      reset_billing_anchor: true,
    });
    await runAt(s, '2027-08-02');
    const invoices = await invoicesOf(s, sub.id);
    expect(dates(invoices)).toEqual(['2027-01-01', '2027-07-02', '2027-08-02'].map(iso));
    // Jan 1: 120000 for [2027-01-01, 2028-01-01) = 365 days
    // Jul 2: unused [Jul 2, Jan 1) = 30 + 31 + 30 + 31 + 30 + 31 = 183 days
    //   credit −120000 × 183/365 = −60164.383… → −60164
    //   first month [Jul 2, Aug 2): 15000 → total −45164
    // Aug 2: 15000
    expect(sorted(amounts(invoices[1]))).toEqual([-60164, 15000]);
    expect(totals(invoices)).toEqual([120000, -45164, 15000]);
  });

  it('monthly → yearly at the period end, keeping the Jul 19 anniversary: the first stretch of the year is billed at the change', async () => {
    const monthly = await seatPrice(s, 12900); // $129.00 a month
    const yearly = await seatPrice(s, 118800, { billing_frequency: { count: 1, frequency: 'YEAR' } }); // $1,188.00 a year
    const c = await createCustomer(s, 'Yearly at period end');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [monthly.id], start_date: '2027-07-19' });
    await runAt(s, '2027-10-19');
    setNow(s, '2027-11-10');
    const toYearly = { product_pricing_ids: [yearly.id], term: { count: 1, frequency: 'YEAR' }, timing: 'PERIOD_END' };
    const preview = async (body: Record<string, unknown> = {}) =>
      (await expectOk(
        await s.a.post('/invoices/next', { currency: 'USD', customer_id: c.id, subscription_id: sub.id, ...body }),
        200,
        'POST /invoices/next',
      )) as Invoice;
    // The yearly schedule keeps the Jul 19 anchor: its period [2027-07-19, 2028-07-19) has 366
    // days (Feb 29 2028) and the change at Nov 19 leaves Nov 19 → Jul 19 = 243 of them.
    // Nothing of the monthly plan is left to credit (billed to Nov 19); the yearly plan is charged
    // round(118800 × 243/366) = round(78875.41) = 78875 on an invoice at the change
    // (docs/billing-rules.md#changes).
    const simulated = await preview({ change_config: toYearly });
    expect([simulated.invoice_date, amounts(simulated)]).toEqual([iso('2027-11-19'), [78875]]);
    const changed = await change(sub.id, toYearly);
    expect(changed.change_date).toBe(iso('2027-11-19'));
    const next = await preview();
    expect([next.invoice_date, amounts(next)]).toEqual([iso('2027-11-19'), [78875]]);
    await runAt(s, '2027-11-19');
    await runAt(s, '2027-11-19'); // again: nothing twice
    await runAt(s, '2028-07-19');
    const invoices = await invoicesOf(s, sub.id);
    // Jul 19 → Oct 19: 12900 a month; Nov 19: the yearly plan to Jul 19; Jul 19 2028: a full year
    expect(dates(invoices)).toEqual(['2027-07-19', '2027-08-19', '2027-09-19', '2027-10-19', '2027-11-19', '2028-07-19'].map(iso));
    expect(totals(invoices)).toEqual([12900, 12900, 12900, 12900, 78875, 118800]);
    const stretch = invoices[4].items[0];
    expect([stretch.prorated, stretch.period?.start_date, stretch.period?.end_date]).toEqual([true, iso('2027-11-19'), iso('2028-07-19')]);
    expect([invoices[4].period_start, invoices[4].period_end]).toEqual([iso('2027-11-19'), iso('2028-07-19')]);
    expect(sorted(amounts(invoices[4]))).toEqual(sorted(amounts(next)));
  });

  it('monthly → quarterly at the period end (IMMEDIATE): Dec 19 → Jan 19 of the quarter is billed at the change', async () => {
    const monthly = await seatPrice(s, 12900); // $129.00 a month
    const quarterly = await seatPrice(s, 36000, { billing_frequency: { count: 1, frequency: 'QUARTER' } }); // $360.00 a quarter
    const c = await createCustomer(s, 'Quarterly at period end');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [monthly.id], start_date: '2027-07-19' });
    await runAt(s, '2027-11-19');
    setNow(s, '2027-12-01');
    const changed = await change(sub.id, { product_pricing_ids: [quarterly.id], timing: 'PERIOD_END', proration_type: 'IMMEDIATE' });
    expect(changed.change_date).toBe(iso('2027-12-19'));
    await runAt(s, '2028-01-19');
    const invoices = await invoicesOf(s, sub.id);
    // Quarters from the Jul 19 anchor: [Oct 19, Jan 19) = 31 + 30 + 31 = 92 days; the change at
    // Dec 19 leaves 31 of them: round(36000 × 31/92) = round(12130.43) = 12130 at Dec 19, then
    // the quarter [Jan 19, Apr 19) in full
    expect(dates(invoices)).toEqual(
      ['2027-07-19', '2027-08-19', '2027-09-19', '2027-10-19', '2027-11-19', '2027-12-19', '2028-01-19'].map(iso),
    );
    expect(totals(invoices)).toEqual([12900, 12900, 12900, 12900, 12900, 12130, 36000]);
    expect(amounts(invoices[5], { prorated: true })).toEqual([12130]);
  });

  it('trial of 14 days converting: nothing during the trial, first invoice at the trial end (Mar 15), then monthly', async () => {
    const c = await createCustomer(s, 'Trial');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats20.id],
      config_items: seatsOf(seats20, 2),
      trial: true,
      trial_term: { count: 14, frequency: 'DAY' },
      start_date: '2027-03-01',
    });
    expect(sub.trial_conversion_date).toBe(iso('2027-03-15'));
    await runAt(s, '2027-03-14T23:59:59Z');
    expect(await invoicesOf(s, sub.id)).toEqual([]);
    await runAt(s, '2027-04-15');
    const invoices = await invoicesOf(s, sub.id);
    // 2 × 2000 = 4000 at Mar 15 (for [Mar 15, Apr 15)) and at Apr 15
    expect(dates(invoices)).toEqual(['2027-03-15', '2027-04-15'].map(iso));
    expect(totals(invoices)).toEqual([4000, 4000]);
    expect(invoices[0].period_end).toBe(iso('2027-04-15'));
  });

  it('POST_ONLY licence price is billed in arrears: 2 seats × $30.00 for February on Mar 1', async () => {
    const arrears = await seatPrice(s, 3000, { charge_type: 'POST_ONLY' });
    const c = await createCustomer(s, 'Arrears');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [arrears.id],
      config_items: seatsOf(arrears, 2),
      start_date: '2027-02-01',
    });
    await runAt(s, '2027-04-01');
    const invoices = await invoicesOf(s, sub.id);
    // nothing is charged at the start: a POST_ONLY plan's first invoice is at b₁ (README-billing decision 1)
    const charged = invoices.filter((i) => i.total.value_in_cents !== 0);
    expect(dates(invoices)).toEqual(['2027-03-01', '2027-04-01'].map(iso));
    expect(dates(charged)).toEqual(['2027-03-01', '2027-04-01'].map(iso));
    expect(totals(charged)).toEqual([6000, 6000]);
    for (const inv of invoices.filter((i) => i.invoice_date === iso('2027-02-01'))) expect(inv.items).toEqual([]);
    // the Mar 1 line covers February: [Feb 1, Mar 1)
    const line = charged[0].items[0];
    expect([line.period?.start_date, line.period?.end_date]).toEqual([iso('2027-02-01'), iso('2027-03-01')]);
  });

  it('cancellation at period end: billed for May, end_date Jun 1, no further invoices', async () => {
    const seats10 = await seatPrice(s, 1000);
    const c = await createCustomer(s, 'Cancel at end');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [seats10.id], start_date: '2027-05-01' });
    await runAt(s, '2027-05-01');
    setNow(s, '2027-05-10');
    const cancelled = await cancel(sub.id, { timing: 'PERIOD_END' });
    expect(cancelled.end_date).toBe(iso('2027-06-01'));
    await runAt(s, '2027-08-01');
    const invoices = await invoicesOf(s, sub.id);
    // May 1: 1000. Jun 1 = end_date: no period starts at or after it; refund NONE and no arrears → no final invoice
    expect(dates(invoices)).toEqual([iso('2027-05-01')]);
    expect(totals(invoices)).toEqual([1000]);
  });

  it('immediate cancellation with a PRORATED refund on Jun 20: a credit invoice of −11/30 of June', async () => {
    const seats1337 = await seatPrice(s, 1337);
    const c = await createCustomer(s, 'Cancel now');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats1337.id],
      config_items: seatsOf(seats1337, 7),
      start_date: '2027-06-01',
    });
    await runAt(s, '2027-06-01');
    setNow(s, '2027-06-20');
    await cancel(sub.id, { timing: 'IMMEDIATE', refund_type: 'PRORATED' });
    await runAt(s, '2027-08-01');
    const invoices = await invoicesOf(s, sub.id);
    expect(dates(invoices)).toEqual(['2027-06-01', '2027-06-20'].map(iso));
    // Jun 1: 7 × 1337 = 9359 for [Jun 1, Jul 1) = 30 days
    // Jun 20: unused [Jun 20, Jul 1) = 11/30: −9359 × 11/30 = −3431.633… → −3432; total −3432, due 0
    const refund = invoices[1];
    expect(invoices[0].total.value_in_cents).toBe(9359);
    expect(amounts(refund)).toEqual([-3432]);
    expect(refund.total.value_in_cents).toBe(-3432);
    expect(refund.due.value_in_cents).toBe(0);
  });
  it('POST_ONLY quantity change on Mar 11: March is billed split at t, 2 seats for 10/31 and 4 seats for 21/31', async () => {
    const arrears = await seatPrice(s, 3000, { charge_type: 'POST_ONLY' });
    const c = await createCustomer(s, 'Arrears change');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [arrears.id],
      config_items: seatsOf(arrears, 2),
      start_date: '2027-03-01',
    });
    await runAt(s, '2027-03-01');
    setNow(s, '2027-03-11');
    await change(sub.id, { config_items: seatsOf(arrears, 4), proration_type: 'NEXT' });
    await runAt(s, '2027-04-01');
    const apr = at(await invoicesOf(s, sub.id), '2027-04-01');
    // [Mar 1, Mar 11) old plan: 2 × 3000 × 10/31 = 1935.483… → 1935
    // [Mar 11, Apr 1) new plan: 4 × 3000 × 21/31 = 8129.032… → 8129
    // nothing in advance (POST_ONLY) → total 10064
    expect(sorted(amounts(apr, { product_pricing_id: arrears.id }))).toEqual([1935, 8129]);
    expect(apr.total.value_in_cents).toBe(10064);
  });

  it('cancellation with a custom end date and PRORATED refund: the final invoice credits the seats and bills usage up to the end', async () => {
    const meter = await createMeter(s, 'Cancel calls');
    const seats10 = await seatPrice(s, 1000);
    const usage = await usagePrice(s, meter, { pricing_type: 'FIXED', fixed_price: { price_per_unit: 2 } });
    const c = await createCustomer(s, 'Cancel with usage');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [seats10.id, usage.id], start_date: '2027-06-01' });
    await runAt(s, '2027-06-01');
    // 500 units before the end, 100 after it (billed nowhere)
    await ingest(s, c.id, meter, [
      ['2027-06-05T00:00:00Z', 500],
      ['2027-06-20T00:00:00Z', 100],
    ]);
    setNow(s, '2027-06-10');
    await cancel(sub.id, { custom_end_date: iso('2027-06-16'), refund_type: 'PRORATED' });
    await runAt(s, '2027-08-01T02:00:00Z');
    const invoices = await invoicesOf(s, sub.id);
    expect(dates(invoices)).toEqual(['2027-06-01', '2027-06-16'].map(iso));
    // Jun 1: 1 seat × 1000 in advance (no usage yet)
    expect(invoices[0].total.value_in_cents).toBe(1000);
    // Jun 16: seat credit −1000 × 15/30 (unused [Jun 16, Jul 1)) = −500
    //         usage [Jun 1, Jun 16) = 500 × 2 = 1000 → total 500
    const last = invoices[1];
    expect(amounts(last, { product_pricing_id: seats10.id })).toEqual([-500]);
    expect(sum(amounts(last, { product_pricing_id: usage.id }))).toBe(1000);
    expect(last.total.value_in_cents).toBe(500);
  });
});
