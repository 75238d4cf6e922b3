/**
 * Quoting a checkout session reads only: creating a session and rendering its hosted page decide
 * the subscription and preview its first invoice in memory, with no transaction that writes and
 * no row lock. So the page answers while another transaction holds the customer's row FOR UPDATE
 * (a billing run, a subscription write), and nothing is written to quote it.
 */
import request from 'supertest';
import { Client } from 'pg';
import { createTestApp, FixedClock, onEmbeddedDatabase, Tenant, TestApp } from '../support/app';
import { monthlySeatPricing, ok, createCustomer } from '../support/fixtures';

const NOW = '2032-03-01T10:00:00.000Z';

/** The SQL a quote must never send: a transaction, a row lock, a write. */
const WRITING = /^\s*(START TRANSACTION|BEGIN|INSERT|UPDATE|DELETE)\b|\bFOR (NO KEY )?UPDATE\b|\bFOR (KEY )?SHARE\b/i;

describe('checkout: a quote writes nothing and takes no row lock', () => {
  let t: TestApp;
  let a: Tenant;
  const clock = new FixedClock(new Date(NOW));
  let pricing: any;

  const session = async (customer: any) =>
    ok(
      await a.post('/checkout', {
        type: 'CHECKOUT_SESSION',
        customer_id: customer.id,
        product_pricing_ids: [pricing.id],
        config_items: [{ product_metric_pricing_id: pricing.product_metric_pricings[0].id, num_licenses: 2 }],
      }),
    ) as Promise<{ id: string; url: string }>;
  const subscriptionsOf = async (customerId: string) =>
    (await t.dataSource.query('SELECT id FROM subscriptions WHERE company_id = $1 AND customer_id = $2', [a.companyId, customerId])).length;

  /** The SQL the app sends while `work` runs. */
  const sqlDuring = async <T>(work: () => Promise<T>): Promise<{ result: T; sql: string[] }> => {
    const runner = t.dataSource.createQueryRunner();
    const proto = Object.getPrototypeOf(runner) as { query: (...args: unknown[]) => Promise<unknown> };
    await runner.release();
    const spy = jest.spyOn(proto, 'query');
    try {
      const result = await work();
      return { result, sql: spy.mock.calls.map((c) => String(c[0])) };
    } finally {
      spy.mockRestore();
    }
  };

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('Read-only quotes');
    const product = await ok(await a.post('/products', { name: 'Seats' }));
    pricing = await monthlySeatPricing(a, product.id, 'Seats', 5800);
  });
  afterAll(() => t.close());

  it('creating a session and rendering its page send no transaction, no row lock and no write for the quote', async () => {
    const buyer = await createCustomer(a);
    const created = await sqlDuring(() => session(buyer));
    // the session row itself is the one write of a creation
    expect(created.sql.filter((q) => WRITING.test(q))).toEqual([expect.stringMatching(/^\s*INSERT INTO "checkout_sessions"/)]);
    const shown = await sqlDuring(() => request(t.http).get(new URL(created.result.url).pathname));
    expect(shown.result.status).toBe(200);
    expect(shown.result.text).toContain('$116.00');
    expect(shown.sql.filter((q) => WRITING.test(q))).toEqual([]);
    expect(await subscriptionsOf(buyer.id)).toBe(0);
  });

  it("rendering the page answers while another transaction holds the customer's row FOR UPDATE", async () => {
    const buyer = await createCustomer(a);
    const { url } = await session(buyer);
    // The embedded database runs one transaction at a time: there a transaction held open by a
    // second connection would stop every query, so the row is held only on PostgreSQL. The page
    // is rendered and checked on both.
    const holder = onEmbeddedDatabase() ? null : new Client({ connectionString: process.env.DATABASE_URL });
    await holder?.connect();
    try {
      await holder?.query('BEGIN');
      const held = await holder?.query('SELECT id FROM customers WHERE company_id = $1 AND id = $2 FOR UPDATE', [a.companyId, buyer.id]);
      if (holder) expect(held!.rows).toEqual([{ id: buyer.id }]);
      // a page that waited on the row would wait for ever (the lock is released only after the
      // answer): the request gives up long before the test does, and the outcome is checked
      const res = await request(t.http).get(new URL(url).pathname).timeout(10_000);
      expect(res.status).toBe(200);
      expect(res.text).toContain('$116.00');
      expect(res.text).toMatch(/name="quote" value="sha256:[0-9a-f]{64}"/);
    } finally {
      await holder?.query('ROLLBACK');
      await holder?.end();
    }
    expect(await subscriptionsOf(buyer.id)).toBe(0);
  });
});
