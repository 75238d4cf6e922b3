import { createTestApp, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { createCustomer, ok } from '../support/fixtures';

/** Issue 12: the customer fields and `customers/find` filters the hosted API documents. */
describe('compat: customers/find filters and customer tags', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.tenant('A');
    b = await t.tenant('B');
  });
  afterAll(() => t.close());

  const find = async (tenant: Tenant, query: Record<string, unknown>) =>
    ((await ok(await tenant.post('/customers/find', { query, pagination: { limit: 100 } }))).results as { id: string }[]).map((r) => r.id);

  describe('tags', () => {
    it('are stored on create, answered, replaced by PATCH (kept once each) and cleared by null', async () => {
      const c = await createCustomer(a, { tags: ['vip', 'eu'] });
      expect(c.tags).toEqual(['vip', 'eu']);
      expect((await ok(await a.get(`/customers/${c.id}`))).tags).toEqual(['vip', 'eu']);
      const patched = await ok(await a.patch(`/customers/${c.id}`, { tags: ['beta', 'beta', 'vip'] }));
      expect(patched.tags).toEqual(['beta', 'vip']);
      expect((await ok(await a.patch(`/customers/${c.id}`, { name: 'renamed' }))).tags).toEqual(['beta', 'vip']);
      expect((await ok(await a.patch(`/customers/${c.id}`, { tags: null }))).tags).toEqual([]);
      expect((await createCustomer(a)).tags).toEqual([]);
    });

    it('refuses what is not a list of strings (400, nothing stored)', async () => {
      for (const tags of ['vip', [1], [''.padEnd(256, 'x')], [{}]]) {
        const body = expectError(await a.post('/customers', { name: 'bad tags', tags }), 400, 'validation_error');
        expect(Object.keys(body.validation_errors ?? {}).some((k) => k.startsWith('tags'))).toBe(true);
      }
      expect(await find(a, { name: 'bad tags' })).toEqual([]);
    });
  });

  describe('filters', () => {
    let vip: string;
    let plain: string;
    let other: string;

    beforeAll(async () => {
      vip = (
        await createCustomer(a, {
          tags: ['vip', 'eu'],
          exclude_from_metrics: true,
          managed_externally: true,
          metadata: { crm_id: 'abc', tier: 2, flag: true },
          owner_id: 'user_1',
          phone: '+44 1',
          title: 'CTO',
        })
      ).id;
      plain = (await createCustomer(a, { tags: ['eu'], metadata: { crm_id: 'xyz' }, owner_id: 'user_2', phone: '+44 2', title: 'CFO' })).id;
      other = (
        await createCustomer(b, { tags: ['vip', 'eu'], exclude_from_metrics: true, owner_id: 'user_1', phone: '+44 1', title: 'CTO' })
      ).id;
    });

    const only = (ids: string[]) => ids.filter((id) => [vip, plain, other].includes(id)).sort();

    it('tags {condition, values}: AND needs every tag, OR one', async () => {
      expect(only(await find(a, { tags: { condition: 'AND', values: ['vip', 'eu'] } }))).toEqual([vip]);
      expect(only(await find(a, { tags: { condition: 'OR', values: ['vip', 'eu'] } }))).toEqual([plain, vip].sort());
      expect(only(await find(a, { tags: { condition: 'AND', values: ['eu'] } }))).toEqual([plain, vip].sort());
      expect(only(await find(a, { tags: { condition: 'OR', values: ['none'] } }))).toEqual([]);
    });

    it('exclude_from_metrics and managed_externally', async () => {
      expect(only(await find(a, { exclude_from_metrics: true }))).toEqual([vip]);
      expect(only(await find(a, { exclude_from_metrics: false }))).toEqual([plain]);
      expect(only(await find(a, { managed_externally: true }))).toEqual([vip]);
      expect(only(await find(a, { managed_externally: false }))).toEqual([plain]);
    });

    it('metadata {condition, values}: key=value and bare keys', async () => {
      expect(only(await find(a, { metadata: { condition: 'AND', values: ['crm_id=abc'] } }))).toEqual([vip]);
      expect(only(await find(a, { metadata: { condition: 'AND', values: ['crm_id=abc', 'tier=2', 'flag=true'] } }))).toEqual([vip]);
      expect(only(await find(a, { metadata: { condition: 'AND', values: ['crm_id=abc', 'tier=3'] } }))).toEqual([]);
      expect(only(await find(a, { metadata: { condition: 'OR', values: ['crm_id=abc', 'crm_id=xyz'] } }))).toEqual([plain, vip].sort());
      expect(only(await find(a, { metadata: { condition: 'AND', values: ['tier'] } }))).toEqual([vip]);
      expect(only(await find(a, { metadata: { condition: 'AND', values: ['crm_id='] } }))).toEqual([]);
    });

    it('owner_ids: OR among owners; AND of two different owners matches nobody', async () => {
      expect(only(await find(a, { owner_ids: { condition: 'OR', values: ['user_1', 'user_2'] } }))).toEqual([plain, vip].sort());
      expect(only(await find(a, { owner_ids: { condition: 'AND', values: ['user_1'] } }))).toEqual([vip]);
      expect(only(await find(a, { owner_ids: { condition: 'AND', values: ['user_1', 'user_2'] } }))).toEqual([]);
    });

    it('phone and title (exact)', async () => {
      expect(only(await find(a, { phone: '+44 1' }))).toEqual([vip]);
      expect(only(await find(a, { phone: '+44' }))).toEqual([]);
      expect(only(await find(a, { title: 'CFO' }))).toEqual([plain]);
      expect(only(await find(a, { title: 'cfo' }))).toEqual([]);
    });

    it('mrr and arr ranges (cents) still filter', async () => {
      expect(only(await find(a, { mrr: { eq: 0 }, tags: { condition: 'AND', values: ['vip'] } }))).toEqual([vip]);
      expect(only(await find(a, { arr: { gt: 0 } }))).toEqual([]);
    });

    it('stays inside the company: B finds only its own customer', async () => {
      expect(only(await find(b, { tags: { condition: 'OR', values: ['vip', 'eu'] } }))).toEqual([other]);
      expect(only(await find(b, { owner_ids: { condition: 'OR', values: ['user_1', 'user_2'] } }))).toEqual([other]);
      expect((await b.get(`/customers/${vip}`)).status).toBe(404);
    });

    it('refuses bad filter values and undocumented filters (400)', async () => {
      const bad: Record<string, unknown>[] = [
        { tags: ['vip'] },
        { tags: { condition: 'XOR', values: ['vip'] } },
        { tags: { condition: 'AND', values: [] } },
        { metadata: { condition: 'AND', values: [''] } },
        { metadata: 'crm_id=abc' },
        { owner_ids: { condition: 'OR', values: [1] } },
        { exclude_from_metrics: 'yes' },
        { managed_externally: 1 },
        { phone: 44 },
        { title: 7 },
        { mrr: { gt: 'ten' } },
        { group_id: 'g1' },
      ];
      for (const query of bad) {
        const res = await a.post('/customers/find', { query });
        expectError(res, 400, 'validation_error');
      }
    });
  });
});
