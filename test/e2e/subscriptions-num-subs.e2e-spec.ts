import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { createCustomer, createPricing, createProduct, fixedPricing } from '../support/fixtures';
import { phaseInEffectSql } from '../../src/subscriptions/phases';
import { backfillPlanUseCounts, backfillPlanUses } from '../../src/subscriptions/plan-uses';

/**
 * `num_subs` of pricings and bundles is read from rows every subscription write keeps
 * (subscription_plan_uses). Here the answers are held, at many instants, against the rule itself
 * evaluated over the stored phases (`phaseInEffectSql`, the rule the count used to run on every
 * read): subscriptions that start later, scheduled changes (at a date, at the period end, two
 * waiting one after the other), immediate changes, cancellations now, at the period end and undone, a
 * bundle, and another company's subscriptions on the same names.
 */
describe('num_subs, kept by the writes', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const clock = new FixedClock(new Date('2027-03-01T00:00:00.000Z'));
  const setNow = (iso: string) => clock.set(new Date(iso));
  let pricings: { id: string }[];
  let bundle: { id: string };

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('A');
    b = await t.tenant('B');
  });
  afterAll(() => t.close());

  /** The rule, over the stored phases, at `at`: live subscriptions per pricing and per bundle. */
  async function byRule(companyId: string, at: Date): Promise<Record<string, number>> {
    const live = `FROM subscriptions s
      JOIN subscription_phases ph ON ph.company_id = s.company_id AND ph.subscription_id = s.id
      WHERE s.company_id = $1 AND (s.end_date IS NULL OR s.end_date > $2) AND ${phaseInEffectSql('ph', '$2')}`;
    const rows: { id: string; n: number }[] = await t.dataSource.query(
      `SELECT x.pid AS id, count(DISTINCT s.id)::int AS n FROM (SELECT s.id, ph.product_pricing_ids ${live}) s
         CROSS JOIN LATERAL unnest(s.product_pricing_ids) AS x(pid) GROUP BY x.pid
       UNION ALL
       SELECT ph.bundle_pricing_id, count(DISTINCT s.id)::int ${live} AND ph.bundle_pricing_id IS NOT NULL GROUP BY ph.bundle_pricing_id`,
      [companyId, at],
    );
    return Object.fromEntries(rows.map((r) => [r.id, Number(r.n)]));
  }

  async function answered(tenant: Tenant): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const p of pricings) out[p.id] = (await tenant.get(`/pricing/${p.id}`).expect(200)).body.num_subs;
    out[bundle.id] = (await tenant.get(`/bundles/${bundle.id}`).expect(200)).body.num_subs;
    return out;
  }

  it('answers what the rule over the phases gives, at every instant, whatever the writes were', async () => {
    const product = await createProduct(a, { name: 'Plans' });
    const monthly = (name: string) =>
      createPricing(a, fixedPricing(product.id, { name, billing_frequency: { count: 1, frequency: 'MONTH' } }));
    const [p1, p2, p3, p4] = [await monthly('One'), await monthly('Two'), await monthly('Three'), await monthly('Four')];
    pricings = [p1, p2, p3, p4];
    bundle = (
      await a
        .post('/bundles', { name: 'Pack', currency: 'USD', term: { count: 1, frequency: 'MONTH' }, product_pricing_ids: [p4.id] })
        .expect(200)
    ).body;
    const subscribe = async (body: Record<string, unknown>) => {
      const c = await createCustomer(a, { name: `Customer ${Math.random()}` });
      return (await a.post('/subscriptions', { customer_id: c.id, ...body }).expect(200)).body as { id: string };
    };
    const change = (id: string, body: Record<string, unknown>) => a.post(`/subscriptions/${id}/change`, body).expect(200);
    const cancel = (id: string, body: Record<string, unknown>) => a.post(`/subscriptions/${id}/cancel`, body).expect(200);

    await subscribe({ product_pricing_ids: [p1.id] });
    await subscribe({ product_pricing_ids: [p1.id, p2.id], start_date: '2027-03-20T00:00:00.000Z' });
    const later = await subscribe({ product_pricing_ids: [p2.id] });
    await change(later.id, { product_pricing_ids: [p3.id], custom_change_date: '2027-04-15T00:00:00.000Z' });
    const replaced = await subscribe({ product_pricing_ids: [p2.id] });
    await change(replaced.id, { product_pricing_ids: [p3.id], timing: 'PERIOD_END' });
    await change(replaced.id, { product_pricing_ids: [p4.id], custom_change_date: '2027-05-01T00:00:00.000Z' });
    const now = await subscribe({ product_pricing_ids: [p1.id] });
    setNow('2027-03-05T00:00:00.000Z');
    await change(now.id, { product_pricing_ids: [p3.id], proration_type: 'NONE' });
    const ending = await subscribe({ product_pricing_ids: [p3.id] });
    await cancel(ending.id, { timing: 'PERIOD_END' });
    const gone = await subscribe({ product_pricing_ids: [p2.id, p3.id] });
    await cancel(gone.id, { timing: 'IMMEDIATE' });
    const undone = await subscribe({ product_pricing_ids: [p4.id] });
    await cancel(undone.id, { timing: 'PERIOD_END' });
    await a.post(`/subscriptions/${undone.id}/undo_cancel`, {}).expect(200);
    const packed = await subscribe({ bundle_pricing_id: bundle.id });
    await cancel(packed.id, { custom_end_date: '2027-06-01T00:00:00.000Z' });
    await subscribe({ bundle_pricing_id: bundle.id, start_date: '2027-04-01T00:00:00.000Z' });

    // another company: its own catalog and subscriptions never reach A's counts
    const otherProduct = await createProduct(b, { name: 'Other' });
    const other = await createPricing(b, fixedPricing(otherProduct.id, { name: 'Other' }));
    const otherCustomer = await createCustomer(b, { name: 'Other customer' });
    await b.post('/subscriptions', { customer_id: otherCustomer.id, product_pricing_ids: [other.id] }).expect(200);
    expect((await b.get(`/pricing/${p1.id}`)).status).toBe(404);

    const instants = [
      '2027-03-05T00:00:00.000Z',
      '2027-03-05T00:00:00.001Z',
      '2027-03-19T23:59:59.999Z',
      '2027-03-20T00:00:00.000Z',
      '2027-04-01T00:00:00.000Z',
      '2027-04-05T00:00:00.000Z',
      '2027-04-15T00:00:00.000Z',
      '2027-05-01T00:00:00.000Z',
      '2027-06-01T00:00:00.000Z',
      '2028-01-01T00:00:00.000Z',
    ];
    const seen = new Set<string>();
    for (const at of instants) {
      setNow(at);
      const expected = await byRule(a.companyId, new Date(at));
      const counts = await answered(a);
      for (const id of Object.keys(counts)) expect({ at, id, n: counts[id] }).toEqual({ at, id, n: expected[id] ?? 0 });
      seen.add(JSON.stringify(counts));
    }
    // the instants see the counts move (the comparison is not between zeros)
    expect(seen.size).toBeGreaterThanOrEqual(4);
    setNow('2027-03-05T00:00:00.000Z');
    // `replaced` counts for Three (1 April) and Four (1 May): both of its changes wait, in date order
    expect(await answered(a)).toEqual({ [p1.id]: 2, [p2.id]: 3, [p3.id]: 4, [p4.id]: 4, [bundle.id]: 2 });
    expect((await b.get(`/pricing/${other.id}`).expect(200)).body.num_subs).toBe(1);
  });

  /** The company's counts as stored, and as summed afresh from its rows. */
  const countsOf = async (companyId: string) => ({
    stored: await t.dataSource.query(
      `SELECT kind, ref_id, counts_until, slot, n FROM subscription_plan_use_counts WHERE company_id = $1 AND n <> 0
        ORDER BY kind, ref_id, counts_until, slot`,
      [companyId],
    ),
    summed: await t.dataSource.query(
      `SELECT kind, ref_id, counts_until, (hashtext(subscription_id) & 15)::smallint AS slot, count(*)::int AS n
         FROM subscription_plan_uses WHERE company_id = $1 GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
      [companyId],
    ),
  });

  it("keeps one row per subscription and pricing or bundle, and their sums; the migrations' backfills write the same", async () => {
    const rows: { company_id: string; n: number; distinct_n: number }[] = await t.dataSource.query(
      `SELECT company_id, count(*)::int AS n, count(DISTINCT (subscription_id, kind, ref_id))::int AS distinct_n
         FROM subscription_plan_uses WHERE company_id IN ($1, $2) GROUP BY company_id ORDER BY company_id = $1 DESC`,
      [a.companyId, b.companyId],
    );
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r.n).toBe(r.distinct_n);
    expect(rows[1].n).toBe(1);
    const counts = await countsOf(a.companyId);
    expect(counts.stored.length).toBeGreaterThanOrEqual(8);
    expect(counts.stored).toEqual(counts.summed);
    // the backfills of the migrations that made the tables, for company A: what the writes kept
    const stored = () =>
      t.dataSource.query(
        `SELECT subscription_id, kind, ref_id, counts_until FROM subscription_plan_uses WHERE company_id = $1
          ORDER BY subscription_id, kind, ref_id`,
        [a.companyId],
      );
    const kept = await stored();
    expect(kept.length).toBeGreaterThanOrEqual(12);
    await t.dataSource.query('DELETE FROM subscription_plan_uses WHERE company_id = $1', [a.companyId]);
    await t.dataSource.query('DELETE FROM subscription_plan_use_counts WHERE company_id = $1', [a.companyId]);
    await backfillPlanUses((sql, params) => t.dataSource.query(sql, params), a.companyId);
    await backfillPlanUseCounts((sql, params) => t.dataSource.query(sql, params), a.companyId);
    expect(await stored()).toEqual(kept);
    expect((await countsOf(a.companyId)).stored).toEqual(counts.stored);
    const other = await t.dataSource.query('SELECT sum(n)::int AS n FROM subscription_plan_use_counts WHERE company_id = $1', [
      b.companyId,
    ]);
    expect(other[0].n).toBe(1);
  });

  it('concurrent writes on one pricing: every subscription counted once, the sums exact (PostgreSQL: writes at once)', async () => {
    setNow('2027-03-05T00:00:00.000Z');
    const product = await createProduct(a, { name: 'Busy' });
    const busy = await createPricing(a, fixedPricing(product.id, { name: 'Busy', billing_frequency: { count: 1, frequency: 'MONTH' } }));
    const customers = await Promise.all(Array.from({ length: 12 }, (_, i) => createCustomer(a, { name: `Busy ${i}` })));
    const created = await Promise.all(
      customers.map(async (c) => (await a.post('/subscriptions', { customer_id: c.id, product_pricing_ids: [busy.id] }).expect(200)).body),
    );
    expect((await a.get(`/pricing/${busy.id}`).expect(200)).body.num_subs).toBe(12);
    // half cancelled now, half at the period end, at once
    await Promise.all(
      created.map((sub, i) => a.post(`/subscriptions/${sub.id}/cancel`, { timing: i % 2 ? 'IMMEDIATE' : 'PERIOD_END' }).expect(200)),
    );
    expect((await a.get(`/pricing/${busy.id}`).expect(200)).body.num_subs).toBe(6);
    const counts = await countsOf(a.companyId);
    expect(counts.stored).toEqual(counts.summed);
    setNow('2027-04-05T00:00:00.000Z');
    expect((await a.get(`/pricing/${busy.id}`).expect(200)).body.num_subs).toBe(0);
  });
});
