import { CustomerEntity } from './customer.entity';
import { toCustomerResponse, toCustomerSummary } from './customers.mapper';

function customer(over: Partial<CustomerEntity> = {}): CustomerEntity {
  return {
    company_id: 'cmp_1',
    id: 'cus_child',
    identifier: 'child-1',
    name: 'Child',
    email: 'child@example.com',
    org_name: 'Child Org',
    phone: null,
    title: null,
    locale: null,
    owner_id: null,
    parent_customer_id: 'cus_parent',
    status: 'ACTIVE',
    address: null,
    billing_emails: null,
    tags: [],
    child_rollup_billing: false,
    child_rollup_billing_config: null,
    exclude_from_metrics: false,
    managed_externally: false,
    metadata: {},
    customer_integration_metadata: {},
    integration_references: [],
    override_taxes: null,
    tax_number: null,
    mrr_in_cents: 1234,
    arr_in_cents: 14808,
    mrr_currency: 'EUR',
    created_at: new Date('2025-01-01T00:00:00Z'),
    updated_at: new Date('2025-01-02T00:00:00Z'),
    ...over,
  };
}

describe('customers mapper', () => {
  it('maps the summary without a loaded parent', () => {
    expect(toCustomerSummary(customer())).toEqual({
      email: 'child@example.com',
      id: 'cus_child',
      identifier: 'child-1',
      name: 'Child',
      org_name: 'Child Org',
      parent_customer: null,
      parent_customer_id: 'cus_parent',
    });
  });

  it('embeds the parent summary when it is loaded, one level deep', () => {
    const parent = customer({ id: 'cus_parent', identifier: 'p', name: 'Parent', parent_customer_id: 'cus_grand' });
    expect(toCustomerSummary(customer(), parent).parent_customer).toEqual({
      email: 'child@example.com',
      id: 'cus_parent',
      identifier: 'p',
      name: 'Parent',
      org_name: 'Child Org',
      parent_customer: null,
      parent_customer_id: 'cus_grand',
    });
  });

  it('ignores a loaded customer that is not the parent', () => {
    expect(toCustomerSummary(customer(), customer({ id: 'cus_other' })).parent_customer).toBeNull();
  });

  it('shows mrr and arr as money in the stored currency, and address fields all present', () => {
    const res = toCustomerResponse(customer({ address: { city: 'Oslo', country: 'NO' } }));
    expect(res.mrr).toEqual({ currency: 'EUR', value_in_cents: 1234 });
    expect(res.arr).toEqual({ currency: 'EUR', value_in_cents: 14808 });
    expect(res.address).toEqual({
      address_line_1: null,
      address_line_2: null,
      city: 'Oslo',
      country: 'NO',
      place_id: null,
      state: null,
      zip: null,
    });
    expect(res.computed_entitlements).toEqual([]);
    expect(res.created_at).toBe('2025-01-01T00:00:00.000Z');
  });
});
