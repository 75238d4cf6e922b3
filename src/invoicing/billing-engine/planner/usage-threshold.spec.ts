/**
 * The usage-only lines and usage thresholds in the planner's tables (docs/billing-rules.md
 * #percentage-charges, #prices-per-group, #usage-thresholds): inputs → invoices in cents. No
 * database.
 */
import { d, phase, plan, planned, price, RuleCase, subscription, until } from './fixtures';
import { PlanInput, UsageWindow, usageKey, WrittenInvoice } from './state';
import { usageVariant } from './usage-detail';
import { planThreshold } from './usage-threshold';

const P = 'SUBSCRIPTION_PERIOD';
const fees = price('fees', 'USAGE', '0', {
  pricing: { pricing_type: 'PERCENTAGE', percentage_price: { rate: '2.5', fixed_fee_per_event: 30 } },
});
const calls = price('calls', 'USAGE', '12', {
  pricing: {
    pricing_type: 'FIXED',
    fixed_price: { price_per_unit: '12' },
    group_prices: { group_key: 'region', prices: [{ value: 'eu', price_per_unit: '10' }] },
  },
});
const metered = price('metered', 'USAGE', '100');

const cases: RuleCase[] = [
  {
    name: 'a percentage price: one line, the exact sum of its events, rounded once (495.825 → 496)',
    sub: subscription('2027-03-01'),
    phases: [phase(1, '2027-03-01', [fees])],
    history: {
      usage: () =>
        JSON.stringify([
          ['1234', '1'],
          ['4999', '1'],
          ['10000', '1'],
        ]),
    },
    driver: until('2027-04-01'),
    expected: [['2027-04-01', P, [496]]],
  },
  {
    name: 'prices per group: the listed value, then the others (3 × 10 = 30, 5 × 12 = 60, missing key 1 × 12)',
    sub: subscription('2027-03-01'),
    phases: [phase(1, '2027-03-01', [calls])],
    history: {
      usage: () =>
        JSON.stringify([
          [null, '1'],
          ['us', '5'],
          ['eu', '3'],
        ]),
    },
    driver: until('2027-04-01'),
    expected: [['2027-04-01', P, [30, 60, 12]]],
  },
  {
    name: 'a period invoice takes back what its threshold invoices billed (21000 − 11000)',
    sub: subscription('2027-03-01'),
    phases: [phase(1, '2027-03-01', [metered])],
    history: {
      usage: () => '210',
      written: {
        'USAGE_THRESHOLD|s@2027-03-01T00:00:00.000Z|10000': threshold('2027-03-01', '2027-03-11', 11000),
        'USAGE_THRESHOLD|s@2027-02-01T00:00:00.000Z|10000': threshold('2027-02-01', '2027-02-11', 5000), // another period
        'USAGE_THRESHOLD|s@2027-03-01T00:00:00.000Z|20000': { ...threshold('2027-03-01', '2027-03-16', 700), status: 'VOID' },
      },
    },
    driver: until('2027-04-01'),
    expected: [['2027-04-01', P, [21000, -11000]]],
  },
];

function threshold(start: string, end: string, cents: number): WrittenInvoice {
  return { id: `inv_${end}`, status: 'PENDING', period_start: d(start), period_end: d(end), sub_total_cents: cents, phase_seq: null };
}

describe('planner: percentage, group and threshold lines', () => {
  it.each(cases.map((c) => [c.name, c]))('%s', (_name, c) => {
    expect(planned(c)).toEqual(c.expected);
  });
  it('reads each detailed usage once per window, under its own key', () => {
    const r = plan(subscription('2027-03-01'), [phase(1, '2027-03-01', [fees, calls])], { usage: () => '[]' }, until('2027-04-01'));
    expect(r.usageCalls).toEqual(['2027-03-01..2027-04-01', '2027-03-01..2027-04-01']);
  });
});

describe('planThreshold (docs/billing-rules.md#usage-thresholds)', () => {
  const thresholds = [{ amount_cents: 10000, recurring: true }];
  const input = (units: string, written: Record<string, WrittenInvoice> = {}): PlanInput => {
    const sub = subscription('2027-03-01');
    const usage = new Map<string, string>();
    const p = phase(1, '2027-03-01', [metered]);
    usage.set(usageKey(sub.customer_id, metered.metric_id, d('2027-03-01'), d('2027-03-16'), usageVariant(metered)), units);
    return { sub, phases: [p], written: new Map(Object.entries(written)), usage, oneTimes: [] };
  };

  it('nothing below the first level', () => {
    expect(planThreshold(input('99'), thresholds, d('2027-03-16'), [])).toBeNull();
  });
  it('the usage so far less the earlier threshold invoices, keyed by the highest level reached', () => {
    const missing: UsageWindow[] = [];
    const earlier = {
      [`USAGE_THRESHOLD|${subscription('2027-03-01').id}@2027-03-01T00:00:00.000Z|10000`]: threshold('2027-03-01', '2027-03-11', 11000),
    };
    const r = planThreshold(input('310', earlier), thresholds, d('2027-03-16'), missing)!;
    expect(missing).toEqual([]);
    expect(r.levels).toEqual([20000, 30000]);
    expect(r.usage_cents).toBe(31000);
    expect(r.invoice.lines.map((l) => l.amount_cents)).toEqual([31000, -11000]);
    expect(r.invoice.key).toBe(`${subscription('2027-03-01').id}@2027-03-01T00:00:00.000Z|30000`);
  });
});
