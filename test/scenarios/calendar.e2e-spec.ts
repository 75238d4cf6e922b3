/**
 * Dated stories: billing dates of month-end anchors through February, in a common year (2027)
 * and a leap year (2028). Rule: b_n = anchor + n months, the day clamped to the month's last
 * day and computed from the anchor (no drift): Jan 31 → Feb 28/29 → Mar 31 → Apr 30 …
 * invoice_date = b_n (never the run's clock); due_date = invoice_date + 30 days (default).
 */
import {
  anotherCompany,
  at,
  createCustomer,
  dates,
  iso,
  invoicesOf,
  plusDays,
  runAt,
  Scenario,
  seatPrice,
  startScenario,
  subscribe,
  totals,
} from './scenario-kit';

describe('scenarios: calendar anchors through February', () => {
  let s: Scenario;
  let monthly: any; // $10.00 per seat per month

  beforeAll(async () => {
    s = await startScenario('Calendar');
    monthly = await seatPrice(s, 1000);
  });
  afterAll(() => s.t.close());

  // Each row: anchor (= start), the billing dates listed by hand up to the last one.
  const cases: [string, string, string[]][] = [
    // 2027 is a common year: February has 28 days.
    ['anchor on the 31st, common year (2027)', '2027-01-31', ['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']],
    ['anchor on the 30th, common year (2027)', '2027-01-30', ['2027-01-30', '2027-02-28', '2027-03-30', '2027-04-30']],
    ['anchor on the 29th, common year (2027)', '2027-01-29', ['2027-01-29', '2027-02-28', '2027-03-29']],
    // 2028 is a leap year: February has 29 days.
    ['anchor on the 31st, leap year (2028)', '2028-01-31', ['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30']],
    ['anchor on the 30th, leap year (2028)', '2028-01-30', ['2028-01-30', '2028-02-29', '2028-03-30']],
    ['anchor on the 29th, leap year (2028)', '2028-01-29', ['2028-01-29', '2028-02-29', '2028-03-29']],
  ];

  it.each(cases)('%s: one invoice per billing date, $10.00 each, none before its date', async (_name, anchor, expected) => {
    const c = await createCustomer(s, `Anchor ${anchor}`);
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [monthly.id], start_date: anchor });
    const last = expected[expected.length - 1];

    // 1 ms before the last billing date: that date is not closed yet.
    await runAt(s, new Date(new Date(iso(last)).getTime() - 1).toISOString());
    let invoices = await invoicesOf(s, sub.id);
    expect(dates(invoices)).toEqual(expected.slice(0, -1).map(iso));

    // At the last billing date exactly (≤ at): closed.
    await runAt(s, last);
    invoices = await invoicesOf(s, sub.id);
    expect(dates(invoices)).toEqual(expected.map(iso));
    // 1 seat × $10.00 = $10.00 every period, billed in advance
    expect(totals(invoices)).toEqual(expected.map(() => 1000));

    // the second invoice covers [b1, b2) and is due 30 days after b1
    const second = at(invoices, expected[1]);
    expect(second.period_start).toBe(iso(expected[1]));
    expect(second.period_end).toBe(iso(expected[2]));
    expect(second.due_date).toBe(plusDays(expected[1], 30));
    expect(second.items.map((i) => [i.kind, i.amount.value_in_cents, i.period?.start_date, i.period?.end_date])).toEqual([
      ['CHARGE', 1000, iso(expected[1]), iso(expected[2])],
    ]);
  });

  it('quarterly price anchored on Nov 30: Feb 29 in the leap year, then back to May 30', async () => {
    // QUARTER = 3 months from the anchor: 2027-11-30, 2028-02-29 (clamped, leap), 2028-05-30 (no drift)
    // 2 seats × $45.00 = $90.00 per quarter
    const quarterly = await seatPrice(s, 4500, { billing_frequency: { count: 1, frequency: 'QUARTER' } });
    const c = await createCustomer(s, 'Quarterly');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [quarterly.id],
      config_items: [{ product_metric_pricing_id: quarterly.product_metric_pricings[0].id, num_licenses: 2 }],
      start_date: '2027-11-30',
    });
    await runAt(s, '2028-05-30');
    const invoices = await invoicesOf(s, sub.id);
    expect(dates(invoices)).toEqual(['2027-11-30', '2028-02-29', '2028-05-30'].map(iso));
    expect(totals(invoices)).toEqual([9000, 9000, 9000]);
    expect(at(invoices, '2028-02-29').period_end).toBe(iso('2028-05-30'));
  });

  it('invoice_due_date_from_creation: 0 → due on the invoice date; 14 → 14 days later', async () => {
    const c = await createCustomer(s, 'Due dates');
    const now = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [monthly.id],
      start_date: '2027-02-28',
      invoice_due_date_from_creation: 0,
    });
    const later = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [monthly.id],
      start_date: '2027-02-28',
      invoice_due_date_from_creation: 14,
    });
    await runAt(s, '2027-03-28');
    // anchor Feb 28 → next billing date Mar 28 (the 28th exists in every month)
    const a = await invoicesOf(s, now.id);
    const b = await invoicesOf(s, later.id);
    expect(dates(a)).toEqual(['2027-02-28', '2027-03-28'].map(iso));
    expect(a.map((i) => i.due_date)).toEqual(['2027-02-28', '2027-03-28'].map(iso));
    // Feb 28 + 14 days = Mar 14; Mar 28 + 14 days = Apr 11
    expect(b.map((i) => i.due_date)).toEqual(['2027-03-14', '2027-04-11'].map(iso));
  });
  it('weekly price from Wednesday Mar 3: billed every 7 days (Mar 3, 10, 17, 24)', async () => {
    // WEEK = exactly 7 × 24 h from the anchor; 1 seat × $7.00
    const weekly = await seatPrice(s, 700, { billing_frequency: { count: 1, frequency: 'WEEK' } });
    const c = await createCustomer(s, 'Weekly');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [weekly.id], start_date: '2027-03-03' });
    await runAt(s, '2027-03-24');
    const invoices = await invoicesOf(s, sub.id);
    expect(dates(invoices)).toEqual(['2027-03-03', '2027-03-10', '2027-03-17', '2027-03-24'].map(iso));
    expect(totals(invoices)).toEqual([700, 700, 700, 700]);
  });

  it('yearly price anchored on Feb 29 2028: Feb 28 in 2029–2031, Feb 29 again in 2032', async () => {
    // YEAR = 12 months from the anchor, clamped; $120.00 a year
    // (its own company, so the run up to 2032 does not bill this file's monthly stories for years)
    const y = await anotherCompany(s, 'Leap day');
    const yearly = await seatPrice(y, 12000, { billing_frequency: { count: 1, frequency: 'YEAR' } });
    const c = await createCustomer(y, 'Leap day');
    const sub = await subscribe(y, { customer_id: c.id, product_pricing_ids: [yearly.id], start_date: '2028-02-29' });
    await runAt(y, '2032-02-29');
    const invoices = await invoicesOf(y, sub.id);
    expect(dates(invoices)).toEqual(['2028-02-29', '2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29'].map(iso));
    expect(totals(invoices)).toEqual([12000, 12000, 12000, 12000, 12000]);
    // the 2031 period is [2031-02-28, 2032-02-29)
    expect(at(invoices, '2031-02-28').period_end).toBe(iso('2032-02-29'));
  });

  it('semi-annual (BI_ANNUAL) price anchored on Aug 31: Feb 29 2028, then Aug 31 again', async () => {
    const h = await anotherCompany(s, 'Semi-annual');
    const semi = await seatPrice(h, 6000, { billing_frequency: { count: 1, frequency: 'BI_ANNUAL' } });
    const c = await createCustomer(h, 'Semi-annual');
    const sub = await subscribe(h, { customer_id: c.id, product_pricing_ids: [semi.id], start_date: '2027-08-31' });
    await runAt(h, '2028-08-31');
    const invoices = await invoicesOf(h, sub.id);
    // 6 months from Aug 31: Feb 29 (leap), Aug 31
    expect(dates(invoices)).toEqual(['2027-08-31', '2028-02-29', '2028-08-31'].map(iso));
    expect(totals(invoices)).toEqual([6000, 6000, 6000]);
  });

  it('a fixed 3-month term from Jan 31 (auto_renews false): Jan 31, Feb 28, Mar 31, nothing at the end (Apr 30)', async () => {
    const c = await createCustomer(s, 'Fixed term');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [monthly.id],
      auto_renews: false,
      term: { count: 3, frequency: 'MONTH' },
      start_date: '2027-01-31',
    });
    // end_date = start + 3 months = Apr 30 (clamped); billing dates b_n < end_date only
    expect(sub.end_date).toBe(iso('2027-04-30'));
    await runAt(s, '2027-06-01');
    const invoices = await invoicesOf(s, sub.id);
    expect(dates(invoices)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31'].map(iso));
    expect(totals(invoices)).toEqual([1000, 1000, 1000]);
  });
});
