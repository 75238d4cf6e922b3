/**
 * The lock order (src/platform/README.md, "Lock order") on the real PostgreSQL: billing runs,
 * which apply credits and number their invoices last, beside IMMEDIATE one-time charges of the
 * same customers, which do the same (credits first, the company's invoice counter last). Neither
 * side may lose a deadlock: every run ends without errors, every charge is answered 201, and
 * PostgreSQL's count of deadlocks in this database does not move. A second test makes the run
 * lose a deadlock on purpose and shows it retries the batch instead of reporting an error.
 */
import { Client } from 'pg';
import { BillingRunService } from '../../src/invoicing/billing-engine/billing-run.service';
import { createCustomer, iso, Scenario, seatPrice, setNow, startScenario, subscribe, usd } from '../scenarios/scenario-kit';
import { expectBooksBalanced } from '../support/audit';

const deadlocks = async (s: Scenario): Promise<number> => {
  // the statistics are flushed by each backend when it goes idle (at most about a second late)
  await new Promise((r) => setTimeout(r, 1200));
  await s.t.dataSource.query('SELECT pg_stat_clear_snapshot()');
  const [row] = await s.t.dataSource.query('SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()');
  return Number(row.deadlocks);
};

describe('lock order: billing runs beside one-time charges (PostgreSQL)', () => {
  let s: Scenario;

  beforeAll(async () => {
    s = await startScenario('Lock order');
  });
  afterAll(() => s.t.close());
  afterEach(() => expectBooksBalanced(s.t));

  async function customersWithCredits(scenario: Scenario, n: number, start: string) {
    const seats = await seatPrice(scenario, 500);
    const out: { customerId: string; subscriptionId: string }[] = [];
    for (let k = 0; k < n; k++) {
      const c = await createCustomer(scenario, `Locks ${k}`);
      setNow(scenario, start);
      const credit = await scenario.a.post('/credits', { name: 'Prepaid', customer_id: c.id, type: 'AMOUNT', amount: usd(10_000_000) });
      expect(credit.status).toBe(201);
      const sub = await subscribe(scenario, {
        customer_id: c.id,
        product_pricing_ids: [seats.id],
        config_items: [{ product_metric_pricing_id: seats.product_metric_pricings[0].id, num_licenses: 1 }],
        start_date: start,
      });
      out.push({ customerId: c.id, subscriptionId: sub.id });
    }
    return out;
  }

  it('six rounds of two runs and six IMMEDIATE charges at once: no deadlock, no run error, no 409', async () => {
    const customers = await customersWithCredits(s, 6, '2027-03-01');
    const runs = s.t.app.get(BillingRunService);
    const companyIds = [s.a.companyId];
    const before = await deadlocks(s);
    const months = ['2027-03-01', '2027-04-01', '2027-05-01', '2027-06-01', '2027-07-01', '2027-08-01'];
    const statuses: number[] = [];
    let runErrors = 0;
    for (const month of months) {
      setNow(s, month);
      const at = new Date(iso(month));
      const [r1, r2, ...charges] = await Promise.all([
        // claims of one subscription: several transactions of each run at once, each applying credits
        runs.run(at, { companyIds, batchSize: 1 }),
        runs.run(at, { companyIds, batchSize: 2 }),
        ...customers.map(({ customerId }) =>
          s.a.post('/one_times', {
            customer_id: customerId,
            type: 'IMMEDIATE',
            onetime_items: [{ custom_price: { amount: usd(700), description: 'Setup' } }],
          }),
        ),
      ]);
      runErrors += r1.errors + r2.errors;
      expect(r1.invoices_created + r2.invoices_created).toBe(customers.length);
      statuses.push(...charges.map((c) => c.status));
    }
    expect({ runErrors, statuses: [...new Set(statuses)] }).toEqual({ runErrors: 0, statuses: [201] });
    expect((await deadlocks(s)) - before).toBe(0);

    // every invoice took the customer's credits and is numbered: 1..n without gaps
    const rows: { number: string; status: string; credits: string }[] = await s.t.dataSource.query(
      'SELECT number, status, credits_applied_cents AS credits FROM invoices WHERE company_id = $1 ORDER BY number',
      [s.a.companyId],
    );
    expect(rows).toHaveLength(months.length * customers.length * 2);
    expect(rows.map((r) => Number(r.number))).toEqual(rows.map((_, k) => k + 1));
    expect(rows.every((r) => r.status === 'PAID' && Number(r.credits) > 0)).toBe(true);
  });

  it('a subscription write (customer, then subscription) beside a run that holds the subscription and invoices its customer: no deadlock', async () => {
    const other = { ...s, a: await s.t.tenant('Customer lock') };
    const { createProduct } = await import('../support/fixtures');
    other.product = await createProduct(other.a, { name: 'Customer lock' });
    const [{ subscriptionId }] = await customersWithCredits(other, 1, '2027-03-01');
    const before = await deadlocks(s);

    // a connection holds the subscription: the run passes it over, then waits for it; a PATCH of
    // the subscription locks the customer and queues behind the run; once the holder lets go, the
    // run takes the subscription and inserts the invoice, whose foreign-key check needs the
    // customer the PATCH holds — which must not wait for it
    const holder = new Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    let run: Promise<{ errors: number; invoices_created: number }> | undefined;
    let patched: Promise<{ status: number }> | undefined;
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM subscriptions WHERE company_id = $1 AND id = $2 FOR UPDATE', [other.a.companyId, subscriptionId]);
      const holderPid = (await holder.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      // sessions of this database waiting for a lock (the holder's, or one queued behind it)
      const waiting = async () =>
        Number(
          (
            await s.t.dataSource.query(
              "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> $1",
              [holderPid],
            )
          )[0].n,
        );
      const waitFor = async (n: number) => {
        const deadline = Date.now() + 15_000;
        while ((await waiting()) < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        expect(await waiting()).toBe(n);
      };
      setNow(other, '2027-03-01');
      run = s.t.app.get(BillingRunService).run(new Date(iso('2027-03-01')), { companyIds: [other.a.companyId] });
      await waitFor(1);
      patched = other.a.patch(`/subscriptions/${subscriptionId}`, { metadata: { touched: 'yes' } }).then((r) => r);
      await waitFor(2);
      await holder.query('ROLLBACK');
    } finally {
      await holder.end();
    }
    const [summary, patch] = await Promise.all([run!, patched!]);
    expect({ errors: summary.errors, created: summary.invoices_created, patch: patch.status }).toEqual({
      errors: 0,
      created: 1,
      patch: 200,
    });
    expect((await deadlocks(s)) - before).toBe(0);
  });

  it('a batch that loses a deadlock is retried by the run, not left to the next run', async () => {
    const other = { ...s, a: await s.t.tenant('Lost deadlock') };
    const { createProduct } = await import('../support/fixtures');
    other.product = await createProduct(other.a, { name: 'Lost deadlock' });
    const [{ customerId, subscriptionId }] = await customersWithCredits(other, 1, '2027-03-01');
    const [credit] = await s.t.dataSource.query('SELECT id FROM credits WHERE company_id = $1 AND customer_id = $2', [
      other.a.companyId,
      customerId,
    ]);
    const before = await deadlocks(s);

    // another transaction holds the customer's credit; the run locks the subscription, writes its
    // invoice and waits for the credit; then the holder asks for the subscription: a cycle, which
    // the run's session detects first (the holder waits a minute before it would look)
    const holder = new Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    let run: Promise<{ errors: number; invoices_created: number }> | undefined;
    try {
      await holder.query("SET deadlock_timeout = '60s'");
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM credits WHERE company_id = $1 AND id = $2 FOR UPDATE', [other.a.companyId, credit.id]);
      const holderPid = (await holder.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      setNow(other, '2027-03-01');
      run = s.t.app.get(BillingRunService).run(new Date(iso('2027-03-01')), { companyIds: [other.a.companyId] });
      const deadline = Date.now() + 15_000;
      const waiting = async () =>
        Number(
          (await s.t.dataSource.query('SELECT count(*) AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [holderPid]))[0]
            .n,
        );
      while ((await waiting()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(await waiting()).toBe(1);
      // blocks until the run's transaction is chosen as the deadlock's victim and rolls back
      await holder.query('SELECT id FROM subscriptions WHERE company_id = $1 AND id = $2 FOR UPDATE', [other.a.companyId, subscriptionId]);
      await holder.query('ROLLBACK');
    } finally {
      await holder.end();
    }
    const summary = await run!;
    expect(summary).toMatchObject({ errors: 0, invoices_created: 1 });
    expect((await deadlocks(s)) - before).toBe(1);
    const [invoice] = await s.t.dataSource.query(
      'SELECT number, status, credits_applied_cents AS credits FROM invoices WHERE company_id = $1 AND subscription_id = $2',
      [other.a.companyId, subscriptionId],
    );
    expect(invoice).toMatchObject({ number: '1', status: 'PAID', credits: '500' });
  });
});
