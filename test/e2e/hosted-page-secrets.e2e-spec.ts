/**
 * Hosted page links (invoice page and PDF, checkout page, contract signing page) are derived
 * from the page key and a nonce kept on the record; the tables hold only the secret's hash.
 * Reads show the same link every time and on every instance sharing the key; a link handed
 * out before secrets were derived (a plaintext row) keeps opening after the migration.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import type { QueryRunner } from 'typeorm';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { createCustomer, createPricing, createProduct, monthlySeatPricing, ok, seatPricing5800 } from '../support/fixtures';
import { hashPageSecret, resolvePageKey } from '../../src/platform/hosted-pages/page-secrets';
import { newPageToken } from '../../src/platform/hosted-pages/token';
import { InvoicePageSecretHash1700000017410 } from '../../src/invoicing/migrations/1700000017410-invoice-page-secret-hash';
import { CheckoutTokenHash1700000017420 } from '../../src/checkout/migrations/1700000017420-checkout-token-hash';
import { SigningTokenHash1700000017430 } from '../../src/contracts/migrations/1700000017430-signing-token-hash';

const NOW = '2031-05-01T09:00:00.000Z';
const KEY = 'a-page-key-for-tests-'.padEnd(48, 'x');

const secretOf = (link: string) => /\/(cmp_[0-9a-z]{26}_[A-Za-z0-9_-]{43})(\/pdf)?$/.exec(new URL(link).pathname)![1];
const pathOf = (link: string) => new URL(link).pathname;

/** Every value of a row, as text: none may equal or contain a secret. */
async function rowText(t: TestApp, sql: string, params: unknown[]): Promise<string> {
  const rows = await t.dataSource.query(sql, params);
  expect(rows).toHaveLength(1);
  return Object.values(rows[0] as Record<string, unknown>)
    .map((v) => (v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v)))
    .join('\n');
}

function expectNoSecret(text: string, link: string): void {
  const secret = secretOf(link);
  expect(text).not.toContain(secret);
  expect(text).not.toContain(secret.slice(secret.length - 43)); // nor its random part alone
  expect(text).toContain(hashPageSecret(secret)); // the hash is what is kept
}

describe('hosted page secrets are stored as hashes', () => {
  let t: TestApp;
  let t2: TestApp; // a second instance on the same database, without TALLY_PAGE_KEY
  let a: Tenant;
  let b: Tenant;
  const clock = new FixedClock(new Date(NOW));
  let pricing: any;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ clock, config: { pageKey: null } });
    t2 = await createTestApp({ clock, config: { pageKey: null } });
    a = await t.tenant('Page Secrets Co');
    b = await t.tenant('Other Co');
    const product = await createProduct(a, { name: 'Platform' });
    pricing = await createPricing(a, seatPricing5800(product.id));
  });
  afterAll(async () => {
    await t2.close();
    await t.close();
  });

  async function pendingInvoice(tenant: Tenant) {
    const c = await createCustomer(tenant);
    const res = await tenant
      .post('/one_times', {
        customer_id: c.id,
        type: 'IMMEDIATE',
        onetime_items: [{ aggregate: 1, custom_price: { amount: { currency: 'USD', value_in_cents: 1250 }, description: 'Setup' } }],
      })
      .expect(201);
    return (await tenant.get(`/invoices/${res.body[0].invoice_uuid}`).expect(200)).body;
  }
  const invoiceRow = (tenant: Tenant, uuid: string) =>
    rowText(t, 'SELECT * FROM invoices WHERE company_id = $1 AND uuid = $2', [tenant.companyId, uuid]);

  async function checkout(tenant: Tenant = a) {
    const customer = await createCustomer(tenant);
    return ok(
      await tenant.post('/checkout', {
        type: 'CHECKOUT_SESSION',
        customer_id: customer.id,
        product_pricing_ids: [pricing.id],
        config_items: [{ product_metric_pricing_id: pricing.product_metric_pricings[0].id, num_licenses: 2 }],
      }),
    ) as Promise<{ id: string; url: string }>;
  }

  async function contract() {
    const seats = await monthlySeatPricing(a, (await createProduct(a, { name: `Contracted ${++n}` })).id, `Seats ${n}`, 5800);
    const customer = await ok(await a.post('/customers', { name: `Signer Co ${n}`, email: `s${n}@example.com` }), 201);
    return ok(
      await a.post('/contracts', {
        customer_id: customer.id,
        title: 'Order form',
        status: 'PENDING_SIGNATURES',
        product_pricing_ids: [seats.id],
        config_items: [{ product_metric_pricing_id: seats.product_metric_pricings[0].id, num_licenses: 2 }],
        start_date: '2031-06-01T00:00:00.000Z',
        signatories: [
          { email: 'ceo@buyer.test', name: 'Ada' },
          { email: 'cfo@buyer.test', name: 'Bob' },
        ],
      }),
    );
  }

  it('invoice links: the row holds only the hash; the page opens; reads and instances agree; a wrong secret is 404', async () => {
    const inv = await pendingInvoice(a);
    expect(inv.hosted_link).toMatch(/\/invoices\/pay\/cmp_/);
    expectNoSecret(await invoiceRow(a, inv.uuid), inv.hosted_link);
    await request(t.http).get(pathOf(inv.hosted_link)).expect(200);
    await request(t.http).get(pathOf(inv.pdf_link)).expect(200);
    // the same link on every read, on /link, and on another instance (same key, from platform_keys)
    expect((await a.get(`/invoices/${inv.uuid}`).expect(200)).body.hosted_link).toBe(inv.hosted_link);
    expect((await a.get(`/invoices/${inv.uuid}/link`).expect(200)).body.url).toBe(inv.hosted_link);
    const other = await request(t2.http).get(`${a.base}/invoices/${inv.uuid}`).set('Authorization', `Bearer ${a.token}`).expect(200);
    expect(other.body.hosted_link).toBe(inv.hosted_link);
    await request(t2.http).get(pathOf(inv.hosted_link)).expect(200);
    // a secret of the right shape that is not this invoice's; the same MAC under another company
    const secret = secretOf(inv.hosted_link);
    await request(t.http)
      .get(`/invoices/pay/${a.companyId}_${randomBytes(32).toString('base64url')}`)
      .expect(404);
    await request(t.http)
      .get(`/invoices/pay/${b.companyId}${secret.slice(a.companyId.length)}`)
      .expect(404);
    // marking it paid keeps its link
    const paid = await a
      .post(`/invoices/${inv.uuid}/mark_paid`, { amount: { currency: 'USD', value_in_cents: 1250 }, provider_type: 'WIRE' })
      .expect(200);
    expect(paid.body.hosted_link).toBe(inv.hosted_link);
  });

  it('checkout links: the row holds only the hash; GET shows the same url; the page opens; a wrong token is 404', async () => {
    const s = await checkout();
    expectNoSecret(await rowText(t, 'SELECT * FROM checkout_sessions WHERE company_id = $1 AND id = $2', [a.companyId, s.id]), s.url);
    expect((await ok(await a.get(`/checkout/${s.id}`))).url).toBe(s.url);
    const other = await request(t2.http).get(`${a.base}/checkout/${s.id}`).set('Authorization', `Bearer ${a.token}`).expect(200);
    expect(other.body.url).toBe(s.url);
    await request(t.http).get(pathOf(s.url)).expect(200);
    await request(t2.http).get(pathOf(s.url)).expect(200);
    await request(t.http)
      .get(`/checkout/pay/${a.companyId}_${randomBytes(32).toString('base64url')}`)
      .expect(404);
    await request(t.http)
      .get(`/checkout/pay/${b.companyId}${secretOf(s.url).slice(a.companyId.length)}`)
      .expect(404);
  });

  it('signing links: the row holds only the hash; reads and updates keep the link; the page opens; a wrong token is 404', async () => {
    const c = await contract();
    const link = c.signatories[0].signature_link as string;
    expect(c.signatories[1].signature_link).not.toBe(link);
    expectNoSecret(
      await rowText(t, 'SELECT * FROM contract_signatories WHERE company_id = $1 AND contract_id = $2 AND email_key = $3', [
        a.companyId,
        c.id,
        'ceo@buyer.test',
      ]),
      link,
    );
    expect((await ok(await a.get(`/contracts/${c.id}`))).signatories[0].signature_link).toBe(link);
    const renamed = await ok(await a.patch(`/contracts/${c.id}`, { title: 'Order form (signed copy)' }));
    expect(renamed.signatories[0].signature_link).toBe(link);
    const other = await request(t2.http).get(`${a.base}/contracts/${c.id}`).set('Authorization', `Bearer ${a.token}`).expect(200);
    expect(other.body.signatories[0].signature_link).toBe(link);
    await request(t.http).get(pathOf(link)).expect(200);
    await request(t.http)
      .get(`/contracts/sign/${a.companyId}_${randomBytes(32).toString('base64url')}`)
      .expect(404);
    await request(t.http)
      .get(`/contracts/sign/${b.companyId}${secretOf(link).slice(a.companyId.length)}`)
      .expect(404);
  });

  it('instances configured with the same TALLY_PAGE_KEY show the same links, which open on either', async () => {
    const k1 = await createTestApp({ clock, config: { pageKey: KEY } });
    const k2 = await createTestApp({ clock, config: { pageKey: KEY } });
    try {
      const created = await request(k1.http)
        .post(`${a.base}/checkout`)
        .set('Authorization', `Bearer ${a.token}`)
        .send({
          type: 'CHECKOUT_SESSION',
          customer_id: (await createCustomer(a)).id,
          product_pricing_ids: [pricing.id],
          config_items: [{ product_metric_pricing_id: pricing.product_metric_pricings[0].id, num_licenses: 1 }],
        })
        .expect(200);
      const read = await request(k2.http)
        .get(`${a.base}/checkout/${created.body.id}`)
        .set('Authorization', `Bearer ${a.token}`)
        .expect(200);
      expect(read.body.url).toBe(created.body.url);
      await request(k2.http).get(pathOf(created.body.url)).expect(200);
      // an instance with another key derives another link, which this record's hash does not match
      const elsewhere = (await ok(await a.get(`/checkout/${created.body.id}`))).url;
      expect(elsewhere).not.toBe(created.body.url);
      await request(t.http).get(pathOf(elsewhere)).expect(404);
    } finally {
      await k2.close();
      await k1.close();
    }
  });

  /**
   * Runs a migration on a copy of one record shaped as before it (the plaintext column), in a
   * schema of its own (its `companies` holds only this file's company), then gives the record
   * the columns the migration wrote: the link handed out before must open, and reads show the
   * new derived link, which opens too.
   */
  async function migrateCopy(
    table: string,
    where: string,
    params: unknown[],
    shape: { drop: string[]; plaintext: string; uniqueSql: string },
    migration: { up(q: QueryRunner): Promise<void> },
  ): Promise<{ oldSecret: string; text: string; written: Record<string, unknown> }> {
    const schema = `secrets_${randomBytes(6).toString('hex')}`;
    const client = new Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA ${schema}`);
      await client.query(`SET search_path TO ${schema}, public`);
      await client.query(`CREATE TABLE companies AS SELECT company_id FROM public.companies WHERE company_id = $1`, [a.companyId]);
      await client.query(`CREATE TABLE ${table} (LIKE public.${table} INCLUDING DEFAULTS)`);
      await client.query(`INSERT INTO ${table} SELECT * FROM public.${table} WHERE ${where}`, params);
      await client.query(
        `ALTER TABLE ${table} ${shape.drop.map((c) => `DROP COLUMN ${c}`).join(', ')}, ADD COLUMN ${shape.plaintext} text`,
      );
      await client.query(shape.uniqueSql);
      const oldSecret = newPageToken(a.companyId);
      await client.query(`UPDATE ${table} SET ${shape.plaintext} = $${params.length + 1} WHERE ${where}`, [...params, oldSecret]);
      if (shape.plaintext !== 'link_secret') await client.query(`ALTER TABLE ${table} ALTER COLUMN ${shape.plaintext} SET NOT NULL`);
      const runner = { query: (sql: string, p?: unknown[]) => client.query(sql, p).then((r) => r.rows) } as unknown as QueryRunner;
      await migration.up(runner);
      const columns = (
        await client.query(`SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2`, [
          schema,
          table,
        ])
      ).rows.map((r) => r.column_name);
      expect(columns).not.toContain(shape.plaintext);
      const rows = (await client.query(`SELECT * FROM ${table} WHERE ${where}`, params)).rows;
      expect(rows).toHaveLength(1);
      const text = Object.values(rows[0] as Record<string, unknown>)
        .map((v) => (typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : String(v)))
        .join('\n');
      expect(text).not.toContain(oldSecret);
      const written = Object.fromEntries(shape.drop.map((c) => [c, rows[0][c]]));
      expect(Object.values(written)).toContain(hashPageSecret(oldSecret));
      // the record as the migration left it
      const sets = shape.drop.map((c, i) => `${c} = $${params.length + 1 + i}`).join(', ');
      await t.dataSource.query(`UPDATE public.${table} SET ${sets} WHERE ${where}`, [...params, ...shape.drop.map((c) => written[c])]);
      return { oldSecret, text, written };
    } finally {
      await client.query(`DROP SCHEMA ${schema} CASCADE`).catch(() => undefined);
      // the embedded database serves every connection from one session: its search_path is theirs
      await client.query('RESET search_path').catch(() => undefined);
      await client.end();
    }
  }

  it('an invoice link issued before the migration still opens after it; reads show a new derived link that opens too', async () => {
    const inv = await pendingInvoice(a);
    const where = 'company_id = $1 AND uuid = $2';
    const { oldSecret, written } = await migrateCopy(
      'invoices',
      where,
      [a.companyId, inv.uuid],
      {
        drop: ['link_hash', 'link_nonce', 'link_legacy_hash'],
        plaintext: 'link_secret',
        uniqueSql: 'CREATE UNIQUE INDEX invoices_link_secret ON invoices (company_id, link_secret) WHERE link_secret IS NOT NULL',
      },
      new InvoicePageSecretHash1700000017410(),
    );
    expect(written.link_legacy_hash).toBe(hashPageSecret(oldSecret));
    await request(t.http).get(`/invoices/pay/${oldSecret}`).expect(200);
    await request(t.http).get(`/invoices/pay/${oldSecret}/pdf`).expect(200);
    const now = (await a.get(`/invoices/${inv.uuid}`).expect(200)).body.hosted_link;
    expect(secretOf(now)).not.toBe(oldSecret);
    expect(hashPageSecret(secretOf(now))).toBe(written.link_hash);
    await request(t.http).get(pathOf(now)).expect(200);
    expect((await request(t2.http).get(`${a.base}/invoices/${inv.uuid}`).set('Authorization', `Bearer ${a.token}`)).body.hosted_link).toBe(
      now,
    );
  });

  it('a checkout link and a signing link issued before the migration still open after it', async () => {
    const s = await checkout();
    const { oldSecret: oldCheckout } = await migrateCopy(
      'checkout_sessions',
      'company_id = $1 AND id = $2',
      [a.companyId, s.id],
      {
        drop: ['token_hash', 'token_nonce', 'token_legacy_hash'],
        plaintext: 'token',
        uniqueSql: 'ALTER TABLE checkout_sessions ADD CONSTRAINT checkout_sessions_token_key UNIQUE (company_id, token)',
      },
      new CheckoutTokenHash1700000017420(),
    );
    await request(t.http).get(`/checkout/pay/${oldCheckout}`).expect(200);
    const url = (await ok(await a.get(`/checkout/${s.id}`))).url;
    expect(secretOf(url)).not.toBe(oldCheckout);
    await request(t.http).get(pathOf(url)).expect(200);

    const c = await contract();
    const { oldSecret: oldSigning } = await migrateCopy(
      'contract_signatories',
      'company_id = $1 AND contract_id = $2 AND email_key = $3',
      [a.companyId, c.id, 'ceo@buyer.test'],
      {
        drop: ['signing_hash', 'signing_nonce', 'signing_legacy_hash'],
        plaintext: 'signing_token',
        uniqueSql: 'ALTER TABLE contract_signatories ADD CONSTRAINT contract_signatories_token_key UNIQUE (company_id, signing_token)',
      },
      new SigningTokenHash1700000017430(),
    );
    await request(t.http).get(`/contracts/sign/${oldSigning}`).expect(200);
    const link = (await ok(await a.get(`/contracts/${c.id}`))).signatories[0].signature_link;
    expect(secretOf(link)).not.toBe(oldSigning);
    await request(t.http).get(pathOf(link)).expect(200);
  });

  it('without TALLY_PAGE_KEY on PostgreSQL, instances starting at once generate one key and agree on it', async () => {
    const schema = `keys_${randomBytes(6).toString('hex')}`;
    const clients = [0, 1].map(() => new Client({ connectionString: process.env.DATABASE_URL }));
    await Promise.all(clients.map((c) => c.connect()));
    try {
      await clients[0].query(`CREATE SCHEMA ${schema}`);
      await clients[0].query(`CREATE TABLE ${schema}.platform_keys (LIKE public.platform_keys INCLUDING ALL)`);
      for (const c of clients) await c.query(`SET search_path TO ${schema}`);
      const source = { pageKey: null, databaseUrl: process.env.DATABASE_URL!, dataDir: '/nonexistent' };
      const keys = await Promise.all(clients.map((c) => resolvePageKey((sql, p) => c.query(sql, p).then((r) => r.rows), source)));
      expect(keys[0].length).toBeGreaterThanOrEqual(32);
      expect(keys[1]).toBe(keys[0]);
      expect((await clients[0].query(`SELECT value FROM platform_keys`)).rows).toEqual([{ value: keys[0] }]);
    } finally {
      await clients[0].query(`DROP SCHEMA ${schema} CASCADE`).catch(() => undefined);
      // the embedded database serves every connection from one session: its search_path is theirs
      for (const c of clients) await c.query('RESET search_path').catch(() => undefined);
      await Promise.all(clients.map((c) => c.end()));
    }
  });
});
