/**
 * Dated stories: `base_units` with `carryover: true` — the included units a period did not use
 * carry to the next period only, shown on the usage line (docs/billing-rules.md#carry-over).
 */
import {
  at,
  createCustomer,
  createMeter,
  ingest,
  invoicesOf,
  Meter,
  runAt,
  Scenario,
  startScenario,
  subscribe,
  usagePrice,
} from './scenario-kit';

describe('scenarios: carry-over of included units', () => {
  let s: Scenario;
  let meter: Meter;

  beforeAll(async () => {
    s = await startScenario('Carry over');
    meter = await createMeter(s, 'Carried calls');
  });
  afterAll(() => s.t.close());

  const story = async (name: string, carryover: boolean) => {
    const price = await usagePrice(s, meter, {
      name,
      pricing_type: 'FIXED',
      fixed_price: { price_per_unit: 10 },
      base_units: 100,
      carryover,
    });
    const c = await createCustomer(s, name);
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [price.id], start_date: '2027-03-01' });
    await ingest(s, c.id, meter, [
      ['2027-03-05', 40],
      ['2027-04-05', 150],
      ['2027-05-05', 130],
      ['2027-06-05', 50],
    ]);
    return sub;
  };
  const usageLines = async (subId: string, dates: string[]) => {
    const invoices = await invoicesOf(s, subId);
    return dates.map((d) => at(invoices, d).items.map((i) => [i.name, i.amount.value_in_cents]));
  };

  it('unused included units carry to the next period only, carried ones used first', async () => {
    const carried = await story('Calls', true);
    const plain = await story('Calls plain', false);
    await runAt(s, '2027-07-02');
    const dates = ['2027-04-01', '2027-05-01', '2027-06-01', '2027-07-01'];
    // Mar: 40 of 100 → 0, 60 carry; Apr: 150 of 100 + 60 → 0, the 60 carried used first, own 90 used → 10 carry;
    // May: 130 of 100 + 10 → 20 × 10 = 200, own 120 used → nothing carries; Jun: 50 of 100 → 0
    expect(await usageLines(carried.id, dates)).toEqual([
      [['Calls - Carried calls units', 0]],
      [['Calls - Carried calls units (160 units included, 60 carried over)', 0]],
      [['Calls - Carried calls units (110 units included, 10 carried over)', 200]],
      [['Calls - Carried calls units', 0]],
    ]);
    // without carry-over: Apr 50 × 10 = 500 (on May 1), May 30 × 10 = 300 (on Jun 1)
    expect((await usageLines(plain.id, dates)).map((l) => l.map(([, c]) => c))).toEqual([[0], [500], [300], [0]]);
  });

  it('carryover without base units, or on a licence price, is refused', async () => {
    const base = { product_id: s.product.id, currency: 'USD', billing_frequency: { count: 1, frequency: 'MONTH' }, pricing_type: 'FIXED' };
    const res = await s.a.post('/pricing', {
      ...base,
      name: 'No base',
      fixed_price: { price_per_unit: 1 },
      item_id: meter.itemId,
      metric_id: meter.metricId,
      carryover: true,
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.validation_errors)).toEqual(['carryover']);
    const licence = await s.a.post('/pricing', {
      ...base,
      name: 'Seats',
      fixed_price: { price_per_unit: 1 },
      base_units: 5,
      carryover: true,
    });
    expect(licence.status).toBe(400);
  });
});
