import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Response } from 'supertest';
import { bindTenant, createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectBooksBalanced } from '../support/audit';
import { expectError, expectRateLimited } from '../support/errors';
import { createCustomer, createPricing, createProduct, createUsageItem, fixedPricing, ok, usd } from '../support/fixtures';
import { eventually, WebhookReceiver } from '../support/webhook-receiver';
import { CompaniesService, TOKEN_CACHE_TTL_MS } from '../../src/platform/auth/companies.service';
import { RATE_LIMIT_DEFAULTS, RateLimitConfig } from '../../src/platform/config/config';
import { BillingRunService } from '../../src/invoicing/billing-engine/billing-run.service';
import { BillingScheduler } from '../../src/invoicing/billing-engine/billing-scheduler';
import { DeliveryWorker } from '../../src/webhooks/delivery/delivery-worker.service';
import { WebhookEventsService } from '../../src/webhooks/events/webhook-events.service';
import { useWholeDatabase } from '../support/whole-database';

// runs work over every company (see whole-database.ts): alone on the database
useWholeDatabase();

/**
 * Three instances on one database (issue 17): three independent Nest applications in this
 * process, each with its own pool, token cache, rate limiter and workers, and nothing else in
 * common but PostgreSQL, Redis and the clock (one FixedClock, as synchronised machines share
 * the time). No module-level state of src/ changes an answer (docs/operations.md, "What lives in a
 * process"), so in-process instances are as independent as processes would be. Requests go
 * round-robin over them. PostgreSQL only (a `*.postgres.e2e-spec.ts` file): the embedded
 * database serves one connection at a time.
 */
const REDIS_URL = process.env.TALLY_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DAY = 86_400_000;
// Long before the dates other suites bill at: the unscoped scheduler ticks below find nothing of theirs due.
const T0 = new Date('2024-01-10T00:00:00.000Z');
const T1 = new Date('2024-02-10T00:00:00.000Z');
const T2 = new Date('2024-03-10T00:00:00.000Z');

const uniquePrefix = () => `tally-test:instances:${randomBytes(6).toString('hex')}`;
const rateLimit = (over: Partial<RateLimitConfig>): RateLimitConfig => ({ ...RATE_LIMIT_DEFAULTS, redisUrl: REDIS_URL, ...over });

/** One tenant (company and token) as seen through each instance. */
const across = (apps: TestApp[], t: Tenant): Tenant[] => apps.map((x) => bindTenant(x.http, t.companyId, t.token));

/** A round-robin over the instances. */
function roundRobin<T>(items: T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length];
}

const pmpOf = (pricing: any) => pricing.product_metric_pricings[0].id as string;

describe('three instances on one database (PostgreSQL)', () => {
  let one: TestApp;
  let two: TestApp;
  let three: TestApp;
  let apps: TestApp[];
  let clock: FixedClock;
  let redis: Redis;
  const prefix = uniquePrefix();

  beforeAll(async () => {
    clock = new FixedClock(T0);
    redis = new Redis(REDIS_URL);
    // a generous limit, counted in Redis: the workload below also checks that the three share the counter
    const config = { webhookDelivery: true, rateLimit: rateLimit({ keyPrefix: prefix, windowSeconds: 3600 }) };
    one = await createTestApp({ clock, config });
    two = await createTestApp({ clock, config });
    three = await createTestApp({ clock, config });
    apps = [one, two, three];
  });
  afterAll(async () => {
    for (const x of apps ?? []) await x.close();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });
  afterEach(() => clock.set(T0));

  /** Every company a test made on any instance has balanced books. */
  const booksBalanced = () =>
    expectBooksBalanced(
      one,
      apps.flatMap((x) => x.companyIds),
    );

  describe('the same Idempotency-Key on several instances at once', () => {
    /**
     * Sends one request to every instance twice at once. Exactly one runs; every other answer is
     * the stored one replayed (same status and body, `Idempotency-Used: true`) or, while the first
     * still runs, 409 `idempotency_key_in_use` (docs "Idempotency"). Afterwards every instance
     * replays it. Returns the answer of the one that ran.
     */
    async function sameKeyEverywhere(views: Tenant[], path: string, body: unknown, status: number) {
      const key = `inst-${randomBytes(8).toString('hex')}`;
      const answers: Response[] = await Promise.all([...views, ...views].map((v) => v.post(path, body).set('Idempotency-Key', key)));
      const ran = answers.filter((r) => r.status === status && r.headers['idempotency-used'] === undefined);
      expect(ran.map((r) => r.status)).toEqual([status]);
      for (const r of answers) {
        if (r === ran[0]) continue;
        if (r.status === 409) expectError(r, 409, 'idempotency_error', 'idempotency_key_in_use');
        else {
          expect(r.status).toBe(status);
          expect(r.headers['idempotency-used']).toBe('true');
          expect(r.body).toEqual(ran[0].body);
        }
      }
      for (const v of views) {
        const again = await v.post(path, body).set('Idempotency-Key', key);
        expect(again.status).toBe(status);
        expect(again.headers['idempotency-used']).toBe('true');
        expect(again.body).toEqual(ran[0].body);
      }
      // the same key with another body, on another instance: the documented conflict, nothing runs
      expectError(
        await views[1].post(path, { ...(body as object), metadata: { other: 'body' } }).set('Idempotency-Key', key),
        409,
        'idempotency_error',
        'idempotency_key_reused',
      );
      return ran[0].body;
    }

    it('one customer, one subscription, one one-time charge, one payment', async () => {
      clock.set(T0);
      const a = await one.tenant('Instances idempotency');
      const [x, y, z] = across(apps, a);
      const total = async (path: string, query: object) =>
        (await ok(await x.post(path, { query, include_meta: true, pagination: { limit: 100 } }))).pagination.total as number;

      const customer = await sameKeyEverywhere(
        [x, y, z],
        '/customers',
        { name: 'Same key', identifier: 'same-key', email: 'same@example.com' },
        201,
      );
      expect(await total('/customers/find', { identifier: 'same-key' })).toBe(1);

      const product = await createProduct(y, { name: 'Seats' });
      const pricing = await createPricing(z, fixedPricing(product.id, { billing_frequency: { count: 1, frequency: 'MONTH' } }));
      const sub = await sameKeyEverywhere(
        [x, y, z],
        '/subscriptions',
        {
          customer_id: customer.id,
          product_pricing_ids: [pricing.id],
          config_items: [{ product_metric_pricing_id: pmpOf(pricing), num_licenses: 2 }],
          start_date: T0.toISOString(),
        },
        200,
      );
      expect(await total('/subscriptions/find', { customer_id: customer.id })).toBe(1);
      expect(sub.customer_id).toBe(customer.id);

      const charges = await sameKeyEverywhere(
        [z, x, y],
        '/one_times',
        {
          customer_id: customer.id,
          type: 'IMMEDIATE',
          onetime_items: [{ custom_price: { amount: usd(2500), description: 'Onboarding' } }],
        },
        201,
      );
      expect(charges).toHaveLength(1);
      expect(await total('/one_times/find', { customer_id: customer.id })).toBe(1);

      const invoice = await ok(await y.get(`/invoices/${charges[0].invoice_uuid}`));
      expect(invoice.total).toEqual(usd(2500));
      const paid = await sameKeyEverywhere(
        [y, z, x],
        `/invoices/${invoice.uuid}/mark_paid`,
        { amount: usd(1000), provider_type: 'WIRE' },
        200,
      );
      expect(paid).toMatchObject({ paid: usd(1000), due: usd(1500) });
      const after = await ok(await z.get(`/invoices/${invoice.uuid}`));
      expect(after).toMatchObject({ paid: usd(1000), due: usd(1500), status: 'PENDING' });
      const payments = await one.dataSource.query(
        `SELECT count(*)::int AS n, coalesce(sum(total_amount_cents), 0)::int AS cents FROM payment_transactions WHERE company_id = $1`,
        [a.companyId],
      );
      expect(payments).toEqual([{ n: 1, cents: 1000 }]);
      await booksBalanced();
    });
  });

  it(`a token revoked on one instance is refused by the other two within TOKEN_CACHE_TTL_MS (${TOKEN_CACHE_TTL_MS} ms), and never accepted again`, async () => {
    const a = await one.tenant('Instances tokens');
    const extra = await one.app.get(CompaniesService).createToken(a.companyId, 'to revoke');
    const views = apps.map((x) => bindTenant(x.http, a.companyId, extra.token));
    const call = (v: Tenant) => v.post('/entitlements/find', {});
    // every instance now remembers the token
    for (const v of views) expect((await call(v)).status).toBe(200);
    await one.app.get(CompaniesService).revokeToken(extra.token_id);
    const revokedAt = Date.now();
    // the revoking instance forgets it at once
    expectError(await call(views[0]), 401, 'auth_error', 'invalid_token');
    // Judged by when each request STARTED, so a slow answer cannot blur the bound: every entry was
    // cached before the revocation, so it expires by revokedAt + TTL; a request accepted by a
    // cached entry must have started before that, and one started later must be refused.
    const refusedAfter = await Promise.all(
      views.slice(1).map(async (v) => {
        for (;;) {
          const startedAt = Date.now() - revokedAt;
          const res = await call(v);
          if (res.status !== 200) {
            expectError(res, 401, 'auth_error', 'invalid_token');
            return startedAt;
          }
          expect(startedAt).toBeLessThan(TOKEN_CACHE_TTL_MS);
          await new Promise((r) => setTimeout(r, 25));
        }
      }),
    );
    // both were refused (an acceptance past the bound fails above, so the loops end)
    expect(refusedAfter).toHaveLength(2);
    // and from then on, on every instance, past the bound: never accepted again
    const statuses = new Set<number>();
    while (Date.now() - revokedAt < TOKEN_CACHE_TTL_MS + 600) {
      for (const v of views) statuses.add((await call(v)).status);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect([...statuses]).toEqual([401]);
    // the company's other token still works everywhere
    for (const v of across(apps, a)) expect((await call(v)).status).toBe(200);
  });

  describe('billing', () => {
    /** A company with `n` monthly seat subscriptions starting at T0 (1, 2 or 3 seats at $10), made round-robin. */
    async function company(name: string, views: Tenant[], n: number) {
      const next = roundRobin(views);
      const product = await createProduct(next(), { name: 'Seats' });
      const pricing = await createPricing(next(), fixedPricing(product.id, { billing_frequency: { count: 1, frequency: 'MONTH' } }));
      const subs: string[] = [];
      for (let i = 0; i < n; i++) {
        const c = await createCustomer(next(), { name: `${name} ${i}` });
        const s = await ok(
          await next().post('/subscriptions', {
            customer_id: c.id,
            product_pricing_ids: [pricing.id],
            config_items: [{ product_metric_pricing_id: pmpOf(pricing), num_licenses: (i % 3) + 1 }],
            start_date: T0.toISOString(),
          }),
        );
        subs.push(s.id);
      }
      return subs;
    }

    /** Per subscription and billing date: how many invoices (with their total), and every number. */
    async function invoicesOf(companyId: string) {
      const rows: { subscription_id: string; invoice_date: Date; n: number; cents: number }[] = await one.dataSource.query(
        `SELECT subscription_id, invoice_date, count(*)::int AS n, sum(total_cents)::int AS cents
           FROM invoices WHERE company_id = $1 AND subscription_id IS NOT NULL GROUP BY subscription_id, invoice_date
           ORDER BY subscription_id, invoice_date`,
        [companyId],
      );
      const numbers: { n: number; distinct: number; nulls: number }[] = await one.dataSource.query(
        `SELECT count(*)::int AS n, count(DISTINCT number)::int AS distinct, count(*) FILTER (WHERE number IS NULL)::int AS nulls
           FROM invoices WHERE company_id = $1`,
        [companyId],
      );
      return { rows, numbers: numbers[0] };
    }

    /** The same shape with subscription ids replaced by their order (to compare two companies). */
    const shape = (rows: { subscription_id: string; invoice_date: Date; n: number; cents: number }[], subs: string[]) =>
      rows.map((r) => ({ sub: subs.indexOf(r.subscription_id), date: new Date(r.invoice_date).toISOString(), n: r.n, cents: r.cents }));

    it('runs started on all three at once, then the scheduler ticking on all three, bill every period exactly once', async () => {
      clock.set(T0);
      const shared = await two.tenant('Instances billing');
      const alone = await one.tenant('Instances billing, one instance');
      const subsShared = await company('Shared', across(apps, shared), 12);
      const subsAlone = await company('Alone', [alone], 12);

      // runs at T1: two on each instance, all at the same instant, over the same company
      clock.set(T1);
      const summaries = await Promise.all(
        apps.flatMap((x) => [0, 1].map(() => x.app.get(BillingRunService).run(T1, { companyIds: [shared.companyId] }))),
      );
      expect(summaries.reduce((n, s) => n + s.errors, 0)).toBe(0);
      // each invoice was written by one run: the runs' counts add up to the invoices due (T0 and T1 of each)
      expect(summaries.reduce((n, s) => n + s.invoices_created, 0)).toBe(24);
      await one.app.get(BillingRunService).run(T1, { companyIds: [alone.companyId] });

      // the scheduler at T2, ticking on all three instances at once (it bills every company)
      clock.set(T2);
      await one.app.get(BillingRunService).run(T2, { companyIds: [alone.companyId] }); // the reference, before the ticks
      const ticks = apps.map((x) => x.app.get(BillingScheduler).tick());
      const started = ticks.filter((p): p is Promise<void> => p !== null);
      expect(started).toHaveLength(apps.length);
      await Promise.all(started);

      const s = await invoicesOf(shared.companyId);
      const a = await invoicesOf(alone.companyId);
      // every subscription: T0 (its start), T1 and T2, one invoice each, for its seats at $10 a month
      expect(s.rows).toHaveLength(12 * 3);
      expect(s.rows.every((r) => r.n === 1)).toBe(true);
      expect(new Set(s.rows.map((r) => new Date(r.invoice_date).toISOString()))).toEqual(new Set([T0, T1, T2].map((d) => d.toISOString())));
      const seats = Array.from({ length: 12 }, (_, i) => (i % 3) + 1).reduce((x, y) => x + y, 0);
      expect(s.rows.reduce((n, r) => n + r.cents, 0)).toBe(3 * seats * 1000);
      // invoice numbers: one per invoice, no gaps
      expect(s.numbers).toEqual({ n: 36, distinct: 36, nulls: 0 });
      const range = await one.dataSource.query(
        `SELECT min(number)::int AS lo, max(number)::int AS hi FROM invoices WHERE company_id = $1`,
        [shared.companyId],
      );
      expect(range[0].hi - range[0].lo + 1).toBe(36);
      // exactly what one instance alone gives
      expect(shape(s.rows, subsShared)).toEqual(shape(a.rows, subsAlone));
      expect(a.numbers).toEqual(s.numbers);

      // a further round on all three at the same instant changes nothing
      await Promise.all(apps.map((x) => x.app.get(BillingRunService).run(T2, { companyIds: [shared.companyId] })));
      expect(await invoicesOf(shared.companyId)).toEqual(s);
      await booksBalanced();
    });
  });

  describe('a mixed workload, round-robin', () => {
    const PERIOD = { start_date: T0.toISOString(), end_date: new Date(T0.getTime() + 30 * DAY).toISOString() };

    /**
     * Catalog, 24 customers, 12 subscriptions, 12 batches of usage (each sent to two instances at
     * once, so every event arrives twice), reads of everything through another instance than the
     * one that wrote it. Returns the end state, read back through the API.
     */
    async function workload(views: Tenant[]) {
      const next = roundRobin(views);
      const usage = await createUsageItem(next(), 'Requests');
      const product = await createProduct(next(), { name: 'Plan' });
      const pricing = await createPricing(next(), fixedPricing(product.id, { billing_frequency: { count: 1, frequency: 'MONTH' } }));
      const customers: any[] = [];
      for (let chunk = 0; chunk < 4; chunk++) {
        const made = await Promise.all(
          Array.from({ length: 6 }, (_, k) => {
            const i = chunk * 6 + k;
            return next().post('/customers', { name: `Mixed ${i}`, identifier: `mixed-${i}`, email: `mixed-${i}@example.com` });
          }),
        );
        for (const r of made) customers.push(await ok(r, 201));
      }
      await Promise.all(
        customers.slice(0, 12).map(async (c, i) =>
          ok(
            await next().post('/subscriptions', {
              customer_id: c.id,
              product_pricing_ids: [pricing.id],
              config_items: [{ product_metric_pricing_id: pmpOf(pricing), num_licenses: (i % 4) + 1 }],
              start_date: T0.toISOString(),
            }),
          ),
        ),
      );
      let enqueued = 0;
      let duplicates = 0;
      for (let b = 0; b < 12; b++) {
        const events = Array.from({ length: 10 }, (_, k) => ({
          customer_identifier: `mixed-${(b * 10 + k) % 24}`,
          item_id: usage.itemId,
          transaction_id: `tx-${b}-${k}`,
          timestamp: new Date(T0.getTime() + (b + 1) * DAY + k * 60_000).toISOString(),
          properties: { bytes: b * 10 + k },
        }));
        const answers = await Promise.all([next(), next()].map((v) => v.post('/events/ingest', { events })));
        for (const r of answers) {
          const body = await ok(r);
          expect(body.errors).toEqual([]);
          enqueued += body.enqueued.length;
          duplicates += body.duplicates.length;
        }
      }
      // reads, each through the next instance
      for (const c of customers) {
        const got = await ok(await next().get(`/customers/mixed-${customers.indexOf(c)}`));
        expect(got.id).toBe(c.id);
      }
      const total = async (path: string, query: object = {}) =>
        (await ok(await next().post(path, { query, include_meta: true }))).pagination.total as number;
      const usagePerCustomer: number[] = [];
      for (const c of customers) {
        const u = await ok(await next().post(`/customers/${c.id}/usage`, { metric_id: usage.metricId, period: PERIOD }));
        usagePerCustomer.push(Number(u.value));
      }
      return {
        customers: await total('/customers/find'),
        subscriptions: await total('/subscriptions/find', { statuses: ['active'] }),
        enqueued,
        duplicates,
        usagePerCustomer,
      };
    }

    it('ends in the state one instance gives, with the token counter shared in Redis', async () => {
      clock.set(T0);
      const shared = await three.tenant('Instances mixed');
      const alone = await one.tenant('Instances mixed, one instance');
      const counter = async (t: Tenant) => {
        const row = await one.dataSource.query(`SELECT id FROM api_tokens WHERE company_id = $1`, [t.companyId]);
        return Number((await redis.get(`${prefix}:api:${row[0].id}`)) ?? 0);
      };
      const sent = { n: 0 };
      const counting = (v: Tenant): Tenant => ({
        ...v,
        get: (p) => (sent.n++, v.get(p)),
        post: (p, b) => (sent.n++, v.post(p, b)),
      });

      const end = await workload(across(apps, shared).map(counting));
      const reference = await workload([alone]);

      const perCustomer = Array.from({ length: 24 }, (_, c) =>
        Array.from({ length: 120 }, (_, e) => e).reduce((n, e) => n + (e % 24 === c ? e : 0), 0),
      );
      expect(end).toEqual({
        customers: 24,
        subscriptions: 12,
        enqueued: 120,
        duplicates: 120,
        usagePerCustomer: perCustomer,
      });
      expect(end).toEqual(reference);
      // every request of the token, whichever instance served it, counted once in one shared counter
      expect(await counter(shared)).toBe(sent.n);
      await booksBalanced();
    });
  });

  it('rate limits hold across instances with Redis: N per window in total, the rest 429', async () => {
    // Three more instances with a small limit, sharing their counters in Redis under a prefix of
    // this run. Without REDIS_URL each instance would count its own requests: up to 3 × N would
    // pass (the limit holds per instance; test/e2e/platform-rate-limit.e2e-spec.ts shows it).
    const N = 10;
    const limitPrefix = uniquePrefix();
    const limited: TestApp[] = [];
    try {
      for (let i = 0; i < 3; i++)
        limited.push(await createTestApp({ config: { rateLimit: rateLimit({ apiPoints: N, keyPrefix: limitPrefix }) } }));
      const a = await limited[0].tenant('Instances rate limit');
      const next = roundRobin(across(limited, a));
      // One after another: the three instances share this process's event loop, and 3 × N
      // requests at once on a busy machine can hold a Redis reply past the limiter's 500 ms
      // command timeout, which (by design) counts that request on the instance's own insurance
      // limiter instead. What is tested is the one shared counter, not concurrency.
      const answers = [];
      for (let i = 0; i < 3 * N; i++)
        answers.push(await next().post('/entitlements', { key: `rl-${i}`, name: 'RL', type: 'BOOL', aggregator_type: 'OR' }));
      expect(answers.filter((r) => r.status === 201).length).toBe(N);
      const refused = answers.filter((r) => r.status !== 201);
      expect(refused).toHaveLength(2 * N);
      for (const r of refused) expectRateLimited(r, RATE_LIMIT_DEFAULTS.windowSeconds);
      const made = await one.dataSource.query(`SELECT count(*)::int AS n FROM entitlements WHERE company_id = $1 AND key LIKE 'rl-%'`, [
        a.companyId,
      ]);
      expect(made).toEqual([{ n: N }]);
      // a refused request counts too: the one counter saw all 3 × N
      const keys = await redis.keys(`${limitPrefix}:api:*`);
      expect(keys).toHaveLength(1);
      expect(Number(await redis.get(keys[0]))).toBe(3 * N);
      // and every instance refuses the next one
      for (const v of across(limited, a)) expect((await v.post('/entitlements/find', {})).status).toBe(429);
    } finally {
      for (const x of limited) await x.close();
      const keys = await redis.keys(`${limitPrefix}:*`);
      if (keys.length) await redis.del(...keys);
    }
  });

  describe('webhooks', () => {
    let rx: WebhookReceiver;
    beforeAll(async () => {
      rx = await WebhookReceiver.start();
    });
    afterAll(() => rx.close());

    const perId = (path: string) => {
      const seen = new Map<string, number>();
      for (const r of rx.at(path)) seen.set(r.headers['webhook-id'], (seen.get(r.headers['webhook-id']) ?? 0) + 1);
      return seen;
    };
    const record = (x: TestApp, companyId: string, type: 'invoice.created' | 'payment.failed', id: string) =>
      x.dataSource.transaction((m) => x.app.get(WebhookEventsService).record(m, companyId, type, { id }));
    const settle = () => Promise.all(apps.map((x) => x.app.get(DeliveryWorker).settle()));

    it('each attempt slot is delivered once across three instances', async () => {
      clock.set(T0);
      const a = await two.tenant('Instances webhooks');
      await ok(await a.post('/webhooks', { url: rx.url('/three') }), 201);
      rx.fallback = 200;
      const events = await Promise.all(
        Array.from({ length: 60 }, (_, i) => record(apps[i % 3], a.companyId, 'invoice.created', `inv_${i}`)),
      );
      await eventually(() => rx.at('/three').length >= 60, 'the first attempts', 30_000);
      await settle();
      const first = perId('/three');
      expect(first.size).toBe(60);
      expect([...first.values()].every((n) => n === 1)).toBe(true);
      expect(new Set(events.map((e) => e.id))).toEqual(new Set(first.keys()));

      // failing answers: the second slot, due at the same moment on all three, attempted once
      const b = await three.tenant('Instances webhook retries');
      await ok(await b.post('/webhooks', { url: rx.url('/three-retries') }), 201);
      rx.fallback = 500;
      await Promise.all(Array.from({ length: 30 }, (_, i) => record(apps[i % 3], b.companyId, 'payment.failed', `txn_${i}`)));
      await eventually(() => rx.at('/three-retries').length >= 30, 'the first attempts', 30_000);
      await settle();
      clock.advance(5_000);
      await Promise.all(apps.flatMap((x) => [x.app.get(DeliveryWorker).runDue(), x.app.get(DeliveryWorker).runDue()]));
      await settle();
      const retried = perId('/three-retries');
      expect(retried.size).toBe(30);
      expect([...retried.values()].every((n) => n === 2)).toBe(true);
      const rows = await one.dataSource.query(
        `SELECT status, attempts, count(*)::int AS n FROM webhook_deliveries WHERE company_id = $1 GROUP BY status, attempts`,
        [b.companyId],
      );
      expect(rows).toEqual([{ status: 'PENDING', attempts: 2, n: 30 }]);
    });
  });
});
