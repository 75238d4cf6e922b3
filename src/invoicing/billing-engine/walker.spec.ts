import type { PlanPrice } from './catalog-loader';
import type { EnginePhase, EngineSubscription } from './model';
import { ExistingDoc, usageKey, walkSubscription, WalkInput, WalkOptions, WalkResult } from './walker';

const d = (s: string) => new Date(s.length === 10 ? `${s}T00:00:00.000Z` : s);
const MONTH = { count: 1, frequency: 'MONTH' as const };

function price(id: string, kind: PlanPrice['kind'], cents: string, over: Partial<PlanPrice['price']> = {}): PlanPrice {
  return {
    product_pricing_id: `pp_${id}`,
    product_metric_pricing_id: `pmp_${id}`,
    item_id: `bi_${id}`,
    metric_id: `bm_${id}`,
    kind,
    name: id,
    price: {
      pricing: { pricing_type: 'FIXED', fixed_price: { price_per_unit: cents } },
      recurring: true,
      term: MONTH,
      charge_type: 'PRE_POST',
      proration_type: 'PRORATE_ALL',
      minimum_spend_cents: null,
      ...over,
    },
    metric: null,
  };
}

function phase(seq: number, starts: string, prices: PlanPrice[], licences = 1, over: Partial<EnginePhase> = {}): EnginePhase {
  return {
    seq,
    event_seq: seq,
    starts_at: d(starts),
    superseded: false,
    change_kind: seq === 1 ? 'CREATE' : 'CHANGE',
    proration_type: 'NEXT',
    reset_billing_anchor: false,
    term: MONTH,
    prices,
    config_items: prices
      .filter((p) => p.kind === 'LICENSE')
      .map((p) => ({
        product_metric_pricing_id: p.product_metric_pricing_id,
        product_pricing_id: p.product_pricing_id,
        num_licenses: licences,
        minimum_units: 0,
        quantity_config: null,
        hide_at_checkout: null,
        sort_order: null,
        upsell_product_metric_pricing_id: null,
      })),
    ...over,
  };
}

function subscription(start: string, over: Partial<EngineSubscription> = {}): EngineSubscription {
  return {
    id: 'subs_1',
    customer_id: 'cus_1',
    currency: 'USD',
    start_date: d(start),
    billing_start: d(start),
    end_date: null,
    refund_type: 'NONE',
    discounts: [],
    minimum_spend_cents: null,
    due_days: 30,
    auto_charges: false,
    onetime_items: [],
    ...over,
  };
}

interface TestDeps {
  input: WalkInput & { usage: Map<string, string> };
  usageOf: (p: PlanPrice, s: Date, e: Date) => string;
  usageCalls: string[];
}

function deps(existing: Record<string, ExistingDoc> = {}, usage: (p: PlanPrice, s: Date, e: Date) => string = () => '0'): TestDeps {
  return {
    input: { existing: new Map(Object.entries(existing)), emptyThrough: null, usage: new Map(), oneTimes: [] },
    usageOf: usage,
    usageCalls: [],
  };
}

/** The walk as the engine runs it: a first walk lists the usage windows, they are looked up, the walk runs again. */
function walk(sub: EngineSubscription, phases: EnginePhase[], dp: TestDeps, opts: WalkOptions): WalkResult {
  const first = walkSubscription(sub, phases, dp.input, opts);
  for (const w of first.missing_usage) {
    dp.usageCalls.push(`${w.start.toISOString().slice(0, 10)}..${w.end.toISOString().slice(0, 10)}`);
    dp.input.usage.set(usageKey(w.customer_id, w.price.metric_id, w.start, w.end), dp.usageOf(w.price, w.start, w.end));
  }
  const r = walkSubscription(sub, phases, dp.input, opts);
  expect(r.missing_usage).toEqual([]);
  return r;
}

const summary = (docs: { date: Date; kind: string; lines: { amount_cents: number; prorated: boolean }[] }[]) =>
  docs.map((x) => [x.date.toISOString().slice(0, 10), x.kind, x.lines.map((l) => l.amount_cents)]);

describe('billing walk (line assembly from phases)', () => {
  const seats = price('seats', 'LICENSE', '1000');

  it('PRE_POST: an invoice at the start, then one per month, the anchor day clamped to month ends', async () => {
    const r = walk(subscription('2027-01-31'), [phase(1, '2027-01-31', [seats], 2)], deps(), {
      mode: 'write',
      until: d('2027-04-30'),
    });
    expect(summary(r.docs)).toEqual([
      ['2027-01-31', 'SUBSCRIPTION_PERIOD', [2000]],
      ['2027-02-28', 'SUBSCRIPTION_PERIOD', [2000]],
      ['2027-03-31', 'SUBSCRIPTION_PERIOD', [2000]],
      ['2027-04-30', 'SUBSCRIPTION_PERIOD', [2000]],
    ]);
    expect(r.docs[1]).toMatchObject({ period_start: d('2027-02-28'), period_end: d('2027-03-31') });
    expect(r.next_invoice_date).toEqual(d('2027-05-31'));
    expect(r.next_work_at).toEqual(d('2027-05-31'));
  });

  it('invoices already written are not recomputed; the walk continues from what they billed', async () => {
    const existing = {
      'SUBSCRIPTION_PERIOD|subs_1@2027-01-31T00:00:00.000Z': {
        id: 'inv_1',
        status: 'PENDING',
        period_start: d('2027-01-31'),
        period_end: d('2027-02-28'),
        phase_seq: 1,
      },
    };
    const r = walk(subscription('2027-01-31'), [phase(1, '2027-01-31', [seats])], deps(existing), {
      mode: 'write',
      until: d('2027-02-28'),
    });
    expect(summary(r.docs)).toEqual([['2027-02-28', 'SUBSCRIPTION_PERIOD', [1000]]]);
  });

  it('POST_ONLY and usage prices bill in arrears: nothing at the start, the past month on the next billing date', async () => {
    const post = price('post', 'LICENSE', '3000', { charge_type: 'POST_ONLY' });
    const calls = price('calls', 'USAGE', '0.5');
    const dp = deps({}, () => '1001');
    const r = walk(subscription('2027-02-01'), [phase(1, '2027-02-01', [post, calls], 2)], dp, {
      mode: 'write',
      until: d('2027-03-01'),
    });
    // 2 × 3000 for February; 1001 × 0.5 = 500.5 → 501
    expect(summary(r.docs)).toEqual([['2027-03-01', 'SUBSCRIPTION_PERIOD', [6000, 501]]]);
    expect(r.docs[0].has_usage).toBe(true);
    expect(dp.usageCalls).toEqual(['2027-02-01..2027-03-01']);
  });

  it('NEXT change: credit and charge for the rest of the period on the next invoice; usage split at the change', async () => {
    const calls = price('calls', 'USAGE', '1');
    const dp = deps({}, (_p, s) => (s.getUTCDate() === 1 ? '10' : '20'));
    const phases = [phase(1, '2027-01-01', [seats, calls], 3), phase(2, '2027-01-11', [seats, calls], 5, { proration_type: 'NEXT' })];
    const r = walk(subscription('2027-01-01'), phases, dp, { mode: 'write', until: d('2027-02-01') });
    const feb = r.docs[1];
    // 21/31 left: −3000 × 21/31 = −2032.26 → −2032; 5000 × 21/31 = 3387.10 → 3387
    expect(feb.lines.filter((l) => l.prorated).map((l) => l.amount_cents)).toEqual([-2032, 3387]);
    expect(feb.lines.filter((l) => l.prorated).every((l) => l.kind === 'CHARGE')).toBe(true);
    // usage of each piece: 10 before, 20 after
    expect(dp.usageCalls).toEqual(['2027-01-01..2027-01-11', '2027-01-11..2027-02-01']);
    expect(feb.lines.filter((l) => !l.prorated).map((l) => l.amount_cents)).toEqual([10, 20, 5000]);
  });

  it('IMMEDIATE change: an invoice of its own at the change instant', async () => {
    const phases = [phase(1, '2027-03-01', [seats], 5), phase(2, '2027-03-17', [seats], 2, { proration_type: 'IMMEDIATE' })];
    const r = walk(subscription('2027-03-01'), phases, deps(), { mode: 'write', until: d('2027-04-01') });
    // 15/31 left: −5000 × 15/31 = −2419.35 → −2419; 2000 × 15/31 = 967.74 → 968
    expect(summary(r.docs)).toEqual([
      ['2027-03-01', 'SUBSCRIPTION_PERIOD', [5000]],
      ['2027-03-17', 'SUBSCRIPTION_CHANGE', [-2419, 968]],
      ['2027-04-01', 'SUBSCRIPTION_PERIOD', [2000]],
    ]);
    expect(r.docs[1].key).toBe('subs_1@change@2');
  });

  it('NONE: no proration, the new plan from the next billing date', async () => {
    const phases = [phase(1, '2027-03-01', [seats], 3), phase(2, '2027-03-15', [seats], 1, { proration_type: 'NONE' })];
    const r = walk(subscription('2027-03-01'), phases, deps(), { mode: 'write', until: d('2027-04-01') });
    expect(summary(r.docs)).toEqual([
      ['2027-03-01', 'SUBSCRIPTION_PERIOD', [3000]],
      ['2027-04-01', 'SUBSCRIPTION_PERIOD', [1000]],
    ]);
  });

  it('PRORATED cancellation: a final invoice at the end date crediting the unused time; nothing after', async () => {
    const sub = subscription('2027-06-01', { end_date: d('2027-06-20'), refund_type: 'PRORATED' });
    const r = walk(sub, [phase(1, '2027-06-01', [seats], 3)], deps(), { mode: 'write', until: d('2027-12-01') });
    // the end was known before June was billed: June billed to the 20th (19/30), nothing to credit
    expect(summary(r.docs)).toEqual([['2027-06-01', 'SUBSCRIPTION_PERIOD', [1900]]]);
    // June billed in full before the cancellation: the final invoice credits 11/30
    const billed = {
      'SUBSCRIPTION_PERIOD|subs_1@2027-06-01T00:00:00.000Z': {
        id: 'inv_1',
        status: 'PENDING',
        period_start: d('2027-06-01'),
        period_end: d('2027-07-01'),
        phase_seq: 1,
      },
    };
    const r2 = walk(sub, [phase(1, '2027-06-01', [seats], 3)], deps(billed), { mode: 'write', until: d('2027-12-01') });
    expect(summary(r2.docs)).toEqual([['2027-06-20', 'SUBSCRIPTION_CANCEL', [-1100]]]);
    expect(r2.docs[0].key).toBe('subs_1@cancel');
    expect(r2.next_invoice_date).toBeNull();
  });

  it('trial: billing starts at the trial end', async () => {
    const sub = subscription('2027-03-01', { billing_start: d('2027-03-15') });
    const r = walk(sub, [phase(1, '2027-03-01', [seats])], deps(), { mode: 'write', until: d('2027-04-15') });
    expect(summary(r.docs)).toEqual([
      ['2027-03-15', 'SUBSCRIPTION_PERIOD', [1000]],
      ['2027-04-15', 'SUBSCRIPTION_PERIOD', [1000]],
    ]);
  });

  it('preview: the first invoice not written yet, whatever the date', async () => {
    const existing = {
      'SUBSCRIPTION_PERIOD|subs_1@2027-01-01T00:00:00.000Z': {
        id: 'inv_1',
        status: 'PENDING',
        period_start: d('2027-01-01'),
        period_end: d('2027-02-01'),
        phase_seq: 1,
      },
    };
    const r = walk(subscription('2027-01-01'), [phase(1, '2027-01-01', [seats])], deps(existing), { mode: 'preview' });
    expect(summary(r.docs)).toEqual([['2027-02-01', 'SUBSCRIPTION_PERIOD', [1000]]]);
  });

  it('minimum spend: a true-up line for the past period when its charges come to less', async () => {
    const calls = price('calls', 'USAGE', '1', { minimum_spend_cents: 5000 });
    const r = walk(
      subscription('2027-01-01'),
      [phase(1, '2027-01-01', [calls])],
      deps({}, () => '1200'),
      { mode: 'write', until: d('2027-02-01') },
    );
    expect(r.docs[0].lines.map((l) => [l.kind, l.amount_cents])).toEqual([
      ['CHARGE', 1200],
      ['MINIMUM_SPEND', 3800],
    ]);
  });
});
