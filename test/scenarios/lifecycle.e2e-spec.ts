/**
 * Dated stories: the ends and edges of a subscription's life — final usage at a period-end
 * cancellation, usage during a trial, a change scheduled into a later period, discounts next to
 * proration credits, OVERDUE, and a preview before the first invoice.
 */
import {
  amounts,
  at,
  createCustomer,
  createMeter,
  dates,
  expectOk,
  ingest,
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
} from './scenario-kit';

describe('scenarios: lifecycle edges', () => {
  let s: Scenario;

  beforeAll(async () => {
    s = await startScenario('Lifecycle');
  });
  afterAll(() => s.t.close());

  const seatsOf = (pricing: any, n: number) => [{ product_metric_pricing_id: pmpOf(pricing), num_licenses: n }];
  const change = async (subId: string, body: Record<string, unknown>) =>
    expectOk(await s.a.post(`/subscriptions/${subId}/change`, body), 200, 'POST /subscriptions/{id}/change');

  it('cancellation at period end with usage: the last month of usage is billed once, at the end date', async () => {
    const meter = await createMeter(s, 'End calls');
    const seats = await seatPrice(s, 1000);
    const usage = await usagePrice(s, meter, { pricing_type: 'FIXED', fixed_price: { price_per_unit: 2 } });
    const c = await createCustomer(s, 'End with usage');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [seats.id, usage.id], start_date: '2027-05-01' });
    await ingest(s, c.id, meter, [
      ['2027-05-10T00:00:00Z', 300],
      ['2027-06-10T00:00:00Z', 200],
      ['2027-07-05T00:00:00Z', 50],
    ]);
    await runAt(s, '2027-06-01T02:00:00Z');
    setNow(s, '2027-06-05');
    const cancelled = await expectOk(await s.a.post(`/subscriptions/${sub.id}/cancel`, { timing: 'PERIOD_END' }), 200, 'cancel');
    expect(cancelled.end_date).toBe(iso('2027-07-01'));
    await runAt(s, '2027-08-01T02:00:00Z');
    const invoices = await invoicesOf(s, sub.id);
    // May 1: seat 1000 in advance
    // Jun 1: seat 1000 for June + May usage 300 × 2 = 600 → 1600
    // Jul 1 (end date): no seat (no period starts at or after the end); June usage 200 × 2 = 400
    // July usage (after the end) is billed nowhere
    expect(dates(invoices)).toEqual(['2027-05-01', '2027-06-01', '2027-07-01'].map(iso));
    expect(totals(invoices)).toEqual([1000, 1600, 400]);
    expect(amounts(invoices[2], { product_pricing_id: seats.id })).toEqual([]);
    expect(sum(amounts(invoices[2], { product_pricing_id: usage.id }))).toBe(400);
  });

  it('usage during a trial is not charged: first usage invoice covers [trial end, +1 month)', async () => {
    const meter = await createMeter(s, 'Trial calls');
    const usage = await usagePrice(s, meter, { pricing_type: 'FIXED', fixed_price: { price_per_unit: 10 } });
    const c = await createCustomer(s, 'Trial usage');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [usage.id],
      trial: true,
      trial_term: { count: 14, frequency: 'DAY' },
      start_date: '2027-03-01',
    });
    await ingest(s, c.id, meter, [
      ['2027-03-05T00:00:00Z', 50],
      ['2027-03-20T00:00:00Z', 30],
    ]);
    await runAt(s, '2027-04-15T02:00:00Z');
    const invoices = await invoicesOf(s, sub.id);
    // trial [Mar 1, Mar 15): 50 units not charged; [Mar 15, Apr 15): 30 × 10 = 300 on Apr 15
    expect(at(invoices, '2027-04-15').total.value_in_cents).toBe(300);
    expect(invoices.every((i) => i.invoice_date >= iso('2027-03-15'))).toBe(true);
    expect(sum(totals(invoices))).toBe(300);
  });

  it('a change scheduled into the next period (asked Jan 5 for Feb 11): Feb 1 bills the old plan, Mar 1 the proration', async () => {
    const seats = await seatPrice(s, 2000);
    const c = await createCustomer(s, 'Scheduled change');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      config_items: seatsOf(seats, 3),
      start_date: '2027-01-01',
    });
    await runAt(s, '2027-01-01');
    setNow(s, '2027-01-05');
    await change(sub.id, { config_items: seatsOf(seats, 5), proration_type: 'NEXT', custom_change_date: iso('2027-02-11') });
    await runAt(s, '2027-03-01');
    const invoices = await invoicesOf(s, sub.id);
    // Jan 1 and Feb 1: 3 × 2000 = 6000 (the change is not in effect yet on Feb 1)
    // Mar 1: [Feb 11, Mar 1) = 18 of 28 days
    //   credit −6000 × 18/28 = −3857.14… → −3857; charge 10000 × 18/28 = 6428.57… → 6429
    //   advance 5 × 2000 = 10000 → total 12572
    expect(dates(invoices)).toEqual(['2027-01-01', '2027-02-01', '2027-03-01'].map(iso));
    expect(sorted(amounts(invoices[2], { prorated: true }))).toEqual([-3857, 6429]);
    expect(totals(invoices)).toEqual([6000, 6000, 12572]);
  });

  it('an amount discount is not applied to a proration credit invoice (never below zero), and applies again after', async () => {
    const seats = await seatPrice(s, 2000);
    const c = await createCustomer(s, 'Discount and credit');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      config_items: seatsOf(seats, 5),
      discounts: [{ name: '$10 off', type: 'DISCOUNT_AMOUNT', amount: { currency: 'USD', value_in_cents: 1000 } }],
      start_date: '2027-01-01',
    });
    await runAt(s, '2027-01-01');
    setNow(s, '2027-01-11');
    await change(sub.id, { config_items: seatsOf(seats, 1), proration_type: 'IMMEDIATE' });
    await runAt(s, '2027-02-01');
    const invoices = await invoicesOf(s, sub.id);
    // Jan 1: 5 × 2000 = 10000 − 1000 = 9000
    // Jan 11 (21/31 left): −10000 × 21/31 = −6774.19… → −6774; +2000 × 21/31 = 1354.83… → 1355
    //   total −5419: nothing to discount
    // Feb 1: 1 × 2000 − 1000 = 1000
    expect(dates(invoices)).toEqual(['2027-01-01', '2027-01-11', '2027-02-01'].map(iso));
    expect(totals(invoices)).toEqual([9000, -5419, 1000]);
    expect(amounts(invoices[1], { kind: 'DISCOUNT' })).toEqual([]);
    expect(sorted(amounts(invoices[1]))).toEqual([-6774, 1355]);
  });

  it('OVERDUE: a PENDING invoice reads OVERDUE once past its due date, PAID once paid', async () => {
    const seats = await seatPrice(s, 1000);
    const c = await createCustomer(s, 'Late payer');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [seats.id], start_date: '2027-09-01' });
    await runAt(s, '2027-09-01');
    const inv = at(await invoicesOf(s, sub.id), '2027-09-01');
    // due Sep 1 + 30 days = Oct 1
    expect(inv.due_date).toBe(iso('2027-10-01'));
    const read = async () => (await expectOk(await s.a.get(`/invoices/${inv.uuid}`), 200, 'GET invoice')) as Invoice;
    setNow(s, '2027-10-01');
    expect((await read()).status).toBe('PENDING');
    setNow(s, '2027-10-01T00:00:01Z');
    expect((await read()).status).toBe('OVERDUE');
    await expectOk(
      await s.a.post(`/invoices/${inv.uuid}/mark_paid`, { amount: { currency: 'USD', value_in_cents: 1000 }, provider_type: 'WIRE' }),
      200,
      'mark_paid',
    );
    expect(await read()).toMatchObject({ status: 'PAID', due: { value_in_cents: 0 }, paid: { value_in_cents: 1000 } });
  });

  it('#7 preview during a trial: the first invoice at the trial end, equal to the one generated', async () => {
    const seats = await seatPrice(s, 2000);
    const c = await createCustomer(s, 'Trial preview');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      config_items: seatsOf(seats, 2),
      trial: true,
      trial_term: { count: 14, frequency: 'DAY' },
      start_date: '2027-03-01',
    });
    setNow(s, '2027-03-05');
    const next = (await expectOk(
      await s.a.post('/invoices/next', { currency: 'USD', customer_id: c.id, subscription_id: sub.id }),
      200,
      'POST /invoices/next',
    )) as Invoice;
    // Mar 15: 2 × 2000 = 4000 for [Mar 15, Apr 15)
    expect(next.invoice_date).toBe(iso('2027-03-15'));
    expect(next.total.value_in_cents).toBe(4000);
    await runAt(s, '2027-03-15');
    const first = at(await invoicesOf(s, sub.id), '2027-03-15');
    expect(first.total).toEqual(next.total);
    expect(sorted(amounts(first))).toEqual(sorted(amounts(next)));
  });

  it('immediate cancellation of a POST_ONLY price: the final invoice bills the used 10/31 of March in arrears, no credit', async () => {
    const arrears = await seatPrice(s, 3000, { charge_type: 'POST_ONLY' });
    const c = await createCustomer(s, 'Arrears cancel');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [arrears.id],
      config_items: seatsOf(arrears, 2),
      start_date: '2027-03-01',
    });
    setNow(s, '2027-03-11');
    await expectOk(await s.a.post(`/subscriptions/${sub.id}/cancel`, { timing: 'IMMEDIATE', refund_type: 'PRORATED' }), 200, 'cancel');
    await runAt(s, '2027-05-01');
    const charged = (await invoicesOf(s, sub.id)).filter((i) => i.items.length > 0);
    // [Mar 1, Mar 11) used: 2 × 3000 × 10/31 = 1935.48… → 1935 on Mar 11; nothing was paid in advance, nothing to credit
    expect(dates(charged)).toEqual([iso('2027-03-11')]);
    expect(amounts(charged[0])).toEqual([1935]);
    expect(charged[0].total.value_in_cents).toBe(1935);
  });

  it('PRORATED cancellation of a pricing with proration_type NONE: no credit', async () => {
    const seats = await seatPrice(s, 2000, { proration_type: 'NONE' });
    const c = await createCustomer(s, 'No refund');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      config_items: seatsOf(seats, 2),
      start_date: '2027-03-01',
    });
    await runAt(s, '2027-03-01');
    setNow(s, '2027-03-11');
    await expectOk(await s.a.post(`/subscriptions/${sub.id}/cancel`, { timing: 'IMMEDIATE', refund_type: 'PRORATED' }), 200, 'cancel');
    await runAt(s, '2027-05-01');
    const charged = (await invoicesOf(s, sub.id)).filter((i) => i.items.length > 0);
    // Mar 1: 2 × 2000 = 4000; the NONE price is never prorated → no credit line, nothing after
    expect(dates(charged)).toEqual([iso('2027-03-01')]);
    expect(totals(charged)).toEqual([4000]);
  });

  it('a back-dated IMMEDIATE change (asked Mar 20 for Mar 11): the change invoice is dated Mar 11 and prorates from there', async () => {
    const seats = await seatPrice(s, 2000);
    const c = await createCustomer(s, 'Back-dated change');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      config_items: seatsOf(seats, 3),
      start_date: '2027-03-01',
    });
    await runAt(s, '2027-03-01');
    setNow(s, '2027-03-20');
    await change(sub.id, { config_items: seatsOf(seats, 4), proration_type: 'IMMEDIATE', custom_change_date: iso('2027-03-11') });
    await runAt(s, '2027-04-01');
    const invoices = await invoicesOf(s, sub.id);
    // Mar 11 (21/31 left): −6000 × 21/31 = −4064.51… → −4065; +8000 × 21/31 = 5419.35… → 5419 → 1354
    // Apr 1: 4 × 2000 = 8000
    expect(dates(invoices)).toEqual(['2027-03-01', '2027-03-11', '2027-04-01'].map(iso));
    expect(sorted(amounts(invoices[1]))).toEqual([-4065, 5419]);
    expect(totals(invoices)).toEqual([6000, 1354, 8000]);
  });

  it('cancelled during the trial: nothing is ever charged', async () => {
    const seats = await seatPrice(s, 2000);
    const c = await createCustomer(s, 'Trial cancel');
    const plan = {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      config_items: seatsOf(seats, 2),
      trial: true,
      trial_term: { count: 14, frequency: 'DAY' },
      start_date: '2027-03-01',
    };
    const sub = await subscribe(s, plan);
    // the same plan, not cancelled: the run bills it, so finding nothing below means nothing was billed
    const twin = await subscribe(s, plan);
    setNow(s, '2027-03-05');
    await expectOk(await s.a.post(`/subscriptions/${sub.id}/cancel`, { timing: 'IMMEDIATE', refund_type: 'PRORATED' }), 200, 'cancel');
    await runAt(s, '2027-05-01');
    // the twin: 2 seats × 2000 from the trial end (Mar 15), monthly
    const billed = await invoicesOf(s, twin.id);
    expect(dates(billed)).toEqual(['2027-03-15', '2027-04-15'].map(iso));
    expect(totals(billed)).toEqual([4000, 4000]);
    expect(await expectOk(await s.a.get(`/subscriptions/${sub.id}`), 200, 'GET /subscriptions/{id}')).toMatchObject({
      status: 'cancelled',
      end_date: iso('2027-03-05'),
    });
    const invoices = await invoicesOf(s, sub.id);
    expect(invoices).toEqual([]);
    expect(invoices.filter((i) => i.items.length > 0 || i.total.value_in_cents !== 0)).toEqual([]);
  });

  it('an end date known in advance (asked Jan 10 for Mar 15): the Mar 1 advance is prorated to [Mar 1, Mar 15), nothing after', async () => {
    const seats = await seatPrice(s, 3100);
    const c = await createCustomer(s, 'Known end');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [seats.id], start_date: '2027-01-01' });
    setNow(s, '2027-01-10');
    await expectOk(
      await s.a.post(`/subscriptions/${sub.id}/cancel`, { custom_end_date: iso('2027-03-15'), refund_type: 'PRORATED' }),
      200,
      'cancel',
    );
    await runAt(s, '2027-05-01');
    const invoices = await invoicesOf(s, sub.id);
    // Jan 1, Feb 1: 3100; Mar 1: 3100 × 14/31 = 1400 (end known and inside the period);
    // nothing over-billed, so nothing to credit at Mar 15; nothing after
    const charged = invoices.filter((i) => i.items.length > 0);
    expect(dates(charged)).toEqual(['2027-01-01', '2027-02-01', '2027-03-01'].map(iso));
    expect(totals(charged)).toEqual([3100, 3100, 1400]);
  });

  it('PRORATED cancellation at the very instant of a billing date already invoiced: the whole new month is refunded', async () => {
    const seats = await seatPrice(s, 3100);
    const c = await createCustomer(s, 'Cancel at boundary');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [seats.id], start_date: '2027-01-01' });
    // the run at Feb 1 00:00 bills February in advance; the customer cancels at that same instant
    await runAt(s, '2027-02-01');
    await expectOk(await s.a.post(`/subscriptions/${sub.id}/cancel`, { timing: 'IMMEDIATE', refund_type: 'PRORATED' }), 200, 'cancel');
    await runAt(s, '2027-04-01');
    const live = (await invoicesOf(s, sub.id)).filter((i) => i.status !== 'VOID');
    // e = Feb 1 lies in the advance-billed period [Feb 1, Mar 1) (half-open): share(e, Mar 1) = 1
    // → credit −3100 (or the February invoice voided): the customer pays January only, 3100 net
    expect(at(live, '2027-01-01').total.value_in_cents).toBe(3100);
    expect(sum(totals(live))).toBe(3100);
  });

  it('IMMEDIATE change at the very instant of a billing date already invoiced: the whole new month is prorated', async () => {
    const seats = await seatPrice(s, 2000);
    const c = await createCustomer(s, 'Change at boundary');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      config_items: seatsOf(seats, 3),
      start_date: '2027-01-01',
    });
    // the run at Feb 1 00:00 bills February for 3 seats; at that same instant the customer goes to 5 seats
    await runAt(s, '2027-02-01');
    await change(sub.id, { config_items: seatsOf(seats, 5), proration_type: 'IMMEDIATE' });
    await runAt(s, '2027-04-01');
    const invoices = await invoicesOf(s, sub.id);
    // t = Feb 1 lies in the advance-billed period [Feb 1, Mar 1): share(t, Mar 1) = 1
    //   credit −6000 × 1 = −6000, charge 10000 × 1 = 10000 (change invoice dated Feb 1)
    // all in all: Jan 6000 + Feb 6000 − 6000 + 10000 + Mar 10000 + Apr 10000 = 36000
    expect(sorted(invoices.flatMap((i) => amounts(i, { prorated: true })))).toEqual([-6000, 10000]);
    expect(sum(totals(invoices))).toBe(36000);
  });

  it('a quantity change during the trial is not prorated: the first invoice at the trial end bills the new quantity', async () => {
    const seats = await seatPrice(s, 2000);
    const c = await createCustomer(s, 'Trial change');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      config_items: seatsOf(seats, 2),
      trial: true,
      trial_term: { count: 14, frequency: 'DAY' },
      start_date: '2027-03-01',
    });
    setNow(s, '2027-03-05');
    await change(sub.id, { config_items: seatsOf(seats, 4), proration_type: 'IMMEDIATE' });
    await runAt(s, '2027-03-15');
    const charged = (await invoicesOf(s, sub.id)).filter((i) => i.items.length > 0);
    // nothing was billed during the trial, so nothing to credit; Mar 15: 4 × 2000 = 8000
    expect(dates(charged)).toEqual([iso('2027-03-15')]);
    expect(totals(charged)).toEqual([8000]);
  });
});
