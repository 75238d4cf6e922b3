import { newId } from '../../src/platform/ids/ids';
import { BillableItemsRepository, BillableMetricsRepository } from '../../src/metrics/metrics.repositories';
import type { Tenant, TestApp } from './app';

/**
 * Shared set-up of the catalog e2e tests: usage items and metrics (through the metrics
 * endpoints when they exist, else straight through the metrics repositories), products and
 * pricings.
 */
export interface UsageItem {
  itemId: string;
  metricId: string;
}

export async function createUsageItem(t: TestApp, tenant: Tenant, name = 'API calls'): Promise<UsageItem> {
  const viaHttp = await tenant.post('/billable_items', { name, type: 'CUSTOM_USAGE' });
  if (viaHttp.status === 200 || viaHttp.status === 201) {
    const metric = await tenant.post('/billable_metrics', {
      item_id: viaHttp.body.id,
      name: `${name} bytes`,
      metering_rule: { aggregator: 'SUM', property: 'bytes', group_keys: [] },
    });
    if (metric.status !== 200 && metric.status !== 201)
      throw new Error(`POST /billable_metrics: ${metric.status} ${JSON.stringify(metric.body)}`);
    return { itemId: viaHttp.body.id, metricId: metric.body.id };
  }
  if (viaHttp.status !== 404) throw new Error(`POST /billable_items: ${viaHttp.status} ${JSON.stringify(viaHttp.body)}`);
  const items = t.app.get(BillableItemsRepository);
  const metrics = t.app.get(BillableMetricsRepository);
  const now = new Date();
  const itemId = newId('billableItem');
  const metricId = newId('billableMetric');
  await items.insert(tenant.companyId, {
    id: itemId,
    name,
    external_name: null,
    description: null,
    display_type: 'UNITS',
    type: 'CUSTOM_USAGE',
    standard: false,
    editable: true,
    state: 'ACTIVE',
    created_at: now,
    updated_at: now,
  });
  await metrics.insert(tenant.companyId, {
    id: metricId,
    item_id: itemId,
    name: `${name} bytes`,
    external_name: null,
    description: null,
    type: 'CUSTOM_METRIC',
    is_billable: true,
    standard: false,
    editable: true,
    state: 'ACTIVE',
    metering_rule: { aggregator: 'SUM', property: 'bytes', group_keys: [], rule: null },
    created_at: now,
    updated_at: now,
  });
  return { itemId, metricId };
}

export async function createProduct(tenant: Tenant, body: Record<string, unknown> = {}) {
  const res = await tenant.post('/products', { name: 'Product', ...body });
  if (res.status !== 200) throw new Error(`POST /products: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export const fixedPricing = (productId: string, over: Record<string, unknown> = {}) => ({
  product_id: productId,
  name: 'Seats',
  currency: 'USD',
  pricing_type: 'FIXED',
  fixed_price: { price_per_unit: 1000 },
  ...over,
});

export async function createPricing(tenant: Tenant, body: Record<string, unknown>) {
  const res = await tenant.post('/pricing', body);
  if (res.status !== 200) throw new Error(`POST /pricing: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function createEntitlement(tenant: Tenant, body: Record<string, unknown>) {
  const res = await tenant.post('/entitlements', { name: String(body.key), ...body });
  if (res.status !== 201) throw new Error(`POST /entitlements: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
