/**
 * Dated stories: `scheduled_price` and `custom_price` act on the invoice (issue #40: no pricing
 * field is stored and ignored). docs/billing-rules.md#pricing-models-and-tiers.
 */
import {
  amounts,
  anotherCompany,
  createCustomer,
  invoicesOf,
  pmpOf,
  runAt,
  Scenario,
  seatPrice,
  startScenario,
  subscribe,
  totals,
} from './scenario-kit';

describe('scenarios: scheduled_price and custom_price act', () => {
  let s: Scenario;

  beforeAll(async () => {
    s = await startScenario('Price fields act');
  });
  afterAll(() => s.t.close());

  const seats = async (price: any, n: number, name: string) => {
    const c = await createCustomer(s, name);
    return subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [price.id],
      config_items: [{ product_metric_pricing_id: pmpOf(price), num_licenses: n }],
      start_date: '2027-03-01',
    });
  };

  it('scheduled_price: the unit price of each period in turn, the last repeating', async () => {
    const price = await seatPrice(s, 0, {
      pricing_type: 'SCHEDULED',
      fixed_price: undefined,
      scheduled_price: { price_per_unit_per_period: ['1000', '1500.5'] },
    });
    const sub = await seats(price, 3, 'Scheduled seats');
    await runAt(s, '2027-05-01');
    // 3 × 1000 = 3000; 3 × 1500.5 = 4501.5 → 4502; then 4502 again (the last repeats)
    expect(totals(await invoicesOf(s, sub.id))).toEqual([3000, 4502, 4502]);
  });

  it('custom_price: price_per_unit is charged; with only a preset, the preset', async () => {
    const priced = await seatPrice(s, 0, {
      pricing_type: 'CUSTOM',
      fixed_price: undefined,
      custom_price: { price_per_unit: 1234, preset_price_per_unit: 1000, min_price_per_unit: 500, max_price_per_unit: 2000 },
    });
    const preset = await seatPrice(s, 0, { pricing_type: 'CUSTOM', fixed_price: undefined, custom_price: { preset_price_per_unit: 700 } });
    const a = await seats(priced, 3, 'Custom priced');
    const b = await seats(preset, 3, 'Custom preset');
    await runAt(s, '2027-03-01');
    // 3 × 1234 = 3702; 3 × 700 = 2100
    expect(amounts((await invoicesOf(s, a.id))[0])).toEqual([3702]);
    expect(amounts((await invoicesOf(s, b.id))[0])).toEqual([2100]);
  });

  it('custom_price outside its bounds, or without a price, is refused', async () => {
    const bad = async (custom_price: Record<string, unknown>) =>
      (await s.a.post('/pricing', { product_id: s.product.id, name: 'Bad', currency: 'USD', pricing_type: 'CUSTOM', custom_price })).status;
    expect(await bad({ price_per_unit: 3000, min_price_per_unit: 500, max_price_per_unit: 2000 })).toBe(400);
    expect(await bad({ min_price_per_unit: 500 })).toBe(400);
  });

  it('another company cannot read these pricings', async () => {
    const price = await seatPrice(s, 0, { pricing_type: 'CUSTOM', fixed_price: undefined, custom_price: { preset_price_per_unit: 1 } });
    const other = await anotherCompany(s, 'Price fields other');
    expect((await other.a.get(`/pricing/${price.id}`)).status).toBe(404);
  });
});
