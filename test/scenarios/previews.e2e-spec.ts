/**
 * Dated stories: #7 previews (`POST /invoices/next`) of invoices with each kind of line,
 * worked out by hand, then compared with the invoice the billing run writes later.
 * Every subscription starts on Oct 1 2027 (the last one on Nov 1); the preview is asked on Oct 20 for the Nov 1 invoice.
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
  usagePrice,
} from './scenario-kit';

describe('scenarios: previews compared with the invoices generated', () => {
  let s: Scenario;

  beforeAll(async () => {
    s = await startScenario('Previews');
  });
  afterAll(() => s.t.close());

  const previewThenBill = async (customerId: string, subId: string, expectedTotal: number) => {
    setNow(s, '2027-10-20');
    const next = (await expectOk(
      await s.a.post('/invoices/next', { currency: 'USD', customer_id: customerId, subscription_id: subId }),
      200,
      'POST /invoices/next',
    )) as Invoice;
    expect(next.invoice_date).toBe(iso('2027-11-01'));
    expect(next.total.value_in_cents).toBe(expectedTotal);
    const before = dates(await invoicesOf(s, subId));
    await runAt(s, '2027-11-01T02:00:00Z');
    const all = await invoicesOf(s, subId);
    const nov = at(all, '2027-11-01');
    expect(dates(all)).toEqual([...before, iso('2027-11-01')]);
    expect(nov.total.value_in_cents).toBe(expectedTotal);
    expect(sorted(amounts(nov))).toEqual(sorted(amounts(next)));
    return { next, nov };
  };

  it('usage at zero units with a flat first tier: the preview shows the $5.00 flat fee', async () => {
    const meter = await createMeter(s, 'Preview tiers');
    const price = await usagePrice(s, meter, {
      pricing_type: 'GRADIENT',
      gradient_price: [
        { start: 0, end: 100, price_per_unit: 1, flat_price: 500 },
        { start: 100, end: null, price_per_unit: 0.5, flat_price: 0 },
      ],
    });
    const c = await createCustomer(s, 'Preview flat');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [price.id], start_date: '2027-10-01' });
    await runAt(s, '2027-10-01');
    // October: 0 units → flat 500
    await previewThenBill(c.id, sub.id, 500);
  });

  it('usage across tiers so far: 150 units = 100 × 1 + 500 flat + 50 × 0.5 = 625', async () => {
    const meter = await createMeter(s, 'Preview usage');
    const price = await usagePrice(s, meter, {
      pricing_type: 'GRADIENT',
      gradient_price: [
        { start: 0, end: 100, price_per_unit: 1, flat_price: 500 },
        { start: 100, end: null, price_per_unit: 0.5, flat_price: 0 },
      ],
    });
    const c = await createCustomer(s, 'Preview tiers');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [price.id], start_date: '2027-10-01' });
    await runAt(s, '2027-10-01');
    await ingest(s, c.id, meter, [['2027-10-10T00:00:00Z', 150]]);
    await previewThenBill(c.id, sub.id, 625);
  });

  it('a pending NEXT one-time charge is on the preview: 1000 + 700 = 1700', async () => {
    const seats = await seatPrice(s, 1000);
    const c = await createCustomer(s, 'Preview one-time');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [seats.id], start_date: '2027-10-01' });
    await runAt(s, '2027-10-01');
    setNow(s, '2027-10-05');
    await expectOk(
      await s.a.post('/one_times', {
        customer_id: c.id,
        type: 'NEXT',
        onetime_items: [{ custom_price: { amount: { currency: 'USD', value_in_cents: 700 }, description: 'Extra' }, aggregate: 1 }],
      }),
      201,
      'POST /one_times',
    );
    await previewThenBill(c.id, sub.id, 1700);
  });

  it('POST_ONLY seats: the preview bills October in arrears, 2 × 3000 = 6000', async () => {
    const arrears = await seatPrice(s, 3000, { charge_type: 'POST_ONLY' });
    const c = await createCustomer(s, 'Preview arrears');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [arrears.id],
      config_items: [{ product_metric_pricing_id: pmpOf(arrears), num_licenses: 2 }],
      start_date: '2027-10-01',
    });
    await runAt(s, '2027-10-01');
    await previewThenBill(c.id, sub.id, 6000);
  });

  it('a percent discount on the preview: 12345 − 15 % (1851.75 → 1852) = 10493', async () => {
    const seats = await seatPrice(s, 12345);
    const c = await createCustomer(s, 'Preview discount');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      discounts: [{ name: '15 %', type: 'DISCOUNT_PERCENT', percent: 0.15 }],
      start_date: '2027-10-01',
    });
    await runAt(s, '2027-10-01');
    const { next } = await previewThenBill(c.id, sub.id, 10493);
    expect(amounts(next, { kind: 'DISCOUNT' })).toEqual([-1852]);
  });

  it('a subscription minimum spend true-up on the preview: 1000 for November + (2500 − 1000) for October = 2500', async () => {
    const seats = await seatPrice(s, 1000);
    const c = await createCustomer(s, 'Preview minimum');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      minimum_spend: { currency: 'USD', value_in_cents: 2500 },
      start_date: '2027-10-01',
    });
    await runAt(s, '2027-10-01');
    const { next } = await previewThenBill(c.id, sub.id, 2500);
    expect(amounts(next, { kind: 'MINIMUM_SPEND' })).toEqual([1500]);
  });

  /**
   * A preview with change_config bills the change exactly as the change will: its phase AND what it
   * does to the subscription row (discounts, minimum spend, one-time items). The same change is
   * then made and the billing run writes the invoice the preview showed.
   */
  const previewChangeThenBill = async (customerId: string, subId: string, change: Record<string, unknown>) => {
    setNow(s, '2027-10-20');
    const body = { currency: 'USD', customer_id: customerId, subscription_id: subId };
    const plain = (await expectOk(await s.a.post('/invoices/next', body), 200, 'POST /invoices/next')) as Invoice;
    const next = (await expectOk(
      await s.a.post('/invoices/next', { ...body, change_config: change }),
      200,
      'POST /invoices/next with change_config',
    )) as Invoice;
    expect(next.invoice_date).toBe(iso('2027-11-01'));
    await expectOk(await s.a.post(`/subscriptions/${subId}/change`, change), 200, 'POST /subscriptions/:id/change');
    const before = dates(await invoicesOf(s, subId));
    await runAt(s, '2027-11-01T02:00:00Z');
    const all = await invoicesOf(s, subId);
    const nov = at(all, '2027-11-01');
    expect(dates(all)).toEqual([...before, iso('2027-11-01')]);
    expect(nov.total.value_in_cents).toBe(next.total.value_in_cents);
    expect(sorted(amounts(nov))).toEqual(sorted(amounts(next)));
    return { plain, next, nov };
  };

  it('a change adding a 10 % discount from the period end: the preview shows 1000 − 100 = 900, as billed', async () => {
    const seats = await seatPrice(s, 1000);
    const c = await createCustomer(s, 'Preview change discount');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [seats.id], start_date: '2027-10-01' });
    await runAt(s, '2027-10-01');
    const { plain, next } = await previewChangeThenBill(c.id, sub.id, {
      timing: 'PERIOD_END',
      discounts: [{ name: '10 %', type: 'DISCOUNT_PERCENT', percent: 0.1 }],
    });
    expect(plain.total.value_in_cents).toBe(1000);
    expect(next.total.value_in_cents).toBe(900);
    expect(amounts(next, { kind: 'DISCOUNT' })).toEqual([-100]);
  });

  it('a change adding a 2500 minimum spend from the period end: October is trued up, 1000 + (2500 − 1000) = 2500, as billed', async () => {
    const seats = await seatPrice(s, 1000);
    const c = await createCustomer(s, 'Preview change minimum');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [seats.id], start_date: '2027-10-01' });
    await runAt(s, '2027-10-01');
    const { plain, next } = await previewChangeThenBill(c.id, sub.id, {
      timing: 'PERIOD_END',
      minimum_spend: { currency: 'USD', value_in_cents: 2500 },
    });
    expect(plain.total.value_in_cents).toBe(1000);
    expect(next.total.value_in_cents).toBe(2500);
    expect(amounts(next, { kind: 'MINIMUM_SPEND' })).toEqual([1500]);
  });

  it('a change adding a 700 one-time item before the first invoice: the Nov 1 invoice is 1000 + 700 = 1700, as billed', async () => {
    const seats = await seatPrice(s, 1000);
    const c = await createCustomer(s, 'Preview change one-time');
    // subscribed on Oct 1 to start on Nov 1: its first invoice is Nov 1, where one-time items are billed
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [seats.id], start_date: '2027-11-01' }, '2027-10-01');
    const { plain, next } = await previewChangeThenBill(c.id, sub.id, {
      onetime_items: [{ custom_price: { amount: { currency: 'USD', value_in_cents: 700 }, description: 'Setup' }, aggregate: 1 }],
    });
    expect(plain.total.value_in_cents).toBe(1000);
    expect(next.total.value_in_cents).toBe(1700);
    expect(sorted(amounts(next))).toEqual([700, 1000]);
  });
});
