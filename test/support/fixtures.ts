import { randomUUID } from 'node:crypto';
import type { Tenant, TestApp } from './app';
import { InvoiceWriter } from '../../src/invoicing/invoice-writer.service';

/**
 * The fixtures the e2e tests and the billing scenarios share: money, answers of an expected
 * status, and catalog records made through the HTTP API (products, prices, usage items,
 * entitlements). Import them from here rather than writing a local copy; a local helper that
 * does something else gets a name of its own.
 */

/** Money in US dollars, as the API writes it. */
export const usd = (value_in_cents: number) => ({ currency: 'USD', value_in_cents });

/** An ISO 8601 instant as the API answers it (UTC, milliseconds). */
export const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** The body of an answer of the expected status; anything else fails with the status and body. */
export async function ok(res: { status: number; body: any }, status = 200) {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

let customerSeq = 0;
/**
 * A customer made through the API (201): `name`, `email` and `identifier` are unique unless
 * given (`Customer <n>`, `customer-<n>@example.com`, `customer-<n>`); `body` adds or overrides fields.
 */
export async function createCustomer(tenant: Tenant, body: Record<string, unknown> = {}) {
  const n = ++customerSeq;
  return ok(
    await tenant.post('/customers', { name: `Customer ${n}`, email: `customer-${n}@example.com`, identifier: `customer-${n}`, ...body }),
    201,
  );
}

/** A customer with this identifier (named `Customer <identifier>`), made through the API: its id and identifier. */
export async function customerWithIdentifier(tenant: Tenant, identifier: string): Promise<{ id: string; identifier: string }> {
  const c = await createCustomer(tenant, { name: `Customer ${identifier}`, identifier });
  return { id: c.id as string, identifier };
}

/** A monthly FIXED price of $58.00 a seat (the checkout and contract suites' plan); `over` changes any field. */
export const seatPricing5800 = (productId: string, over: Record<string, unknown> = {}) =>
  fixedPricing(productId, { fixed_price: { price_per_unit: 5800 }, billing_frequency: { count: 1, frequency: 'MONTH' }, ...over });

/** A product (`name` "Product" unless given). */
export async function createProduct(tenant: Tenant, body: Record<string, unknown> = {}) {
  const res = await tenant.post('/products', { name: 'Product', ...body });
  if (res.status !== 200) throw new Error(`POST /products: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Any product pricing (the body as `POST /pricing` takes it). */
export async function createPricing(tenant: Tenant, body: Record<string, unknown>) {
  const res = await tenant.post('/pricing', body);
  if (res.status !== 200) throw new Error(`POST /pricing: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The body of a per-seat price: 10.00 USD per licence, monthly (the default billing frequency). */
export const fixedPricing = (productId: string, over: Record<string, unknown> = {}) => ({
  product_id: productId,
  name: 'Seats',
  currency: 'USD',
  pricing_type: 'FIXED',
  fixed_price: { price_per_unit: 1000 },
  ...over,
});

/** A monthly per-seat price (`cents` per licence) on a product. */
export async function monthlySeatPricing(tenant: Tenant, productId: string, name: string, cents: number) {
  return ok(
    await tenant.post('/pricing', {
      product_id: productId,
      name,
      currency: 'USD',
      pricing_type: 'FIXED',
      fixed_price: { price_per_unit: cents },
      billing_frequency: { count: 1, frequency: 'MONTH' },
    }),
  );
}

export interface UsageItem {
  itemId: string;
  metricId: string;
}

/** A usage item and its metric, which SUMs the `bytes` property of the item's events. */
export async function createUsageItem(tenant: Tenant, name = 'API calls'): Promise<UsageItem> {
  const item = await ok(await tenant.post('/billable_items', { name, type: 'CUSTOM_USAGE' }));
  const metric = await ok(
    await tenant.post('/billable_metrics', {
      item_id: item.id,
      name: `${name} bytes`,
      metering_rule: { aggregator: 'SUM', property: 'bytes', group_keys: [] },
    }),
  );
  return { itemId: item.id, metricId: metric.id };
}

/** A monthly price of 2¢ per API call (an item whose metric COUNTs its events), on a product of its own; with the item's id for events. */
export async function apiCallsPricing(tenant: Tenant): Promise<{ pricing: any; itemId: string }> {
  const product = await ok(await tenant.post('/products', { name: 'API' }));
  const item = await ok(await tenant.post('/billable_items', { name: 'API calls', type: 'CUSTOM_USAGE' }));
  const metric = await ok(
    await tenant.post('/billable_metrics', { item_id: item.id, name: 'API calls', metering_rule: { aggregator: 'COUNT', group_keys: [] } }),
  );
  const pricing = await ok(
    await tenant.post('/pricing', {
      product_id: product.id,
      name: 'API calls',
      currency: 'USD',
      pricing_type: 'FIXED',
      fixed_price: { price_per_unit: 2 },
      billing_frequency: { count: 1, frequency: 'MONTH' },
      item_id: item.id,
      metric_id: metric.id,
    }),
  );
  return { pricing, itemId: item.id };
}

/** An entitlement (`name` = its key unless given). */
export async function createEntitlement(tenant: Tenant, body: Record<string, unknown>) {
  const res = await tenant.post('/entitlements', { name: String(body.key), ...body });
  if (res.status !== 201) throw new Error(`POST /entitlements: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * The company's webhook events (oldest first) through `POST /webhook_events/find`, all pages;
 * `resourceId` keeps those whose `data.object.id` is it, `types` those of these types.
 */
export async function webhookEvents(tenant: Tenant, resourceId?: string, types?: string[]): Promise<any[]> {
  const out: any[] = [];
  let from_key: string | null = null;
  do {
    const page: any = await ok(
      await tenant.post('/webhook_events/find', {
        sort_key: 'createdAtAsc',
        pagination: { limit: 100, from_key },
        ...(types ? { query: { types } } : {}),
      }),
    );
    out.push(...page.results);
    from_key = page.pagination.from_key;
  } while (from_key);
  return resourceId ? out.filter((e) => e.data.object.id === resourceId) : out;
}

/** A DRAFT one-time invoice of one 7.00 line, written straight through the invoice writer (the API finalizes what it creates). */
export async function draftInvoice(t: TestApp, tenant: Tenant, customerId: string, at: Date) {
  const written = await t.dataSource.transaction((m) =>
    t.app.get(InvoiceWriter).create(
      m,
      tenant.companyId,
      {
        kind: 'ONE_TIME',
        billing_key: randomUUID(),
        customer_id: customerId,
        subscription_id: null,
        currency: 'USD',
        status: 'DRAFT',
        name: null,
        invoice_date: at,
        period_start: null,
        period_end: null,
        due_date: at,
        finalize_after: null,
        auto_charges: false,
        lines: [{ kind: 'CHARGE', name: 'Draft line', quantity: '1', unit_price: '700', amount_cents: 700, prorated: false } as never],
      },
      at,
    ),
  );
  return (await tenant.get(`/invoices/${written!.invoice.uuid}`).expect(200)).body;
}
