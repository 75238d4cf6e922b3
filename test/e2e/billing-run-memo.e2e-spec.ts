/**
 * A billing run counts `num_subs` (live subscriptions per pricing, in the subscription objects of
 * its webhook events) once for the whole run instead of once per batch (RunMemo); an API read
 * counts afresh every time. Billing runs are scoped to this file's companies, at dates in 2036.
 */
import { BillingRunService } from '../../src/invoicing/billing-engine/billing-run.service';
import { PricingUsageCounts } from '../../src/subscriptions/pricing-usage-counts.service';
import { RunMemo } from '../../src/platform/run-memo/run-memo';
import { statementsOf } from '../support/statements';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { createCustomer, createProduct, fixedPricing, ok, webhookEvents } from '../support/fixtures';

const COUNT_QUERY = /sum\(c\.n\)::int AS n FROM subscription_plan_use_counts/;

/** How many `num_subs` counting statements pg sends while `work` runs. */
async function countingStatements<T>(work: () => Promise<T>): Promise<{ result: T; n: number }> {
  const { result, statements } = await statementsOf(work);
  return { result, n: statements.filter((text) => COUNT_QUERY.test(text)).length };
}

/** Every `num_subs` anywhere in an answer. */
function numSubs(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(numSubs);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => (k === 'num_subs' ? [v] : numSubs(v)));
}

describe('billing run: num_subs counted once per run', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const clock = new FixedClock(new Date('2036-01-01T00:00:00.000Z'));
  let pricing: { id: string };
  const subs: { id: string }[] = [];

  const subscribe = async (tenant: Tenant, pricingId: string) => {
    const c = await createCustomer(tenant);
    return ok(
      await tenant.post('/subscriptions', { customer_id: c.id, product_pricing_ids: [pricingId], start_date: '2036-01-01T00:00:00.000Z' }),
    );
  };

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('Memo A');
    b = await t.tenant('Memo B');
    const product = await createProduct(a, { name: 'Memo' });
    pricing = await ok(await a.post('/pricing', fixedPricing(product.id, { name: 'Memo monthly' })));
    for (let i = 0; i < 3; i++) subs.push(await subscribe(a, pricing.id));
    // another company's subscriptions count for that company only
    const other = await createProduct(b, { name: 'Memo B' });
    const otherPricing = await ok(await b.post('/pricing', fixedPricing(other.id, { name: 'Memo B monthly' })));
    await subscribe(b, otherPricing.id);
  });
  afterAll(() => t.close());

  it('within a scope: counted once, then answered from memory (per company)', async () => {
    const counts = t.app.get(PricingUsageCounts);
    const { result, n } = await countingStatements(() =>
      RunMemo.scope(async () => {
        const first = await counts.countByPricing(a.companyId, [pricing.id]);
        const second = await counts.countByPricing(a.companyId, [pricing.id]);
        const elsewhere = await counts.countByPricing(b.companyId, [pricing.id]);
        return [first.get(pricing.id), second.get(pricing.id), elsewhere.get(pricing.id)];
      }),
    );
    expect(result).toEqual([3, 3, 0]);
    expect(n).toBe(2); // company A once, company B once
  });

  it('outside a scope (an API read): counted afresh, so a new subscription shows at once', async () => {
    const counts = t.app.get(PricingUsageCounts);
    expect((await counts.countByPricing(a.companyId, [pricing.id])).get(pricing.id)).toBe(3);
    const extra = await subscribe(a, pricing.id);
    subs.push(extra);
    const { result, n } = await countingStatements(async () => (await counts.countByPricing(a.companyId, [pricing.id])).get(pricing.id));
    expect(result).toBe(4);
    expect(n).toBe(1);
    expect((await ok(await a.get(`/pricing/${pricing.id}`))).num_subs).toBe(4);
  });

  it('a billing run counts once over all its batches, and its subscription.renewed objects carry the true count', async () => {
    // first run: the start invoices; the second starts the February period (subscription.renewed)
    clock.set(new Date('2036-01-01T00:00:00.000Z'));
    await t.app.get(BillingRunService).run(clock.now(), { companyIds: [a.companyId] });
    clock.set(new Date('2036-02-01T00:00:00.000Z'));
    // two subscriptions per transaction: two batches, one count
    const { result, n } = await countingStatements(() =>
      t.app.get(BillingRunService).run(clock.now(), { companyIds: [a.companyId], batchSize: 2 }),
    );
    expect(result.errors).toBe(0);
    expect(n).toBe(1);
    for (const sub of subs) {
      const [renewed] = await webhookEvents(a, sub.id, ['subscription.renewed']);
      expect(renewed).toBeDefined();
      expect(renewed.data.object).toEqual(await ok(await a.get(`/subscriptions/${sub.id}`)));
      const counts = numSubs(renewed.data.object);
      expect(counts.length).toBeGreaterThan(0);
      expect(counts.every((x) => x === 4)).toBe(true);
    }
  });
});
