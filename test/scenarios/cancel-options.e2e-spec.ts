/**
 * Dated stories: the options of a cancellation (docs/billing-rules.md#cancellations) —
 * refund_type NONE / PRORATED / CUSTOM, charge_remaining_balance over a committed term,
 * cancel_pending_invoices, and the preview of each (`invoices/next` with `cancel_config`).
 */
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

describe('scenarios: cancellation options', () => {
  let s: Scenario;

  beforeAll(async () => {
    s = await startScenario('Cancel options');
  });
  afterAll(() => s.t.close());

  const seatsOf = (pricing: any, n: number) => [{ product_metric_pricing_id: pmpOf(pricing), num_licenses: n }];
  const cancel = (subId: string, body: Record<string, unknown>) => s.a.post(`/subscriptions/${subId}/cancel`, body);
  const preview = async (customerId: string, subId: string, cancelConfig: Record<string, unknown>): Promise<Invoice> =>
    expectOk(
      await s.a.post('/invoices/next', { currency: 'USD', customer_id: customerId, subscription_id: subId, cancel_config: cancelConfig }),
      200,
      'POST /invoices/next',
    );
  /** A 30.00 seat plan, 1 seat, started Mar 1 2027 and billed for March (31 days). */
  const marchSubscription = async (name: string, over: Record<string, unknown> = {}) => {
    const seats = await seatPrice(s, 3000);
    const c = await createCustomer(s, name);
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      config_items: seatsOf(seats, 1),
      start_date: '2027-03-01',
      ...over,
    });
    await runAt(s, '2027-03-01');
    return { c, sub, seats };
  };

  it('refund_type NONE: what was billed in advance is kept, no final invoice', async () => {
    const { c, sub } = await marchSubscription('Refund none');
    setNow(s, '2027-03-11');
    // the cancellation bills nothing: no invoice left to preview
    const next = await s.a.post('/invoices/next', {
      currency: 'USD',
      customer_id: c.id,
      subscription_id: sub.id,
      cancel_config: { timing: 'IMMEDIATE', refund_type: 'NONE' },
    });
    expect(next.status).toBe(409);
    await expectOk(await cancel(sub.id, { timing: 'IMMEDIATE', refund_type: 'NONE' }), 200, 'cancel');
    await runAt(s, '2027-05-01');
    expect(totals(await invoicesOf(s, sub.id))).toEqual([3000]);
  });

  it('refund_type PRORATED: the unused 21/31 of March is credited (preview = final invoice)', async () => {
    const { c, sub } = await marchSubscription('Refund prorated');
    setNow(s, '2027-03-11');
    const next = await preview(c.id, sub.id, { timing: 'IMMEDIATE', refund_type: 'PRORATED' });
    await expectOk(await cancel(sub.id, { timing: 'IMMEDIATE', refund_type: 'PRORATED' }), 200, 'cancel');
    await runAt(s, '2027-05-01');
    const invoices = await invoicesOf(s, sub.id);
    // −3000 × 21/31 = −2032.26 → −2032
    expect(totals(invoices)).toEqual([3000, -2032]);
    expect(amounts(next)).toEqual(amounts(invoices[1]));
  });

  it('refund_type CUSTOM: the final invoice credits exactly custom_refund_amount (preview = final invoice)', async () => {
    const { c, sub } = await marchSubscription('Refund custom');
    setNow(s, '2027-03-11');
    const body = { timing: 'IMMEDIATE', refund_type: 'CUSTOM', custom_refund_amount: usd(1250) };
    const next = await preview(c.id, sub.id, body);
    expect(amounts(next)).toEqual([-1250]);
    await expectOk(await cancel(sub.id, body), 200, 'cancel');
    await runAt(s, '2027-05-01');
    const invoices = await invoicesOf(s, sub.id);
    expect(dates(invoices)).toEqual([iso('2027-03-01'), iso('2027-03-11')]);
    expect(totals(invoices)).toEqual([3000, -1250]);
    expect(invoices[1].items.map((i) => [i.kind, i.name, i.amount.value_in_cents])).toEqual([['CHARGE', 'Refund (custom amount)', -1250]]);
    const read = await expectOk(await s.a.get(`/subscriptions/${sub.id}`), 200, 'GET');
    expect(read.cancel_config).toMatchObject({ refund_type: 'CUSTOM', custom_refund_amount: usd(1250) });
  });

  it('refund_type CUSTOM: up to what the period billed (3000 ok, 3001 refused), and the amount only with CUSTOM', async () => {
    const { c, sub } = await marchSubscription('Refund custom bounds');
    setNow(s, '2027-03-11');
    const tooMuch = await cancel(sub.id, { timing: 'IMMEDIATE', refund_type: 'CUSTOM', custom_refund_amount: usd(3001) });
    expect(tooMuch.status).toBe(400);
    expect(JSON.stringify(tooMuch.body)).toContain('custom_refund_amount');
    const previewTooMuch = await s.a.post('/invoices/next', {
      currency: 'USD',
      customer_id: c.id,
      subscription_id: sub.id,
      cancel_config: { refund_type: 'CUSTOM', custom_refund_amount: usd(3001) },
    });
    expect(previewTooMuch.status).toBe(400);
    expect((await cancel(sub.id, { refund_type: 'CUSTOM' })).status).toBe(400);
    expect((await cancel(sub.id, { refund_type: 'PRORATED', custom_refund_amount: usd(100) })).status).toBe(400);
    expect((await cancel(sub.id, { refund_type: 'NONE', custom_refund_amount: usd(100) })).status).toBe(400);
    expect((await cancel(sub.id, { custom_refund_amount: usd(3001) })).status).toBe(400);
    expect((await cancel(sub.id, { refund_type: 'CUSTOM', custom_refund_amount: usd(100), charge_remaining_balance: true })).status).toBe(
      400,
    );
    // nothing was written by the refusals
    expect((await expectOk(await s.a.get(`/subscriptions/${sub.id}`), 200, 'GET')).cancel_date).toBeNull();
    // an amount without refund_type is a CUSTOM refund
    await expectOk(await cancel(sub.id, { timing: 'IMMEDIATE', custom_refund_amount: usd(3000) }), 200, 'cancel');
    await runAt(s, '2027-05-01');
    expect(totals(await invoicesOf(s, sub.id))).toEqual([3000, -3000]);
  });

  it('charge_remaining_balance: cancelled in the 3rd month of a 12-month term, the 9 months left are invoiced, no credit', async () => {
    const seats = await seatPrice(s, 1000);
    const c = await createCustomer(s, 'Remaining balance');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      config_items: seatsOf(seats, 2),
      term: { count: 12, frequency: 'MONTH' },
      start_date: '2027-03-01',
    });
    await runAt(s, '2027-03-01');
    await runAt(s, '2027-04-01');
    await runAt(s, '2027-05-01');
    setNow(s, '2027-05-11');
    const body = { timing: 'IMMEDIATE', refund_type: 'PRORATED', charge_remaining_balance: true };
    const next = await preview(c.id, sub.id, body);
    await expectOk(await cancel(sub.id, body), 200, 'cancel');
    await runAt(s, '2027-08-01');
    const invoices = await invoicesOf(s, sub.id);
    // Mar, Apr, May billed (2 × 1000 each); at May 11 the term's Jun 1 2027 … Mar 1 2028 = 9 months × 2000
    expect(dates(invoices)).toEqual(['2027-03-01', '2027-04-01', '2027-05-01', '2027-05-11'].map(iso));
    const last = invoices[3];
    expect(amounts(last)).toEqual(Array(9).fill(2000));
    expect(last.total.value_in_cents).toBe(18000);
    expect(last.items[0].period).toEqual({ start_date: iso('2027-06-01'), end_date: iso('2027-07-01') });
    expect(last.items[8].period).toEqual({ start_date: iso('2028-02-01'), end_date: iso('2028-03-01') });
    expect(next.total.value_in_cents).toBe(18000);
    expect(amounts(next)).toEqual(amounts(last));
  });

  it('charge_remaining_balance with a term ending inside a billing period: the last piece is prorated', async () => {
    // quarterly term from Mar 1, billed monthly with a custom anchor on the 16th: billing dates Mar 16, Apr 16, May 16;
    // cancelled Apr 1: billed through May 16, the term ends Jun 1 → [May 16, Jun 1) = 16/31 of [May 16, Jun 16)
    const seats = await seatPrice(s, 3100);
    const c = await createCustomer(s, 'Remaining partial');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      config_items: seatsOf(seats, 1),
      term: { count: 3, frequency: 'MONTH' },
      billing_anchor_date: iso('2027-03-16'),
      start_date: '2027-03-01',
    });
    await runAt(s, '2027-04-16');
    setNow(s, '2027-05-01');
    await expectOk(await cancel(sub.id, { timing: 'IMMEDIATE', charge_remaining_balance: true }), 200, 'cancel');
    await runAt(s, '2027-07-01');
    const final = at(await invoicesOf(s, sub.id), '2027-05-01');
    // [May 16, Jun 1) of the 31-day [May 16, Jun 16): 3100 × 16/31 = 1600
    expect(final.items.map((i) => [i.amount.value_in_cents, i.prorated, i.period])).toEqual([
      [1600, true, { start_date: iso('2027-05-16'), end_date: iso('2027-06-01') }],
    ]);
  });

  it('cancel_pending_invoices: unpaid open invoices are voided at once (credits back), a partly paid one is kept, nothing refunded of a voided one', async () => {
    const seats = await seatPrice(s, 2000);
    const c = await createCustomer(s, 'Pending voided');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      config_items: seatsOf(seats, 1),
      start_date: '2027-03-01',
    });
    await runAt(s, '2027-03-01');
    const march = at(await invoicesOf(s, sub.id), '2027-03-01');
    await expectOk(await s.a.post(`/invoices/${march.uuid}/mark_paid`, { amount: usd(500), provider_type: 'WIRE' }), 200, 'mark_paid');
    const credit = await expectOk(
      await s.a.post('/credits', { name: 'Prepaid', type: 'AMOUNT', customer_id: c.id, amount: usd(300) }),
      201,
      'grant',
    );
    await runAt(s, '2027-04-01');
    const april = at(await invoicesOf(s, sub.id), '2027-04-01');
    expect(april).toMatchObject({ status: 'PENDING', total: usd(1700) });
    expect((await expectOk(await s.a.get(`/credits/${credit.id}`), 200, 'credit')).amount).toEqual(usd(0));

    setNow(s, '2027-04-11');
    await expectOk(await cancel(sub.id, { timing: 'IMMEDIATE', refund_type: 'PRORATED', cancel_pending_invoices: true }), 200, 'cancel');
    // at once, before any billing run
    const now = await invoicesOf(s, sub.id);
    expect(at(now, '2027-04-01')).toMatchObject({ status: 'VOID', due: usd(0) });
    // March is past its due date (Mar 31): open, read OVERDUE
    expect(at(now, '2027-03-01')).toMatchObject({ status: 'OVERDUE', paid: usd(500), due: usd(1500) });
    expect((await expectOk(await s.a.get(`/credits/${credit.id}`), 200, 'credit')).amount).toEqual(usd(300));
    await runAt(s, '2027-06-01');
    // April was voided: nothing of it is credited, so no final invoice
    expect(dates(await invoicesOf(s, sub.id))).toEqual([iso('2027-03-01'), iso('2027-04-01')]);
  });

  it('cancel_pending_invoices at PERIOD_END: the open invoices are voided by the run that reaches the end, not before', async () => {
    const seats = await seatPrice(s, 2000);
    const c = await createCustomer(s, 'Pending at end');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      config_items: seatsOf(seats, 1),
      start_date: '2027-03-01',
    });
    await runAt(s, '2027-03-01');
    setNow(s, '2027-03-11');
    await expectOk(await cancel(sub.id, { timing: 'PERIOD_END', cancel_pending_invoices: true }), 200, 'cancel');
    await runAt(s, '2027-03-20');
    expect(at(await invoicesOf(s, sub.id), '2027-03-01').status).toBe('PENDING');
    await runAt(s, '2027-04-01');
    const invoices = await invoicesOf(s, sub.id);
    expect(invoices.map((i) => [i.invoice_date, i.status])).toEqual([[iso('2027-03-01'), 'VOID']]);
  });

  it('without cancel_pending_invoices the open invoices stay as they are', async () => {
    const { sub } = await marchSubscription('Pending kept');
    setNow(s, '2027-03-11');
    await expectOk(await cancel(sub.id, { timing: 'IMMEDIATE' }), 200, 'cancel');
    await runAt(s, '2027-03-20');
    expect((await invoicesOf(s, sub.id)).map((i) => i.status)).toEqual(['PENDING']);
  });

  it('another company cannot cancel the subscription (its options included)', async () => {
    const { sub } = await marchSubscription('Isolation');
    const other = await anotherCompany(s, 'Cancel options other');
    const res = await other.a.post(`/subscriptions/${sub.id}/cancel`, {
      refund_type: 'CUSTOM',
      custom_refund_amount: usd(100),
      cancel_pending_invoices: true,
    });
    expect(res.status).toBe(404);
    expect(sorted((await invoicesOf(s, sub.id)).map((i) => i.total.value_in_cents))).toEqual([3000]);
    expect((await invoicesOf(s, sub.id))[0].status).toBe('PENDING');
  });
});
