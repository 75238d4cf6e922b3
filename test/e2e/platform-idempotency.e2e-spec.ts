import request from 'supertest';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { FailingController, FailingModule } from '../support/failing.module';
import { IdempotencyService, IDEMPOTENCY_ABANDONED_MS, IDEMPOTENCY_RETENTION_MS } from '../../src/platform/idempotency/idempotency.service';
import { usd } from '../support/fixtures';
import { useWholeDatabase } from '../support/whole-database';

// the idempotency purge deletes every company's expired keys (see whole-database.ts): alone on the database
useWholeDatabase();

describe('idempotency', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const clock = new FixedClock(new Date('2026-03-01T12:00:00.000Z'));
  const ent = (key: string) => ({ key, name: 'Idem', type: 'BOOL', aggregator_type: 'OR' });
  const count = async (tenant: Tenant, key: string) =>
    (await tenant.post('/entitlements/find', { query: { key }, include_meta: true }).expect(200)).body.pagination.total;

  beforeAll(async () => {
    t = await createTestApp({ clock, imports: [FailingModule] });
    a = await t.tenant();
    b = await t.tenant();
  });
  afterAll(() => t.close());

  it('replays the first response with Idempotency-Used: true and runs nothing twice', async () => {
    const first = await a.post('/entitlements', ent('idem1')).set('Idempotency-Key', 'key-1').expect(201);
    expect(first.headers['idempotency-used']).toBeUndefined();
    const again = await a.post('/entitlements', ent('idem1')).set('Idempotency-Key', 'key-1').expect(201);
    expect(again.headers['idempotency-used']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await count(a, 'idem1')).toBe(1);
  });

  it('answers 409 idempotency_key_reused for the same key with another body, path or method', async () => {
    await a.post('/entitlements', ent('idem2')).set('Idempotency-Key', 'key-2').expect(201);
    expectError(
      await a.post('/entitlements', ent('idem2-other')).set('Idempotency-Key', 'key-2').expect(409),
      409,
      'idempotency_error',
      'idempotency_key_reused',
    );
    expectError(
      await a.post('/entitlements/find', {}).set('Idempotency-Key', 'key-2').expect(409),
      409,
      'idempotency_error',
      'idempotency_key_reused',
    );
    expect(await count(a, 'idem2-other')).toBe(0);
  });

  it('scopes keys per company', async () => {
    await a.post('/entitlements', ent('idem3')).set('Idempotency-Key', 'shared').expect(201);
    const res = await b.post('/entitlements', ent('idem3')).set('Idempotency-Key', 'shared').expect(201);
    expect(res.headers['idempotency-used']).toBeUndefined();
    expect(res.body.company_id).toBe(b.companyId);
  });

  it('stores and replays a 4xx', async () => {
    const first = await a.post('/entitlements', { key: 'bad key' }).set('Idempotency-Key', 'key-4xx').expect(400);
    const again = await a.post('/entitlements', { key: 'bad key' }).set('Idempotency-Key', 'key-4xx').expect(400);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotency-used']).toBe('true');
  });

  it('does not store a 5xx, so a retry runs again and can succeed', async () => {
    FailingController.calls = 0;
    const first = await a.post('/__test/flaky', { n: 1 }).set('Idempotency-Key', 'key-5xx').expect(500);
    expectError(first, 500, 'api_error');
    const retry = await a.post('/__test/flaky', { n: 1 }).set('Idempotency-Key', 'key-5xx').expect(201);
    expect(retry.body).toEqual({ ok: true, n: 1, call: 2 });
    const replay = await a.post('/__test/flaky', { n: 1 }).set('Idempotency-Key', 'key-5xx').expect(201);
    expect(replay.headers['idempotency-used']).toBe('true');
    expect(FailingController.calls).toBe(2);
  });

  it('runs exactly one of 20 concurrent requests with one key', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => a.post('/entitlements', ent('idem-concurrent')).set('Idempotency-Key', 'key-concurrent')),
    );
    const created = results.filter((r) => r.status === 201);
    const inUse = results.filter((r) => r.status === 409);
    expect(created.length + inUse.length).toBe(20);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const r of inUse) expectError(r, 409, 'idempotency_error', 'idempotency_key_in_use');
    // every 201 is the same record: the first execution, or its replay
    expect(new Set(created.map((r) => r.body.id)).size).toBe(1);
    expect(created.filter((r) => r.headers['idempotency-used'] !== 'true')).toHaveLength(1);
    expect(await count(a, 'idem-concurrent')).toBe(1);
  });

  it('rejects a key longer than 255 characters or with non-printable characters', async () => {
    expectError(await a.post('/entitlements', ent('idem5')).set('Idempotency-Key', 'k'.repeat(256)).expect(400), 400, 'validation_error');
    expect(await count(a, 'idem5')).toBe(0);
    await a.post('/entitlements', ent('idem5')).set('Idempotency-Key', 'k'.repeat(255)).expect(201);
  });

  it('ignores the header on GET', async () => {
    const created = (await a.post('/entitlements', ent('idem6')).expect(201)).body;
    const res = await a.get(`/entitlements/${created.id}`).set('Idempotency-Key', 'key-1').expect(200);
    expect(res.headers['idempotency-used']).toBeUndefined();
  });

  it('keeps keys 7 days, then forgets them and purges them', async () => {
    await a.post('/entitlements', ent('idem7')).set('Idempotency-Key', 'key-week').expect(201);
    clock.advance(IDEMPOTENCY_RETENTION_MS - 1000);
    const within = await a.post('/entitlements', ent('idem7')).set('Idempotency-Key', 'key-week').expect(201);
    expect(within.headers['idempotency-used']).toBe('true');
    clock.advance(2000);
    // past retention the key is new again: the request runs (and meets the duplicate key)
    expectError(
      await a.post('/entitlements', ent('idem7')).set('Idempotency-Key', 'key-week').expect(409),
      409,
      'request_error',
      'duplicate_key',
    );
    await a.post('/entitlements', ent('idem8')).set('Idempotency-Key', 'key-old').expect(201);
    clock.advance(IDEMPOTENCY_RETENTION_MS + 1000);
    const purged = await t.app.get(IdempotencyService).purgeExpired();
    expect(purged).toBeGreaterThanOrEqual(1);
    const left: { n: string }[] = await t.dataSource.query(
      'SELECT count(*) AS n FROM idempotency_keys WHERE company_id = $1 AND key = $2',
      [a.companyId, 'key-old'],
    );
    expect(Number(left[0].n)).toBe(0);
  });
});

describe('idempotency: retryable errors and answers that cannot be stored', () => {
  let t: TestApp;
  let a: Tenant;
  const clock = new FixedClock(new Date('2026-03-01T12:00:00.000Z'));
  const keyRow = async (tenant: Tenant, key: string) =>
    (
      await t.dataSource.query('SELECT state, response_status FROM idempotency_keys WHERE company_id = $1 AND key = $2', [
        tenant.companyId,
        key,
      ])
    )[0] ?? null;

  beforeAll(async () => {
    t = await createTestApp({ clock, imports: [FailingModule] });
    a = await t.tenant();
  });
  afterAll(() => t.close());

  it.each(['40001', '40P01'])('answers a retryable database error (%s) with a 409 and Retry-After that is not stored', async (code) => {
    FailingController.calls = 0;
    const key = `key-retryable-${code}`;
    const first = await a.post('/__test/retryable', { code }).set('Idempotency-Key', key);
    expectError(first, 409, 'request_error', 'concurrent_update');
    expect(first.headers['retry-after']).toBe('1');
    expect(await keyRow(a, key)).toBeNull();
    // the retry with the same key runs again (it is not the stored 409) and its answer is kept
    const retry = await a.post('/__test/retryable', { code }).set('Idempotency-Key', key).expect(201);
    expect(retry.body).toEqual({ ok: true, call: 2 });
    expect(retry.headers['idempotency-used']).toBeUndefined();
    const replay = await a.post('/__test/retryable', { code }).set('Idempotency-Key', key).expect(201);
    expect(replay.headers['idempotency-used']).toBe('true');
    expect(replay.body).toEqual({ ok: true, call: 2 });
    expect(FailingController.calls).toBe(2);
    expect(await keyRow(a, key)).toEqual({ state: 'done', response_status: 201 });
  });

  describe('when the answer cannot be stored after the handler committed', () => {
    // A real database failure: a trigger refuses to store the answer of keys named fail-store-*.
    beforeAll(async () => {
      await t.dataSource.query(`
        CREATE OR REPLACE FUNCTION tally_test_refuse_answer() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.key LIKE 'fail-store-%' AND NEW.state = 'done' THEN RAISE EXCEPTION 'disk full (test)'; END IF;
          RETURN NEW;
        END $$`);
      await t.dataSource.query('DROP TRIGGER IF EXISTS tally_test_refuse_answer ON idempotency_keys');
      await t.dataSource.query(
        'CREATE TRIGGER tally_test_refuse_answer BEFORE UPDATE ON idempotency_keys FOR EACH ROW EXECUTE FUNCTION tally_test_refuse_answer()',
      );
    });
    afterAll(async () => {
      await t.dataSource.query('DROP TRIGGER IF EXISTS tally_test_refuse_answer ON idempotency_keys');
      await t.dataSource.query('DROP FUNCTION IF EXISTS tally_test_refuse_answer()');
    });

    it('keeps the key (unsettled): a retry gets a 409 and never runs the operation twice', async () => {
      const body = { key: 'unsettled-ent', name: 'Once', type: 'BOOL', aggregator_type: 'OR' };
      const first = await a.post('/entitlements', body).set('Idempotency-Key', 'fail-store-1').expect(201);
      expect(first.body.key).toBe('unsettled-ent');
      expect(await keyRow(a, 'fail-store-1')).toEqual({ state: 'unsettled', response_status: null });
      for (let i = 0; i < 2; i++) {
        const retry = await a.post('/entitlements', body).set('Idempotency-Key', 'fail-store-1');
        expectError(retry, 409, 'idempotency_error', 'idempotency_key_unsettled');
      }
      // still unsettled after the abandoned-request window: never taken over
      clock.advance(60 * 60 * 1000);
      expectError(
        await a.post('/entitlements', body).set('Idempotency-Key', 'fail-store-1'),
        409,
        'idempotency_error',
        'idempotency_key_unsettled',
      );
      const found = await a.post('/entitlements/find', { query: { key: 'unsettled-ent' }, include_meta: true }).expect(200);
      expect(found.body.pagination.total).toBe(1);
    });
  });
});

describe('idempotency: a process that dies around the commit of a request', () => {
  let t: TestApp;
  let a: Tenant;
  const clock = new FixedClock(new Date('2026-03-01T12:00:00.000Z'));
  const keyState = async (key: string) =>
    (await t.dataSource.query('SELECT state FROM idempotency_keys WHERE company_id = $1 AND key = $2', [a.companyId, key]))[0]?.state ??
    null;
  const markPaid = (uuid: string, notes: string, key: string) =>
    a.post(`/invoices/${uuid}/mark_paid`, { amount: usd(300), provider_type: 'WIRE', notes }).set('Idempotency-Key', key);
  const paidOf = async (uuid: string) => (await a.get(`/invoices/${uuid}`).expect(200)).body.paid.value_in_cents;

  async function pendingInvoice(cents: number) {
    const customer = (await a.post('/customers', { name: 'Once Co', email: `once-${cents}@example.com` }).expect(201)).body;
    const res = await a
      .post('/one_times', {
        customer_id: customer.id,
        type: 'IMMEDIATE',
        onetime_items: [{ custom_price: { amount: usd(cents), description: 'Work' } }],
      })
      .expect(201);
    return res.body[0].invoice_uuid as string;
  }

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant();
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  it('settles the key with the effect: killed before its answer is stored, a retry after the takeover time never pays twice', async () => {
    const uuid = await pendingInvoice(1000);
    // the payment commits, then the process dies before the answer is stored
    jest.spyOn(t.app.get(IdempotencyService), 'completeAfterCommit').mockResolvedValueOnce(undefined);
    await markPaid(uuid, 'wire once', 'pay-once').expect(200);
    expect(await keyState('pay-once')).toBe('committed');
    expect(await paidOf(uuid)).toBe(300);
    // within the window the request may still be answering: told so, never run again
    expectError(await markPaid(uuid, 'wire once', 'pay-once'), 409, 'idempotency_error', 'idempotency_key_in_use');

    clock.advance(IDEMPOTENCY_ABANDONED_MS + 60_000);
    for (let i = 0; i < 2; i++) {
      expectError(await markPaid(uuid, 'wire once', 'pay-once'), 409, 'idempotency_error', 'idempotency_key_unsettled');
    }
    expect(await paidOf(uuid)).toBe(300);
    const txns: { n: string }[] = await t.dataSource.query(
      `SELECT count(*) AS n FROM payment_transactions WHERE company_id = $1 AND invoice_uuid = $2`,
      [a.companyId, uuid],
    );
    expect(Number(txns[0].n)).toBe(1);
  });

  it('settles the key of a request whose effect is one statement outside a transaction the same way', async () => {
    // creating an entitlement is a single INSERT: it is run in a transaction that also settles the key
    const body = { key: 'lone-insert', name: 'Lone', type: 'BOOL', aggregator_type: 'OR' };
    jest.spyOn(t.app.get(IdempotencyService), 'completeAfterCommit').mockResolvedValueOnce(undefined);
    await a.post('/entitlements', body).set('Idempotency-Key', 'lone-insert').expect(201);
    expect(await keyState('lone-insert')).toBe('committed');
    clock.advance(IDEMPOTENCY_ABANDONED_MS + 60_000);
    expectError(
      await a.post('/entitlements', body).set('Idempotency-Key', 'lone-insert'),
      409,
      'idempotency_error',
      'idempotency_key_unsettled',
    );
    const found = await a.post('/entitlements/find', { query: { key: 'lone-insert' }, include_meta: true }).expect(200);
    expect(found.body.pagination.total).toBe(1);
    // a refused lone write (the duplicate key) rolls back with its transaction: the key is not settled, its 409 is stored
    expectError(await a.post('/entitlements', body).set('Idempotency-Key', 'lone-dup'), 409, 'request_error', 'duplicate_key');
    expect(await keyState('lone-dup')).toBe('done');
  });

  it('lets a request that rolled back be taken over once abandoned, and runs it once', async () => {
    const uuid = await pendingInvoice(1000);
    // the payment's transaction fails after its writes (rolled back), then the process dies before releasing the key
    await t.dataSource.query(`
      CREATE OR REPLACE FUNCTION tally_test_refuse_payment() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'crash (test)'; END $$`);
    await t.dataSource.query(
      `CREATE TRIGGER tally_test_refuse_payment BEFORE UPDATE ON invoices FOR EACH ROW
       WHEN (NEW.uuid = '${uuid}') EXECUTE FUNCTION tally_test_refuse_payment()`,
    );
    jest.spyOn(t.app.get(IdempotencyService), 'release').mockResolvedValueOnce(undefined);
    try {
      expectError(await markPaid(uuid, 'wire retried', 'pay-rolled-back'), 500, 'api_error');
    } finally {
      await t.dataSource.query('DROP TRIGGER IF EXISTS tally_test_refuse_payment ON invoices');
      await t.dataSource.query('DROP FUNCTION IF EXISTS tally_test_refuse_payment()');
    }
    expect(await keyState('pay-rolled-back')).toBe('running');
    expect(await paidOf(uuid)).toBe(0);

    // within the window the key still belongs to the dead request
    expectError(await markPaid(uuid, 'wire retried', 'pay-rolled-back'), 409, 'idempotency_error', 'idempotency_key_in_use');
    clock.advance(IDEMPOTENCY_ABANDONED_MS + 60_000);
    const taken = await markPaid(uuid, 'wire retried', 'pay-rolled-back').expect(200);
    expect(taken.headers['idempotency-used']).toBeUndefined();
    const replay = await markPaid(uuid, 'wire retried', 'pay-rolled-back').expect(200);
    expect(replay.headers['idempotency-used']).toBe('true');
    expect(await paidOf(uuid)).toBe(300);
    expect(await keyState('pay-rolled-back')).toBe('done');
  });
});

describe('idempotency: answers that show a secret', () => {
  let t: TestApp;
  let a: Tenant;
  const clock = new FixedClock(new Date('2026-03-01T12:00:00.000Z'));
  const stored = async (key: string) =>
    (
      await t.dataSource.query('SELECT response_body::text AS body FROM idempotency_keys WHERE company_id = $1 AND key = $2', [
        a.companyId,
        key,
      ])
    )[0]?.body as string;
  const pathOf = (url: string) => new URL(url).pathname;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant();
  });
  afterAll(() => t.close());

  it('never stores a webhook secret: a replay of create or rotate_secret answers it redacted', async () => {
    const body = { url: 'https://example.com/hooks/idem' };
    const first = await a.post('/webhooks', body).set('Idempotency-Key', 'hook-create').expect(201);
    expect(first.body.secret).toMatch(/^whsec_/);
    expect(first.body.secret_redacted).toBeUndefined();
    expect(await stored('hook-create')).not.toContain(first.body.secret.slice(6));

    const replay = await a.post('/webhooks', body).set('Idempotency-Key', 'hook-create').expect(201);
    expect(replay.headers['idempotency-used']).toBe('true');
    expect(replay.body).toEqual({ ...first.body, secret: null, secret_redacted: true });
    const found = await a.post('/webhooks/find', { include_meta: true }).expect(200);
    expect(found.body.pagination.total).toBe(1);

    const rotated = await a.post(`/webhooks/${first.body.id}/rotate_secret`, {}).set('Idempotency-Key', 'hook-rotate').expect(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(first.body.secret);
    expect(await stored('hook-rotate')).not.toContain(rotated.body.secret.slice(6));
    const again = await a.post(`/webhooks/${first.body.id}/rotate_secret`, {}).set('Idempotency-Key', 'hook-rotate').expect(200);
    expect(again.headers['idempotency-used']).toBe('true');
    expect(again.body).toMatchObject({ id: first.body.id, secret: null, secret_redacted: true });
  });

  it('never stores a portal link: a repeat issues a fresh link, and both open the page', async () => {
    const customer = (await a.post('/customers', { name: 'Linked', email: 'linked@example.com' }).expect(201)).body;
    const first = await a.post(`/customer_dashboards/${customer.id}/portal`, {}).set('Idempotency-Key', 'portal-1').expect(200);
    const secret = pathOf(first.body.url).split('/').pop()!;
    expect(secret).toMatch(new RegExp(`^${a.companyId}_[A-Za-z0-9_-]{43}$`));
    const row = await stored('portal-1');
    expect(row).not.toContain(secret.slice(31));
    expect(JSON.parse(row)).toMatchObject({ url: null, link: null, secret_redacted: true });

    clock.advance(60_000);
    const repeat = await a.post(`/customer_dashboards/${customer.id}/portal`, {}).set('Idempotency-Key', 'portal-1').expect(200);
    expect(repeat.headers['idempotency-used']).toBe('true');
    expect(repeat.body).toEqual({ url: expect.any(String), link: repeat.body.url, expires_at: expect.any(String) });
    expect(repeat.body.url).not.toBe(first.body.url);
    expect(await stored('portal-1')).toBe(row);
    for (const url of [first.body.url, repeat.body.url]) await request(t.http).get(pathOf(url)).expect(200);
    // the same key with another customer is still refused
    const other = (await a.post('/customers', { name: 'Other', email: 'other@example.com' }).expect(201)).body;
    expectError(
      await a.post(`/customer_dashboards/${other.id}/portal`, {}).set('Idempotency-Key', 'portal-1'),
      409,
      'idempotency_error',
      'idempotency_key_reused',
    );
  });
});
