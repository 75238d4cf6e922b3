/**
 * Dated stories: discounts (amount, percent with cap, expiry, pricing scope) and one-time
 * charges (NEXT on the next invoice, IMMEDIATE on an invoice of their own).
 *
 * Discounts (docs/billing-rules.md#discounts): DISCOUNT_AMOUNT takes `amount` off;
 * DISCOUNT_PERCENT takes `percent` (a fraction) limited by `cap`; scoped to one pricing when
 * product_pricing_id is set; not applied after expiration_date; never below zero.
 * sub_total = charge lines before discounts; total = sub_total − discounts.
 */
import {
  amounts,
  at,
  createCustomer,
  createMeter,
  dates,
  expectOk,
  findInvoices,
  ingest,
  invoicesOf,
  iso,
  pmpOf,
  runAt,
  Scenario,
  seatPrice,
  setNow,
  startScenario,
  subscribe,
  sum,
  totals,
  usagePrice,
  usd,
} from './scenario-kit';

describe('scenarios: discounts, credits and one-time charges', () => {
  let s: Scenario;

  beforeAll(async () => {
    s = await startScenario('Discounts');
  });
  afterAll(() => s.t.close());

  it('percent discount with a cap: 25 % of $300.00 = $75.00, capped at $50.00', async () => {
    const seats = await seatPrice(s, 10000);
    const c = await createCustomer(s, 'Capped');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      config_items: [{ product_metric_pricing_id: pmpOf(seats), num_licenses: 3 }],
      discounts: [{ name: 'Quarter off, max $50', type: 'DISCOUNT_PERCENT', percent: 0.25, cap: usd(5000) }],
      start_date: '2027-07-01',
    });
    await runAt(s, '2027-07-01');
    const inv = at(await invoicesOf(s, sub.id), '2027-07-01');
    // 3 × 10000 = 30000; 25 % = 7500 > cap 5000 → −5000; total 25000
    expect(inv.sub_total.value_in_cents).toBe(30000);
    expect(amounts(inv, { kind: 'DISCOUNT' })).toEqual([-5000]);
    expect(inv.discount_total.value_in_cents).toBe(5000);
    expect(inv.total.value_in_cents).toBe(25000);
    expect(inv.due.value_in_cents).toBe(25000);
  });

  it('percent discount under its cap, rounded once: 15 % of $123.45 = 1851.75¢ → 1852¢', async () => {
    const seats = await seatPrice(s, 12345);
    const c = await createCustomer(s, 'Uncapped');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      discounts: [{ name: '15 %', type: 'DISCOUNT_PERCENT', percent: 0.15, cap: usd(5000) }],
      start_date: '2027-07-01',
    });
    await runAt(s, '2027-07-01');
    const inv = at(await invoicesOf(s, sub.id), '2027-07-01');
    // 12345 × 0.15 = 1851.75 → 1852 (< cap 5000); total 12345 − 1852 = 10493
    expect(amounts(inv, { kind: 'DISCOUNT' })).toEqual([-1852]);
    expect(inv.total.value_in_cents).toBe(10493);
  });

  it('amount discount: $10.00 off $49.99 → $39.99', async () => {
    const seats = await seatPrice(s, 4999);
    const c = await createCustomer(s, 'Amount off');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      discounts: [{ name: '$10 off', type: 'DISCOUNT_AMOUNT', amount: usd(1000) }],
      start_date: '2027-07-01',
    });
    await runAt(s, '2027-08-01');
    const invoices = await invoicesOf(s, sub.id);
    // every period: 4999 − 1000 = 3999 (no expiration)
    expect(dates(invoices)).toEqual(['2027-07-01', '2027-08-01'].map(iso));
    expect(totals(invoices)).toEqual([3999, 3999]);
    expect(invoices.map((i) => i.sub_total.value_in_cents)).toEqual([4999, 4999]);
  });

  it('amount discount larger than the invoice: $75.00 off $49.99 → total 0, never negative', async () => {
    const seats = await seatPrice(s, 4999);
    const c = await createCustomer(s, 'Too much off');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      discounts: [{ name: '$75 off', type: 'DISCOUNT_AMOUNT', amount: usd(7500) }],
      start_date: '2027-07-01',
    });
    await runAt(s, '2027-07-01');
    const inv = at(await invoicesOf(s, sub.id), '2027-07-01');
    // discount limited to what is there: −4999; total 0, due 0
    expect(amounts(inv, { kind: 'DISCOUNT' })).toEqual([-4999]);
    expect(inv.total.value_in_cents).toBe(0);
    expect(inv.due.value_in_cents).toBe(0);
  });

  it('expired discount: 50 % until Feb 15 applies on Jan 1 and Feb 1, not on Mar 1', async () => {
    const seats = await seatPrice(s, 2000);
    const c = await createCustomer(s, 'Expiring');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      discounts: [{ name: 'Half until Feb 15', type: 'DISCOUNT_PERCENT', percent: 0.5, expiration_date: iso('2027-02-15') }],
      start_date: '2027-01-01',
    });
    await runAt(s, '2027-03-01');
    const invoices = await invoicesOf(s, sub.id);
    // Jan 1, Feb 1: 2000 − 50 % = 1000; Mar 1 is after Feb 15 → 2000, no discount line
    expect(dates(invoices)).toEqual(['2027-01-01', '2027-02-01', '2027-03-01'].map(iso));
    expect(totals(invoices)).toEqual([1000, 1000, 2000]);
    expect(amounts(invoices[2], { kind: 'DISCOUNT' })).toEqual([]);
    expect(invoices[2].discount_total.value_in_cents).toBe(0);
  });

  it('pricing-scoped discount: 50 % off the $50.00 support price only, not the $40.00 of seats', async () => {
    const seats = await seatPrice(s, 2000);
    const support = await seatPrice(s, 5000);
    const c = await createCustomer(s, 'Scoped');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id, support.id],
      config_items: [{ product_metric_pricing_id: pmpOf(seats), num_licenses: 2 }],
      discounts: [{ name: 'Half support', type: 'DISCOUNT_PERCENT', percent: 0.5, product_pricing_id: support.id }],
      start_date: '2027-07-01',
    });
    await runAt(s, '2027-07-01');
    const inv = at(await invoicesOf(s, sub.id), '2027-07-01');
    // seats 2 × 2000 = 4000; support 1 × 5000 = 5000; discount 50 % × 5000 = 2500
    // total 9000 − 2500 = 6500 (an invoice-wide 50 % would have given 4500)
    expect(sum(amounts(inv, { kind: 'CHARGE', product_pricing_id: seats.id }))).toBe(4000);
    expect(sum(amounts(inv, { kind: 'CHARGE', product_pricing_id: support.id }))).toBe(5000);
    expect(amounts(inv, { kind: 'DISCOUNT' })).toEqual([-2500]);
    expect(inv.sub_total.value_in_cents).toBe(9000);
    expect(inv.total.value_in_cents).toBe(6500);
  });

  it('one-time charge NEXT: $35.50 created May 10 lands on the Jun 1 invoice, once', async () => {
    const seats = await seatPrice(s, 1000);
    const c = await createCustomer(s, 'One-time next');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [seats.id], start_date: '2027-05-01' });
    await runAt(s, '2027-05-01');
    setNow(s, '2027-05-10');
    const created = await expectOk(
      await s.a.post('/one_times', {
        customer_id: c.id,
        type: 'NEXT',
        onetime_items: [{ custom_price: { amount: usd(3550), description: 'Onboarding' }, aggregate: 1 }],
      }),
      201,
      'POST /one_times',
    );
    const oneTimeId = created[0].id;
    await runAt(s, '2027-07-01');
    const invoices = await invoicesOf(s, sub.id);
    // May 1: 1000; Jun 1: 1000 + 3550 = 4550; Jul 1: 1000 (not billed twice)
    expect(dates(invoices)).toEqual(['2027-05-01', '2027-06-01', '2027-07-01'].map(iso));
    expect(totals(invoices)).toEqual([1000, 4550, 1000]);
    const line = invoices[1].items.find((i) => i.one_time_id !== null)!;
    expect(line).toMatchObject({ one_time_id: oneTimeId, amount: usd(3550), kind: 'CHARGE' });
  });

  it('one-time charge IMMEDIATE: $120.00 on an invoice of its own, dated now', async () => {
    const c = await createCustomer(s, 'One-time now');
    setNow(s, '2027-05-12T15:30:00Z');
    await expectOk(
      await s.a.post('/one_times', {
        customer_id: c.id,
        type: 'IMMEDIATE',
        onetime_items: [{ custom_price: { amount: usd(12000), description: 'Workshop' }, aggregate: 1 }],
      }),
      201,
      'POST /one_times',
    );
    const invoices = await findInvoices(s, { customer_id: c.id });
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      subscription_id: null,
      invoice_date: iso('2027-05-12T15:30:00Z'),
      total: usd(12000),
      due: usd(12000),
    });
    expect(invoices[0].status).not.toBe('DRAFT');
    expect(invoices[0].items.map((i) => i.amount.value_in_cents)).toEqual([12000]);
    // a billing run later does not bill it again
    await runAt(s, '2027-06-01');
    expect(await findInvoices(s, { customer_id: c.id })).toHaveLength(1);
  });

  it('a discount expiring exactly at an invoice date still applies on it (Feb 1 00:00), not after', async () => {
    const seats = await seatPrice(s, 2000);
    const c = await createCustomer(s, 'Expiry instant');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      discounts: [{ name: 'Half until Feb 1', type: 'DISCOUNT_PERCENT', percent: 0.5, expiration_date: iso('2027-02-01') }],
      start_date: '2027-01-01',
    });
    await runAt(s, '2027-03-01');
    // Jan 1: 1000; Feb 1 (= expiration instant): 1000; Mar 1: 2000
    expect(totals(await invoicesOf(s, sub.id))).toEqual([1000, 1000, 2000]);
  });

  it("one-time NEXT created exactly at a billing date (Jun 1 00:00) is on that date's invoice", async () => {
    const seats = await seatPrice(s, 1000);
    const c = await createCustomer(s, 'One-time at boundary');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [seats.id], start_date: '2027-05-01' });
    await runAt(s, '2027-05-01');
    setNow(s, '2027-06-01');
    await expectOk(
      await s.a.post('/one_times', {
        customer_id: c.id,
        type: 'NEXT',
        onetime_items: [{ custom_price: { amount: usd(700), description: 'Extra' }, aggregate: 1 }],
      }),
      201,
      'POST /one_times',
    );
    await runAt(s, '2027-07-01');
    // created at or before b_n = Jun 1 → Jun 1: 1000 + 700 = 1700; Jul 1: 1000
    expect(totals(await invoicesOf(s, sub.id))).toEqual([1000, 1700, 1000]);
  });

  it('customer credit of $15.00 is applied as invoices are finalized: $10.00 on Jan 1 (PAID), the $5.00 left on Feb 1', async () => {
    const seats = await seatPrice(s, 1000);
    const c = await createCustomer(s, 'Has credit');
    setNow(s, '2027-01-01');
    await expectOk(
      await s.a.post('/credits', { customer_id: c.id, name: 'Goodwill', type: 'AMOUNT', amount: usd(1500) }),
      201,
      'POST /credits',
    );
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [seats.id], start_date: '2027-01-01' });
    await runAt(s, '2027-02-01');
    const invoices = await invoicesOf(s, sub.id);
    // total = sub_total − discounts − credits (docs/billing-rules.md#totals); an invoice written final gets credits (README-billing decision 13)
    // Jan 1: 1000 − 1000 credit = 0 → PAID at once; Feb 1: 1000 − 500 (what is left) = 500
    expect(
      invoices.map((i) => [
        i.sub_total.value_in_cents,
        (i as any).credits_applied?.value_in_cents,
        i.total.value_in_cents,
        i.due.value_in_cents,
      ]),
    ).toEqual([
      [1000, 1000, 0, 0],
      [1000, 500, 500, 500],
    ]);
    expect(invoices[0].status).toBe('PAID');
  });

  it('#13 finalizing a usage draft applies the customer credit: 450 − 300 = 150 due', async () => {
    const meter = await createMeter(s, 'Credit calls');
    const price = await usagePrice(s, meter, { pricing_type: 'FIXED', fixed_price: { price_per_unit: 3 } });
    const c = await createCustomer(s, 'Credit at finalize');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [price.id], start_date: '2027-01-01' });
    await ingest(s, c.id, meter, [['2027-01-20T00:00:00Z', 150]]);
    setNow(s, '2027-01-25');
    await expectOk(
      await s.a.post('/credits', { customer_id: c.id, name: 'Credit', type: 'AMOUNT', amount: usd(300) }),
      201,
      'POST /credits',
    );
    await runAt(s, '2027-02-01T00:10:00Z');
    const draft = at(await invoicesOf(s, sub.id), '2027-02-01');
    expect(draft.status).toBe('DRAFT');
    const final = await expectOk(await s.a.post(`/invoices/${draft.uuid}/finalize`), 200, 'finalize');
    // 150 × 3 = 450; credit 300 → total 150, due 150
    expect(final).toMatchObject({ status: 'PENDING', sub_total: usd(450), credits_applied: usd(300), total: usd(150), due: usd(150) });
  });

  it('an invoice-wide percent discount applies to the net of an invoice with proration lines: 10 % of 12709 = 1270.9 → 1271', async () => {
    const seats = await seatPrice(s, 2000);
    const c = await createCustomer(s, 'Discount and proration');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      config_items: [{ product_metric_pricing_id: pmpOf(seats), num_licenses: 3 }],
      discounts: [{ name: '10 %', type: 'DISCOUNT_PERCENT', percent: 0.1 }],
      start_date: '2027-01-01',
    });
    await runAt(s, '2027-01-01');
    setNow(s, '2027-01-11');
    await expectOk(
      await s.a.post(`/subscriptions/${sub.id}/change`, {
        config_items: [{ product_metric_pricing_id: pmpOf(seats), num_licenses: 5 }],
        proration_type: 'NEXT',
      }),
      200,
      'change',
    );
    await runAt(s, '2027-02-01');
    const invoices = await invoicesOf(s, sub.id);
    // Jan 1: 6000 − 600 = 5400
    // Feb 1: 10000 − 4065 (−6000 × 21/31) + 6774 (10000 × 21/31) = 12709; 10 % = 1270.9 → 1271; total 11438
    expect(invoices[1].sub_total.value_in_cents).toBe(12709);
    expect(amounts(invoices[1], { kind: 'DISCOUNT' })).toEqual([-1271]);
    expect(totals(invoices)).toEqual([5400, 11438]);
  });

  it('a pricing-scoped amount discount is limited to that pricing: $10.00 off a $5.00 add-on takes $5.00', async () => {
    const seats = await seatPrice(s, 2000);
    const addon = await seatPrice(s, 500);
    const c = await createCustomer(s, 'Scoped amount');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id, addon.id],
      discounts: [{ name: '$10 off the add-on', type: 'DISCOUNT_AMOUNT', amount: usd(1000), product_pricing_id: addon.id }],
      start_date: '2027-07-01',
    });
    await runAt(s, '2027-07-01');
    const inv = at(await invoicesOf(s, sub.id), '2027-07-01');
    // seats 2000 + add-on 500; the discount stops at the add-on's 500 → total 2000
    expect(amounts(inv, { kind: 'DISCOUNT' })).toEqual([-500]);
    expect(inv.total.value_in_cents).toBe(2000);
  });

  it('one-time NEXT for a customer with two subscriptions billed on the same date: charged exactly once', async () => {
    const seats = await seatPrice(s, 1000);
    const c = await createCustomer(s, 'Two subscriptions');
    await subscribe(s, { customer_id: c.id, product_pricing_ids: [seats.id], start_date: '2027-05-01' });
    await subscribe(s, { customer_id: c.id, product_pricing_ids: [seats.id], start_date: '2027-05-01' });
    await runAt(s, '2027-05-01');
    setNow(s, '2027-05-10');
    await expectOk(
      await s.a.post('/one_times', {
        customer_id: c.id,
        type: 'NEXT',
        onetime_items: [{ custom_price: { amount: usd(700), description: 'Once' }, aggregate: 1 }],
      }),
      201,
      'POST /one_times',
    );
    await runAt(s, '2027-07-01');
    const all = await findInvoices(s, { customer_id: c.id });
    // 2 subscriptions × 3 dates × 1000 = 6000, plus the one-time 700 once → 6700
    expect(all.flatMap((i) => i.items.filter((l) => l.one_time_id !== null).map((l) => l.amount.value_in_cents))).toEqual([700]);
    expect(sum(totals(all))).toBe(6700);
  });
});
