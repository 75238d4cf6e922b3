import * as os from 'node:os';
import request from 'supertest';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { loadConfig } from '../../src/platform/config/config';
import { expectError } from '../support/errors';
import { ISO, ok } from '../support/fixtures';

/**
 * Webhook endpoints: create (the secret shown once), get, find, update, delete, rotate_secret,
 * the 400s of bad input, and company isolation of every route. Delivery is off in this file
 * (the test app's default): deliveries stay PENDING. The clock is fixed far ahead, so that the
 * webhook workers of other test files (whose clocks are earlier) never find these deliveries due.
 */
const FAR = new Date('2090-01-01T00:00:00.000Z');
describe('webhook endpoints', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;

  beforeAll(async () => {
    t = await createTestApp({ clock: new FixedClock(FAR) });
    a = await t.tenant('Webhooks A');
    b = await t.tenant('Webhooks B');
  });
  afterAll(() => t.close());

  const create = async (tenant: Tenant, body: Record<string, unknown> = {}) =>
    ok(await tenant.post('/webhooks', { url: 'https://example.com/hooks', ...body }), 201);

  it('create answers 201 with the secret, which no other read shows', async () => {
    const w = await create(a, { event_types: ['invoice.paid', 'customer.created', 'invoice.paid'], description: 'books' });
    expect(w).toEqual({
      id: expect.stringMatching(/^whk_[0-9a-z]{26}$/),
      url: 'https://example.com/hooks',
      event_types: ['invoice.paid', 'customer.created'],
      description: 'books',
      status: 'ENABLED',
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      created_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
    });
    expect(Buffer.from(w.secret.slice(6), 'base64')).toHaveLength(32);
    const got = await ok(await a.get(`/webhooks/${w.id}`));
    expect(got).toEqual({ ...w, secret: undefined });
    expect('secret' in got).toBe(false);
    const found = await ok(await a.post('/webhooks/find', { query: { search: 'books' } }));
    expect(found.results.map((r: { id: string }) => r.id)).toEqual([w.id]);
    expect('secret' in found.results[0]).toBe(false);
  });

  it('event_types omitted, null or empty mean every type (stored as [])', async () => {
    expect((await create(a)).event_types).toEqual([]);
    expect((await create(a, { event_types: null })).event_types).toEqual([]);
    expect((await create(a, { event_types: [] })).event_types).toEqual([]);
  });

  it('PATCH changes url, event_types, description and status; only what is given', async () => {
    const w = await create(a, { description: 'keep' });
    const patched = await ok(await a.patch(`/webhooks/${w.id}`, { status: 'DISABLED', event_types: ['payment.failed'] }));
    expect(patched).toMatchObject({ status: 'DISABLED', event_types: ['payment.failed'], description: 'keep', url: w.url });
    const again = await ok(
      await a.patch(`/webhooks/${w.id}`, { url: 'http://hooks.internal:8080/in', description: null, event_types: null }),
    );
    expect(again).toMatchObject({ status: 'DISABLED', event_types: [], description: null, url: 'http://hooks.internal:8080/in' });
    expect(await ok(await a.get(`/webhooks/${w.id}`))).toEqual(again);
  });

  it('find filters by status, paginates and sorts', async () => {
    const c = await t.tenant('Webhooks find');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create(c, { description: `n${i}` })).id);
    await ok(await c.patch(`/webhooks/${ids[1]}`, { status: 'DISABLED' }));
    const disabled = await ok(await c.post('/webhooks/find', { query: { status: 'DISABLED' } }));
    expect(disabled.results.map((r: { id: string }) => r.id)).toEqual([ids[1]]);
    const first = await ok(await c.post('/webhooks/find', { sort_key: 'createdAtAsc', pagination: { limit: 2 }, include_meta: true }));
    expect(first.results.map((r: { id: string }) => r.id)).toEqual(ids.slice(0, 2));
    expect(first.pagination.total).toBe(3);
    const next = await ok(
      await c.post('/webhooks/find', { sort_key: 'createdAtAsc', pagination: { limit: 2, from_key: first.pagination.from_key } }),
    );
    expect(next.results.map((r: { id: string }) => r.id)).toEqual([ids[2]]);
  });

  it('rotate_secret answers a new secret (shown there only); GET still hides it', async () => {
    const w = await create(a);
    const rotated = await ok(await a.post(`/webhooks/${w.id}/rotate_secret`));
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(w.secret);
    expect('secret' in (await ok(await a.get(`/webhooks/${w.id}`)))).toBe(false);
  });

  it('DELETE answers the endpoint, then it is gone (404), with its deliveries', async () => {
    const w = await create(a);
    const delivery = await ok(await a.post(`/webhooks/${w.id}/test`));
    expect(delivery).toMatchObject({ webhook_id: w.id, event_type: 'webhook.test', status: 'PENDING', attempts: 0 });
    expect(await ok(await a.delete(`/webhooks/${w.id}`))).toMatchObject({ id: w.id });
    expectError(await a.get(`/webhooks/${w.id}`), 404, 'request_error', 'not_found');
    expectError(await a.post(`/webhooks/${w.id}/deliveries/find`, {}), 404, 'request_error', 'not_found');
    const left = await t.dataSource.query('SELECT count(*)::int AS n FROM webhook_deliveries WHERE company_id = $1 AND endpoint_id = $2', [
      a.companyId,
      w.id,
    ]);
    expect(left[0].n).toBe(0);
  });

  it('test plans a webhook.test delivery for that endpoint only, whatever its types; 409 when DISABLED', async () => {
    const c = await t.tenant('Webhooks test event');
    const target = await create(c, { event_types: ['invoice.paid'] });
    const other = await create(c);
    const d = await ok(await c.post(`/webhooks/${target.id}/test`));
    expect(d).toEqual({
      id: expect.stringMatching(/^whd_[0-9a-z]{26}$/),
      webhook_id: target.id,
      event_id: expect.stringMatching(/^evt_/),
      event_type: 'webhook.test',
      status: 'PENDING',
      attempts: 0,
      next_attempt_at: expect.stringMatching(ISO),
      last_attempt_at: null,
      last_status_code: null,
      last_error: null,
      last_duration_ms: null,
      created_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
    });
    const mine = await ok(await c.post(`/webhooks/${target.id}/deliveries/find`, {}));
    expect(mine.results.map((r: { id: string }) => r.id)).toEqual([d.id]);
    expect((await ok(await c.post(`/webhooks/${other.id}/deliveries/find`, {}))).results).toEqual([]);
    const [event] = await t.dataSource.query('SELECT type, data FROM webhook_events WHERE company_id = $1 AND id = $2', [
      c.companyId,
      d.event_id,
    ]);
    expect(event.type).toBe('webhook.test');
    expect(event.data.object).toEqual(await ok(await c.get(`/webhooks/${target.id}`)));
    await ok(await c.patch(`/webhooks/${target.id}`, { status: 'DISABLED' }));
    expectError(await c.post(`/webhooks/${target.id}/test`), 409, 'request_error', 'invalid_state');
  });

  it('deliveries/find filters by status, event_type and event_id; retry makes the next attempt due now', async () => {
    const c = await t.tenant('Webhooks deliveries');
    const w = await create(c);
    const d1 = await ok(await c.post(`/webhooks/${w.id}/test`));
    const d2 = await ok(await c.post(`/webhooks/${w.id}/test`));
    const byEvent = await ok(await c.post(`/webhooks/${w.id}/deliveries/find`, { query: { event_id: d2.event_id } }));
    expect(byEvent.results.map((r: { id: string }) => r.id)).toEqual([d2.id]);
    const pending = await ok(
      await c.post(`/webhooks/${w.id}/deliveries/find`, { query: { status: 'PENDING', event_type: 'webhook.test' } }),
    );
    expect(pending.results.map((r: { id: string }) => r.id)).toEqual([d2.id, d1.id]);
    expect((await ok(await c.post(`/webhooks/${w.id}/deliveries/find`, { query: { status: 'FAILED' } }))).results).toEqual([]);
    const retried = await ok(await c.post(`/webhooks/${w.id}/deliveries/${d1.id}/retry`));
    expect(retried).toMatchObject({ id: d1.id, status: 'PENDING' });
    expectError(await c.post(`/webhooks/${w.id}/deliveries/whd_01kaaaaaaaaaaaaaaaaaaaaaaa/retry`), 404, 'request_error', 'not_found');
    const other = await create(c);
    expectError(await c.post(`/webhooks/${other.id}/deliveries/${d1.id}/retry`), 404, 'request_error', 'not_found');
  });

  it.each([
    [{}, 'url'],
    [{ url: '' }, 'url'],
    [{ url: 42 }, 'url'],
    [{ url: 'example.com/hooks' }, 'url'],
    [{ url: 'ftp://example.com/hooks' }, 'url'],
    [{ url: 'javascript:alert(1)' }, 'url'],
    [{ url: `https://example.com/${'a'.repeat(2100)}` }, 'url'],
    [{ url: 'https://example.com/', event_types: ['invoice.exploded'] }, 'event_types'],
    [{ url: 'https://example.com/', event_types: 'invoice.paid' }, 'event_types'],
    [{ url: 'https://example.com/', description: 'x'.repeat(1025) }, 'description'],
    [{ url: 'https://example.com/', status: 'DISABLED' }, 'status'],
    [{ url: 'https://example.com/', secret: 'whsec_mine' }, 'secret'],
  ])('create: bad body #%# is a 400 naming the field', async (body, field) => {
    const res = await a.post('/webhooks', body);
    const err = expectError(res, 400, 'validation_error');
    expect(
      Object.keys(err.validation_errors ?? {}).some((k) => k === field || k.startsWith(`${field}.`) || k.startsWith(`${field}[`)),
    ).toBe(true);
  });

  it.each([
    [{ status: 'PAUSED' }, 'status'],
    [{ url: 'mailto:ops@example.com' }, 'url'],
    [{ url: null }, 'url'],
    [{ event_types: ['customer.created', 'nope'] }, 'event_types'],
  ])('PATCH with %j is a 400 naming %s, and changes nothing', async (body, field) => {
    const w = await create(a);
    const err = expectError(await a.patch(`/webhooks/${w.id}`, body), 400, 'validation_error');
    expect(Object.keys(err.validation_errors ?? {}).some((k) => k === field || k.startsWith(field))).toBe(true);
    expect(await ok(await a.get(`/webhooks/${w.id}`))).toEqual({ ...w, secret: undefined });
  });

  it('rotate_secret, test and retry take no body fields (400)', async () => {
    const w = await create(a);
    const d = await ok(await a.post(`/webhooks/${w.id}/test`, {}));
    expectError(await a.post(`/webhooks/${w.id}/rotate_secret`, { secret: 'whsec_mine' }), 400, 'validation_error');
    expectError(await a.post(`/webhooks/${w.id}/test`, { type: 'invoice.paid' }), 400, 'validation_error');
    expectError(await a.post(`/webhooks/${w.id}/deliveries/${d.id}/retry`, { at: 'now' }), 400, 'validation_error');
  });

  it('find rejects unknown filters and sort keys (400)', async () => {
    expectError(await a.post('/webhooks/find', { query: { url: 'x' } }), 400, 'validation_error');
    expectError(await a.post('/webhooks/find', { sort_key: 'urlAsc' }), 400, 'validation_error');
    const w = await create(a);
    expectError(await a.post(`/webhooks/${w.id}/deliveries/find`, { query: { status: 'LOST' } }), 400, 'validation_error');
  });

  it("company isolation: every route answers 404 for another company's endpoint and delivery", async () => {
    const w = await create(a);
    const d = await ok(await a.post(`/webhooks/${w.id}/test`));
    const before = await ok(await a.get(`/webhooks/${w.id}`));
    expectError(await b.get(`/webhooks/${w.id}`), 404, 'request_error', 'not_found');
    expectError(await b.patch(`/webhooks/${w.id}`, { status: 'DISABLED' }), 404, 'request_error', 'not_found');
    expectError(await b.delete(`/webhooks/${w.id}`), 404, 'request_error', 'not_found');
    expectError(await b.post(`/webhooks/${w.id}/rotate_secret`), 404, 'request_error', 'not_found');
    expectError(await b.post(`/webhooks/${w.id}/test`), 404, 'request_error', 'not_found');
    expectError(await b.post(`/webhooks/${w.id}/deliveries/find`, {}), 404, 'request_error', 'not_found');
    expectError(await b.post(`/webhooks/${w.id}/deliveries/${d.id}/retry`), 404, 'request_error', 'not_found');
    const bw = await create(b);
    expectError(await b.post(`/webhooks/${bw.id}/deliveries/${d.id}/retry`), 404, 'request_error', 'not_found');
    expect((await ok(await b.post('/webhooks/find', {}))).results.map((r: { id: string }) => r.id)).toEqual([bw.id]);
    // B's token on A's company path: 403, as everywhere
    const res = await request(t.http).get(`${a.base}/webhooks/${w.id}`).set('Authorization', `Bearer ${b.token}`);
    expectError(res, 403, 'auth_error');
    expect(await ok(await a.get(`/webhooks/${w.id}`))).toEqual(before);
  });

  it('ids of the wrong shape are 404s', async () => {
    expectError(await a.get('/webhooks/cus_01kaaaaaaaaaaaaaaaaaaaaaaa'), 404, 'request_error', 'not_found');
    expectError(await a.get('/webhooks/whk_nope'), 404, 'request_error', 'not_found');
  });
});

describe('webhook endpoints: blocked addresses (on PostgreSQL, with TALLY_WEBHOOK_ALLOWED_HOSTS)', () => {
  let t: TestApp;
  let a: Tenant;

  beforeAll(async () => {
    // as loadConfig sets it wherever DATABASE_URL is set, with the tests' allowed host and one name
    t = await createTestApp({
      clock: new FixedClock(FAR),
      config: { webhookBlockPrivate: true, webhookAllowedHosts: ['127.0.0.1', 'hooks.internal'] },
    });
    a = await t.tenant('Webhooks shared hosting');
  });
  afterAll(() => t.close());

  it('is on by default wherever Tally runs on PostgreSQL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@db:5432/tally' }).webhookBlockPrivate).toBe(true);
  });

  it.each([
    'http://127.0.0.2:9/x',
    'http://10.0.0.5/x',
    'http://[::1]/x',
    'http://localhost:3000/x',
    'http://169.254.169.254/latest',
    'http://192.0.2.10/doc',
    'http://[2001:db8::1]/doc',
    'http://[fe80::1]/x',
    'http://[::ffff:127.0.0.1]/mapped',
    'http://[::ffff:7f00:1]/mapped-hex',
    'http://[::127.0.0.1]/compatible',
    'http://[::ffff:0:127.0.0.1]/siit',
    'http://[64:ff9b::127.0.0.1]/nat64',
    'http://[64:ff9b::a9fe:a9fe]/nat64-metadata',
    'http://[2002:7f00:1::]/6to4',
    'http://2130706434/decimal',
    'http://0x7f000002/hex',
    `http://${os.hostname()}:8080/resolves-to-loopback`,
  ])('%s is refused with a 400 naming url', async (url) => {
    const err = expectError(await a.post('/webhooks', { url }), 400, 'validation_error');
    expect(Object.keys(err.validation_errors ?? {})).toEqual(['url']);
    expect(err.validation_errors!.url).toContain('loopback, private, link-local or reserved');
  });

  it('an update to a blocked URL is refused too, and the endpoint keeps its URL', async () => {
    const w = await ok(await a.post('/webhooks', { url: 'https://93.184.215.14/hooks' }), 201);
    const err = expectError(await a.patch(`/webhooks/${w.id}`, { url: 'http://10.1.2.3/x' }), 400, 'validation_error');
    expect(err.validation_errors).toHaveProperty('url');
    expect((await ok(await a.get(`/webhooks/${w.id}`))).url).toBe('https://93.184.215.14/hooks');
  });

  it.each([
    'https://93.184.215.14/hooks',
    'https://[2606:4700::1111]/hooks',
    // the allowed hosts, exactly as listed
    'http://127.0.0.1:9/x',
    'http://hooks.internal:8080/in',
    // a name that does not resolve (yet): each attempt checks the address it connects to
    'https://not-yet.example.invalid/hooks',
  ])('%s is accepted', async (url) => {
    await ok(await a.post('/webhooks', { url }), 201);
  });
});
