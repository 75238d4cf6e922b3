/**
 * How a billing run's transactions claim subscriptions (src/invoicing/billing-engine/billing-run-claims.ts):
 * each locks the first few due subscriptions of a window that no other transaction holds, passes
 * over the held ones inside the same statement, and the run waits for those at its end. PostgreSQL
 * only: a subscription is held by a second connection while the run goes on, which the embedded
 * database (one transaction at a time) cannot do.
 */
import { Client } from 'pg';
import { BillingRunService } from '../../src/invoicing/billing-engine/billing-run.service';
import { createCustomer, invoicesOf, iso, Scenario, seatPrice, setNow, startScenario, subscribe } from '../scenarios/scenario-kit';
import { expectBooksBalanced } from '../support/audit';

describe('billing run claims (PostgreSQL)', () => {
  let s: Scenario;

  beforeAll(async () => {
    s = await startScenario('Claims');
  });
  afterAll(() => s.t.close());
  afterEach(() => expectBooksBalanced(s.t));

  const invoiceCount = async (companyId: string) =>
    Number((await s.t.dataSource.query('SELECT count(*) AS n FROM invoices WHERE company_id = $1', [companyId]))[0].n);

  async function company(name: string, subscriptions: number) {
    const scenario = { ...s, a: await s.t.tenant(name) };
    const { createProduct } = await import('../support/fixtures');
    scenario.product = await createProduct(scenario.a, { name });
    const seats = await seatPrice(scenario, 500);
    const ids: string[] = [];
    for (let k = 0; k < subscriptions; k++) {
      const c = await createCustomer(scenario, `${name} ${k}`);
      const sub = await subscribe(scenario, {
        customer_id: c.id,
        product_pricing_ids: [seats.id],
        config_items: [{ product_metric_pricing_id: seats.product_metric_pricings[0].id, num_licenses: 1 }],
        start_date: '2027-03-01',
      });
      ids.push(sub.id);
    }
    // ids in the order a run walks them
    return { scenario, ids: [...ids].sort() };
  }

  it('passes over subscriptions another transaction holds, bills the rest meanwhile, then waits for the held ones and bills them once', async () => {
    const { scenario, ids } = await company('Held', 9);
    // a first run bills the start invoices (Mar 1); the measured run bills Apr 1
    setNow(scenario, '2027-03-01');
    await s.t.app.get(BillingRunService).run(new Date(iso('2027-03-01')), { companyIds: [scenario.a.companyId] });
    const before = await invoiceCount(scenario.a.companyId);
    expect(before).toBe(9);

    const held = [ids[1], ids[2], ids[6]];
    const holder = new Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    let run: Promise<{ invoices_created: number; subscriptions_processed: number; errors: number }> | undefined;
    try {
      await holder.query('BEGIN');
      const locked = await holder.query('SELECT id FROM subscriptions WHERE company_id = $1 AND id = ANY($2) FOR UPDATE', [
        scenario.a.companyId,
        held,
      ]);
      expect(locked.rowCount).toBe(3);
      setNow(scenario, '2027-04-01');
      // claims of two: windows of eight, so the held ones are passed over inside the claims' statements
      run = s.t.app.get(BillingRunService).run(new Date(iso('2027-04-01')), { companyIds: [scenario.a.companyId], batchSize: 2 });
      // the six free subscriptions are billed while the three stay held
      const deadline = Date.now() + 20_000;
      while ((await invoiceCount(scenario.a.companyId)) < before + 6 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(await invoiceCount(scenario.a.companyId)).toBe(before + 6);
      for (const id of held) expect((await invoicesOf(scenario, id)).map((i) => i.invoice_date)).toEqual([iso('2027-03-01')]);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    const summary = await run!;
    expect(summary).toMatchObject({ invoices_created: 9, subscriptions_processed: 9, errors: 0 });
    for (const id of ids)
      expect((await invoicesOf(scenario, id)).map((i) => i.invoice_date)).toEqual([iso('2027-03-01'), iso('2027-04-01')]);
  });

  it('two runs at once over one company, claims of three: every subscription billed once and counted once', async () => {
    const { scenario, ids } = await company('Shared', 24);
    setNow(scenario, '2027-03-01');
    const runs = s.t.app.get(BillingRunService);
    const only = { companyIds: [scenario.a.companyId], batchSize: 3 };
    const [r1, r2] = await Promise.all([runs.run(new Date(iso('2027-03-01')), only), runs.run(new Date(iso('2027-03-01')), only)]);
    expect(r1.errors + r2.errors).toBe(0);
    expect(r1.subscriptions_processed + r2.subscriptions_processed).toBe(24);
    expect(r1.invoices_created + r2.invoices_created).toBe(24);
    expect(await invoiceCount(scenario.a.companyId)).toBe(24);
    for (const id of ids) expect((await invoicesOf(scenario, id)).map((i) => i.invoice_date)).toEqual([iso('2027-03-01')]);
    // numbers 1..24 without gaps, each once
    const numbers = (
      await s.t.dataSource.query('SELECT number FROM invoices WHERE company_id = $1 ORDER BY number', [scenario.a.companyId])
    ).map((r: { number: string }) => Number(r.number));
    expect(numbers).toEqual(Array.from({ length: 24 }, (_, k) => k + 1));
  });
});
