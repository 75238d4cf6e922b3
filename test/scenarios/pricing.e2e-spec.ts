/**
 * Dated stories: usage and licence price shapes, billed through the engine.
 *
 * Usage prices are billed in arrears: the invoice at b_n carries the usage of [b_{n-1}, b_n).
 * Each usage story starts on the 1st of a month, meters units with SUM(units), and runs the
 * billing 2 hours after each billing date (past the default 1-hour grace period), so the
 * invoice is final. Tiers hold the units above their start up to and including their end.
 */
import {
  amounts,
  at,
  createCustomer,
  createMeter,
  dates,
  ingest,
  invoicesOf,
  iso,
  Meter,
  pmpOf,
  runAt,
  Scenario,
  seatPrice,
  startScenario,
  subscribe,
  sum,
  totals,
  usagePrice,
} from './scenario-kit';

describe('scenarios: price shapes', () => {
  let s: Scenario;
  let meter: Meter;

  beforeAll(async () => {
    s = await startScenario('Pricing');
    meter = await createMeter(s, 'Calls');
  });
  afterAll(() => s.t.close());

  /** A usage-only subscription from `start` for a new customer. */
  const usageSub = async (name: string, pricing: any, start: string) => {
    const c = await createCustomer(s, name);
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [pricing.id], start_date: start });
    return { c, sub };
  };
  const usageTotal = (inv: any, pricing: any) => sum(amounts(inv, { product_pricing_id: pricing.id }));

  it('GRADIENT: 100 units with tiers 0–100 / 100–∞ are all in the first tier; unit 101 reaches the second', async () => {
    // tiers: [0,100] at 10¢ (no flat fee), (100,∞) at 5¢ + flat $5.00 when reached
    const price = await usagePrice(s, meter, {
      pricing_type: 'GRADIENT',
      gradient_price: [
        { start: 0, end: 100, price_per_unit: 10, flat_price: 0 },
        { start: 100, end: null, price_per_unit: 5, flat_price: 500 },
      ],
    });
    const { c, sub } = await usageSub('Gradient edge', price, '2027-03-01');
    await ingest(s, c.id, meter, [
      ['2027-03-05T10:00:00Z', 60],
      ['2027-03-20T10:00:00Z', 40],
      ['2027-04-10T10:00:00Z', 101],
    ]);
    await runAt(s, '2027-05-01T02:00:00Z');
    const invoices = await invoicesOf(s, sub.id);
    // March: 100 units, all in tier 1: 100 × 10¢ = $10.00 (not 99 × 10 + 1 × 5 + 500 = $14.95)
    const april1 = at(invoices, '2027-04-01');
    expect(usageTotal(april1, price)).toBe(1000);
    expect(april1.total.value_in_cents).toBe(1000);
    expect(april1.items.every((i) => i.period?.start_date === iso('2027-03-01') && i.period?.end_date === iso('2027-04-01'))).toBe(true);
    // April: 101 units: 100 × 10¢ + 1 × 5¢ + flat 500¢ = 1000 + 5 + 500 = $15.05
    const may1 = at(invoices, '2027-05-01');
    expect(usageTotal(may1, price)).toBe(1505);
    expect(may1.total.value_in_cents).toBe(1505);
  });

  it('GRADIENT: zero usage still pays the first tier flat fee; 1,500 units reach both tiers', async () => {
    // tiers: [0,1000] at 0.5¢ + flat $25.00; (1000,∞) at 0.25¢ + flat $10.00
    const price = await usagePrice(s, meter, {
      pricing_type: 'GRADIENT',
      gradient_price: [
        { start: 0, end: 1000, price_per_unit: 0.5, flat_price: 2500 },
        { start: 1000, end: null, price_per_unit: 0.25, flat_price: 1000 },
      ],
    });
    const { c, sub } = await usageSub('Gradient zero', price, '2027-03-01');
    await ingest(s, c.id, meter, [['2027-04-15T00:00:00Z', 1500]]);
    await runAt(s, '2027-05-01T02:00:00Z');
    const invoices = await invoicesOf(s, sub.id);
    // March: 0 units → first tier flat fee only: $25.00
    expect(at(invoices, '2027-04-01').total.value_in_cents).toBe(2500);
    // April: 1,500 units: 1000 × 0.5 = 500 + 2500 flat; 500 × 0.25 = 125 + 1000 flat → 4125
    expect(at(invoices, '2027-05-01').total.value_in_cents).toBe(4125);
  });

  it('VOLUME: a total exactly at a tier end is priced in that tier (10 → tier 1, 50 → tier 2, 51 → tier 3)', async () => {
    // tiers: [0,10] 200¢; (10,50] 150¢ + flat 100¢; (50,∞) 100¢
    const price = await usagePrice(s, meter, {
      pricing_type: 'VOLUME',
      volume_price: [
        { total_units_start: 0, total_units_end: 10, price_per_unit: 200, flat_price: 0 },
        { total_units_start: 10, total_units_end: 50, price_per_unit: 150, flat_price: 100 },
        { total_units_start: 50, total_units_end: null, price_per_unit: 100, flat_price: 0 },
      ],
    });
    const { c, sub } = await usageSub('Volume edge', price, '2027-03-01');
    await ingest(s, c.id, meter, [
      ['2027-03-31T23:59:59Z', 10],
      ['2027-04-01T00:00:00Z', 50],
      ['2027-05-31T12:00:00Z', 51],
    ]);
    await runAt(s, '2027-06-01T02:00:00Z');
    const invoices = await invoicesOf(s, sub.id);
    // March 10 units: 10 × 200 = 2000 (not 10 × 150 + 100 = 1600)
    expect(at(invoices, '2027-04-01').total.value_in_cents).toBe(2000);
    // April 50 units (the event at Apr 1 00:00 belongs to April): 50 × 150 + 100 = 7600
    expect(at(invoices, '2027-05-01').total.value_in_cents).toBe(7600);
    // May 51 units: all at tier 3: 51 × 100 = 5100
    expect(at(invoices, '2027-06-01').total.value_in_cents).toBe(5100);
  });

  it('STEP: every started block of 1,000 units costs $5.00 (2,000 → 2 blocks, 2,001 → 3 blocks)', async () => {
    const price = await usagePrice(s, meter, { pricing_type: 'STEP', step_price: { price_per_step: 500, step_size: 1000 } });
    const { c, sub } = await usageSub('Step', price, '2027-03-01');
    await ingest(s, c.id, meter, [
      ['2027-03-10T00:00:00Z', 1500],
      ['2027-03-11T00:00:00Z', 500],
      ['2027-04-10T00:00:00Z', 2001],
    ]);
    await runAt(s, '2027-05-01T02:00:00Z');
    const invoices = await invoicesOf(s, sub.id);
    // March: 2,000 units = 2 blocks × 500 = 1000
    expect(at(invoices, '2027-04-01').total.value_in_cents).toBe(1000);
    // April: 2,001 units = 3 started blocks × 500 = 1500
    expect(at(invoices, '2027-05-01').total.value_in_cents).toBe(1500);
  });

  it('base price with included units: $10.00 includes 100 units, 3¢ per unit beyond', async () => {
    const price = await usagePrice(s, meter, {
      pricing_type: 'FIXED',
      fixed_price: { price_per_unit: 3 },
      base_price: { currency: 'USD', value_in_cents: 1000 },
      base_units: 100,
    });
    const { c, sub } = await usageSub('Base units', price, '2027-03-01');
    await ingest(s, c.id, meter, [
      ['2027-03-02T00:00:00Z', 250],
      ['2027-04-02T00:00:00Z', 40],
    ]);
    await runAt(s, '2027-05-01T02:00:00Z');
    const invoices = await invoicesOf(s, sub.id);
    // March: BASE 1000 + (250 − 100) × 3 = 450 → 1450
    const april1 = at(invoices, '2027-04-01');
    expect(amounts(april1, { kind: 'BASE' })).toEqual([1000]);
    expect(sum(amounts(april1, { kind: 'CHARGE' }))).toBe(450);
    expect(april1.total.value_in_cents).toBe(1450);
    // April: 40 units, all included: BASE 1000 only
    const may1 = at(invoices, '2027-05-01');
    expect(amounts(may1, { kind: 'BASE' })).toEqual([1000]);
    expect(sum(amounts(may1, { kind: 'CHARGE' }))).toBe(0);
    expect(may1.total.value_in_cents).toBe(1000);
  });

  it('fractional unit price: 0.2¢ × 12,345 units = 2,469¢; 0.2¢ × 12,342.5 = 2,468.5 → 2,469 (half away from zero, once)', async () => {
    const price = await usagePrice(s, meter, { pricing_type: 'FIXED', fixed_price: { price_per_unit: 0.2 } });
    const { c, sub } = await usageSub('Fractional', price, '2027-03-01');
    // March: 4,000 + 4,000 + 4,345 = 12,345 units × 0.2 = 2,469 exactly
    await ingest(s, c.id, meter, [
      ['2027-03-03T00:00:00Z', 4000],
      ['2027-03-13T00:00:00Z', 4000],
      ['2027-03-23T00:00:00Z', 4345],
    ]);
    // April: 6,171.3 + 6,171.2 = 12,342.5 units × 0.2 = 2,468.5 → 2,469 (half away from zero).
    // Wrong answers this catches: half-to-even → 2,468; truncation → 2,468; rounding per event
    // (0.2 × 6,171.3 = 1,234.26 → 1,234 and 0.2 × 6,171.2 = 1,234.24 → 1,234) → 2,468.
    await ingest(s, c.id, meter, [
      ['2027-04-03T00:00:00Z', 6171.3],
      ['2027-04-13T00:00:00Z', 6171.2],
    ]);
    await runAt(s, '2027-05-01T02:00:00Z');
    const invoices = await invoicesOf(s, sub.id);
    expect(at(invoices, '2027-04-01').total.value_in_cents).toBe(2469);
    expect(at(invoices, '2027-05-01').total.value_in_cents).toBe(2469);
  });

  it('fractional price rounded once per line, not per event: 0.3¢ × (1 + 1 + 1) units = 0.9 → 1¢ (per-event rounding would give 0)', async () => {
    const price = await usagePrice(s, meter, { pricing_type: 'FIXED', fixed_price: { price_per_unit: 0.3 } });
    const { c, sub } = await usageSub('Round once', price, '2027-03-01');
    await ingest(s, c.id, meter, [
      ['2027-03-03T00:00:00Z', 1],
      ['2027-03-04T00:00:00Z', 1],
      ['2027-03-05T00:00:00Z', 1],
    ]);
    await runAt(s, '2027-04-01T02:00:00Z');
    expect(at(await invoicesOf(s, sub.id), '2027-04-01').total.value_in_cents).toBe(1);
  });

  it('SCHEDULED licence price by period index: 2 seats × $10, $15, $20 in periods 0, 1, 2', async () => {
    const price = await seatPrice(s, 0, {
      pricing_type: 'SCHEDULED',
      fixed_price: undefined,
      scheduled_price: { price_per_unit_per_period: ['1000', '1500', '2000'] },
    });
    const c = await createCustomer(s, 'Scheduled');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [price.id],
      config_items: [{ product_metric_pricing_id: pmpOf(price), num_licenses: 2 }],
      start_date: '2027-03-01',
    });
    await runAt(s, '2027-05-01');
    const invoices = await invoicesOf(s, sub.id);
    expect(dates(invoices)).toEqual(['2027-03-01', '2027-04-01', '2027-05-01'].map(iso));
    // 2 × 1000 = 2000; 2 × 1500 = 3000; 2 × 2000 = 4000
    expect(totals(invoices)).toEqual([2000, 3000, 4000]);
  });

  it('minimum spend of a usage price: $12.00 used of a $50.00 minimum → true-up line of $38.00; above the minimum → none', async () => {
    const price = await usagePrice(s, meter, {
      pricing_type: 'FIXED',
      fixed_price: { price_per_unit: 10 },
      minimum_spend: { currency: 'USD', value_in_cents: 5000 },
    });
    const { c, sub } = await usageSub('Minimum usage', price, '2027-03-01');
    await ingest(s, c.id, meter, [
      ['2027-03-09T00:00:00Z', 120],
      ['2027-04-09T00:00:00Z', 600],
    ]);
    await runAt(s, '2027-05-01T02:00:00Z');
    const invoices = await invoicesOf(s, sub.id);
    // March: 120 × 10 = 1200 < 5000 → MINIMUM_SPEND 5000 − 1200 = 3800; total 5000
    const april1 = at(invoices, '2027-04-01');
    expect(amounts(april1, { kind: 'MINIMUM_SPEND' })).toEqual([3800]);
    expect(april1.total.value_in_cents).toBe(5000);
    // April: 600 × 10 = 6000 ≥ 5000 → no true-up
    const may1 = at(invoices, '2027-05-01');
    expect(amounts(may1, { kind: 'MINIMUM_SPEND' })).toEqual([]);
    expect(may1.total.value_in_cents).toBe(6000);
  });

  it('subscription minimum spend: 1 seat at $10.00 with a $25.00 minimum → true-up of $15.00 for the past period', async () => {
    const seats = await seatPrice(s, 1000);
    const c = await createCustomer(s, 'Minimum sub');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      minimum_spend: { currency: 'USD', value_in_cents: 2500 },
      start_date: '2027-03-01',
    });
    await runAt(s, '2027-05-01');
    const invoices = await invoicesOf(s, sub.id);
    expect(dates(invoices)).toEqual(['2027-03-01', '2027-04-01', '2027-05-01'].map(iso));
    // Mar 1: advance 1000 for March, no past period yet → 1000
    expect(amounts(invoices[0], { kind: 'MINIMUM_SPEND' })).toEqual([]);
    expect(invoices[0].total.value_in_cents).toBe(1000);
    // Apr 1: advance 1000 for April + true-up for March: 2500 − 1000 = 1500 → 2500; same on May 1
    for (const inv of invoices.slice(1)) {
      expect(amounts(inv, { kind: 'MINIMUM_SPEND' })).toEqual([1500]);
      expect(inv.total.value_in_cents).toBe(2500);
    }
  });

  it('GRADIENT with fractional usage across the edge: 100.5 units = 100 × 10¢ + 0.5 × 5¢ = 1002.5 → 1003¢', async () => {
    const price = await usagePrice(s, meter, {
      pricing_type: 'GRADIENT',
      gradient_price: [
        { start: 0, end: 100, price_per_unit: 10, flat_price: 0 },
        { start: 100, end: null, price_per_unit: 5, flat_price: 0 },
      ],
    });
    const { c, sub } = await usageSub('Gradient fraction', price, '2027-03-01');
    await ingest(s, c.id, meter, [
      ['2027-03-05T00:00:00Z', 60.25],
      ['2027-03-06T00:00:00Z', 40.25],
    ]);
    await runAt(s, '2027-04-01T02:00:00Z');
    expect(at(await invoicesOf(s, sub.id), '2027-04-01').total.value_in_cents).toBe(1003);
  });

  it('VOLUME at zero units still charges the first tier flat fee ($3.00)', async () => {
    const price = await usagePrice(s, meter, {
      pricing_type: 'VOLUME',
      volume_price: [
        { total_units_start: 0, total_units_end: 10, price_per_unit: 100, flat_price: 300 },
        { total_units_start: 10, total_units_end: null, price_per_unit: 50, flat_price: 0 },
      ],
    });
    const { sub } = await usageSub('Volume zero', price, '2027-03-01');
    await runAt(s, '2027-04-01T02:00:00Z');
    // 0 units → tier 1: 0 × 100 + flat 300 = 300
    expect(at(await invoicesOf(s, sub.id), '2027-04-01').total.value_in_cents).toBe(300);
  });
});
