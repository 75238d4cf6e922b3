import { planAdvanceUsage } from './advance-usage';
import { d, phase, price, subscription } from './fixtures';
import { usageKey, UsageWindow } from './state';
import { encodeAmounts } from './usage-detail';

// graduated: the first 10 units free, then 50¢ each, paid in advance, on metric bm_calls of item bi_calls
const calls = {
  ...price('calls', 'USAGE', '0', {
    pay_in_advance: true,
    pricing: {
      pricing_type: 'GRADIENT',
      gradient_price: [
        { start: 0, end: 10, price_per_unit: '0', flat_price: '0' },
        { start: 10, end: null, price_per_unit: '50', flat_price: '0' },
      ],
    },
  }),
  metric: { id: 'bm_calls', item_id: 'bi_calls' } as never,
};
const sub = subscription('2027-03-01');
const march = usageKey('cus_1', 'bm_calls', d('2027-03-01'), d('2027-04-01'));

/** The amounts of the in-advance invoices of one event worth `value`, the period's usage (with it) being `usage`. */
function billed(usage: string, value: string | null, later: string[] = [], at = '2027-03-10T12:00:00Z') {
  const missing: UsageWindow[] = [];
  const event = {
    id: 'evt_1',
    item_id: 'bi_calls',
    timestamp: d(at),
    values: new Map([['bm_calls', value]]),
    later: later.map((v) => ({ timestamp: d('2027-03-11'), values: new Map([['bm_calls', v]]) })),
  };
  const input = { sub, phases: [phase(1, '2027-03-01', [calls])], written: new Map(), usage: new Map([[march, usage]]), oneTimes: [] };
  const invoices = planAdvanceUsage(input, event, d('2027-03-10T12:00:00Z'), missing);
  expect(missing).toEqual([]);
  return invoices.map((i) => [i.key, i.lines.map((l) => l.amount_cents)]);
}

describe('planAdvanceUsage', () => {
  it('bills the increment of the graduated charge the event adds: nothing inside the free tier, 50¢ past it', () => {
    expect(billed('10', '1')).toEqual([]); // charge(10) − charge(9) = 0 − 0
    expect(billed('11', '1')).toEqual([['subs_1@pmp_calls@evt_1', [50]]]); // 50 − 0
    expect(billed('13', '3')).toEqual([['subs_1@pmp_calls@evt_1', [150]]]); // 150 − 0
  });

  it('takes the later events of its batch out of the usage read, so each is billed as if alone', () => {
    // usage 12 holds this event and a later one: this is the 11th (50 − 0)
    expect(billed('12', '1', ['1'])).toEqual([['subs_1@pmp_calls@evt_1', [50]]]);
    // usage 12 holds this event and two later ones: this is the 10th, free
    expect(billed('12', '1', ['1', '1'])).toEqual([]);
  });

  it('bills nothing for an event the metric leaves out, or outside the subscription', () => {
    expect(billed('20', null)).toEqual([]);
    expect(billed('20', '1', [], '2027-02-20T00:00:00Z')).toEqual([]);
  });

  it('PERCENTAGE: the rounded charge of the amounts with the event less the one without it', () => {
    const share = {
      ...price('share', 'USAGE', '0', {
        pay_in_advance: true,
        pricing: {
          pricing_type: 'PERCENTAGE',
          percentage_price: { rate: '2.5', fixed_fee_per_event: '10', min_per_event: null, max_per_event: null },
        },
      }),
      metric: { id: 'bm_share', item_id: 'bi_calls' } as never,
    };
    const key = usageKey('cus_1', 'bm_share', d('2027-03-01'), d('2027-04-01'), 'amounts');
    const amounts = encodeAmounts([
      { amount: '3', count: '2' },
      { amount: '1000', count: '1' },
    ]);
    const charge = (later: string[]) => {
      const event = {
        id: 'evt_9',
        item_id: 'bi_calls',
        timestamp: d('2027-03-05'),
        values: new Map([['bm_share', '3']]),
        later: later.map((v) => ({ timestamp: d('2027-03-06'), values: new Map([['bm_share', v]]) })),
      };
      const input = { sub, phases: [phase(1, '2027-03-01', [share])], written: new Map(), usage: new Map([[key, amounts]]), oneTimes: [] };
      return planAdvanceUsage(input, event, d('2027-03-10'), []).map((i) => i.lines.map((l) => l.amount_cents));
    };
    // 35 + 10.075 + 10.075 = 55.15 → 55; without this 3: 45.075 → 45: 10¢
    expect(charge([])).toEqual([[10]]);
    // the other 3 arrives after it in the batch: 45.075 → 45, less 35: 10¢ as well
    expect(charge(['3'])).toEqual([[10]]);
    // the 1000 after it: 10.075 + 10.075 = 20.15 → 20, less 10.075 → 10: 10¢
    expect(charge(['1000'])).toEqual([[10]]);
  });
});
