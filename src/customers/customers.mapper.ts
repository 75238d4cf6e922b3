import { iso } from '../platform/timestamps';
import { CustomerEntity } from './customer.entity';
import type {
  AddressResponse,
  ChildRollupBillingConfigResponse,
  CustomerResponse,
  CustomerSummaryResponse,
  DisplayFieldResponse,
} from './dto/customer.dto';

const ADDRESS_FIELDS = ['address_line_1', 'address_line_2', 'city', 'country', 'place_id', 'state', 'zip'] as const;

function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** The stored address with every field present (null when empty). */
export function toAddressResponse(address: Record<string, unknown> | null): AddressResponse | null {
  if (!address) return null;
  const out = {} as AddressResponse;
  for (const f of ADDRESS_FIELDS) out[f] = str(address[f]);
  return out;
}

/** The stored rollup config with every field present (null when empty). */
export function toRollupConfigResponse(config: Record<string, unknown> | null): ChildRollupBillingConfigResponse | null {
  if (!config) return null;
  const fields = config.invoice_additional_display_fields;
  const due = config.invoice_due_date_from_creation;
  return {
    frequency: str(config.frequency),
    start_date: str(config.start_date),
    auto_charges: typeof config.auto_charges === 'boolean' ? config.auto_charges : null,
    end_date: str(config.end_date),
    invoice_additional_display_fields: Array.isArray(fields)
      ? (fields as DisplayFieldResponse[]).map((f) => ({ name: f.name, value: f.value }))
      : null,
    invoice_due_date_from_creation: typeof due === 'number' ? due : null,
  };
}

/** The spec's Customer resource, field for field (`entitlements`: combined from its subscriptions). */
export function toCustomerResponse(c: CustomerEntity, entitlements: Record<string, unknown>[] = []): CustomerResponse {
  return {
    address: toAddressResponse(c.address),
    arr: { currency: c.mrr_currency, value_in_cents: c.arr_in_cents },
    billing_emails: c.billing_emails,
    child_rollup_billing: c.child_rollup_billing,
    child_rollup_billing_config: toRollupConfigResponse(c.child_rollup_billing_config),
    company_id: c.company_id,
    computed_entitlements: entitlements,
    created_at: iso(c.created_at)!,
    customer_integration_metadata: c.customer_integration_metadata ?? {},
    email: c.email,
    exclude_from_metrics: c.exclude_from_metrics,
    id: c.id,
    identifier: c.identifier,
    integration_references: c.integration_references ?? [],
    locale: c.locale,
    managed_externally: c.managed_externally,
    metadata: c.metadata ?? {},
    mrr: { currency: c.mrr_currency, value_in_cents: c.mrr_in_cents },
    name: c.name,
    org_name: c.org_name,
    override_taxes: c.override_taxes,
    owner_id: c.owner_id,
    parent_customer_id: c.parent_customer_id,
    phone: c.phone,
    status: c.status,
    tags: c.tags ?? [],
    tax_number: c.tax_number ?? null,
    title: c.title,
    updated_at: iso(c.updated_at)!,
  };
}

/**
 * The spec's "Customer summary" (embedded in other resources). `parent` is the parent customer
 * when the caller loaded it (one batched query, e.g. CustomerLookupService.getMany); its own
 * `parent_customer` is not expanded further.
 */
export function toCustomerSummary(c: CustomerEntity, parent?: CustomerEntity | null): CustomerSummaryResponse {
  return {
    email: c.email,
    id: c.id,
    identifier: c.identifier,
    name: c.name,
    org_name: c.org_name,
    parent_customer: parent && parent.id === c.parent_customer_id ? toCustomerSummary(parent) : null,
    parent_customer_id: c.parent_customer_id,
  };
}
