/**
 * Roll-up invoices exactly once (PostgreSQL: two billing runs at once on one database). Four
 * children of a parent with a monthly roll-up from 1 March, 1 seat at 5.00 each, parent-billed,
 * monthly from 2 March: their invoices of 2 March (4 × 500) are written ROLLED_UP for the roll-up
 * of 1 April (the first roll-up date at or after them), which gathers 2,000.
 */
import { Client } from 'pg';
import { BillingRunService } from '../../src/invoicing/billing-engine/billing-run.service';
import { expectOk, iso, pmpOf, runAt, Scenario, seatPrice, setNow, startScenario } from '../scenarios/scenario-kit';
import { expectBooksBalanced } from '../support/audit';
import { eventually } from '../support/webhook-receiver';

describe('roll-up invoices exactly once (PostgreSQL)', () => {
  let s: Scenario;

  beforeAll(async () => {
    s = await startScenario('Rollup Race');
  });
  afterAll(() => s.t.close());
  afterEach(() => expectBooksBalanced(s.t));

  async function family() {
    const customer = async (name: string, parentId?: string) =>
      expectOk(await s.a.post('/customers', { name, ...(parentId ? { parent_customer_id: parentId } : {}) }), 201, 'POST /customers');
    const parent = await customer('Race Parent');
    await expectOk(
      await s.a.patch(`/customers/${parent.id}`, {
        child_rollup_billing: true,
        child_rollup_billing_config: { frequency: 'MONTH', start_date: iso('2027-03-01'), auto_charges: false },
      }),
      200,
      'PATCH /customers',
    );
    const seats = await seatPrice(s, 500);
    setNow(s, '2027-03-02');
    const subs: string[] = [];
    for (let k = 0; k < 4; k++) {
      const child = await customer(`Race Child ${k}`, parent.id);
      const sub = await expectOk(
        await s.a.post('/subscriptions', {
          customer_id: child.id,
          product_pricing_ids: [seats.id],
          config_items: [{ product_metric_pricing_id: pmpOf(seats), num_licenses: 1 }],
          start_date: iso('2027-03-02'),
          parent_billed: true,
          auto_renews: false,
          term: { count: 1, frequency: 'MONTH' },
        }),
        200,
        'POST /subscriptions',
      );
      subs.push(sub.id);
    }
    return { parent, subs };
  }

  const rows = async () =>
    (await s.t.dataSource.query(
      'SELECT id, kind, status, subscription_id, rollup_invoice_id, total_cents::int AS total FROM invoices WHERE company_id = $1 ORDER BY id',
      [s.a.companyId],
    )) as { id: string; kind: string; status: string; subscription_id: string | null; rollup_invoice_id: string | null; total: number }[];

  it('two runs gathering the same roll-up at once write it once, each child invoice on it once and never shown', async () => {
    const { parent, subs } = await family();
    // two runs at once write each child's invoice once (its billing key), hidden
    const run = () => s.t.app.get(BillingRunService).run(new Date(iso('2027-03-02')), { companyIds: [s.a.companyId] });
    setNow(s, '2027-03-02');
    await Promise.all([run(), run()]);
    const written = await rows();
    expect(written.map((r) => [r.subscription_id, r.status, r.rollup_invoice_id]).sort()).toEqual(
      [...subs].sort().map((id) => [id, 'ROLLED_UP', null]),
    );

    // a third connection holds the children's rows: both runs reach the gathering and wait there
    const holder = new Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    let runs: Promise<unknown> | undefined;
    try {
      await holder.query('BEGIN');
      await holder.query("SELECT id FROM invoices WHERE company_id = $1 AND status = 'ROLLED_UP' FOR UPDATE", [s.a.companyId]);
      const pid = (await holder.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
      setNow(s, '2027-04-01');
      const at = new Date(iso('2027-04-01'));
      runs = Promise.all([0, 1].map(() => s.t.app.get(BillingRunService).run(at, { companyIds: [s.a.companyId] })));
      // the second waits behind the first, which waits for the holder
      await eventually(
        async () =>
          Number(
            // the backends waiting on the holder, directly or behind another waiter: only this
            // test's (the other worker's file may wait on locks of its own at the same time)
            (
              await s.t.dataSource.query(
                `WITH RECURSIVE behind(pid) AS (
                   SELECT a.pid FROM pg_stat_activity a WHERE $1 = ANY(pg_blocking_pids(a.pid))
                   UNION
                   SELECT a.pid FROM pg_stat_activity a JOIN behind b ON b.pid = ANY(pg_blocking_pids(a.pid))
                 )
                 SELECT count(*) AS n FROM behind`,
                [pid],
              )
            )[0].n,
          ) === 2,
        'both runs to wait for the children',
      );
      await holder.query('COMMIT');
      const summaries = (await runs) as { errors: number }[];
      expect(summaries.map((x) => x.errors)).toEqual([0, 0]);
    } finally {
      await holder.end();
    }

    const after = await rows();
    const rollups = after.filter((r) => r.kind === 'ROLLUP');
    expect(rollups).toHaveLength(1);
    expect(rollups[0]).toMatchObject({ status: 'PENDING', total: 2000 });
    // every child invoice on that roll-up, none shown on its own
    expect(after.filter((r) => r.kind !== 'ROLLUP').map((r) => [r.status, r.rollup_invoice_id])).toEqual(
      subs.map(() => ['ROLLED_UP', rollups[0].id]),
    );
    const listed = await expectOk(await s.a.post('/invoices/find', { query: { billed_customer_id: parent.id } }), 200, 'find');
    expect(listed.results.map((r: any) => r.id)).toEqual([rollups[0].id]);
    // a later run finds nothing more to gather
    await runAt(s, '2027-04-01T12:00:00Z');
    expect((await rows()).filter((r) => r.kind === 'ROLLUP')).toHaveLength(1);
  });
});
