import { toConfigItemResponse } from '../subscriptions/subscriptions.mapper';
import { toEmbeddedBundlePricing } from '../catalog/catalog.mapper';
import { iso } from '../platform/timestamps';
import type { CompanyRecordResponse } from '../platform/company-record.mapper';
import type { BundleResponse } from '../catalog/dto/bundle.dto';
import type { ProductPricingResponse } from '../catalog/dto/pricing.dto';
import type { CustomerResponse } from '../customers/dto/customer.dto';
import { billingTermOf, mrrPrices, PlanCatalogData } from '../subscriptions/plan-catalog';
import { storedDiscountsForMrr } from '../subscriptions/discounts';
import { computeAcv } from './acv';
import { contractTermsDigest, effectiveStatus, signingRecordId } from './contract.rules';
import type { ContractEntity, ContractSignatoryEntity } from './contract.entity';
import type { ContractResponse, SignatoryResponse } from './dto/contract.dto';
import type { ContractTemplateEntity } from './contract-template.entity';
import type { ContractTemplateResponse } from './dto/contract-template.dto';
import { fillVariables } from '../platform/hosted-pages/format';
import type { PageLinks } from '../platform/hosted-pages/page-secrets';

/** ACV of a contract's plan for its quantities and discounts (catalog rows already read). */
export function contractAcv(c: ContractEntity, data: PlanCatalogData, now: Date): number {
  const billing = billingTermOf(data, c.product_pricing_ids);
  return computeAcv({
    prices: mrrPrices(data, c.product_pricing_ids, c.config_items),
    discounts: storedDiscountsForMrr(c.discounts),
    billing_term: billing?.term ?? { count: c.term_count, frequency: c.term_frequency },
    now,
  });
}

/** The absolute link of a signatory's hosted signing page. */
export function signatureLink(
  pages: PageLinks,
  s: Pick<ContractSignatoryEntity, 'company_id' | 'contract_id' | 'email_key' | 'signing_nonce'>,
): string {
  return `${pages.publicUrl}/contracts/sign/${pages.secret('signing', s.company_id, signingRecordId(s), s.signing_nonce)}`;
}

export function toSignatoryResponse(s: ContractSignatoryEntity, pages: PageLinks): SignatoryResponse {
  return {
    declined: s.declined,
    email: s.email,
    name: s.name,
    position: s.position,
    signature_id: s.signature_id,
    signature_link: signatureLink(pages, s),
    signed: s.signed,
    signed_date: iso(s.signed_date),
    terms_digest: s.signed ? s.terms_digest : null,
    title: s.title,
    view_timestamps: s.view_timestamps ?? [],
  };
}

/** What a contract response embeds, loaded by the views class for a whole page at once. */
export interface ContractExpansion {
  /** The clock's now: status (EXPIRED) and ACV are derived from it. */
  now: Date;
  /** The catalog rows of the contract's plan (ACV and terms digest). */
  plan: PlanCatalogData;
  company: CompanyRecordResponse;
  customer: CustomerResponse;
  /** Its pricings expanded, in the contract's order (a pricing not found is left out). */
  product_pricings: ProductPricingResponse[];
  bundle: BundleResponse | null;
  /** Its signatories in their order. */
  signatories: ContractSignatoryEntity[];
  /** The template it was made from (template_id), or null. */
  template: ContractTemplateEntity | null;
  /** Its campaigns (signature reminders), as GET /campaigns/{id} answers them. */
  campaigns: Record<string, unknown>[];
  pages: PageLinks;
}

/** The spec's Contract resource. */
export function toContractResponse(c: ContractEntity, x: ContractExpansion): ContractResponse {
  const bundle = x.bundle;
  return {
    acv: { currency: c.currency, value_in_cents: contractAcv(c, x.plan, x.now) },
    auto_charges: c.auto_charges,
    auto_renews: c.auto_renews,
    bundle_pricing: toEmbeddedBundlePricing(bundle),
    bundle_pricing_id: c.bundle_pricing_id,
    campaigns: x.campaigns,
    change_custom_date: null,
    change_proration_type: null,
    change_reset_billing_anchor: null,
    change_timing: null,
    company: x.company,
    company_id: c.company_id,
    completed_date: iso(c.completed_date),
    config_items: c.config_items.map(toConfigItemResponse),
    content: c.content,
    content_template: x.template?.content ?? null,
    rendered_content: c.content === null ? null : fillVariables(c.content, c.custom_variables ?? {}),
    template_id: c.template_id,
    type: 'CONTRACT',
    options: (c.options as ContractResponse['options']) ?? null,
    requires_payment_method: c.requires_payment_method,
    payment_method_id: c.payment_method_id,
    trial: c.trial,
    trial_term: c.trial_term,
    contract_attachments: [],
    counter_signatories: [],
    created_at: iso(c.created_at)!,
    currency: c.currency,
    custom_variables: c.custom_variables ?? {},
    customer: x.customer,
    customer_id: c.customer_id,
    discounts: c.discounts ?? [],
    expiration_date: iso(c.expiration_date),
    id: c.id,
    metadata: c.metadata ?? {},
    onetime_items: c.onetime_items ?? [],
    owner_id: c.owner_id,
    product_pricing_ids: c.product_pricing_ids,
    product_pricings: x.product_pricings,
    signatories: x.signatories.map((s) => toSignatoryResponse(s, x.pages)),
    start_date: iso(c.start_date),
    status: effectiveStatus(c, x.now),
    subscription_id: c.subscription_id,
    term: { count: c.term_count, frequency: c.term_frequency },
    terms_digest: contractTermsDigest(c, x.plan),
    title: c.title,
    updated_at: iso(c.updated_at)!,
  };
}

export function toContractTemplateResponse(t: ContractTemplateEntity): ContractTemplateResponse {
  return {
    id: t.id,
    company_id: t.company_id,
    name: t.name,
    description: t.description,
    content: t.content,
    variables: t.variables.map((v) => ({ name: v.name, description: v.description, default_value: v.default_value })),
    metadata: t.metadata ?? {},
    created_at: iso(t.created_at)!,
    updated_at: iso(t.updated_at)!,
  };
}
