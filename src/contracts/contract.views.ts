import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { TALLY_CONFIG, TallyConfig } from '../platform/config/config';
import { DomainError } from '../platform/errors/domain-error';
import { iso } from '../platform/timestamps';
import { toCompanyRecord } from '../platform/company-record.mapper';
import { CatalogViews } from '../catalog/catalog.views';
import { BundlesRepository, CompanyRecordsRepository, ProductPricingsRepository } from '../catalog/catalog.repositories';
import { CustomersRepository } from '../customers/customers.repository';
import { CustomerEntitlementsPort } from '../customers/customer-entitlements.port';
import { toCustomerResponse } from '../customers/customers.mapper';
import { billingTermOf, mrrPrices, PlanCatalog, PlanCatalogData } from '../subscriptions/plan-catalog';
import { storedDiscountsForMrr } from '../subscriptions/discounts';
import { computeAcv } from './acv';
import { contractTermsDigest, effectiveStatus, termPricingIds } from './contract-rules';
import type { ContractEntity, ContractSignatoryEntity } from './contract.entities';
import { ContractSignatoriesRepository } from './contracts.repositories';
import type { ContractResponse, SignatoryResponse } from './dto/contract.dto';

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

/**
 * The contract response for one or many contracts in a fixed number of batched queries:
 * signatories, customers (+ their entitlements), the company, pricings and bundles expanded
 * (CatalogViews) and the catalog rows for ACV. Status (EXPIRED) is derived from the clock.
 */
@Injectable()
export class ContractViews {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    @Inject(TALLY_CONFIG) private readonly config: TallyConfig,
    private readonly signatories: ContractSignatoriesRepository,
    private readonly customers: CustomersRepository,
    private readonly customerEntitlements: CustomerEntitlementsPort,
    private readonly companies: CompanyRecordsRepository,
    private readonly pricings: ProductPricingsRepository,
    private readonly bundles: BundlesRepository,
    private readonly catalogViews: CatalogViews,
    private readonly plan: PlanCatalog,
  ) {}

  /** The absolute link of a signatory's hosted signing page (PUBLIC_URL based). */
  signatureLink(token: string): string {
    return `${this.config.publicUrl}/contracts/sign/${token}`;
  }

  signatoryResponse(s: ContractSignatoryEntity): SignatoryResponse {
    return {
      declined: s.declined,
      email: s.email,
      name: s.name,
      position: s.position,
      signature_id: s.signature_id,
      signature_link: this.signatureLink(s.signing_token),
      signed: s.signed,
      signed_date: iso(s.signed_date),
      terms_digest: s.signed ? s.terms_digest : null,
      title: s.title,
      view_timestamps: s.view_timestamps ?? [],
    };
  }

  async one(companyId: string, c: ContractEntity): Promise<ContractResponse> {
    return (await this.many(companyId, [c]))[0];
  }

  async many(companyId: string, rows: ContractEntity[]): Promise<ContractResponse[]> {
    if (rows.length === 0) return [];
    const now = this.clock.now();
    const ids = rows.map((c) => c.id);
    const customerIds = [...new Set(rows.map((c) => c.customer_id))];
    const pricingIds = [...new Set(rows.flatMap((c) => c.product_pricing_ids))];
    const termPricings = [...new Set(rows.flatMap((c) => termPricingIds(c)))];
    const bundleIds = [...new Set(rows.map((c) => c.bundle_pricing_id).filter((b): b is string => !!b))];
    const [signatories, customers, entitlements, company, pricingRows, bundleRows, data] = await Promise.all([
      this.signatories
        .queryBuilder(companyId, 's')
        .andWhere('s.contract_id IN (:...ids)', { ids })
        .orderBy('s.contract_id', 'ASC')
        .addOrderBy('s.sort_index', 'ASC')
        .getMany(),
      this.customers.find(companyId, { where: { id: In(customerIds) } }),
      this.customerEntitlements.forCustomers(companyId, customerIds),
      this.companies.findOne(companyId, {}),
      pricingIds.length ? this.pricings.find(companyId, { where: { id: In(pricingIds) } }) : [],
      bundleIds.length ? this.bundles.find(companyId, { where: { id: In(bundleIds) } }) : [],
      this.plan.load(this.dataSource.manager, companyId, termPricings),
    ]);
    if (!company) throw DomainError.notFound('company');
    const [pricingViews, bundleViews] = await Promise.all([
      this.catalogViews.pricingViews(companyId, pricingRows),
      this.catalogViews.bundleViews(companyId, bundleRows),
    ]);
    const companyRecord = toCompanyRecord(company);
    const customerById = new Map(customers.map((c) => [c.id, c]));
    const pricingById = new Map(pricingViews.map((p) => [p.id, p]));
    const bundleById = new Map(bundleViews.map((b) => [b.id, b]));
    const signatoriesByContract = new Map<string, ContractSignatoryEntity[]>();
    for (const s of signatories) {
      const list = signatoriesByContract.get(s.contract_id) ?? [];
      list.push(s);
      signatoriesByContract.set(s.contract_id, list);
    }

    return rows.map((c) => {
      const customer = customerById.get(c.customer_id)!;
      const bundle = c.bundle_pricing_id ? bundleById.get(c.bundle_pricing_id) : undefined;
      return {
        acv: { currency: c.currency, value_in_cents: contractAcv(c, data, now) },
        auto_charges: c.auto_charges,
        auto_renews: c.auto_renews,
        bundle_pricing: bundle
          ? {
              ...(bundle as unknown as Record<string, unknown>),
              default_term: bundle.term,
              deleted_at: null,
              image_url: null,
              key: null,
              import_created_at_ref: null,
              import_ref: null,
              imported_from: null,
            }
          : null,
        bundle_pricing_id: c.bundle_pricing_id,
        campaigns: [],
        change_custom_date: null,
        change_proration_type: null,
        change_reset_billing_anchor: null,
        change_timing: null,
        company: companyRecord,
        company_id: c.company_id,
        completed_date: iso(c.completed_date),
        config_items: c.config_items.map((ci) => ({
          hide_at_checkout: ci.hide_at_checkout,
          minimum_units: ci.minimum_units,
          num_licenses: ci.num_licenses,
          product_metric_pricing_id: ci.product_metric_pricing_id,
          product_pricing_id: ci.product_pricing_id,
          quantity_config: ci.quantity_config,
          sort_order: ci.sort_order,
          upsell_product_metric_pricing_id: ci.upsell_product_metric_pricing_id,
        })),
        content: c.content,
        content_template: null,
        contract_attachments: [],
        counter_signatories: [],
        created_at: iso(c.created_at)!,
        currency: c.currency,
        custom_variables: c.custom_variables ?? {},
        customer: toCustomerResponse(customer, entitlements.get(customer.id) ?? []),
        customer_id: c.customer_id,
        discounts: c.discounts ?? [],
        expiration_date: iso(c.expiration_date),
        id: c.id,
        metadata: c.metadata ?? {},
        onetime_items: c.onetime_items ?? [],
        owner_id: c.owner_id,
        product_pricing_ids: c.product_pricing_ids,
        product_pricings: c.product_pricing_ids.flatMap((id) => {
          const p = pricingById.get(id);
          return p ? [p] : [];
        }),
        signatories: (signatoriesByContract.get(c.id) ?? []).map((s) => this.signatoryResponse(s)),
        start_date: iso(c.start_date),
        status: effectiveStatus(c, now),
        subscription_id: c.subscription_id,
        term: { count: c.term_count, frequency: c.term_frequency },
        terms_digest: contractTermsDigest(c, data),
        title: c.title,
        updated_at: iso(c.updated_at)!,
      };
    });
  }
}
