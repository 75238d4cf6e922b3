/**
 * One small, realistic request body for each operation a newcomer tries first, shown by the
 * reference (/api/docs) and pre-filled by its "Try it out" — instead of the body Swagger UI
 * would build from every optional field ("from_key": "string", …). The ids are examples of
 * their kind: replace them with ids of your own company. A test sends each body to the API
 * with real ids, so they stay bodies the API takes.
 */
export const EXAMPLE_IDS = {
  customer: 'cus_01jz3k4m5n6p7q8r9s0t1v2w3x',
  product: 'prod_01jz3k4m5n6p7q8r9s0t1v2w3y',
  pricing: 'pp_01jz3k4m5n6p7q8r9s0t1v2w3z',
  seatPrice: 'pmp_01jz3k4m5n6p7q8r9s0t1v2w40',
  item: 'bi_01jz3k4m5n6p7q8r9s0t1v2w41',
} as const;

const TENANT = '/api/v1/companies/{company_id}';

/** Request body examples by operation: `<method> <path>` → body. */
export const REQUEST_EXAMPLES: Record<string, Record<string, unknown>> = {
  [`post ${TENANT}/customers`]: {
    name: 'Jane Doe',
    org_name: 'Contoso Ltd',
    email: 'jane@contoso.com',
    identifier: 'contoso',
    address: { address_line_1: '1 Main St', city: 'Arlington', state: 'VA', zip: '22201', country: 'US' },
  },
  [`post ${TENANT}/pricing`]: {
    product_id: EXAMPLE_IDS.product,
    name: 'Team seats',
    currency: 'USD',
    pricing_type: 'FIXED',
    fixed_price: { price_per_unit: 5800 },
    billing_frequency: { count: 1, frequency: 'MONTH' },
  },
  [`post ${TENANT}/subscriptions`]: {
    customer_id: EXAMPLE_IDS.customer,
    product_pricing_ids: [EXAMPLE_IDS.pricing],
    config_items: [{ product_metric_pricing_id: EXAMPLE_IDS.seatPrice, num_licenses: 5 }],
    start_date: '2027-03-01T00:00:00.000Z',
  },
  [`post ${TENANT}/events/ingest`]: {
    events: [
      {
        customer_id: EXAMPLE_IDS.customer,
        item_id: EXAMPLE_IDS.item,
        transaction_id: 'req_7f3a9c21',
        timestamp: '2027-03-02T10:15:00.000Z',
        properties: { endpoint: '/v1/search' },
      },
    ],
  },
  [`post ${TENANT}/invoices/find`]: {
    query: { customer_id: EXAMPLE_IDS.customer, statuses: ['PENDING', 'OVERDUE'] },
    pagination: { limit: 20 },
  },
};

/** Sets each operation's request body example (an operation missing from the document is an error: the table is stale). */
export function applyRequestExamples(paths: Record<string, Record<string, unknown>>): void {
  for (const [key, example] of Object.entries(REQUEST_EXAMPLES)) {
    const [method, path] = key.split(' ');
    const op = paths[path]?.[method] as { requestBody?: { content?: Record<string, Record<string, unknown>> } } | undefined;
    const media = op?.requestBody?.content?.['application/json'];
    if (!media) throw new Error(`OpenAPI request example for an operation without a JSON body: ${key}`);
    media.example = example;
  }
}
