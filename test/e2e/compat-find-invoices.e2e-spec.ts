import { randomUUID } from 'node:crypto';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { createCustomer, createPricing, createProduct, fixedPricing, ok } from '../support/fixtures';
import { amountLine } from '../../src/billing-math';
import { BillingRunService } from '../../src/invoicing/billing-engine/billing-run.service';
import { InvoiceWriter } from '../../src/invoicing/invoice-writer.service';

const T0 = new Date('2026-03-01T00:00:00.000Z');

/** Issue 12: the `invoices/find` filters the hosted API documents. */
describe('compat: invoices/find filters', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let gold: string; // c1's subscription invoice: gold plan, card pm, customer user_1 / managed externally
  let basic: string; // c2's subscription invoice: basic plan, default card
  let zero: string; // c2's one-time invoice of 0, auto-charged
  let draft: string; // c2's draft
  let inB: string;
  let ids: { goldProduct: string; basicProduct: string; goldPricing: string; basicPricing: string; pm: string };

  const plan = async (tenant: Tenant, productTags: string[], pricingTags: string[], cents: number) => {
    const product = await createProduct(tenant, { name: `P ${productTags.join('+')}`, tags: productTags });
    const pricing = await createPricing(
      tenant,
      fixedPricing(product.id, {
        tags: pricingTags,
        fixed_price: { price_per_unit: cents },
        billing_frequency: { count: 1, frequency: 'MONTH' },
      }),
    );
    return { product: product.id as string, pricing: pricing.id as string, seats: pricing.product_metric_pricings[0].id as string };
  };

  const subscribe = async (
    tenant: Tenant,
    customerId: string,
    p: { pricing: string; seats: string },
    extra: Record<string, unknown> = {},
  ) =>
    ok(
      await tenant.post('/subscriptions', {
        customer_id: customerId,
        product_pricing_ids: [p.pricing],
        config_items: [{ product_metric_pricing_id: p.seats, num_licenses: 1 }],
        start_date: T0.toISOString(),
        auto_charges: false,
        ...extra,
      }),
    );

  const invoiceOf = async (tenant: Tenant, query: Record<string, unknown>) => {
    const res = await ok(await tenant.post('/invoices/find', { query }));
    expect(res.results).toHaveLength(1);
    return res.results[0].uuid as string;
  };

  beforeAll(async () => {
    t = await createTestApp({ clock: new FixedClock(T0) });
    a = await t.tenant('A');
    b = await t.tenant('B');
    const goldPlan = await plan(a, ['gold', 'seats'], ['monthly', 'popular'], 1000);
    const basicPlan = await plan(a, ['basic', 'seats'], ['monthly'], 500);
    const c1 = await createCustomer(a, { owner_id: 'user_1', managed_externally: true });
    const c2 = await createCustomer(a, { owner_id: 'user_2' });
    const pm = await ok(await a.post(`/customers/${c1.id}/payment_methods`, { token: 'tok_visa' }));
    const s1 = await subscribe(a, c1.id, goldPlan, { payment_method_id: pm.id });
    const s2 = await subscribe(a, c2.id, basicPlan);
    const bPlan = await plan(b, ['gold'], ['popular'], 1000);
    const bCustomer = await createCustomer(b, { owner_id: 'user_1', managed_externally: true });
    const sB = await subscribe(b, bCustomer.id, bPlan);
    await t.app.get(BillingRunService).run(T0, { companyIds: [a.companyId, b.companyId] });
    gold = await invoiceOf(a, { subscription_id: s1.id });
    basic = await invoiceOf(a, { subscription_id: s2.id });
    inB = await invoiceOf(b, { subscription_id: sB.id });

    const oneTime = await ok(
      await a.post('/one_times', {
        customer_id: c2.id,
        type: 'IMMEDIATE',
        auto_charges: true,
        onetime_items: [{ aggregate: 1, custom_price: { amount: { currency: 'USD', value_in_cents: 0 }, description: 'Free setup' } }],
      }),
      201,
    );
    zero = oneTime[0].invoice_uuid;
    const writer = t.app.get(InvoiceWriter);
    const written = await t.dataSource.transaction((m) =>
      writer.create(
        m,
        a.companyId,
        {
          kind: 'ONE_TIME',
          billing_key: randomUUID(),
          customer_id: c2.id,
          subscription_id: null,
          currency: 'USD',
          status: 'DRAFT',
          name: 'Draft invoice',
          invoice_date: T0,
          period_start: null,
          period_end: null,
          due_date: new Date(T0.getTime() + 30 * 86_400_000),
          finalize_after: null,
          auto_charges: false,
          lines: [amountLine({ name: 'Consulting', amount: 700 })],
        },
        T0,
      ),
    );
    draft = written!.invoice.uuid;
    ids = {
      goldProduct: goldPlan.product,
      basicProduct: basicPlan.product,
      goldPricing: goldPlan.pricing,
      basicPricing: basicPlan.pricing,
      pm: pm.id,
    };
  });
  afterAll(() => t.close());

  const find = async (tenant: Tenant, query: Record<string, unknown>) =>
    ((await ok(await tenant.post('/invoices/find', { query, pagination: { limit: 100 } }))).results as { uuid: string }[])
      .map((r) => r.uuid)
      .sort();
  const sorted = (...uuids: string[]) => uuids.sort();

  it('auto_charges and hide_zero', async () => {
    expect(await find(a, {})).toEqual(sorted(gold, basic, zero, draft));
    expect(await find(a, { auto_charges: true })).toEqual([zero]);
    expect(await find(a, { auto_charges: false })).toEqual(sorted(gold, basic, draft));
    expect(await find(a, { hide_zero: true })).toEqual(sorted(gold, basic, draft));
    expect(await find(a, { hide_zero: false })).toEqual(sorted(gold, basic, zero, draft));
  });

  it('invoice_sent: finalized or not', async () => {
    expect(await find(a, { invoice_sent: false })).toEqual([draft]);
    expect(await find(a, { invoice_sent: true })).toEqual(sorted(gold, basic, zero));
  });

  it("the customer's managed_externally and owner_ids", async () => {
    expect(await find(a, { managed_externally: true })).toEqual([gold]);
    expect(await find(a, { managed_externally: false })).toEqual(sorted(basic, zero, draft));
    expect(await find(a, { owner_ids: { condition: 'OR', values: ['user_1'] } })).toEqual([gold]);
    expect(await find(a, { owner_ids: { condition: 'OR', values: ['user_1', 'user_2'] } })).toEqual(sorted(gold, basic, zero, draft));
    expect(await find(a, { owner_ids: { condition: 'AND', values: ['user_1', 'user_2'] } })).toEqual([]);
  });

  it("payment_methods: the subscription's payment method", async () => {
    expect(await find(a, { payment_methods: { condition: 'OR', values: [ids.pm, 'pm_other'] } })).toEqual([gold]);
    expect(await find(a, { payment_methods: { condition: 'AND', values: [ids.pm] } })).toEqual([gold]);
    expect(await find(a, { payment_methods: { condition: 'OR', values: ['pm_other'] } })).toEqual([]);
  });

  it('product_ids and product_pricing_ids of the lines', async () => {
    expect(await find(a, { product_ids: { condition: 'OR', values: [ids.goldProduct] } })).toEqual([gold]);
    expect(await find(a, { product_ids: { condition: 'OR', values: [ids.goldProduct, ids.basicProduct] } })).toEqual(sorted(gold, basic));
    expect(await find(a, { product_ids: { condition: 'AND', values: [ids.goldProduct, ids.basicProduct] } })).toEqual([]);
    expect(await find(a, { product_pricing_ids: { condition: 'AND', values: [ids.basicPricing] } })).toEqual([basic]);
    expect(await find(a, { product_pricing_ids: { condition: 'OR', values: ['pp_none'] } })).toEqual([]);
  });

  it('product_tags and product_pricing_tags of the lines', async () => {
    expect(await find(a, { product_tags: { condition: 'AND', values: ['gold', 'seats'] } })).toEqual([gold]);
    expect(await find(a, { product_tags: { condition: 'OR', values: ['seats'] } })).toEqual(sorted(gold, basic));
    expect(await find(a, { product_tags: { condition: 'AND', values: ['gold', 'basic'] } })).toEqual([]);
    expect(await find(a, { product_pricing_tags: { condition: 'AND', values: ['monthly', 'popular'] } })).toEqual([gold]);
    expect(await find(a, { product_pricing_tags: { condition: 'OR', values: ['monthly'] } })).toEqual(sorted(gold, basic));
  });

  it('stays inside the company', async () => {
    expect(await find(b, { managed_externally: true })).toEqual([inB]);
    expect(await find(b, { product_ids: { condition: 'OR', values: [ids.goldProduct] } })).toEqual([]);
    expect(await find(b, { product_tags: { condition: 'OR', values: ['gold'] } })).toEqual([inB]);
    expect(await find(a, { owner_ids: { condition: 'OR', values: ['user_1'] } })).not.toContain(inB);
    expect((await b.get(`/invoices/${gold}`)).status).toBe(404);
  });

  it('refuses bad values and undocumented filters (400)', async () => {
    const bad: Record<string, unknown>[] = [
      { auto_charges: 'true' },
      { hide_zero: 1 },
      { invoice_sent: 'no' },
      { managed_externally: 'x' },
      { owner_ids: 'user_1' },
      { payment_methods: { condition: 'OR', values: [] } },
      { product_ids: { condition: 'ALL', values: ['x'] } },
      { product_pricing_ids: ['pp_1'] },
      { product_pricing_tags: { values: ['x'] } },
      { product_tags: { condition: 'OR', values: [7] } },
      { tags: { condition: 'OR', values: ['x'] } },
    ];
    for (const query of bad) expectError(await a.post('/invoices/find', { query }), 400, 'validation_error');
  });
});
