import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';

/** The shared find implementation, exercised through entitlements. */
describe('search: keyset pagination, sort keys, meta', () => {
  let t: TestApp;
  let a: Tenant;
  const clock = new FixedClock(new Date('2026-01-01T00:00:00.000Z'));
  const N = 250;
  type Row = { id: string; key: string; created_at: string; updated_at: string };
  const rows: Row[] = [];

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant();
    // Timestamps repeat (ties on the sort column) and updated_at order differs from created_at order.
    for (let i = 0; i < N; i++) {
      if (i % 3 === 0) clock.advance(1000);
      const res = await a.post('/entitlements', { key: `walk_${i}`, name: `Walk ${i}`, type: 'BOOL', aggregator_type: 'OR' }).expect(201);
      rows.push(res.body);
    }
    for (let i = 0; i < N; i += 7) {
      clock.advance(10);
      rows[i] = (await a.patch(`/entitlements/${rows[i].id}`, { name: `Touched ${i}` }).expect(200)).body;
    }
  });
  afterAll(() => t.close());

  const cmp = (p: string, q: string) => (p < q ? -1 : p > q ? 1 : 0);
  const expected = (sortKey: string): string[] => {
    const byCol = sortKey.startsWith('created') ? 'created_at' : 'updated_at';
    const dir = sortKey.endsWith('Desc') ? -1 : 1;
    return [...rows].sort((x, y) => dir * (cmp(x[byCol], y[byCol]) || cmp(x.id, y.id))).map((r) => r.id);
  };

  async function walk(sortKey: string | undefined, limit: number): Promise<string[]> {
    const seen: string[] = [];
    let fromKey: string | null = null;
    let pages = 0;
    do {
      const body: Record<string, unknown> = { pagination: { limit, from_key: fromKey } };
      if (sortKey) body.sort_key = sortKey;
      const res = await a.post('/entitlements/find', body).expect(200);
      expect(res.body.results.length).toBeLessThanOrEqual(limit);
      expect(res.body.pagination.limit).toBe(limit);
      seen.push(...res.body.results.map((r: Row) => r.id));
      fromKey = res.body.pagination.from_key;
      pages++;
      expect(pages).toBeLessThan(1000);
    } while (fromKey);
    return seen;
  }

  it.each(['createdAtDesc', 'createdAtAsc', 'updatedAtAsc', 'updatedAtDesc'])(
    'walks all 250 records exactly once, in order, with sort_key %s',
    async (sortKey) => {
      const seen = await walk(sortKey, 17);
      expect(seen).toHaveLength(N);
      expect(new Set(seen).size).toBe(N);
      expect(seen).toEqual(expected(sortKey));
    },
  );

  it('defaults to createdAtDesc and a limit of 20', async () => {
    const res = await a.post('/entitlements/find', {}).expect(200);
    expect(res.body.pagination.limit).toBe(20);
    expect(res.body.results.map((r: Row) => r.id)).toEqual(expected('createdAtDesc').slice(0, 20));
    expect(res.body.pagination.total).toBeUndefined();
    expect(await walk(undefined, 100)).toEqual(expected('createdAtDesc'));
  });

  it('returns from_key null on the last page, and total with include_meta', async () => {
    const res = await a
      .post('/entitlements/find', { pagination: { limit: 100 }, include_meta: true, query: { search: 'walk_2' } })
      .expect(200);
    const matching = rows.filter((r) => r.key.startsWith('walk_2'));
    expect(res.body.pagination).toEqual({ from_key: null, limit: 100, total: matching.length });
    expect(res.body.results).toHaveLength(matching.length);
  });

  it('keeps the total of all matches on every page', async () => {
    const first = await a.post('/entitlements/find', { pagination: { limit: 10 }, include_meta: true }).expect(200);
    expect(first.body.pagination.total).toBe(N);
    const second = await a
      .post('/entitlements/find', { pagination: { limit: 10, from_key: first.body.pagination.from_key }, include_meta: true })
      .expect(200);
    expect(second.body.pagination.total).toBe(N);
  });

  it.each([0, 101, -1, 2.5, '20'])('rejects limit %p with 400 (never clamped)', async (limit) => {
    const res = await a.post('/entitlements/find', { pagination: { limit } }).expect(400);
    expect(expectError(res, 400, 'validation_error').validation_errors).toHaveProperty(['pagination.limit']);
  });

  it('rejects an unknown sort_key and a forged cursor', async () => {
    expect(
      expectError(await a.post('/entitlements/find', { sort_key: 'nameAsc' }).expect(400), 400, 'validation_error').validation_errors,
    ).toHaveProperty('sort_key');
    expectError(await a.post('/entitlements/find', { pagination: { from_key: 'garbage' } }).expect(400), 400, 'validation_error');
    const page = await a.post('/entitlements/find', { pagination: { limit: 5 }, sort_key: 'createdAtAsc' }).expect(200);
    // a cursor of one sort key is not valid for another
    expectError(
      await a
        .post('/entitlements/find', { pagination: { limit: 5, from_key: page.body.pagination.from_key }, sort_key: 'updatedAtAsc' })
        .expect(400),
      400,
      'validation_error',
    );
  });

  it('accepts nulls for the optional fields', async () => {
    await a
      .post('/entitlements/find', { pagination: { from_key: null, limit: null }, query: null, sort_key: null, include_meta: null })
      .expect(200);
  });
});
