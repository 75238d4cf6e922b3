/**
 * Dated stories: changes recorded BEFORE their instant (`custom_change_date` later than the clock)
 * prorate exactly like the same change recorded AT its instant (docs/billing-rules.md#scheduled-changes-and-timing).
 *
 * Every story runs two subscriptions of the same plan side by side on one timeline:
 *   - EARLY: the change is recorded with the clock before its instant (custom_change_date);
 *   - TWIN:  the same change is made at its instant (clock = instant, timing IMMEDIATE).
 * Billing runs come later and bill both. After every run both must hold the same invoices
 * (dates, periods, statuses, totals and every line): before the instant neither shows the
 * change (the twin has not even asked for it); after it both bill it once. A last pair of
 * concurrent runs at the final instant must not add anything.
 *
 * Prices: $30.00 and $60.00 a month (flat, quantity 1). Proration (docs/billing-rules.md#changes):
 * a change at t inside [b₋₁, b) credits −old × (b − t)/(b − b₋₁) and charges new × the same share,
 * each line rounded once, half away from zero. NEXT → lines on the invoice at b; IMMEDIATE → an
 * invoice of its own dated t.
 */
import {
  amounts,
  createCustomer,
  dates,
  expectOk,
  Invoice,
  invoicesOf,
  iso,
  runAt,
  Scenario,
  seatPrice,
  setNow,
  sorted,
  startScenario,
  subscribe,
  totals,
} from './scenario-kit';

/** What must be identical between an early-recorded change and its twin (no ids, numbers or creation times). */
function shape(invoices: Invoice[]) {
  return invoices.map((i) => ({
    invoice_date: i.invoice_date,
    period: [i.period_start, i.period_end],
    due_date: i.due_date,
    status: i.status,
    sub_total: i.sub_total.value_in_cents,
    total: i.total.value_in_cents,
    due: i.due.value_in_cents,
    prorated: i.prorated_amount.value_in_cents,
    items: i.items
      .map((x) => ({
        kind: x.kind,
        name: x.name,
        period: x.period ? [x.period.start_date, x.period.end_date] : null,
        quantity: x.quantity,
        unit_price: x.unit_price,
        amount: x.amount.value_in_cents,
        prorated: x.prorated,
        product_pricing_id: x.product_pricing_id,
      }))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
  }));
}

describe('scenarios: changes dated later than the clock prorate like changes made at their instant', () => {
  let s: Scenario;
  let p30: any; // $30.00 a month
  let p60: any; // $60.00 a month

  beforeAll(async () => {
    s = await startScenario('Future changes');
    p30 = await seatPrice(s, 3000);
    p60 = await seatPrice(s, 6000);
  });
  afterAll(() => s.t.close());

  const change = async (subId: string, body: Record<string, unknown>) =>
    expectOk(await s.a.post(`/subscriptions/${subId}/change`, body), 200, 'POST /subscriptions/{id}/change');
  const getSub = async (subId: string) => expectOk(await s.a.get(`/subscriptions/${subId}`), 200, 'GET /subscriptions/{id}');

  interface Story {
    name: string;
    from: () => any;
    to: () => any;
    proration: 'IMMEDIATE' | 'NEXT';
    start: string;
    /** when the subscriptions are created (default: their start) */
    createdAt?: string;
    /** when EARLY records its change (the clock, before `instant`) */
    recordedAt: string;
    instant: string;
    /** billing runs (in time order); a run at `instant` comes after the twin's change */
    runs: string[];
    /** more fields of the change body (both subscriptions) */
    extra?: Record<string, unknown>;
  }

  /**
   * Runs the story for EARLY and TWIN; after each run asserts both have the same invoices, and
   * returns EARLY's invoices after each run (for the hand-worked expectations).
   */
  async function story(st: Story): Promise<{ early: string; twin: string; after: Map<string, Invoice[]> }> {
    const ce = await createCustomer(s, `${st.name} early`);
    const ct = await createCustomer(s, `${st.name} twin`);
    const early = await subscribe(s, { customer_id: ce.id, product_pricing_ids: [st.from().id], start_date: st.start }, st.createdAt);
    const twin = await subscribe(s, { customer_id: ct.id, product_pricing_ids: [st.from().id], start_date: st.start }, st.createdAt);
    type Step = { when: string; order: number; run: () => Promise<unknown> };
    const after = new Map<string, Invoice[]>();
    const steps: Step[] = [
      {
        when: st.recordedAt,
        order: 0,
        run: async () => {
          setNow(s, st.recordedAt);
          const changed = await change(early.id, {
            product_pricing_ids: [st.to().id],
            proration_type: st.proration,
            custom_change_date: iso(st.instant),
            ...st.extra,
          });
          // recorded as scheduled: the plan in effect is still the old one, the change shows as pending
          expect(changed.product_pricing_ids).toEqual([st.from().id]);
          expect(changed.change_date).toBe(iso(st.instant));
        },
      },
      {
        when: st.instant,
        order: 0,
        run: async () => {
          setNow(s, st.instant);
          const changed = await change(twin.id, {
            product_pricing_ids: [st.to().id],
            proration_type: st.proration,
            timing: 'IMMEDIATE',
            ...st.extra,
          });
          expect(changed.product_pricing_ids).toEqual([st.to().id]);
          expect(changed.change_date).toBeNull();
        },
      },
      ...st.runs.map((when) => ({
        when,
        order: 1,
        run: async () => {
          await runAt(s, when);
          const e = await invoicesOf(s, early.id);
          expect({ at: when, invoices: shape(e) }).toEqual({ at: when, invoices: shape(await invoicesOf(s, twin.id)) });
          after.set(when, e);
        },
      })),
    ];
    steps.sort((x, y) => iso(x.when).localeCompare(iso(y.when)) || x.order - y.order);
    for (const step of steps) await step.run();
    // exactly once: two more runs at the last instant, at the same time, add nothing
    const last = st.runs[st.runs.length - 1];
    const before = shape(await invoicesOf(s, early.id));
    await Promise.all([runAt(s, last), runAt(s, last)]);
    expect(shape(await invoicesOf(s, early.id))).toEqual(before);
    expect(shape(await invoicesOf(s, twin.id))).toEqual(before);
    return { early: early.id, twin: twin.id, after };
  }

  // ------------------------------------------------------------------ mid-period (April 2027: 30 days)

  it('IMMEDIATE upgrade $30 → $60 dated Apr 11, recorded Apr 5: a $20.00 invoice dated Apr 11, not before', async () => {
    const { after } = await story({
      name: 'Immediate up',
      from: () => p30,
      to: () => p60,
      proration: 'IMMEDIATE',
      start: '2027-04-01',
      recordedAt: '2027-04-05',
      instant: '2027-04-11',
      runs: ['2027-04-01', '2027-04-08', '2027-04-10T23:59:59Z', '2027-04-11', '2027-05-01'],
    });
    // runs before the instant bill nothing of the change
    expect(dates(after.get('2027-04-10T23:59:59Z')!)).toEqual([iso('2027-04-01')]);
    const all = after.get('2027-05-01')!;
    expect(dates(all)).toEqual(['2027-04-01', '2027-04-11', '2027-05-01'].map(iso));
    // Apr 1: 3000 for April
    // Apr 11: unused [Apr 11, May 1) = 20/30
    //   credit −3000 × 20/30 = −2000; charge 6000 × 20/30 = 4000 → total 2000
    // May 1: 6000
    expect(sorted(amounts(all[1]))).toEqual([-2000, 4000]);
    expect(all[1].period_start).toBe(iso('2027-04-11'));
    expect(all[1].period_end).toBe(iso('2027-05-01'));
    expect(totals(all)).toEqual([3000, 2000, 6000]);
  });

  it('NEXT downgrade $60 → $30 dated Apr 11, recorded Apr 5: the May 1 invoice is 30.00 − 20.00 = 10.00', async () => {
    const { after } = await story({
      name: 'Next down',
      from: () => p60,
      to: () => p30,
      proration: 'NEXT',
      start: '2027-04-01',
      recordedAt: '2027-04-05',
      instant: '2027-04-11',
      runs: ['2027-04-01', '2027-04-08', '2027-04-11', '2027-04-30T23:59:59Z', '2027-05-01'],
    });
    expect(dates(after.get('2027-04-30T23:59:59Z')!)).toEqual([iso('2027-04-01')]);
    const all = after.get('2027-05-01')!;
    expect(dates(all)).toEqual(['2027-04-01', '2027-05-01'].map(iso));
    // Apr 1: 6000
    // May 1: unused [Apr 11, May 1) = 20/30
    //   credit −6000 × 20/30 = −4000; charge 3000 × 20/30 = 2000; advance 3000 for May
    //   total 3000 − 4000 + 2000 = 1000, prorated −2000
    const may = all[1];
    expect(sorted(amounts(may, { prorated: true }))).toEqual([-4000, 2000]);
    expect(amounts(may, { prorated: false })).toEqual([3000]);
    expect(may.total.value_in_cents).toBe(1000);
    expect(may.prorated_amount.value_in_cents).toBe(-2000);
  });

  it('IMMEDIATE downgrade $60 → $30 dated Jun 8 06:00, recorded May 20 (the previous period): a credit invoice dated Jun 8 06:00', async () => {
    const { after } = await story({
      name: 'Immediate down',
      from: () => p60,
      to: () => p30,
      proration: 'IMMEDIATE',
      start: '2027-05-01',
      recordedAt: '2027-05-20',
      instant: '2027-06-08T06:00:00Z',
      runs: ['2027-05-01', '2027-06-01', '2027-06-08T06:00:00Z', '2027-07-01'],
    });
    expect(dates(after.get('2027-06-01')!)).toEqual(['2027-05-01', '2027-06-01'].map(iso));
    const all = after.get('2027-07-01')!;
    expect(dates(all)).toEqual(['2027-05-01', '2027-06-01', '2027-06-08T06:00:00Z', '2027-07-01'].map(iso));
    // May 1, Jun 1: 6000 each (the old plan: June is billed before the change)
    // Jun 8 06:00: unused [Jun 8 06:00, Jul 1) = 22 d 18 h = 22.75 of 30 days
    //   credit −6000 × 22.75/30 = −4550; charge 3000 × 22.75/30 = 2275 → total −2275, due 0
    // Jul 1: 3000
    const credit = all[2];
    expect(sorted(amounts(credit))).toEqual([-4550, 2275]);
    expect(credit.total.value_in_cents).toBe(-2275);
    expect(credit.due.value_in_cents).toBe(0);
    expect(credit.status).toBe('PAID');
    expect(totals(all)).toEqual([6000, 6000, -2275, 3000]);
  });

  it('NEXT upgrade $30 → $60 dated Apr 11 12:00, recorded Mar 25 (the previous period): the May 1 invoice is 60.00 + 19.50', async () => {
    const { after } = await story({
      name: 'Next up',
      from: () => p30,
      to: () => p60,
      proration: 'NEXT',
      start: '2027-03-01',
      recordedAt: '2027-03-25',
      instant: '2027-04-11T12:00:00Z',
      runs: ['2027-03-01', '2027-04-01', '2027-04-20', '2027-05-01'],
    });
    expect(dates(after.get('2027-04-20')!)).toEqual(['2027-03-01', '2027-04-01'].map(iso));
    // Apr 1 is billed with the old plan: the change comes later
    expect(totals(after.get('2027-04-20')!)).toEqual([3000, 3000]);
    const may = after.get('2027-05-01')![2];
    // May 1: unused [Apr 11 12:00, May 1) = 19.5/30
    //   credit −3000 × 19.5/30 = −1950; charge 6000 × 19.5/30 = 3900; advance 6000
    //   total 6000 − 1950 + 3900 = 7950
    expect(may.invoice_date).toBe(iso('2027-05-01'));
    expect(sorted(amounts(may, { prorated: true }))).toEqual([-1950, 3900]);
    expect(may.total.value_in_cents).toBe(7950);
  });

  it('IMMEDIATE upgrade with reset_billing_anchor dated Apr 11, recorded Apr 5: credit April, bill [Apr 11, May 11) at once', async () => {
    const { early, after } = await story({
      name: 'Immediate reset',
      from: () => p30,
      to: () => p60,
      proration: 'IMMEDIATE',
      extra: { reset_billing_anchor: true },
      start: '2027-04-01',
      recordedAt: '2027-04-05',
      instant: '2027-04-11',
      runs: ['2027-04-01', '2027-04-08', '2027-04-11', '2027-05-01', '2027-05-11'],
    });
    const all = after.get('2027-05-11')!;
    // Apr 1: 3000. Apr 11 (new anchor): credit −3000 × 20/30 = −2000, first period [Apr 11, May 11) 6000 → 4000
    // nothing on May 1; May 11: 6000
    expect(dates(all)).toEqual(['2027-04-01', '2027-04-11', '2027-05-11'].map(iso));
    expect(sorted(amounts(all[1]))).toEqual([-2000, 6000]);
    expect(totals(all)).toEqual([3000, 4000, 6000]);
    setNow(s, '2027-05-12');
    const shown = await getSub(early);
    expect(shown.billing_anchor_date).toBe(iso('2027-04-11'));
    expect(shown.next_invoice_date).toBe(iso('2027-06-11'));
  });

  // ------------------------------------------------------------------ on a billing date

  it('IMMEDIATE upgrade dated exactly May 1 (a billing date), recorded Apr 5: nothing to prorate, May 1 bills $60.00', async () => {
    const { after } = await story({
      name: 'Immediate boundary',
      from: () => p30,
      to: () => p60,
      proration: 'IMMEDIATE',
      start: '2027-04-01',
      recordedAt: '2027-04-05',
      instant: '2027-05-01',
      runs: ['2027-04-01', '2027-04-30T23:59:59Z', '2027-05-01', '2027-06-01'],
    });
    const all = after.get('2027-06-01')!;
    // Apr 1: 3000 for all of April (the old plan); the change at May 1 leaves nothing unused:
    // no change invoice, no proration lines; May 1 and Jun 1: 6000
    expect(dates(all)).toEqual(['2027-04-01', '2027-05-01', '2027-06-01'].map(iso));
    expect(totals(all)).toEqual([3000, 6000, 6000]);
    expect(all.flatMap((i) => amounts(i, { prorated: true }))).toEqual([]);
  });

  it('NEXT downgrade dated exactly May 1, recorded Apr 5: May 1 bills $30.00 with no proration lines', async () => {
    const { after } = await story({
      name: 'Next boundary',
      from: () => p60,
      to: () => p30,
      proration: 'NEXT',
      start: '2027-04-01',
      recordedAt: '2027-04-05',
      instant: '2027-05-01',
      runs: ['2027-04-01', '2027-05-01', '2027-06-01'],
    });
    const all = after.get('2027-06-01')!;
    expect(dates(all)).toEqual(['2027-04-01', '2027-05-01', '2027-06-01'].map(iso));
    expect(totals(all)).toEqual([6000, 3000, 3000]);
    expect(all.flatMap((i) => amounts(i, { prorated: true }))).toEqual([]);
  });

  it('on a billing date, a change made AFTER the run of that instant takes the invoice over (decision 4): other invoices, same money', async () => {
    const ce = await createCustomer(s, 'Boundary early');
    const cl = await createCustomer(s, 'Boundary late');
    const early = await subscribe(s, { customer_id: ce.id, product_pricing_ids: [p30.id], start_date: '2027-04-01' });
    const late = await subscribe(s, { customer_id: cl.id, product_pricing_ids: [p30.id], start_date: '2027-04-01' });
    await runAt(s, '2027-04-01');
    setNow(s, '2027-04-05');
    await change(early.id, { product_pricing_ids: [p60.id], proration_type: 'IMMEDIATE', custom_change_date: iso('2027-05-01') });
    await runAt(s, '2027-05-01');
    // the run at May 1 billed `late` with the old plan; its change comes after, at the same instant
    await change(late.id, { product_pricing_ids: [p60.id], proration_type: 'IMMEDIATE', timing: 'IMMEDIATE' });
    await runAt(s, '2027-05-01T00:00:01Z');
    const e = await invoicesOf(s, early.id);
    const l = await invoicesOf(s, late.id);
    // early: Apr 1 3000, May 1 6000
    expect(totals(e)).toEqual([3000, 6000]);
    // late: Apr 1 3000, May 1 3000 (old plan), then the change invoice at May 1: −3000 × 1 + 6000 × 1 = 3000
    expect(dates(l)).toEqual(['2027-04-01', '2027-05-01', '2027-05-01'].map(iso));
    expect(sorted(totals(l))).toEqual([3000, 3000, 3000]);
    expect(l.reduce((x, i) => x + i.total.value_in_cents, 0)).toBe(e.reduce((x, i) => x + i.total.value_in_cents, 0));
  });

  // ------------------------------------------------------------------ recorded before the subscription starts

  it('IMMEDIATE upgrade recorded Mar 25 for a subscription starting Apr 1, dated Apr 11: April is billed, then 20.00 at Apr 11', async () => {
    // (the bug: the change superseded the subscription's own first plan, so [Apr 1, Apr 11) was
    // never billed and no proration invoice was written; May 1 was the first invoice)
    const { early, after } = await story({
      name: 'Before start up',
      from: () => p30,
      to: () => p60,
      proration: 'IMMEDIATE',
      start: '2027-04-01',
      createdAt: '2027-03-20',
      recordedAt: '2027-03-25',
      instant: '2027-04-11',
      runs: ['2027-03-31', '2027-04-01', '2027-04-11', '2027-05-01'],
    });
    expect(after.get('2027-03-31')).toEqual([]);
    const all = after.get('2027-05-01')!;
    // Apr 1: 3000; Apr 11: −2000 + 4000 = 2000; May 1: 6000 (as in the first story)
    expect(dates(all)).toEqual(['2027-04-01', '2027-04-11', '2027-05-01'].map(iso));
    expect(sorted(amounts(all[1]))).toEqual([-2000, 4000]);
    expect(totals(all)).toEqual([3000, 2000, 6000]);
    // the subscription shows the old plan until Apr 11, and the change as pending
    setNow(s, '2027-04-10');
    const shown = await getSub(early);
    expect(shown.product_pricing_ids).toEqual([p30.id]);
    expect(shown.change_date).toBe(iso('2027-04-11'));
    setNow(s, '2027-04-11');
    expect((await getSub(early)).product_pricing_ids).toEqual([p60.id]);
  });

  it('NEXT downgrade recorded Mar 25 for a subscription starting Apr 1, dated Apr 11: the May 1 invoice is 10.00', async () => {
    const { after } = await story({
      name: 'Before start down',
      from: () => p60,
      to: () => p30,
      proration: 'NEXT',
      start: '2027-04-01',
      createdAt: '2027-03-20',
      recordedAt: '2027-03-25',
      instant: '2027-04-11',
      runs: ['2027-04-01', '2027-04-11', '2027-05-01'],
    });
    const all = after.get('2027-05-01')!;
    // Apr 1: 6000; May 1: 3000 − 4000 + 2000 = 1000
    expect(dates(all)).toEqual(['2027-04-01', '2027-05-01'].map(iso));
    expect(sorted(amounts(all[1], { prorated: true }))).toEqual([-4000, 2000]);
    expect(totals(all)).toEqual([6000, 1000]);
  });

  it('a change recorded before the start and dated at the start replaces the plan: the first invoice bills the new plan', async () => {
    const c = await createCustomer(s, 'Change at start');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [p30.id], start_date: '2027-04-01' }, '2027-03-20');
    setNow(s, '2027-03-25');
    await change(sub.id, { product_pricing_ids: [p60.id], proration_type: 'IMMEDIATE', custom_change_date: iso('2027-04-01') });
    await runAt(s, '2027-05-01');
    const all = await invoicesOf(s, sub.id);
    // nothing was billed with the old plan: Apr 1 and May 1 bill 6000, no proration
    expect(dates(all)).toEqual(['2027-04-01', '2027-05-01'].map(iso));
    expect(totals(all)).toEqual([6000, 6000]);
    expect(all.flatMap((i) => amounts(i, { prorated: true }))).toEqual([]);
  });

  // ------------------------------------------------------------------ ending a trial with a future-dated change

  it('a change dated Apr 11 with trial: false, recorded Apr 5 during a 30-day trial, ends the trial on Apr 11 (like its twin)', async () => {
    const ce = await createCustomer(s, 'Trial end early');
    const ct = await createCustomer(s, 'Trial end twin');
    const body = (id: string) => ({
      customer_id: id,
      product_pricing_ids: [p30.id],
      trial: true,
      trial_term: { count: 30, frequency: 'DAY' },
      start_date: '2027-04-01',
    });
    const early = await subscribe(s, body(ce.id));
    const twin = await subscribe(s, body(ct.id));
    expect(early.trial_conversion_date).toBe(iso('2027-05-01'));
    setNow(s, '2027-04-05');
    const recorded = await change(early.id, {
      product_pricing_ids: [p60.id],
      proration_type: 'NEXT',
      trial: false,
      custom_change_date: iso('2027-04-11'),
    });
    // still in the trial until the change's instant
    expect(recorded.trial_conversion_date).toBe(iso('2027-04-11'));
    await runAt(s, '2027-04-08');
    expect(await invoicesOf(s, early.id)).toEqual([]);
    setNow(s, '2027-04-11');
    await change(twin.id, { product_pricing_ids: [p60.id], proration_type: 'NEXT', trial: false });
    for (const when of ['2027-04-11', '2027-05-11']) {
      await runAt(s, when);
      expect(shape(await invoicesOf(s, early.id))).toEqual(shape(await invoicesOf(s, twin.id)));
    }
    const all = await invoicesOf(s, early.id);
    // billing starts at the trial end, Apr 11, with the new plan: 6000 for [Apr 11, May 11), then 6000
    // (nothing of the old plan was billed: no proration)
    expect(dates(all)).toEqual(['2027-04-11', '2027-05-11'].map(iso));
    expect(totals(all)).toEqual([6000, 6000]);
    expect(all[0].period_end).toBe(iso('2027-05-11'));
  });

  it('a change dated after the trial ends, with trial: false, leaves the trial alone', async () => {
    const c = await createCustomer(s, 'Trial end later');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [p30.id],
      trial: true,
      trial_term: { count: 14, frequency: 'DAY' },
      start_date: '2027-04-01',
    });
    setNow(s, '2027-04-05');
    const recorded = await change(sub.id, {
      product_pricing_ids: [p60.id],
      proration_type: 'NEXT',
      trial: false,
      custom_change_date: iso('2027-04-20'),
    });
    // the trial converts on Apr 15 as planned: at Apr 20 it is over already
    expect(recorded.trial_conversion_date).toBe(iso('2027-04-15'));
    await runAt(s, '2027-05-15');
    const all = await invoicesOf(s, sub.id);
    // Apr 15: 3000 for [Apr 15, May 15); May 15: unused [Apr 20, May 15) = 25/30 → −2500 + 5000, advance 6000 → 8500
    expect(dates(all)).toEqual(['2027-04-15', '2027-05-15'].map(iso));
    expect(sorted(amounts(all[1], { prorated: true }))).toEqual([-2500, 5000]);
    expect(totals(all)).toEqual([3000, 8500]);
  });

  // ------------------------------------------------------------------ previews

  describe('the preview (POST /invoices/next) of a future-dated change is the invoice written later', () => {
    const preview = async (customerId: string, subId: string, extra: Record<string, unknown> = {}) =>
      (await expectOk(
        await s.a.post('/invoices/next', { currency: 'USD', customer_id: customerId, subscription_id: subId, ...extra }),
        200,
        'POST /invoices/next',
      )) as Invoice;
    // a preview is a DRAFT: everything but the status must match the invoice written later
    const previewShape = (i: Invoice) => ({ ...shape([i])[0], status: null });

    it('IMMEDIATE upgrade recorded Apr 5 for Apr 11: the preview is the Apr 11 invoice of 20.00; simulated the same before recording', async () => {
      const c = await createCustomer(s, 'Preview immediate');
      const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [p30.id], start_date: '2027-04-01' });
      await runAt(s, '2027-04-01');
      setNow(s, '2027-04-05');
      const body = { product_pricing_ids: [p60.id], proration_type: 'IMMEDIATE', custom_change_date: iso('2027-04-11') };
      // simulated (change_config), nothing recorded yet
      const simulated = await preview(c.id, sub.id, { change_config: body });
      expect(simulated.invoice_date).toBe(iso('2027-04-11'));
      expect(sorted(amounts(simulated))).toEqual([-2000, 4000]);
      expect(simulated.total.value_in_cents).toBe(2000);
      await change(sub.id, body);
      const next = await preview(c.id, sub.id);
      expect(previewShape(next)).toEqual(previewShape(simulated));
      await runAt(s, '2027-04-11');
      const written = (await invoicesOf(s, sub.id)).find((i) => i.invoice_date === iso('2027-04-11'))!;
      expect(previewShape(written)).toEqual(previewShape(next));
    });

    it('NEXT downgrade recorded Apr 5 for Apr 11: the preview is the May 1 invoice of 10.00', async () => {
      const c = await createCustomer(s, 'Preview next');
      const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [p60.id], start_date: '2027-04-01' });
      await runAt(s, '2027-04-01');
      setNow(s, '2027-04-05');
      const body = { product_pricing_ids: [p30.id], proration_type: 'NEXT', custom_change_date: iso('2027-04-11') };
      const simulated = await preview(c.id, sub.id, { change_config: body });
      await change(sub.id, body);
      const next = await preview(c.id, sub.id);
      // May 1: 3000 − 4000 + 2000 = 1000
      expect(next.invoice_date).toBe(iso('2027-05-01'));
      expect(sorted(amounts(next))).toEqual([-4000, 2000, 3000]);
      expect(next.total.value_in_cents).toBe(1000);
      expect(previewShape(simulated)).toEqual(previewShape(next));
      await runAt(s, '2027-05-01');
      const written = (await invoicesOf(s, sub.id)).find((i) => i.invoice_date === iso('2027-05-01'))!;
      expect(previewShape(written)).toEqual(previewShape(next));
    });

    it('before the subscription starts: the preview after a future-dated change is still the first invoice (Apr 1, old plan)', async () => {
      const c = await createCustomer(s, 'Preview before start');
      const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [p30.id], start_date: '2027-04-01' }, '2027-03-20');
      setNow(s, '2027-03-25');
      const body = { product_pricing_ids: [p60.id], proration_type: 'IMMEDIATE', custom_change_date: iso('2027-04-11') };
      const simulated = await preview(c.id, sub.id, { change_config: body });
      await change(sub.id, body);
      const next = await preview(c.id, sub.id);
      expect(next.invoice_date).toBe(iso('2027-04-01'));
      expect(amounts(next)).toEqual([3000]);
      expect(previewShape(simulated)).toEqual(previewShape(next));
      await runAt(s, '2027-04-01');
      // then the change invoice
      setNow(s, '2027-04-02');
      const after = await preview(c.id, sub.id);
      expect(after.invoice_date).toBe(iso('2027-04-11'));
      expect(sorted(amounts(after))).toEqual([-2000, 4000]);
    });
  });
});
