import { NO_CANCEL_TERMS } from '../../billing-math';
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
      minimum_schedule: null,
      carry_over: false,
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
    onetime_items: [],
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
    cancel: NO_CANCEL_TERMS,
    committed_term_end: null,
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
    const sub = subscription('2027-06-01', { end_date: d('2027-06-20'), cancel: { ...NO_CANCEL_TERMS, refund_type: 'PRORATED' } });
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

/**
 * A change onto another billing term keeps the anchor, so the new schedule may have no billing
 * date where the old plan's billed period ends. Dated exactly there, the change bills the new
 * plan from its instant to the new schedule's next billing date — the same stretch and cents as
 * the change dated 1 ms later, on an invoice of its own at the change instant
 * (docs/billing-rules.md#changes). 1 ms either side, the ordinary proration applies.
 *
 * Plans: monthly 129.00, quarterly 360.00, yearly 1,188.00, anchored on Jul 19 2027. Yearly
 * period [Jul 19 2027, Jul 19 2028) = 366 days (Feb 29 2028); quarter [Oct 19 2027, Jan 19 2028)
 * = 31 + 30 + 31 = 92 days; Nov 19 2027 → Jul 19 2028 = 30+31+31+29+31+30+31+30 = 243 days.
 * Cents round half away from zero.
 */
describe('billing walk: a change to another term at the end of the billed period', () => {
  const QUARTER = { count: 1, frequency: 'QUARTER' as const };
  const YEAR = { count: 1, frequency: 'YEAR' as const };
  const plans = {
    monthly: { prices: [price('monthly', 'LICENSE', '12900')], term: MONTH },
    quarterly: { prices: [price('quarterly', 'LICENSE', '36000', { term: QUARTER })], term: QUARTER },
    yearly: { prices: [price('yearly', 'LICENSE', '118800', { term: YEAR })], term: YEAR },
  };
  type Plan = keyof typeof plans;
  const ms = (s: string, delta: number) => new Date(d(s).getTime() + delta);
  const P = 'SUBSCRIPTION_PERIOD';
  const C = 'SUBSCRIPTION_CHANGE';
  const monthlyJulToOct: [string, string, number[]][] = ['2027-07-19', '2027-08-19', '2027-09-19', '2027-10-19'].map((x) => [
    x,
    P,
    [12900],
  ]);

  function phasesOf(from: Plan, to: Plan, at: Date, proration: 'NEXT' | 'IMMEDIATE' | 'NONE'): EnginePhase[] {
    return [
      phase(1, '2027-07-19', plans[from].prices, 1, { term: plans[from].term }),
      phase(2, '2027-07-19', plans[to].prices, 1, { term: plans[to].term, proration_type: proration, starts_at: at }),
    ];
  }

  interface Case {
    name: string;
    from: Plan;
    to: Plan;
    at: Date;
    proration: 'NEXT' | 'IMMEDIATE' | 'NONE';
    until: string;
    expected: [string, string, number[]][];
  }

  const cases: Case[] = [
    // monthly → yearly (a longer term): the yearly schedule has no billing date on Nov 19
    ...(['NEXT', 'IMMEDIATE', 'NONE'] as const).map((proration): Case => ({
      name: `monthly → yearly exactly at the period end (${proration})`,
      from: 'monthly',
      to: 'yearly',
      at: d('2027-11-19'),
      proration,
      until: '2028-07-19',
      // nothing of the monthly plan to credit; 118800 × 243/366 = 78875.41 → 78875 for Nov 19 → Jul 19
      expected: [...monthlyJulToOct, ['2027-11-19', C, [78875]], ['2028-07-19', P, [118800]]],
    })),
    {
      name: 'monthly → yearly 1 ms before the period end (IMMEDIATE)',
      from: 'monthly',
      to: 'yearly',
      at: ms('2027-11-19', -1),
      proration: 'IMMEDIATE',
      until: '2028-07-19',
      // credit −12900 × 1 ms/31 d → 0; charge 118800 × (243 d + 1 ms)/366 d = 78875.41 → 78875
      expected: [...monthlyJulToOct, ['2027-11-18', C, [0, 78875]], ['2028-07-19', P, [118800]]],
    },
    {
      name: 'monthly → yearly 1 ms before the period end (NEXT)',
      from: 'monthly',
      to: 'yearly',
      at: ms('2027-11-19', -1),
      proration: 'NEXT',
      until: '2028-07-19',
      // the same credit (0) and charge (78875) on the next billing date of the yearly schedule
      expected: [...monthlyJulToOct, ['2028-07-19', P, [0, 78875, 118800]]],
    },
    {
      name: 'monthly → yearly 1 ms after the period end (IMMEDIATE)',
      from: 'monthly',
      to: 'yearly',
      at: ms('2027-11-19', 1),
      proration: 'IMMEDIATE',
      until: '2028-07-19',
      // Nov 19 billed monthly; credit −12900 × (30 d − 1 ms)/30 d = −12899.99… → −12900;
      // charge 118800 × (243 d − 1 ms)/366 d = 78875.41 → 78875
      expected: [...monthlyJulToOct, ['2027-11-19', P, [12900]], ['2027-11-19', C, [-12900, 78875]], ['2028-07-19', P, [118800]]],
    },
    {
      name: 'monthly → yearly 1 ms after the period end (NEXT)',
      from: 'monthly',
      to: 'yearly',
      at: ms('2027-11-19', 1),
      proration: 'NEXT',
      until: '2028-07-19',
      expected: [...monthlyJulToOct, ['2027-11-19', P, [12900]], ['2028-07-19', P, [-12900, 78875, 118800]]],
    },

    // monthly → quarterly at Dec 19: the quarterly schedule's next billing date is Jan 19
    ...(['NEXT', 'IMMEDIATE', 'NONE'] as const).map((proration): Case => ({
      name: `monthly → quarterly exactly at the period end (${proration})`,
      from: 'monthly',
      to: 'quarterly',
      at: d('2027-12-19'),
      proration,
      until: '2028-01-19',
      // 36000 × 31/92 = 12130.43 → 12130 for Dec 19 → Jan 19
      expected: [...monthlyJulToOct, ['2027-11-19', P, [12900]], ['2027-12-19', C, [12130]], ['2028-01-19', P, [36000]]],
    })),
    {
      name: 'monthly → quarterly 1 ms before the period end (IMMEDIATE)',
      from: 'monthly',
      to: 'quarterly',
      at: ms('2027-12-19', -1),
      proration: 'IMMEDIATE',
      until: '2028-01-19',
      // credit −12900 × 1 ms/30 d → 0; charge 36000 × (31 d + 1 ms)/92 d = 12130.43 → 12130
      expected: [...monthlyJulToOct, ['2027-11-19', P, [12900]], ['2027-12-18', C, [0, 12130]], ['2028-01-19', P, [36000]]],
    },
    {
      name: 'monthly → quarterly 1 ms after the period end (IMMEDIATE)',
      from: 'monthly',
      to: 'quarterly',
      at: ms('2027-12-19', 1),
      proration: 'IMMEDIATE',
      until: '2028-01-19',
      // credit −12900 × (31 d − 1 ms)/31 d → −12900; charge 36000 × (31 d − 1 ms)/92 d = 12130.43 → 12130
      expected: [
        ...monthlyJulToOct,
        ['2027-11-19', P, [12900]],
        ['2027-12-19', P, [12900]],
        ['2027-12-19', C, [-12900, 12130]],
        ['2028-01-19', P, [36000]],
      ],
    },
    {
      name: 'monthly → quarterly 1 ms after the period end (NEXT)',
      from: 'monthly',
      to: 'quarterly',
      at: ms('2027-12-19', 1),
      proration: 'NEXT',
      until: '2028-01-19',
      expected: [...monthlyJulToOct, ['2027-11-19', P, [12900]], ['2027-12-19', P, [12900]], ['2028-01-19', P, [-12900, 12130, 36000]]],
    },

    // yearly → monthly (a shorter term): Jul 19 2028 is a billing date of both schedules
    ...(['NEXT', 'IMMEDIATE', 'NONE'] as const).map((proration): Case => ({
      name: `yearly → monthly exactly at the period end (${proration})`,
      from: 'yearly',
      to: 'monthly',
      at: d('2028-07-19'),
      proration,
      until: '2028-08-19',
      // the monthly schedule's own billing date bills the first month in full: no change invoice
      expected: [
        ['2027-07-19', P, [118800]],
        ['2028-07-19', P, [12900]],
        ['2028-08-19', P, [12900]],
      ],
    })),
    {
      name: 'yearly → monthly 1 ms before the period end (IMMEDIATE)',
      from: 'yearly',
      to: 'monthly',
      at: ms('2028-07-19', -1),
      proration: 'IMMEDIATE',
      until: '2028-08-19',
      // credit −118800 × 1 ms/366 d → 0; charge 12900 × 1 ms/30 d (Jun 19 → Jul 19) → 0
      expected: [
        ['2027-07-19', P, [118800]],
        ['2028-07-18', C, [0, 0]],
        ['2028-07-19', P, [12900]],
        ['2028-08-19', P, [12900]],
      ],
    },
    {
      name: 'yearly → monthly 1 ms after the period end (IMMEDIATE)',
      from: 'yearly',
      to: 'monthly',
      at: ms('2028-07-19', 1),
      proration: 'IMMEDIATE',
      until: '2028-08-19',
      // Jul 19 2028 billed yearly; credit −118800 × (365 d − 1 ms)/365 d → −118800;
      // charge 12900 × (31 d − 1 ms)/31 d → 12900
      expected: [
        ['2027-07-19', P, [118800]],
        ['2028-07-19', P, [118800]],
        ['2028-07-19', C, [-118800, 12900]],
        ['2028-08-19', P, [12900]],
      ],
    },
    {
      name: 'yearly → monthly 1 ms after the period end (NEXT)',
      from: 'yearly',
      to: 'monthly',
      at: ms('2028-07-19', 1),
      proration: 'NEXT',
      until: '2028-08-19',
      expected: [
        ['2027-07-19', P, [118800]],
        ['2028-07-19', P, [118800]],
        ['2028-08-19', P, [-118800, 12900, 12900]],
      ],
    },
  ];

  // −0 (a credit that rounds to nothing) reads as 0
  const cents = (docs: WalkResult['docs']) =>
    summary(docs).map(([date, kind, amounts]) => [date, kind, (amounts as number[]).map((a) => a + 0)]);

  it.each(cases)('$name', ({ from, to, at, proration, until, expected }) => {
    const r = walk(subscription('2027-07-19'), phasesOf(from, to, at, proration), deps(), { mode: 'write', until: d(until) });
    expect(cents(r.docs)).toEqual(expected);
  });

  it('the change invoice at the period end has a stable key and period, and is billed once', () => {
    const phases = phasesOf('monthly', 'yearly', d('2027-11-19'), 'NEXT');
    const first = walk(subscription('2027-07-19'), phases, deps(), { mode: 'write', until: d('2027-11-19') });
    const change = first.docs.find((x) => x.kind === 'SUBSCRIPTION_CHANGE')!;
    expect(change).toMatchObject({ key: 'subs_1@change@2', period_start: d('2027-11-19'), period_end: d('2028-07-19') });
    expect(change.lines.map((l) => [l.name, l.prorated, l.period_start, l.period_end])).toEqual([
      ['Remaining time: yearly', true, d('2027-11-19'), d('2028-07-19')],
    ]);
    // a later run sees every invoice written (the change invoice's lines carry no phase)
    const written = Object.fromEntries(
      first.docs.map((x) => [
        `${x.kind}|${x.key}`,
        {
          id: `inv_${x.key}`,
          status: 'PENDING',
          period_start: x.period_start,
          period_end: x.period_end,
          phase_seq: x.kind === P ? 1 : null,
        },
      ]),
    );
    const again = walk(subscription('2027-07-19'), phases, deps(written), { mode: 'write', until: d('2028-07-19') });
    expect(cents(again.docs)).toEqual([['2028-07-19', P, [118800]]]);
  });

  it('the billing run is woken at the change instant, and the preview shows the change invoice', () => {
    const phases = phasesOf('monthly', 'yearly', d('2027-11-19'), 'NEXT');
    const r = walk(subscription('2027-07-19'), phases, deps(), { mode: 'write', until: d('2027-11-01') });
    expect(r.next_work_at).toEqual(d('2027-11-19'));
    const written = Object.fromEntries(
      r.docs.map((x) => [
        `${x.kind}|${x.key}`,
        { id: x.key, status: 'PENDING', period_start: x.period_start, period_end: x.period_end, phase_seq: 1 },
      ]),
    );
    const preview = walk(subscription('2027-07-19'), phases, deps(written), { mode: 'preview' });
    expect(cents(preview.docs)).toEqual([['2027-11-19', C, [78875]]]);
  });

  it('usage of the old period stays on the next billing date, split at the change as before', () => {
    const calls = price('calls', 'USAGE', '1');
    const phases = [
      phase(1, '2027-07-19', [...plans.monthly.prices, calls], 1),
      phase(2, '2027-11-19', [...plans.yearly.prices, calls], 1, { term: YEAR }),
    ];
    const dp = deps({}, (_p, s) => (t0(s) === '2027-10-19' ? '7' : '11'));
    const r = walk(subscription('2027-07-19'), phases, dp, { mode: 'write', until: d('2028-07-19') });
    // the change invoice has no arrears; Jul 19 2028 closes [Oct 19, Jul 19) split at the change: 7 + 11
    expect(cents(r.docs.slice(3))).toEqual([
      ['2027-10-19', P, [11, 12900]],
      ['2027-11-19', C, [78875]],
      ['2028-07-19', P, [7, 11, 118800]],
    ]);
    expect(r.docs[4].has_usage).toBe(false);
  });

  it('a change at a billing date already invoiced with the old plan charges the new plan to its own next billing date', () => {
    // the run wrote Nov 19 with the monthly plan before the change to yearly was recorded there
    const written = {
      'SUBSCRIPTION_PERIOD|subs_1@2027-11-19T00:00:00.000Z': {
        id: 'inv_nov',
        status: 'PENDING',
        period_start: d('2027-11-19'),
        period_end: d('2027-12-19'),
        phase_seq: 1,
      },
    };
    const phases = phasesOf('monthly', 'yearly', d('2027-11-19'), 'IMMEDIATE');
    const r = walk(subscription('2027-07-19'), phases, deps(written), { mode: 'write', until: d('2028-07-19') });
    // credit the whole month: −12900; charge 118800 × 243/366 = 78875.41 → 78875 (not to Dec 19 only)
    expect(cents(r.docs.slice(4))).toEqual([
      ['2027-11-19', C, [-12900, 78875]],
      ['2028-07-19', P, [118800]],
    ]);
  });
});

const t0 = (x: Date) => x.toISOString().slice(0, 10);
