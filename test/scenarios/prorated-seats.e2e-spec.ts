/**
 * Dated stories: prorated seats, a WEIGHTED_SUM metric (docs/billing-rules.md#prorated-seats-weighted-sum).
 * Each event's `units` is a change of the seat count, which holds until the next change, across
 * periods; a month bills its time-weighted seats: ∫ seats dt / month.
 */
import {
  amounts,
  at,
  createCustomer,
  dates,
  expectOk,
  ingest,
  invoicesOf,
  Meter,
  runAt,
  Scenario,
  startScenario,
  subscribe,
  usagePrice,
} from './scenario-kit';

describe('scenarios: prorated seats (weighted sum)', () => {
  let s: Scenario;
  let meter: Meter;

  beforeAll(async () => {
    s = await startScenario('Prorated seats');
    const item = await expectOk(await s.a.post('/billable_items', { name: 'Seats', type: 'CUSTOM_USAGE' }), 200, 'POST /billable_items');
    const metric = await expectOk(
      await s.a.post('/billable_metrics', {
        item_id: item.id,
        name: 'Seats held',
        metering_rule: { aggregator: 'WEIGHTED_SUM', property: 'units', group_keys: [] },
      }),
      200,
      'POST /billable_metrics',
    );
    meter = { itemId: item.id, metricId: metric.id };
  });
  afterAll(() => s.t.close());

  it('10 → 20 seats at mid-March bill 15; the 20 carry into April without new events; −5 on Apr 11 bills 16.67', async () => {
    const c = await createCustomer(s, 'Seat holder');
    const price = await usagePrice(s, meter, { pricing_type: 'FIXED', fixed_price: { price_per_unit: 1000 } });
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [price.id], start_date: '2027-03-01' });
    // March has 31 days; Mar 16 12:00 is 15.5 days in
    await ingest(s, c.id, meter, [
      ['2027-03-01', 10],
      ['2027-03-16T12:00:00Z', 10],
      ['2027-04-11', -5], // April has 30 days: 20 seats for 10 days, 15 for 20
    ]);
    const march = await expectOk(
      await s.a.post(`/customers/${c.id}/usage`, {
        metric_id: meter.metricId,
        period: { start_date: '2027-03-01T00:00:00Z', end_date: '2027-04-01T00:00:00Z' },
      }),
      200,
      'POST /customers/{id}/usage',
    );
    // (10 × 15.5 + 20 × 15.5) / 31 = 15
    expect(march.value).toBe(15);

    await runAt(s, '2027-06-01');
    const invoices = await invoicesOf(s, sub.id);
    expect(dates(invoices)).toEqual(['2027-04-01T00:00:00.000Z', '2027-05-01T00:00:00.000Z', '2027-06-01T00:00:00.000Z']);
    // March: 15 seats × 1000
    expect(amounts(at(invoices, '2027-04-01'))).toEqual([15000]);
    // April: (20 × 10 + 15 × 20) / 30 = 16.666666666667 seats (12 decimals) × 1000 = 16666.67 → 16667
    expect(amounts(at(invoices, '2027-05-01'))).toEqual([16667]);
    // May: no event, the 15 seats held since Apr 11 carry: 15 × 1000
    expect(amounts(at(invoices, '2027-06-01'))).toEqual([15000]);
  });

  it('is refused on an object item (it weighs events)', async () => {
    const objects = await expectOk(await s.a.post('/billable_items', { name: 'Boxes', type: 'CUSTOM_OBJ' }), 200, 'POST /billable_items');
    const res = await s.a.post('/billable_metrics', {
      item_id: objects.id,
      name: 'Boxes held',
      metering_rule: { aggregator: 'WEIGHTED_SUM', property: 'units', group_keys: [] },
    });
    expect([res.status, Object.keys(res.body.validation_errors ?? {})]).toEqual([400, ['metering_rule.aggregator']]);
  });
});
