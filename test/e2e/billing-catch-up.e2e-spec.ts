/**
 * A subscription back-dated by months is billed in bounded transactions: each transaction of
 * a run writes at most K invoices, the billing cursor records how far it got, the next
 * transaction (or the next run) continues there; every period is billed exactly once, and the
 * other subscriptions of the run are not held behind the catch-up. How far back a start (or a
 * change) may lie is limited (366 days), with a 400.
 *
 * Every subscription here bills daily or hourly: each one ends (auto_renews false, a short
 * term) soon after the instants of its story, so that the plain runs over every company of
 * other test files (up to 2028) do not bill months of them.
 */
import { BillingRunService, CATCH_UP_INVOICES_PER_TRANSACTION } from '../../src/invoicing/billing-engine/billing-run.service';
import { InvoiceGenerator, RunContext } from '../../src/invoicing/billing-engine/invoice-generator.service';
import {
  anotherCompany,
  createCustomer,
  createMeter,
  DAY,
  expectOk,
  ingest,
  iso,
  pmpOf,
  Scenario,
  seatPrice,
  setNow,
  startScenario,
  usagePrice,
} from '../scenarios/scenario-kit';

const dailyDates = (from: string, through: string): string[] => {
  const out: string[] = [];
  for (let d = new Date(iso(from)).getTime(); d <= new Date(iso(through)).getTime(); d += DAY) out.push(new Date(d).toISOString());
  return out;
};

interface Row {
  billing_key: string;
  invoice_date: Date;
  tx: string;
  total_cents: number;
}

describe('billing catch-up in bounded batches', () => {
  let s: Scenario;
  beforeAll(async () => {
    s = await startScenario('Catch-up');
  });
  afterAll(() => s.t.close());

  const rowsOf = async (companyId: string, subscriptionId: string): Promise<Row[]> =>
    s.t.dataSource.query(
      `SELECT billing_key, invoice_date, xmin::text AS tx, total_cents::int AS total_cents FROM invoices
       WHERE company_id = $1 AND subscription_id = $2 ORDER BY invoice_date, billing_key`,
      [companyId, subscriptionId],
    );
  const cursorOf = async (companyId: string, subscriptionId: string) =>
    (
      await s.t.dataSource.query(
        'SELECT next_work_at, processed_through FROM billing_cursors WHERE company_id = $1 AND subscription_id = $2',
        [companyId, subscriptionId],
      )
    )[0] as { next_work_at: Date | null; processed_through: Date };

  /** A 1.00/day licence subscription starting `start`, created at `now`, ending after `months`. */
  const dailySubscription = async (sc: Scenario, start: string, now: string, months: number) => {
    const price = await seatPrice(sc, 100, { billing_frequency: { count: 1, frequency: 'DAY' } });
    const c = await createCustomer(sc, 'Back-dated');
    setNow(sc, now);
    return expectOk(
      await sc.a.post('/subscriptions', {
        customer_id: c.id,
        product_pricing_ids: [price.id],
        config_items: [{ product_metric_pricing_id: pmpOf(price), num_licenses: 1 }],
        start_date: iso(start),
        auto_renews: false,
        term: { count: months, frequency: 'MONTH' },
      }),
      200,
      'POST /subscriptions',
    );
  };

  it('bills 107 days of catch-up in transactions of at most 20 invoices, once each, without holding other companies back', async () => {
    const sub = await dailySubscription(s, '2026-10-01', '2027-01-15T00:00:00Z', 4);
    const other = await anotherCompany(s, 'Catch-up neighbour');
    const neighbour = await dailySubscription(other, '2027-01-15', '2027-01-15T00:00:00Z', 1);

    setNow(s, '2027-01-15T00:00:00Z');
    const run = s.t.app.get(BillingRunService);
    const summary = await run.run(new Date('2027-01-15T00:00:00Z'), {
      companyIds: [s.a.companyId, other.a.companyId],
      maxInvoicesPerTransaction: 20,
    });
    expect(summary.errors).toBe(0);
    expect(summary.invoices_created).toBe(108);

    const rows = await rowsOf(s.a.companyId, sub.id);
    const expected = dailyDates('2026-10-01', '2027-01-15');
    expect(expected).toHaveLength(107);
    expect(rows.map((r) => new Date(r.invoice_date).toISOString())).toEqual(expected);
    expect(new Set(rows.map((r) => r.billing_key)).size).toBe(107);
    expect(rows.every((r) => r.total_cents === 100)).toBe(true);

    // bounded transactions: at most 20 invoices each, so at least 6 of them
    const perTx = new Map<string, number>();
    for (const r of rows) perTx.set(r.tx, (perTx.get(r.tx) ?? 0) + 1);
    expect(Math.max(...perTx.values())).toBeLessThanOrEqual(20);
    expect(perTx.size).toBeGreaterThanOrEqual(6);
    // the neighbour's invoice was committed before the catch-up's last transaction
    const [neighbourRow] = await rowsOf(other.a.companyId, neighbour.id);
    expect(neighbourRow).toBeDefined();
    expect(BigInt(neighbourRow.tx)).toBeLessThan(BigInt(Math.max(...[...perTx.keys()].map(Number))));

    // the cursor is through the run's instant, the next work is the next day
    const cursor = await cursorOf(s.a.companyId, sub.id);
    expect(new Date(cursor.processed_through).toISOString()).toBe(iso('2027-01-15T00:00:00Z'));
    expect(new Date(cursor.next_work_at!).toISOString()).toBe(iso('2027-01-16'));

    // a repeated run writes nothing; the next day bills one more
    expect(
      (await run.run(new Date('2027-01-15T00:00:00Z'), { companyIds: [s.a.companyId], maxInvoicesPerTransaction: 20 })).invoices_created,
    ).toBe(0);
    setNow(s, '2027-01-16T00:00:00Z');
    expect(
      (await run.run(new Date('2027-01-16T00:00:00Z'), { companyIds: [s.a.companyId], maxInvoicesPerTransaction: 20 })).invoices_created,
    ).toBe(1);
    expect(await rowsOf(s.a.companyId, sub.id)).toHaveLength(108);
  });

  it('resumes from the cursor when a run stopped after one bounded transaction', async () => {
    const main = s;
    const s2 = await anotherCompany(main, 'Catch-up resumed');
    const sub = await dailySubscription(s2, '2026-12-01', '2027-01-20T00:00:00Z', 2);
    const at = new Date('2027-01-20T00:00:00Z');
    setNow(s, '2027-01-20T00:00:00Z');
    // one bounded transaction, as a run does before it is killed
    const generator = s.t.app.get(InvoiceGenerator);
    const [first] = await s.t.dataSource.transaction((m) =>
      generator.processMany(m, s2.a.companyId, [sub.id], at, at, new RunContext(), { maxInvoices: 15 }),
    );
    expect(first.created).toHaveLength(15);
    expect(first.more).toBe(true);
    const cursor = await cursorOf(s2.a.companyId, sub.id);
    // the cursor: work due again at once, at the 16th billing date
    expect(new Date(cursor.next_work_at!).toISOString()).toBe(iso('2026-12-16'));
    expect(new Date(cursor.processed_through).getTime()).toBe(new Date(iso('2026-12-16')).getTime() - 1);

    // the next run picks it up and finishes it
    const summary = await s.t.app.get(BillingRunService).run(at, { companyIds: [s2.a.companyId], maxInvoicesPerTransaction: 15 });
    expect(summary.errors).toBe(0);
    expect(summary.invoices_created).toBe(51 - 15);
    const rows = await rowsOf(s2.a.companyId, sub.id);
    expect(rows.map((r) => new Date(r.invoice_date).toISOString())).toEqual(dailyDates('2026-12-01', '2027-01-20'));
    expect(new Set(rows.map((r) => r.billing_key)).size).toBe(51);
  });

  it('bills a cut catch-up exactly as an uncut one (usage in arrears, a change on the way)', async () => {
    const main = s;
    /** The same story in its own company: back-dated daily seats + daily usage, a change ahead. */
    const story = async (name: string) => {
      const sc = await anotherCompany(main, name);
      const seats = await seatPrice(sc, 250, { billing_frequency: { count: 1, frequency: 'DAY' } });
      const meter = await createMeter(sc, `${name} calls`);
      const usage = await usagePrice(sc, meter, {
        pricing_type: 'FIXED',
        fixed_price: { price_per_unit: 3 },
        billing_frequency: { count: 1, frequency: 'DAY' },
      });
      const c = await createCustomer(sc, name);
      setNow(sc, '2027-03-01T00:00:00Z');
      const sub = await expectOk(
        await sc.a.post('/subscriptions', {
          customer_id: c.id,
          product_pricing_ids: [seats.id, usage.id],
          config_items: [{ product_metric_pricing_id: pmpOf(seats), num_licenses: 2 }],
          start_date: iso('2027-01-20'),
          auto_renews: false,
          term: { count: 2, frequency: 'MONTH' },
        }),
        200,
        'POST /subscriptions',
      );
      await ingest(sc, c.id, meter, [
        ['2027-01-20T05:00:00Z', 7],
        ['2027-02-03T12:00:00Z', 11],
        ['2027-02-28T23:00:00Z', 5],
        ['2027-03-02T10:00:00Z', 13],
        ['2027-03-06T10:00:00Z', 17],
      ]);
      await expectOk(
        await sc.a.post(`/subscriptions/${sub.id}/change`, {
          config_items: [{ product_metric_pricing_id: pmpOf(seats), num_licenses: 3 }],
          proration_type: 'IMMEDIATE',
          custom_change_date: iso('2027-03-04T12:00:00Z'),
        }),
        200,
        'POST /subscriptions/{id}/change',
      );
      return { sc, sub };
    };
    const cut = await story('Cut catch-up');
    const whole = await story('Whole catch-up');
    const when = new Date('2027-03-10T00:00:00Z');
    setNow(main, '2027-03-10T00:00:00Z');
    const run = s.t.app.get(BillingRunService);
    expect((await run.run(when, { companyIds: [cut.sc.a.companyId], maxInvoicesPerTransaction: 7 })).errors).toBe(0);
    expect((await run.run(when, { companyIds: [whole.sc.a.companyId] })).errors).toBe(0);

    interface Billed {
      invoice_date: Date;
      kind: string;
      status: string;
      total: number;
      lines: number[];
      tx: string;
    }
    const billed = async (companyId: string, subscriptionId: string): Promise<Billed[]> =>
      s.t.dataSource.query(
        `SELECT i.invoice_date, i.kind, i.status, i.total_cents::int AS total, xmin::text AS tx,
           (SELECT array_agg(l.amount_cents::int ORDER BY l.amount_cents) FROM invoice_lines l WHERE l.company_id = i.company_id AND l.invoice_id = i.id) AS lines
         FROM invoices i WHERE i.company_id = $1 AND i.subscription_id = $2 ORDER BY i.invoice_date, i.kind`,
        [companyId, subscriptionId],
      );
    const a = await billed(cut.sc.a.companyId, cut.sub.id);
    const b = await billed(whole.sc.a.companyId, whole.sub.id);
    const strip = (rows: Billed[]) => rows.map(({ tx: _tx, ...r }) => ({ ...r, invoice_date: new Date(r.invoice_date).toISOString() }));
    expect(strip(a)).toEqual(strip(b));
    // Jan 20 .. Mar 10 daily (50 billing dates) and the change's own invoice on Mar 4 12:00
    expect(a).toHaveLength(51);
    expect(a.filter((r) => r.kind === 'SUBSCRIPTION_CHANGE')).toHaveLength(1);
    expect(new Set(a.map((r) => r.tx)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(b.map((r) => r.tx)).size).toBe(1);
    // the usage of Feb 3 (11 × 3) is on the Feb 4 invoice, next to two seats (2 × 250)
    expect(strip(a).find((r) => r.invoice_date === iso('2027-02-04'))!.total).toBe(500 + 33);
  });

  it('bills the default batch size for an ordinary run too (an hourly catch-up longer than one transaction takes)', async () => {
    const main = s;
    const s3 = await anotherCompany(main, 'Catch-up hourly');
    const cap = CATCH_UP_INVOICES_PER_TRANSACTION;
    // enough whole days of hourly invoices to pass the default cap (800: 34 days, 816 + the start's)
    const days = Math.ceil((cap + 1) / 24);
    const at = new Date('2027-02-08T00:00:00Z');
    const price = await seatPrice(s3, 10, { billing_frequency: { count: 1, frequency: 'HOUR' } });
    const c = await createCustomer(s3, 'Hourly');
    setNow(s3, at.toISOString());
    const sub = await expectOk(
      await s3.a.post('/subscriptions', {
        customer_id: c.id,
        product_pricing_ids: [price.id],
        config_items: [{ product_metric_pricing_id: pmpOf(price), num_licenses: 1 }],
        start_date: new Date(at.getTime() - days * 86_400_000).toISOString(),
        auto_renews: false,
        term: { count: days + 1, frequency: 'DAY' },
      }),
      200,
      'POST /subscriptions',
    );
    const summary = await s.t.app.get(BillingRunService).run(at, { companyIds: [s3.a.companyId] });
    expect(summary.errors).toBe(0);
    expect(summary.invoices_created).toBe(days * 24 + 1);
    const rows = await rowsOf(s3.a.companyId, sub.id);
    expect(rows).toHaveLength(days * 24 + 1);
    expect(new Set(rows.map((r) => r.billing_key)).size).toBe(days * 24 + 1);
    const perTx = new Map<string, number>();
    for (const r of rows) perTx.set(r.tx, (perTx.get(r.tx) ?? 0) + 1);
    expect(Math.max(...perTx.values())).toBeLessThanOrEqual(cap);
    expect(perTx.size).toBe(2); // 817 invoices: 800, then 17
  });

  it('writes at most TALLY_BILLING_MAX_INVOICES_PER_COMPANY invoices of a company per run; the next runs continue, once each', async () => {
    const main = s;
    const s4 = await anotherCompany(main, 'Catch-up capped');
    const days = 10;
    const at = new Date('2027-02-20T00:00:00Z');
    const hourly = await seatPrice(s4, 10, { billing_frequency: { count: 1, frequency: 'HOUR' } });
    const monthly = await seatPrice(s4, 700);
    setNow(s4, at.toISOString());
    const subscribeTo = async (price: { id: string }, start: Date, term: Record<string, unknown>) =>
      expectOk(
        await s4.a.post('/subscriptions', {
          customer_id: (await createCustomer(s4, 'Capped')).id,
          product_pricing_ids: [price.id],
          config_items: [{ product_metric_pricing_id: pmpOf(price), num_licenses: 1 }],
          start_date: start.toISOString(),
          auto_renews: false,
          term,
        }),
        200,
        'POST /subscriptions',
      );
    const sub = await subscribeTo(hourly, new Date(at.getTime() - days * DAY), { count: days + 1, frequency: 'DAY' });
    // an ordinary subscription of the same company, due at the run's instant
    const ordinary = await subscribeTo(monthly, at, { count: 1, frequency: 'MONTH' });
    const total = days * 24 + 1;
    const cap = 100;
    expect(total).toBeGreaterThan(2 * cap);
    const run = s.t.app.get(BillingRunService);
    const before = process.env.TALLY_BILLING_MAX_INVOICES_PER_COMPANY;
    process.env.TALLY_BILLING_MAX_INVOICES_PER_COMPANY = String(cap);
    const created: number[] = [];
    const caughtUp: number[] = [];
    try {
      for (let i = 0; i < 5; i++) {
        const summary = await run.run(at, { companyIds: [s4.a.companyId] });
        expect(summary.errors).toBe(0);
        created.push(summary.invoices_created);
        caughtUp.push((await rowsOf(s4.a.companyId, sub.id)).length - caughtUp.reduce((x, y) => x + y, 0));
        // the ordinary subscription is billed in the first run, whatever the catch-up took
        expect(await rowsOf(s4.a.companyId, ordinary.id)).toHaveLength(1);
      }
    } finally {
      if (before === undefined) delete process.env.TALLY_BILLING_MAX_INVOICES_PER_COMPANY;
      else process.env.TALLY_BILLING_MAX_INVOICES_PER_COMPANY = before;
    }
    // 241 hourly invoices: 100 a run, then the 41 left, then nothing; the ordinary
    // subscription's first due instant is written past the share (ordinary billing is not held)
    expect(caughtUp).toEqual([100, 100, 41, 0, 0]);
    expect(created).toEqual([101, 100, 41, 0, 0]);
    const rows = await rowsOf(s4.a.companyId, sub.id);
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r.billing_key)).size).toBe(total);
    const hours = Array.from({ length: total }, (_, k) => new Date(at.getTime() - days * DAY + k * 3_600_000).toISOString());
    expect(rows.map((r) => new Date(r.invoice_date).toISOString())).toEqual(hours);
    const cursor = await cursorOf(s4.a.companyId, sub.id);
    expect(new Date(cursor.processed_through).toISOString()).toBe(at.toISOString());
  });
});

describe('how far back a subscription may start', () => {
  let s: Scenario;
  beforeAll(async () => {
    s = await startScenario('Back-dating limit');
  });
  afterAll(() => s.t.close());

  it('refuses a start more than 366 days before now, and accepts one just inside', async () => {
    const price = await seatPrice(s, 100);
    const c = await createCustomer(s, 'Too old');
    setNow(s, '2027-06-01T00:00:00Z');
    const body = (start: string) => ({
      customer_id: c.id,
      product_pricing_ids: [price.id],
      config_items: [{ product_metric_pricing_id: pmpOf(price), num_licenses: 1 }],
      start_date: start,
    });
    const old = await s.a.post('/subscriptions', body('2000-01-01T00:00:00.000Z'));
    expect(old.status).toBe(400);
    expect(old.body).toMatchObject({ error_type: 'validation_error', error_code: 'invalid_field', error_status: 400 });
    expect(old.body.validation_errors.start_date).toContain('366 days');
    const justOutside = await s.a.post(
      '/subscriptions',
      body(new Date(new Date('2027-06-01T00:00:00Z').getTime() - 366 * DAY - 1000).toISOString()),
    );
    expect(justOutside.status).toBe(400);
    const found = await s.a.post('/subscriptions/find', { query: { customer_id: c.id }, include_meta: true });
    expect(found.body.pagination.total).toBe(0);

    const inside = await s.a.post('/subscriptions', body(new Date(new Date('2027-06-01T00:00:00Z').getTime() - 366 * DAY).toISOString()));
    expect(inside.status).toBe(200);
    expect(inside.body.start_date).toBe('2026-05-31T00:00:00.000Z');
  });

  it('refuses a change back-dated more than 366 days', async () => {
    const yearly = await seatPrice(s, 1000, { billing_frequency: { count: 2, frequency: 'YEAR' } });
    const c = await createCustomer(s, 'Old change');
    setNow(s, '2027-06-01T00:00:00Z');
    const sub = await expectOk(
      await s.a.post('/subscriptions', {
        customer_id: c.id,
        product_pricing_ids: [yearly.id],
        config_items: [{ product_metric_pricing_id: pmpOf(yearly), num_licenses: 1 }],
        start_date: iso('2027-01-01'),
      }),
      200,
      'POST /subscriptions',
    );
    setNow(s, '2028-03-01T00:00:00Z');
    const change = await s.a.post(`/subscriptions/${sub.id}/change`, {
      config_items: [{ product_metric_pricing_id: pmpOf(yearly), num_licenses: 2 }],
      custom_change_date: iso('2027-01-15'),
    });
    expect(change.status).toBe(400);
    expect(change.body.validation_errors.custom_change_date).toContain('366 days');
    const after = await expectOk(await s.a.get(`/subscriptions/${sub.id}`), 200, 'GET /subscriptions/{id}');
    expect(after.config_items.map((ci: { num_licenses: number }) => ci.num_licenses)).toEqual([1]);
  });
});
