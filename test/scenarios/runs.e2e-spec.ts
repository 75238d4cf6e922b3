/**
 * Dated stories: drafts and the grace period, exactly-once billing runs (repeated and
 * concurrent), gapless invoice numbers, and #7 previews compared with the invoices later
 * generated.
 */
import { BillingRunService } from '../../src/invoicing/billing-engine/billing-run.service';
import {
  anotherCompany,
  amounts,
  at,
  cli,
  createCustomer,
  createMeter,
  dates,
  expectOk,
  findInvoices,
  ingest,
  Invoice,
  invoicesOf,
  iso,
  pmpOf,
  runAt,
  runGlobalAt,
  Scenario,
  seatPrice,
  setNow,
  sorted,
  startScenario,
  subscribe,
  totals,
  usagePrice,
} from './scenario-kit';
import { expectBooksBalanced } from '../support/audit';
import { useWholeDatabase } from '../support/whole-database';

// runs work over every company (see whole-database.ts): alone on the database
useWholeDatabase();

describe('scenarios: billing runs, drafts, numbers and previews', () => {
  let s: Scenario;

  beforeAll(async () => {
    s = await startScenario('Runs');
  });
  afterAll(() => s.t.close());
  afterEach(() => expectBooksBalanced(s.t));

  const seatsOf = (pricing: any, n: number) => [{ product_metric_pricing_id: pmpOf(pricing), num_licenses: n }];
  const preview = async (body: Record<string, unknown>) =>
    expectOk(await s.a.post('/invoices/next', { currency: 'USD', ...body }), 200, 'POST /invoices/next') as Promise<Invoice>;

  it('usage invoice waits as DRAFT during the 1-hour grace period, a late event counts, then it is final', async () => {
    const meter = await createMeter(s, 'Late calls');
    const price = await usagePrice(s, meter, { pricing_type: 'FIXED', fixed_price: { price_per_unit: 2.5 } });
    const c = await createCustomer(s, 'Late events');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [price.id], start_date: '2027-09-01' });
    await ingest(s, c.id, meter, [['2027-09-10T00:00:00Z', 100]]);

    // Oct 1 00:30: the invoice for September exists as a DRAFT (finalize_after = Oct 1 01:00)
    await runAt(s, '2027-10-01T00:30:00Z');
    let oct = at(await invoicesOf(s, sub.id), '2027-10-01');
    expect(oct.status).toBe('DRAFT');
    // 100 × 2.5 = 250
    expect(oct.total.value_in_cents).toBe(250);

    // a late event for September, received during the grace period
    await ingest(s, c.id, meter, [['2027-09-30T23:00:00Z', 40]]);
    // Oct 1 01:00 = finalize_after: usage recomputed (140 × 2.5 = 350), then finalized
    await runAt(s, '2027-10-01T01:00:00Z');
    oct = at(await invoicesOf(s, sub.id), '2027-10-01');
    expect(oct.status).toBe('PENDING');
    expect(oct.total.value_in_cents).toBe(350);
    expect(oct.due.value_in_cents).toBe(350);

    // after finalization: a September event is stored but billed nowhere; October's counts on Nov 1
    await ingest(s, c.id, meter, [
      ['2027-09-30T23:30:00Z', 10],
      ['2027-10-05T00:00:00Z', 20],
    ]);
    await runAt(s, '2027-11-01T02:00:00Z');
    const invoices = await invoicesOf(s, sub.id);
    expect(at(invoices, '2027-10-01').total.value_in_cents).toBe(350);
    // 20 × 2.5 = 50
    expect(at(invoices, '2027-11-01').total.value_in_cents).toBe(50);
  });

  it('grace period 0 (company setting through the CLI): the usage invoice is final at the billing date itself', async () => {
    const z = await anotherCompany(s, 'Grace zero');
    const res = await cli('company', 'settings', '--company', z.a.companyId, '--invoice-grace-period', '0');
    expect(res.code).toBe(0);
    const meter = await createMeter(z, 'Zero grace calls');
    const price = await usagePrice(z, meter, { pricing_type: 'FIXED', fixed_price: { price_per_unit: 1 } });
    const c = await createCustomer(z, 'No grace');
    const sub = await subscribe(z, { customer_id: c.id, product_pricing_ids: [price.id], start_date: '2027-09-01' });
    await ingest(z, c.id, meter, [['2027-09-15T00:00:00Z', 70]]);
    await runAt(z, '2027-10-01');
    const oct = at(await invoicesOf(z, sub.id), '2027-10-01');
    // 70 × 1 = 70, finalized at once
    expect(oct.status).toBe('PENDING');
    expect(oct.total.value_in_cents).toBe(70);
  });

  it('billing run repeated (plain runs over every company): the same invoices, nothing new, nothing changed', async () => {
    const seats = await seatPrice(s, 1000);
    const c = await createCustomer(s, 'Repeat');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [seats.id], start_date: '2027-09-01' });
    await runGlobalAt(s, '2027-11-01');
    const first = await invoicesOf(s, sub.id);
    expect(dates(first)).toEqual(['2027-09-01', '2027-10-01', '2027-11-01'].map(iso));
    expect(totals(first)).toEqual([1000, 1000, 1000]);

    await runGlobalAt(s, '2027-11-01');
    // this company has nothing left to bill at that instant: a repeat creates and finalizes nothing
    const again = await runAt(s, '2027-11-01');
    expect(again.invoices_created).toBe(0);
    expect(again.invoices_finalized).toBe(0);
    await runGlobalAt(s, '2027-10-15'); // an earlier instant changes nothing either
    setNow(s, '2027-11-01'); // read at the same clock (OVERDUE depends on it)
    const second = await invoicesOf(s, sub.id);
    expect(second).toEqual(first);
  });

  it('two billing runs at once: each period of each subscription invoiced exactly once', async () => {
    const seats = await seatPrice(s, 700);
    const c = await createCustomer(s, 'Concurrent');
    const subA = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      config_items: seatsOf(seats, 2),
      start_date: '2027-09-01',
    });
    const subB = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      config_items: seatsOf(seats, 3),
      start_date: '2027-09-15',
    });
    const count = async () =>
      Number((await s.t.dataSource.query('SELECT count(*) AS n FROM invoices WHERE company_id = $1', [s.a.companyId]))[0].n);
    const only = { companyIds: [s.a.companyId] };
    const before = await count();
    setNow(s, '2027-12-01');
    const runs = s.t.app.get(BillingRunService);
    const [r1, r2] = await Promise.all([runs.run(new Date(iso('2027-12-01')), only), runs.run(new Date(iso('2027-12-01')), only)]);
    // what the two runs report is what was written in this company, once
    expect(r1.invoices_created + r2.invoices_created).toBe((await count()) - before);
    const a = await invoicesOf(s, subA.id);
    const b = await invoicesOf(s, subB.id);
    // A (from Sep 1): Sep 1, Oct 1, Nov 1, Dec 1 at 2 × 700 = 1400
    expect(dates(a)).toEqual(['2027-09-01', '2027-10-01', '2027-11-01', '2027-12-01'].map(iso));
    expect(totals(a)).toEqual([1400, 1400, 1400, 1400]);
    // B (from Sep 15): Sep 15, Oct 15, Nov 15 at 3 × 700 = 2100
    expect(dates(b)).toEqual(['2027-09-15', '2027-10-15', '2027-11-15'].map(iso));
    expect(totals(b)).toEqual([2100, 2100, 2100]);
    const numbers = [...a, ...b].map((i) => Number(i.number));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('invoice numbers are 1..N without gaps in a new company (subscription periods and a one-time invoice)', async () => {
    const n = await anotherCompany(s, 'Numbers');
    const seats = await seatPrice(n, 1000);
    const c1 = await createCustomer(n, 'Numbers one');
    const c2 = await createCustomer(n, 'Numbers two');
    await subscribe(n, { customer_id: c1.id, product_pricing_ids: [seats.id], start_date: '2027-09-01' });
    await subscribe(n, { customer_id: c2.id, product_pricing_ids: [seats.id], start_date: '2027-09-10' });
    await runAt(n, '2027-10-01');
    setNow(n, '2027-10-05');
    await expectOk(
      await n.a.post('/one_times', {
        customer_id: c1.id,
        type: 'IMMEDIATE',
        onetime_items: [{ custom_price: { amount: { currency: 'USD', value_in_cents: 500 }, description: 'Setup' }, aggregate: 1 }],
      }),
      201,
      'POST /one_times',
    );
    await Promise.all([runAt(n, '2027-11-01'), runAt(n, '2027-11-01')]);
    await runAt(n, '2027-11-01');
    // c1: Sep 1, Oct 1, Nov 1; c2: Sep 10, Oct 10; one-time on Oct 5 → 6 invoices, numbered 1..6
    const all = await findInvoices(n, {});
    expect(all).toHaveLength(6);
    expect(sorted(all.map((i) => Number(i.number)))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('#7 preview of the next invoice equals the invoice generated later (seats in advance + usage so far)', async () => {
    const meter = await createMeter(s, 'Preview calls');
    const seats = await seatPrice(s, 2000);
    const usage = await usagePrice(s, meter, { pricing_type: 'FIXED', fixed_price: { price_per_unit: 1 } });
    const c = await createCustomer(s, 'Preview');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id, usage.id],
      config_items: seatsOf(seats, 3),
      start_date: '2027-10-01',
    });
    await runAt(s, '2027-10-01');
    await ingest(s, c.id, meter, [['2027-10-05T00:00:00Z', 300]]);
    setNow(s, '2027-10-15');
    const next = await preview({ customer_id: c.id, subscription_id: sub.id });
    // Nov 1: November in advance 3 × 2000 = 6000 + October usage 300 × 1 = 300 → 6300
    expect(next.invoice_date).toBe(iso('2027-11-01'));
    expect(next.total.value_in_cents).toBe(6300);
    // a preview writes nothing
    expect(dates(await invoicesOf(s, sub.id))).toEqual([iso('2027-10-01')]);

    await runAt(s, '2027-11-01T02:00:00Z');
    const nov = at(await invoicesOf(s, sub.id), '2027-11-01');
    expect(nov.total.value_in_cents).toBe(6300);
    expect(sorted(amounts(nov))).toEqual(sorted(amounts(next)));
    expect(nov.sub_total).toEqual(next.sub_total);
  });

  it('#7 preview with change_config shows the proration of a change; the change then bills exactly that', async () => {
    const seats = await seatPrice(s, 2000);
    const c = await createCustomer(s, 'Preview change');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      config_items: seatsOf(seats, 3),
      start_date: '2027-10-01',
    });
    await runAt(s, '2027-10-01');
    setNow(s, '2027-10-15');
    const changeConfig = { config_items: seatsOf(seats, 5), proration_type: 'NEXT', timing: 'IMMEDIATE' };
    const next = await preview({ customer_id: c.id, subscription_id: sub.id, change_config: changeConfig });
    // change on Oct 15: unused [Oct 15, Nov 1) = 17/31
    //   credit −6000 × 17/31 = −3290.322… → −3290
    //   charge 10000 × 17/31 = 5483.870… → 5484
    //   Nov 1 advance 5 × 2000 = 10000 → total 12194
    expect(sorted(amounts(next, { prorated: true }))).toEqual([-3290, 5484]);
    expect(next.total.value_in_cents).toBe(12194);
    expect(dates(await invoicesOf(s, sub.id))).toEqual([iso('2027-10-01')]);
    expect((await s.a.get(`/subscriptions/${sub.id}`).expect(200)).body.config_items[0].num_licenses).toBe(3);

    await expectOk(await s.a.post(`/subscriptions/${sub.id}/change`, changeConfig), 200, 'POST /subscriptions/{id}/change');
    await runAt(s, '2027-11-01');
    const nov = at(await invoicesOf(s, sub.id), '2027-11-01');
    expect(nov.total.value_in_cents).toBe(12194);
    expect(sorted(amounts(nov))).toEqual(sorted(amounts(next)));
  });

  it('#7 preview with cancel_config (IMMEDIATE, PRORATED) shows the refund the cancellation then writes', async () => {
    const seats = await seatPrice(s, 2000);
    const c = await createCustomer(s, 'Preview cancel');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      config_items: seatsOf(seats, 3),
      start_date: '2027-10-01',
    });
    await runAt(s, '2027-10-01');
    setNow(s, '2027-10-15');
    const next = await preview({
      customer_id: c.id,
      subscription_id: sub.id,
      cancel_config: { timing: 'IMMEDIATE', refund_type: 'PRORATED' },
    });
    // cancel on Oct 15: −6000 × 17/31 = −3290.322… → −3290
    expect(amounts(next, { prorated: true })).toEqual([-3290]);
    expect(next.total.value_in_cents).toBe(-3290);
    expect(dates(await invoicesOf(s, sub.id))).toEqual([iso('2027-10-01')]);

    await expectOk(
      await s.a.post(`/subscriptions/${sub.id}/cancel`, { timing: 'IMMEDIATE', refund_type: 'PRORATED' }),
      200,
      'POST /subscriptions/{id}/cancel',
    );
    await runAt(s, '2027-12-01');
    const invoices = await invoicesOf(s, sub.id);
    expect(dates(invoices)).toEqual(['2027-10-01', '2027-10-15'].map(iso));
    expect(invoices[1].total.value_in_cents).toBe(next.total.value_in_cents);
    expect(sorted(amounts(invoices[1]))).toEqual(sorted(amounts(next)));
  });
  it('two runs at different instants at once (Oct 1 and Dec 1) give what one run at Dec 1 gives', async () => {
    const seats = await seatPrice(s, 500);
    const c = await createCustomer(s, 'Overlapping runs');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [seats.id], start_date: '2027-09-01' });
    setNow(s, '2027-12-01');
    const runs = s.t.app.get(BillingRunService);
    const only = { companyIds: [s.a.companyId] };
    await Promise.all([runs.run(new Date(iso('2027-10-01')), only), runs.run(new Date(iso('2027-12-01')), only)]);
    const invoices = await invoicesOf(s, sub.id);
    // Sep 1, Oct 1, Nov 1, Dec 1 at 1 × 500, once each
    expect(dates(invoices)).toEqual(['2027-09-01', '2027-10-01', '2027-11-01', '2027-12-01'].map(iso));
    expect(totals(invoices)).toEqual([500, 500, 500, 500]);
  });

  it('CLI `billing run --now` bills what a clean run at that instant bills', async () => {
    const seats = await seatPrice(s, 1000);
    const c = await createCustomer(s, 'CLI run');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [seats.id], start_date: '2027-05-01' });
    setNow(s, '2027-06-01');
    const res = await cli('billing', 'run', '--now', iso('2027-06-01'), '--json');
    expect(res.code).toBe(0);
    const lines = res.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const summary = JSON.parse(lines[0]);
    expect(summary.invoices_created).toBeGreaterThanOrEqual(2);
    // May 1 and Jun 1 at 1000; a run at the same instant afterwards adds nothing
    expect(totals(await invoicesOf(s, sub.id))).toEqual([1000, 1000]);
    await runAt(s, '2027-06-01');
    const invoices = await invoicesOf(s, sub.id);
    expect(dates(invoices)).toEqual(['2027-05-01', '2027-06-01'].map(iso));
  });

  it('#13 finalize a usage DRAFT during its grace period: PENDING at once, later events no longer count', async () => {
    const meter = await createMeter(s, 'Finalize calls');
    const price = await usagePrice(s, meter, { pricing_type: 'FIXED', fixed_price: { price_per_unit: 1 } });
    const c = await createCustomer(s, 'Finalize now');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [price.id], start_date: '2027-09-01' });
    await ingest(s, c.id, meter, [['2027-09-20T00:00:00Z', 100]]);
    await runAt(s, '2027-10-01T00:10:00Z');
    const draft = at(await invoicesOf(s, sub.id), '2027-10-01');
    expect(draft.status).toBe('DRAFT');
    const final = await expectOk(await s.a.post(`/invoices/${draft.uuid}/finalize`), 200, 'POST /invoices/{uuid}/finalize');
    // 100 × 1¢ = 100
    expect(final).toMatchObject({ status: 'PENDING', total: { currency: 'USD', value_in_cents: 100 } });
    expect((await s.a.post(`/invoices/${draft.uuid}/finalize`)).status).toBe(409);
    // a September event arriving now is stored, billed nowhere
    await ingest(s, c.id, meter, [['2027-09-30T12:00:00Z', 50]]);
    await runAt(s, '2027-10-01T02:00:00Z');
    expect(at(await invoicesOf(s, sub.id), '2027-10-01').total.value_in_cents).toBe(100);
  });

  it('#9 mark paid in two parts: due 6000 → 3500 → 0 and PAID; paying more than due is a 400', async () => {
    const seats = await seatPrice(s, 2000);
    const c = await createCustomer(s, 'Pays in parts');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      config_items: seatsOf(seats, 3),
      start_date: '2027-09-01',
    });
    await runAt(s, '2027-09-01');
    const inv = at(await invoicesOf(s, sub.id), '2027-09-01');
    // 3 × 2000 = 6000
    expect(inv).toMatchObject({ status: 'PENDING', due: { value_in_cents: 6000 } });
    const pay = (value_in_cents: number) =>
      s.a.post(`/invoices/${inv.uuid}/mark_paid`, { amount: { currency: 'USD', value_in_cents }, provider_type: 'CASH' });
    const part = await expectOk(await pay(2500), 200, 'mark_paid');
    expect(part).toMatchObject({ status: 'PENDING', paid: { value_in_cents: 2500 }, due: { value_in_cents: 3500 } });
    expect((await pay(3501)).status).toBe(400);
    const rest = await expectOk(await pay(3500), 200, 'mark_paid');
    expect(rest).toMatchObject({
      status: 'PAID',
      paid: { value_in_cents: 6000 },
      due: { value_in_cents: 0 },
      total: { value_in_cents: 6000 },
    });
  });

  it('a voided invoice is not billed again by later runs (the period stays closed)', async () => {
    const seats = await seatPrice(s, 2000);
    const c = await createCustomer(s, 'Voided');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [seats.id], start_date: '2027-02-01' });
    await runAt(s, '2027-02-01');
    const feb = at(await invoicesOf(s, sub.id), '2027-02-01');
    expect((await expectOk(await s.a.post(`/invoices/${feb.uuid}/void`, {}), 200, 'void')).status).toBe('VOID');
    await runAt(s, '2027-03-01');
    await runAt(s, '2027-03-01');
    const invoices = await invoicesOf(s, sub.id);
    // Feb 1 stays VOID (no second Feb 1 invoice); Mar 1: 2000
    expect(dates(invoices)).toEqual(['2027-02-01', '2027-03-01'].map(iso));
    expect(invoices.map((i) => i.status)).toEqual(['VOID', 'PENDING']);
  });

  it('two runs finalizing the same usage draft at once: finalized once, late event counted once', async () => {
    const meter = await createMeter(s, 'Double finalize');
    const price = await usagePrice(s, meter, { pricing_type: 'FIXED', fixed_price: { price_per_unit: 3 } });
    const c = await createCustomer(s, 'Double finalize');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [price.id], start_date: '2027-01-01' });
    await ingest(s, c.id, meter, [['2027-01-05T00:00:00Z', 10]]);
    await runAt(s, '2027-02-01T00:30:00Z');
    await ingest(s, c.id, meter, [['2027-01-31T00:00:00Z', 5]]);
    setNow(s, '2027-02-01T02:00:00Z');
    const runs = s.t.app.get(BillingRunService);
    const [r1, r2] = await Promise.all([
      runs.run(new Date(iso('2027-02-01T02:00:00Z'))),
      runs.run(new Date(iso('2027-02-01T02:00:00Z')), { companyIds: [s.a.companyId] }),
    ]);
    expect(r1.invoices_finalized + r2.invoices_finalized).toBeGreaterThanOrEqual(1);
    const feb = at(await invoicesOf(s, sub.id), '2027-02-01');
    // (10 + 5) × 3 = 45, one usage line
    expect(feb.status).toBe('PENDING');
    expect(feb.total.value_in_cents).toBe(45);
    expect(amounts(feb)).toEqual([45]);
  });

  it('#7 preview with an IMMEDIATE change shows the change invoice dated now; the change writes the same', async () => {
    const seats = await seatPrice(s, 2000);
    const c = await createCustomer(s, 'Preview immediate');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      config_items: seatsOf(seats, 3),
      start_date: '2027-02-01',
    });
    await runAt(s, '2027-02-01');
    setNow(s, '2027-02-10');
    const changeConfig = { config_items: seatsOf(seats, 5), proration_type: 'IMMEDIATE', timing: 'IMMEDIATE' };
    const next = await preview({ customer_id: c.id, subscription_id: sub.id, change_config: changeConfig });
    // Feb 10 in a 28-day February: 19/28 left
    //   credit −6000 × 19/28 = −4071.42… → −4071; charge 10000 × 19/28 = 6785.71… → 6786 → 2715
    expect(next.invoice_date).toBe(iso('2027-02-10'));
    expect(sorted(amounts(next))).toEqual([-4071, 6786]);
    expect(next.total.value_in_cents).toBe(2715);
    await expectOk(await s.a.post(`/subscriptions/${sub.id}/change`, changeConfig), 200, 'change');
    await runAt(s, '2027-02-10');
    const written = at(await invoicesOf(s, sub.id), '2027-02-10');
    expect(written.total.value_in_cents).toBe(2715);
    expect(sorted(amounts(written))).toEqual([-4071, 6786]);
  });

  it('a late event in the grace period also recomputes the minimum spend true-up (3800 → 800)', async () => {
    const meter = await createMeter(s, 'Late minimum');
    const price = await usagePrice(s, meter, {
      pricing_type: 'FIXED',
      fixed_price: { price_per_unit: 10 },
      minimum_spend: { currency: 'USD', value_in_cents: 5000 },
    });
    const c = await createCustomer(s, 'Late minimum');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [price.id], start_date: '2027-03-01' });
    await ingest(s, c.id, meter, [['2027-03-09T00:00:00Z', 120]]);
    await runAt(s, '2027-04-01T00:30:00Z');
    // draft: 120 × 10 = 1200 + true-up 3800 = 5000
    let apr = at(await invoicesOf(s, sub.id), '2027-04-01');
    expect(apr.status).toBe('DRAFT');
    expect(amounts(apr, { kind: 'MINIMUM_SPEND' })).toEqual([3800]);
    await ingest(s, c.id, meter, [['2027-03-31T23:00:00Z', 300]]);
    await runAt(s, '2027-04-01T01:00:00Z');
    // final: 420 × 10 = 4200 + true-up 800 = 5000
    apr = at(await invoicesOf(s, sub.id), '2027-04-01');
    expect(apr.status).toBe('PENDING');
    expect(amounts(apr, { kind: 'MINIMUM_SPEND' })).toEqual([800]);
    expect(apr.total.value_in_cents).toBe(5000);
  });

  it('a late event in the grace period also recomputes the discount: 50 % of 1000 → 50 % of 2000', async () => {
    const meter = await createMeter(s, 'Late discount');
    const price = await usagePrice(s, meter, { pricing_type: 'FIXED', fixed_price: { price_per_unit: 10 } });
    const c = await createCustomer(s, 'Late discount');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [price.id],
      discounts: [{ name: 'Half usage', type: 'DISCOUNT_PERCENT', percent: 0.5, product_pricing_id: price.id }],
      start_date: '2027-03-01',
    });
    await ingest(s, c.id, meter, [['2027-03-09T00:00:00Z', 100]]);
    await runAt(s, '2027-04-01T00:30:00Z');
    // draft: 100 × 10 = 1000 − 50 % = 500
    expect(at(await invoicesOf(s, sub.id), '2027-04-01')).toMatchObject({ status: 'DRAFT', total: { value_in_cents: 500 } });
    await ingest(s, c.id, meter, [['2027-03-31T23:00:00Z', 100]]);
    await runAt(s, '2027-04-01T01:00:00Z');
    // final: 200 × 10 = 2000 − 50 % = 1000
    const apr = at(await invoicesOf(s, sub.id), '2027-04-01');
    expect(apr.status).toBe('PENDING');
    expect(amounts(apr, { kind: 'DISCOUNT' })).toEqual([-1000]);
    expect(apr.total.value_in_cents).toBe(1000);
  });
});
