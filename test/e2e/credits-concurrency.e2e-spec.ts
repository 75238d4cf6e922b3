import { createTestApp, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { expectBooksBalanced } from '../support/audit';
import { usd, createCustomer } from '../support/fixtures';

/**
 * Concurrent consumption that tries to overdraw. On the real PostgreSQL (DATABASE_URL) the
 * requests run in parallel transactions and race for the same rows; on the embedded database
 * they are serialised, so there the test only checks the arithmetic.
 */
describe('credits: concurrent consumption never overdraws', () => {
  let t: TestApp;
  let a: Tenant;

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.tenant('Concurrency');
  });
  afterAll(() => t.close());
  afterEach(() => expectBooksBalanced(t));

  const grant = async (body: Record<string, unknown>) => {
    const res = await a.post('/credits', { name: 'Prepaid', ...body });
    if (res.status !== 201) throw new Error(`POST /credits: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  it('20 concurrent consumes of 100 against 1,000 in three credits: exactly 10 succeed, the balance ends at 0', async () => {
    const c = await createCustomer(a, { name: 'race-amount' });
    const credits = [
      await grant({ customer_id: c.id, type: 'AMOUNT', amount: usd(300) }),
      await grant({ customer_id: c.id, type: 'AMOUNT', amount: usd(300) }),
      await grant({ customer_id: c.id, type: 'AMOUNT', amount: usd(400) }),
    ];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        a.post('/credits/consume', { customer_id: c.id, type: 'AMOUNT', amount: usd(100), note: `race ${i}` }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    for (const r of refused) expectError(r, 400, 'request_error', 'insufficient_credit');
    expect(ok).toHaveLength(10);
    expect(ok.reduce((s, r) => s + r.body.consumed_amount.value_in_cents, 0)).toBe(1000);
    for (const credit of credits) {
      expect((await a.get(`/credits/${credit.id}`).expect(200)).body).toMatchObject({ state: 'CONSUMED', amount: usd(0) });
    }
    const logs = await a
      .post('/credits/logs/find', { query: { customer_id: c.id, action_type: 'CONSUMED' }, pagination: { limit: 100 } })
      .expect(200);
    expect(logs.body.results.reduce((s: number, l: any) => s + l.amount_applied.value_in_cents, 0)).toBe(1000);
    // every successful request's logs are its own, and add up to what it consumed
    for (const r of ok) expect(r.body.logs.reduce((s: number, l: any) => s + l.amount_applied.value_in_cents, 0)).toBe(100);
  });

  it('20 concurrent consumes of varied amounts: what succeeds adds up to exactly what it took, never below zero', async () => {
    const c = await createCustomer(a, { name: 'race-varied' });
    await grant({ customer_id: c.id, type: 'AMOUNT', amount: usd(500) });
    await grant({ customer_id: c.id, type: 'AMOUNT', amount: usd(250), expiration_date: '2099-01-01T00:00:00.000Z' });
    const asks = Array.from({ length: 20 }, (_, i) => 37 + ((i * 53) % 90)); // 37..126 cents, 20 asks, ~1,600 in all
    const results = await Promise.all(asks.map((v) => a.post('/credits/consume', { customer_id: c.id, type: 'AMOUNT', amount: usd(v) })));
    const consumed = results.filter((r) => r.status === 200).reduce((s, r) => s + r.body.consumed_amount.value_in_cents, 0);
    for (const r of results.filter((x) => x.status !== 200)) expectError(r, 400, 'request_error', 'insufficient_credit');
    const found = await a.post('/credits/find', { query: { customer_id: c.id } }).expect(200);
    const left = found.body.results.reduce((s: number, x: any) => s + x.amount.value_in_cents, 0);
    expect(left).toBeGreaterThanOrEqual(0);
    expect(consumed + left).toBe(750);
    // whatever is left is less than every refused ask (a refused request saw too little)
    for (const [i, r] of results.entries()) if (r.status !== 200) expect(left).toBeLessThan(asks[i]);
  });

  it('20 concurrent unit consumes against 12 units: exactly 12 succeed', async () => {
    const c = await createCustomer(a, { name: 'race-units' });
    const item = (await a.post('/billable_items', { name: 'Race item', type: 'CUSTOM_USAGE' }).expect(200)).body;
    const u1 = await grant({ customer_id: c.id, type: 'UNITS', units: 5, item_id: item.id });
    const u2 = await grant({ customer_id: c.id, type: 'UNITS', units: 7, item_id: item.id });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => a.post('/credits/consume', { customer_id: c.id, type: 'UNITS', units: 1, item_id: item.id })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(12);
    for (const r of results.filter((x) => x.status !== 200)) expectError(r, 400, 'request_error', 'insufficient_credit');
    for (const u of [u1, u2]) expect((await a.get(`/credits/${u.id}`).expect(200)).body).toMatchObject({ state: 'CONSUMED', units: 0 });
  });

  it('concurrent revokes and consumes of one credit: one revoke wins, consumption never exceeds what was there', async () => {
    const c = await createCustomer(a, { name: 'race-revoke' });
    const credit = await grant({ customer_id: c.id, type: 'AMOUNT', amount: usd(1000) });
    const calls = [
      ...Array.from({ length: 5 }, () => a.delete(`/credits/${credit.id}`)),
      ...Array.from({ length: 10 }, () => a.post('/credits/consume', { customer_id: c.id, type: 'AMOUNT', amount: usd(150) })),
    ];
    const results = await Promise.all(calls);
    const revokes = results.slice(0, 5);
    const consumes = results.slice(5);
    expect(revokes.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of revokes.filter((x) => x.status !== 200)) expectError(r, 409, 'request_error', 'invalid_state');
    const consumed = consumes.filter((r) => r.status === 200).length * 150;
    const logs = (
      await a
        .post('/credits/logs/find', { query: { credit_id: credit.id }, sort_key: 'createdAtAsc', pagination: { limit: 100 } })
        .expect(200)
    ).body.results;
    const revoked = logs.filter((l: any) => l.action_type === 'REVOKED');
    expect(revoked).toHaveLength(1);
    expect(consumed + revoked[0].amount_applied.value_in_cents).toBe(1000);
    expect((await a.get(`/credits/${credit.id}`).expect(200)).body).toMatchObject({ state: 'REVOKED', amount: usd(0) });
  });
});
