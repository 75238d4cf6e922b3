import type { Schemas, TallyClient } from '../index';

/**
 * A customer → product → pricing → subscription → invoice lifecycle with the typed client:
 * every request and answer below is checked by the compiler against the OpenAPI document.
 * `bill(at)` runs billing at an instant (the service does it by itself every minute; the
 * command line `npm run cli -- billing run --now …` does it on demand).
 */
export async function walkLifecycle(
  client: TallyClient,
  companyId: string,
  bill: (at: Date) => Promise<void>,
): Promise<{ preview: Schemas['InvoicePreviewResponse']; invoice: Schemas['InvoiceResponse'] }> {
  const company = { company_id: companyId };

  const customer = await ok(
    client.POST('/api/v1/companies/{company_id}/customers', {
      params: { path: company },
      body: { name: 'Ada Lovelace', identifier: 'ada', email: 'ada@example.com' },
    }),
  );

  const product = await ok(
    client.POST('/api/v1/companies/{company_id}/products', { params: { path: company }, body: { name: 'Team plan' } }),
  );

  const pricing = await ok(
    client.POST('/api/v1/companies/{company_id}/pricing', {
      params: { path: company },
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

  const start = new Date();
  const subscription = await ok(
    client.POST('/api/v1/companies/{company_id}/subscriptions', {
      params: { path: company },
      body: {
        customer_id: customer.id,
        product_pricing_ids: [pricing.id],
        config_items: [{ product_metric_pricing_id: seats.id, num_licenses: 3 }],
        start_date: start.toISOString(),
      },
    }),
  );

  // What the next invoice will be (a preview: writes nothing).
  const preview = await ok(
    client.POST('/api/v1/companies/{company_id}/invoices/next', {
      params: { path: company },
      body: { customer_id: customer.id, subscription_id: subscription.id, currency: 'USD' },
    }),
  );

  await bill(start);

  const found = await ok(
    client.POST('/api/v1/companies/{company_id}/invoices/find', {
      params: { path: company },
      body: { query: { customer_id: customer.id }, pagination: { limit: 10 } },
    }),
  );
  let invoice = found.results[0];
  if (!invoice) throw new Error('the billing run wrote no invoice');
  const byUuid = { path: { ...company, uuid: invoice.uuid } };
  if (invoice.status === 'DRAFT')
    invoice = await ok(client.POST('/api/v1/companies/{company_id}/invoices/{uuid}/finalize', { params: byUuid }));
  invoice = await ok(
    client.POST('/api/v1/companies/{company_id}/invoices/{uuid}/mark_paid', {
      params: byUuid,
      body: { amount: { currency: 'USD', value_in_cents: invoice.due.value_in_cents }, provider_type: 'WIRE', notes: 'wire 42' },
    }),
  );
  return { preview, invoice };
}

/** The answer's data, or an Error carrying the API's error body (typed as ErrorResponse). */
async function ok<T>(call: Promise<{ data?: T; error?: Schemas['ErrorResponse'] | unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (data === undefined) throw new Error(`${response.status}: ${JSON.stringify(error)}`);
  return data;
}
