import type { Schemas, TallyClient } from '../index';

/**
 * The walk-through of docs/walkthrough.md with the typed client, sending only the fields a person
 * would send: every field the API defaults (a customer's `managed_externally`, a product's `state`,
 * a pricing's `type`, a config item's `minimum_units`, a find's `sort_key` and `pagination`…) is
 * left out. The compiler checks these bodies against the OpenAPI document, so a defaulted field
 * that the document marked required would fail `tsc --strict`
 * (test/e2e/client-typescript.e2e-spec.ts type-checks and runs this file).
 */
export async function walkMinimalBodies(
  client: TallyClient,
  companyId: string,
  suffix: string,
): Promise<{ customer: Schemas['CustomerResponse']; subscription: Schemas['SubscriptionResponse']; found: number[] }> {
  const company = { params: { path: { company_id: companyId } } };

  const customer = await ok(
    client.POST('/api/v1/companies/{company_id}/customers', {
      ...company,
      body: { name: 'Ada Lovelace', identifier: `ada-${suffix}`, email: 'ada@example.com' },
    }),
  );
  const product = await ok(client.POST('/api/v1/companies/{company_id}/products', { ...company, body: { name: 'Team plan' } }));
  const pricing = await ok(
    client.POST('/api/v1/companies/{company_id}/pricing', {
      ...company,
      body: {
        product_id: product.id,
        name: 'Team monthly',
        currency: 'USD',
        pricing_type: 'FIXED',
        billing_frequency: { count: 1, frequency: 'MONTH' },
        fixed_price: { price_per_unit: 4900 },
      },
    }),
  );
  const seats = pricing.product_metric_pricings[0];

  const card = await ok(
    client.POST('/api/v1/companies/{company_id}/customers/{customer_id}/payment_methods', {
      params: { path: { company_id: companyId, customer_id: customer.id } },
      body: { token: 'tok_visa' },
    }),
  );
  if (card.last_4 !== '4242') throw new Error(`unexpected card ${card.last_4}`);

  const subscription = await ok(
    client.POST('/api/v1/companies/{company_id}/subscriptions', {
      ...company,
      body: {
        customer_id: customer.id,
        product_pricing_ids: [pricing.id],
        config_items: [{ product_metric_pricing_id: seats.id, num_licenses: 3 }],
        start_date: new Date().toISOString(),
        auto_charges: true,
      },
    }),
  );

  const item = await ok(
    client.POST('/api/v1/companies/{company_id}/billable_items', { ...company, body: { name: 'API calls', type: 'CUSTOM_USAGE' } }),
  );
  const metric = await ok(
    client.POST('/api/v1/companies/{company_id}/billable_metrics', {
      ...company,
      body: { item_id: item.id, name: 'API calls', metering_rule: { aggregator: 'COUNT', group_keys: [] } },
    }),
  );
  const calls = await ok(
    client.POST('/api/v1/companies/{company_id}/pricing', {
      ...company,
      body: {
        product_id: product.id,
        name: 'API calls',
        currency: 'USD',
        item_id: item.id,
        metric_id: metric.id,
        pricing_type: 'FIXED',
        billing_frequency: { count: 1, frequency: 'MONTH' },
        fixed_price: { price_per_unit: 2 },
      },
    }),
  );
  await ok(
    client.POST('/api/v1/companies/{company_id}/subscriptions/{id}/change', {
      params: { path: { company_id: companyId, id: subscription.id } },
      body: {
        product_pricing_ids: [pricing.id, calls.id],
        config_items: [{ product_metric_pricing_id: seats.id, num_licenses: 3 }],
        proration_type: 'NONE',
      },
    }),
  );
  const now = new Date().toISOString();
  await ok(
    client.POST('/api/v1/companies/{company_id}/events/ingest', {
      ...company,
      body: { events: [{ customer_id: customer.identifier, item_id: item.id, transaction_id: 'call-1', timestamp: now }] },
    }),
  );

  // Every find with the least a person sends: no sort_key, no pagination.
  const byCustomer = { query: { customer_id: customer.id } };
  const found = [
    (await ok(client.POST('/api/v1/companies/{company_id}/customers/find', { ...company, body: {} }))).results.length,
    (await ok(client.POST('/api/v1/companies/{company_id}/products/find', { ...company, body: {} }))).results.length,
    (await ok(client.POST('/api/v1/companies/{company_id}/pricing/find', { ...company, body: {} }))).results.length,
    (await ok(client.POST('/api/v1/companies/{company_id}/billable_items/find', { ...company, body: {} }))).results.length,
    (await ok(client.POST('/api/v1/companies/{company_id}/billable_metrics/find', { ...company, body: {} }))).results.length,
    (await ok(client.POST('/api/v1/companies/{company_id}/subscriptions/find', { ...company, body: byCustomer }))).results.length,
    (await ok(client.POST('/api/v1/companies/{company_id}/invoices/find', { ...company, body: byCustomer }))).results.length,
    (await ok(client.POST('/api/v1/companies/{company_id}/one_times/find', { ...company, body: {} }))).results.length,
    (await ok(client.POST('/api/v1/companies/{company_id}/credits/find', { ...company, body: byCustomer }))).results.length,
    (await ok(client.POST('/api/v1/companies/{company_id}/contracts/find', { ...company, body: {} }))).results.length,
    (await ok(client.POST('/api/v1/companies/{company_id}/payments/transactions/find', { ...company, body: {} }))).results.length,
    (await ok(client.POST('/api/v1/companies/{company_id}/entitlements/find', { ...company, body: {} }))).results.length,
    (await ok(client.POST('/api/v1/companies/{company_id}/bundles/find', { ...company, body: {} }))).results.length,
    (await ok(client.POST('/api/v1/companies/{company_id}/webhooks/find', { ...company, body: {} }))).results.length,
  ];
  return { customer, subscription, found };
}

async function ok<T>(call: Promise<{ data?: T; error?: Schemas['ErrorResponse'] | unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (data === undefined) throw new Error(`${response.status}: ${JSON.stringify(error)}`);
  return data;
}
