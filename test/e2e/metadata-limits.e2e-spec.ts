import { createTestApp, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { createCustomer, createProduct, ok } from '../support/fixtures';
import { METADATA_LIMITS } from '../../src/platform/validation/metadata';
import { MAX_PAGE_BYTES } from '../../src/platform/search/search';

/**
 * `metadata` is bounded on every resource (keys, key length, value length, total bytes), a 400
 * naming `metadata` beyond; a find page is bounded in bytes as well as in rows, and rows stored
 * before the bounds existed (larger than a whole page) are still read, one to a page.
 */
describe('metadata limits and page size', () => {
  let t: TestApp;
  let a: Tenant;

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.tenant('Metadata A');
  });
  afterAll(() => t.close());

  const keys = (n: number, value: (i: number) => unknown = () => 'v') =>
    Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${String(i).padStart(2, '0')}`, value(i)]));

  const refused: [string, Record<string, unknown>][] = [
    ['too many keys', keys(METADATA_LIMITS.maxKeys + 1)],
    ['a key too long', { ['k'.repeat(METADATA_LIMITS.maxKeyLength + 1)]: 'v' }],
    ['an empty key', { '': 'v' }],
    ['a string value too long', { note: 'x'.repeat(METADATA_LIMITS.maxValueLength + 1) }],
    ['a nested value too long as JSON', { nested: { list: Array.from({ length: 200 }, () => 'abc') } }],
    ['too many bytes in all', keys(40, () => 'é'.repeat(300))],
  ];

  it.each(refused)('a customer with %s is a 400 naming metadata, and nothing is stored', async (_what, metadata) => {
    const before = (await ok(await a.post('/customers/find', { include_meta: true }))).pagination.total;
    const res = await a.post('/customers', { name: 'Too much', metadata });
    const err = expectError(res, 400, 'validation_error');
    expect(Object.keys(err.validation_errors ?? {})).toEqual(['metadata']);
    expect((await ok(await a.post('/customers/find', { include_meta: true }))).pagination.total).toBe(before);
  });

  it('metadata at the limits is stored and read back whole', async () => {
    const metadata = keys(METADATA_LIMITS.maxKeys, (i) => (i === 0 ? 'x'.repeat(METADATA_LIMITS.maxValueLength) : i));
    metadata['k'.repeat(METADATA_LIMITS.maxKeyLength)] = true;
    delete metadata.k49;
    const c = await createCustomer(a, { metadata });
    expect((await ok(await a.get(`/customers/${c.id}`))).metadata).toEqual(metadata);
  });

  it('the same bounds hold on other resources and on updates', async () => {
    const tooMany = keys(METADATA_LIMITS.maxKeys + 1);
    expect(
      expectError(await a.post('/products', { name: 'P', metadata: tooMany }), 400, 'validation_error').validation_errors,
    ).toHaveProperty(['metadata']);
    const p = await createProduct(a);
    expect(
      expectError(await a.patch(`/products/${p.id}`, { metadata: tooMany }), 400, 'validation_error').validation_errors,
    ).toHaveProperty(['metadata']);
    const c = await createCustomer(a, { metadata: { plan: 'gold' } });
    const long = { note: 'x'.repeat(METADATA_LIMITS.maxValueLength + 1) };
    expect(expectError(await a.patch(`/customers/${c.id}`, { metadata: long }), 400, 'validation_error').validation_errors).toHaveProperty([
      'metadata',
    ]);
    expect((await ok(await a.get(`/customers/${c.id}`))).metadata).toEqual({ plan: 'gold' });
  });

  it('rows stored larger than a page are still read: alone on their page, the rest on the next pages', async () => {
    const b = await t.tenant('Metadata B');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await createCustomer(b, { name: `Big ${i}` })).id);
    const small = await createCustomer(b, { name: 'Small' });
    // stored as an older version allowed (straight into the table): each row alone is above the page budget
    const huge = { blob: 'y'.repeat(MAX_PAGE_BYTES + 1000) };
    await t.dataSource.query(`UPDATE customers SET metadata = $2::jsonb WHERE company_id = $1 AND id = ANY($3)`, [
      b.companyId,
      JSON.stringify(huge),
      ids,
    ]);

    expect((await ok(await b.get(`/customers/${ids[0]}`))).metadata.blob).toHaveLength(MAX_PAGE_BYTES + 1000);
    // an update of another field of such a row works (the stored metadata is not re-checked)
    expect((await ok(await b.patch(`/customers/${ids[1]}`, { name: 'Renamed' }))).name).toBe('Renamed');

    const seen: string[] = [];
    const pageSizes: number[] = [];
    let fromKey: string | null = null;
    do {
      const page: any = await ok(
        await b.post('/customers/find', {
          sort_key: 'createdAtAsc',
          pagination: { limit: 100, ...(fromKey ? { from_key: fromKey } : {}) },
        }),
      );
      pageSizes.push(page.results.length);
      seen.push(...page.results.map((r: { id: string }) => r.id));
      fromKey = page.pagination.from_key;
    } while (fromKey);
    expect(seen).toEqual([...ids, small.id]);
    expect(pageSizes).toEqual([1, 1, 1, 1]);
  });

  it('a page of rows within the limits stops at the byte budget and goes on with from_key', async () => {
    const c = await t.tenant('Metadata C');
    // 16 KB of metadata each: 100 such rows are more than a page's budget
    const metadata = keys(40, () => 'z'.repeat(400));
    const n = Math.ceil(MAX_PAGE_BYTES / 16_000) + 5;
    for (let i = 0; i < n; i++) await createCustomer(c, { metadata });
    const first: any = await ok(await c.post('/customers/find', { sort_key: 'createdAtAsc', pagination: { limit: 100 } }));
    expect(first.results.length).toBeLessThan(n);
    expect(first.results.length).toBeGreaterThan(1);
    expect(Buffer.byteLength(JSON.stringify(first))).toBeLessThanOrEqual(MAX_PAGE_BYTES + 20_000);
    expect(first.pagination.from_key).toEqual(expect.any(String));
    const second: any = await ok(
      await c.post('/customers/find', { sort_key: 'createdAtAsc', pagination: { limit: 100, from_key: first.pagination.from_key } }),
    );
    expect(first.results.length + second.results.length).toBe(n);
    expect(second.pagination.from_key).toBeNull();
  });
});
