/**
 * Dated stories: percentage charges and prices per group
 * (docs/billing-rules.md#percentage-charges, #prices-per-group).
 */
import {
  anotherCompany,
  at,
  createCustomer,
  dates,
  expectOk,
  Invoice,
  iso,
  runAt,
  Scenario,
  startScenario,
  subscribe,
  totals,
  invoicesOf,
  monthlyUsdPricing,
} from './scenario-kit';

interface Meter {
  itemId: string;
  metricId: string;
}

/** A usage item whose metric SUMs `property`, grouped by `groupKeys`. */
async function meterOf(s: Scenario, name: string, property: string, groupKeys: string[] = []): Promise<Meter> {
  const item = await expectOk(await s.a.post('/billable_items', { name, type: 'CUSTOM_USAGE' }), 200, 'POST /billable_items');
  const metric = await expectOk(
    await s.a.post('/billable_metrics', {
      item_id: item.id,
      name: `${name} ${property}`,
      metering_rule: { aggregator: 'SUM', property, group_keys: groupKeys },
    }),
    200,
    'POST /billable_metrics',
  );
  return { itemId: item.id, metricId: metric.id };
}

let tx = 0;
async function send(s: Scenario, customerId: string, meter: Meter, events: [string, Record<string, unknown>][]) {
  const body = {
    events: events.map(([ts, properties]) => ({
      customer_id: customerId,
      item_id: meter.itemId,
      transaction_id: `cm-${++tx}-${Math.random().toString(36).slice(2, 10)}`,
      timestamp: iso(ts),
      properties,
    })),
  };
  const res = await expectOk(await s.a.post('/events/ingest', body), 200, 'POST /events/ingest');
  expect(res.errors ?? []).toEqual([]);
}

const lines = (inv: Invoice) => inv.items.map((i) => [i.name, Number(i.quantity), i.amount.value_in_cents]);

describe('scenarios: percentage charges and prices per group', () => {
  let s: Scenario;
  let payments: Meter;
  let calls: Meter;

  beforeAll(async () => {
    s = await startScenario('Charge models');
    payments = await meterOf(s, 'Payments', 'amount_cents');
    calls = await meterOf(s, 'Calls', 'units', ['region', 'plan']);
  });
  afterAll(() => s.t.close());

  const percentagePrice = (name: string, terms: Record<string, unknown>) =>
    monthlyUsdPricing(s.a, {
      product_id: s.product.id,
      name,
      item_id: payments.itemId,
      metric_id: payments.metricId,
      pricing_type: 'PERCENTAGE',
      percentage_price: terms,
    });

  it('2.5 % with a 0.30 fixed fee on three payments, one line rounded once', async () => {
    const price = await percentagePrice('Card fees', { rate: 2.5, fixed_fee_per_event: 30 });
    expect(price.product_metric_pricings[0].item_pricing.percentage_price).toEqual({
      rate: 2.5,
      fixed_fee_per_event: 30,
      min_per_event: null,
      max_per_event: null,
    });
    const c = await createCustomer(s, 'Merchant');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [price.id], start_date: '2027-03-01' });
    await send(s, c.id, payments, [
      ['2027-03-03', { amount_cents: 10000 }],
      ['2027-03-10', { amount_cents: 4999 }],
      ['2027-03-20', { amount_cents: 1234 }],
      ['2027-04-02', { amount_cents: 100000 }], // April's, not March's
    ]);
    await runAt(s, '2027-04-01T02:00:00Z');
    const invoices = await invoicesOf(s, sub.id);
    expect(dates(invoices)).toEqual([iso('2027-04-01')]);
    // per event: 10000 × 2.5 % + 30 = 280; 4999 × 2.5 % + 30 = 154.975; 1234 × 2.5 % + 30 = 60.85
    // sum 495.825 → round once = 496
    expect(lines(at(invoices, '2027-04-01'))).toEqual([['Card fees - Payments amount_cents', 3, 496]]);
    expect(totals(invoices)).toEqual([496]);
  });

  it('per-event minimum and maximum hold each event, fee included', async () => {
    const price = await percentagePrice('Bounded fees', { rate: '2.5', fixed_fee_per_event: 30, min_per_event: 50, max_per_event: 500 });
    const c = await createCustomer(s, 'Bounded merchant');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [price.id], start_date: '2027-03-01' });
    await send(s, c.id, payments, [
      ['2027-03-03', { amount_cents: 100 }], // 2.5 + 30 = 32.5 → min 50
      ['2027-03-04', { amount_cents: 100 }], // 50 again (same amount, counted twice)
      ['2027-03-05', { amount_cents: 1000000 }], // 25000 + 30 → max 500
      ['2027-03-06', { amount_cents: 2001 }], // 50.025 + 30 = 80.025
      ['2027-03-07', { amount_cents: 'n/a' }], // not numeric: not an event of the price
    ]);
    await runAt(s, '2027-04-01T02:00:00Z');
    // 50 + 50 + 500 + 80.025 = 680.025 → 680
    expect(lines(at(await invoicesOf(s, sub.id), '2027-04-01'))).toEqual([['Bounded fees - Payments amount_cents', 4, 680]]);
  });

  it('per-region prices: one line per group, other values at the fixed price', async () => {
    const price = await monthlyUsdPricing(s.a, {
      product_id: s.product.id,
      name: 'Calls',
      item_id: calls.itemId,
      metric_id: calls.metricId,
      pricing_type: 'FIXED',
      fixed_price: { price_per_unit: 12 },
      group_prices: {
        group_key: 'region',
        prices: [
          { value: 'eu', price_per_unit: 10 },
          { value: 'us', price_per_unit: '8.5' },
        ],
      },
    });
    const c = await createCustomer(s, 'Regions');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [price.id], start_date: '2027-03-01' });
    await send(s, c.id, calls, [
      ['2027-03-02', { units: 100, region: 'eu', plan: 'a' }],
      ['2027-03-02T10:30:00Z', { units: 50, region: 'eu', plan: 'b' }], // another group of the metric: summed into eu
      ['2027-03-03', { units: 3, region: 'us' }],
      ['2027-03-04', { units: 7, region: 'ap' }],
      ['2027-03-05', { units: 1, region: 'sa' }],
      ['2027-03-06', { units: 2 }], // no region
    ]);
    await runAt(s, '2027-04-01T02:00:00Z');
    const invoice = at(await invoicesOf(s, sub.id), '2027-04-01');
    // eu 150 × 10 = 1500; us 3 × 8.5 = 25.5 → 26; ap 7 × 12 = 84; sa 1 × 12 = 12; none 2 × 12 = 24
    expect(lines(invoice)).toEqual([
      ['Calls - Calls units (region: eu)', 150, 1500],
      ['Calls - Calls units (region: us)', 3, 26],
      ['Calls - Calls units (region: ap)', 7, 84],
      ['Calls - Calls units (region: sa)', 1, 12],
      ['Calls - Calls units (no region)', 2, 24],
    ]);
    expect(invoice.total.value_in_cents).toBe(1646);
  });

  it('refuses what the models cannot bill', async () => {
    const base = { product_id: s.product.id, currency: 'USD', name: 'Bad', item_id: payments.itemId, metric_id: payments.metricId };
    const refused = async (body: Record<string, unknown>, field: string) => {
      const res = await s.a.post('/pricing', { ...base, ...body });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.validation_errors ?? {})).toEqual([field]);
    };
    await refused({ pricing_type: 'PERCENTAGE' }, 'percentage_price');
    await refused({ pricing_type: 'PERCENTAGE', percentage_price: { rate: 0 } }, 'percentage_price.rate');
    await refused({ pricing_type: 'PERCENTAGE', percentage_price: { rate: 101 } }, 'percentage_price.rate');
    await refused(
      { pricing_type: 'PERCENTAGE', percentage_price: { rate: 1, min_per_event: 10, max_per_event: 5 } },
      'percentage_price.min_per_event',
    );
    await refused({ pricing_type: 'PERCENTAGE', percentage_price: { rate: 1 }, base_units: 5 }, 'base_units');
    await refused({ pricing_type: 'FIXED', fixed_price: { price_per_unit: 1 }, percentage_price: { rate: 1 } }, 'percentage_price');
    // a licence price has no events
    await refused({ pricing_type: 'PERCENTAGE', percentage_price: { rate: 1 }, item_id: undefined, metric_id: undefined }, 'metric_id');
    const group = { group_key: 'region', prices: [{ value: 'eu', price_per_unit: 1 }] };
    // the payments metric has no group keys
    await refused({ pricing_type: 'FIXED', fixed_price: { price_per_unit: 1 }, group_prices: group }, 'group_prices.group_key');
    const onCalls = { item_id: calls.itemId, metric_id: calls.metricId };
    await refused(
      { ...onCalls, pricing_type: 'STEP', step_price: { price_per_step: 1, step_size: 2 }, group_prices: group },
      'group_prices',
    );
    await refused(
      { ...onCalls, pricing_type: 'FIXED', fixed_price: { price_per_unit: 1 }, group_prices: { ...group, prices: [] } },
      'group_prices.prices',
    );
  });

  it('refuses thresholds on a price (not supported yet) and pay_in_advance where it cannot act, instead of ignoring them', async () => {
    const base = { product_id: s.product.id, currency: 'USD', name: 'Early', item_id: calls.itemId, metric_id: calls.metricId };
    const fixed = { ...base, pricing_type: 'FIXED', fixed_price: { price_per_unit: 1 } };
    // usage paid in advance takes no minimum spend (test/e2e/usage-in-advance.e2e-spec.ts has the rest)
    const inAdvance = await s.a.post('/pricing', {
      ...fixed,
      pay_in_advance: true,
      minimum_spend: { currency: 'USD', value_in_cents: 100 },
    });
    expect(inAdvance.status).toBe(400);
    expect(inAdvance.body.validation_errors).toEqual({ pay_in_advance: expect.stringMatching(/minimum spend/) });
    const thresholds = await s.a.post('/pricing', { ...fixed, usage_thresholds: [10000] });
    expect(thresholds.status).toBe(400);
    expect(Object.keys(thresholds.body.validation_errors)).toEqual(['usage_thresholds']);
    // asking for nothing is accepted
    const plain = await expectOk(
      await s.a.post('/pricing', { ...fixed, pay_in_advance: false, usage_thresholds: [] }),
      200,
      'POST /pricing',
    );
    expect(plain.product_metric_pricings[0].item_pricing.pricing_type).toBe('FIXED');
  });

  it('another company cannot read or use the prices', async () => {
    const price = await percentagePrice('Private fees', { rate: 1 });
    const b = await anotherCompany(s, 'Charge models B');
    expect((await b.a.get(`/pricing/${price.id}`)).status).toBe(404);
    const c = await createCustomer(b, 'B customer');
    const res = await b.a.post('/subscriptions', { customer_id: c.id, product_pricing_ids: [price.id], start_date: iso('2027-03-01') });
    expect(res.status).toBe(404);
  });
});
