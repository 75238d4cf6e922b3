import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { WebhookEventsService } from '../webhooks/events/webhook-events.service';
import { reads } from '../platform/database/reads';
import { Clock } from '../platform/clock/clock';
import { DomainError } from '../platform/errors/domain-error';
import type { SearchPage } from '../platform/search/search';
import { toCompanyRecord } from '../platform/company-record.mapper';
import { CatalogViews } from '../catalog/catalog.views';
import { BundlesRepository, CompanyRecordsRepository, ProductPricingsRepository } from '../catalog/catalog.repository';
import { CustomersRepository } from '../customers/customers.repository';
import { CustomersViews } from '../customers/customers.views';
import { PlanCatalog } from '../subscriptions/plan-catalog';
import { termPricingIds } from './contract.rules';
import type { ContractEntity, ContractSignatoryEntity } from './contract.entity';
import { ContractSignatoriesRepository, ContractsRepository, ContractTemplatesRepository } from './contracts.repository';
import { toContractResponse, toContractTemplateResponse } from './contracts.mapper';
import type { ContractResponse } from './dto/contract.dto';
import type { ContractTemplateEntity } from './contract-template.entity';
import type { ContractTemplateResponse } from './dto/contract-template.dto';
import { PageSecrets } from '../platform/hosted-pages/page-secrets';
import { ContractsHooks } from './contracts.hooks';

/**
 * Contracts as responses, for one or many contracts in a fixed number of batched queries:
 * signatories, customers (CustomersViews, with their entitlements), the company, pricings and
 * bundles expanded (CatalogViews) and the catalog rows for ACV; then the pure mapper.
 */
@Injectable()
export class ContractViews implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly pages: PageSecrets,
    private readonly signatories: ContractSignatoriesRepository,
    private readonly customers: CustomersRepository,
    private readonly customersViews: CustomersViews,
    private readonly companies: CompanyRecordsRepository,
    private readonly pricings: ProductPricingsRepository,
    private readonly bundles: BundlesRepository,
    private readonly catalogViews: CatalogViews,
    private readonly plan: PlanCatalog,
    private readonly templates: ContractTemplatesRepository,
    private readonly contracts: ContractsRepository,
    private readonly events: WebhookEventsService,
    private readonly hooks: ContractsHooks,
  ) {}

  templateView(t: ContractTemplateEntity): ContractTemplateResponse {
    return toContractTemplateResponse(t);
  }

  templatePage(page: SearchPage<ContractTemplateEntity>): SearchPage<ContractTemplateResponse> {
    return { pagination: page.pagination, results: page.results.map(toContractTemplateResponse) };
  }

  /** Webhook events carry contracts as their GET answers them, read in the transaction of the change. */
  onModuleInit(): void {
    this.events.objects('contract', async (m, companyId, ids) => {
      const rows = await this.contracts.with(m).find(companyId, { where: { id: In(ids) } });
      return new Map((await this.many(companyId, rows, m)).map((v, i) => [rows[i].id, v]));
    });
  }

  async one(companyId: string, c: ContractEntity): Promise<ContractResponse> {
    return (await this.many(companyId, [c]))[0];
  }

  async page(companyId: string, page: SearchPage<ContractEntity>): Promise<SearchPage<ContractResponse>> {
    return { pagination: page.pagination, results: await this.many(companyId, page.results) };
  }

  /** `m`: read inside that transaction. */
  async many(companyId: string, rows: ContractEntity[], m?: EntityManager): Promise<ContractResponse[]> {
    if (rows.length === 0) return [];
    const r = <R extends { with(m: EntityManager): R }>(repo: R): R => (m ? repo.with(m) : repo);
    const now = this.clock.now();
    const ids = rows.map((c) => c.id);
    const customerIds = [...new Set(rows.map((c) => c.customer_id))];
    const pricingIds = [...new Set(rows.flatMap((c) => c.product_pricing_ids))];
    const termPricings = [...new Set(rows.flatMap((c) => termPricingIds(c)))];
    const bundleIds = [...new Set(rows.map((c) => c.bundle_pricing_id).filter((b): b is string => !!b))];
    const templateIds = [...new Set(rows.map((c) => c.template_id).filter((t): t is string => !!t))];
    const [signatories, customerRows, company, pricingRows, bundleRows, plan, templates, campaigns] = await reads(m, [
      () =>
        r(this.signatories)
          .queryBuilder(companyId, 's')
          .andWhere('s.contract_id IN (:...ids)', { ids })
          .orderBy('s.contract_id', 'ASC')
          .addOrderBy('s.sort_index', 'ASC')
          .getMany(),
      () => r(this.customers).find(companyId, { where: { id: In(customerIds) } }),
      () => r(this.companies).findOne(companyId, {}),
      async () => (pricingIds.length ? r(this.pricings).find(companyId, { where: { id: In(pricingIds) } }) : []),
      async () => (bundleIds.length ? r(this.bundles).find(companyId, { where: { id: In(bundleIds) } }) : []),
      () => this.plan.load(m ?? this.dataSource.manager, companyId, termPricings),
      async () => (templateIds.length ? r(this.templates).find(companyId, { where: { id: In(templateIds) } }) : []),
      () => this.hooks.get('campaigns').campaignsOf(companyId, ids, m),
    ] as const);
    const templateById = new Map(templates.map((t) => [t.id, t]));
    if (!company) throw DomainError.notFound('company');
    const [customers, pricingViews, bundleViews] = await reads(m, [
      () => this.customersViews.many(companyId, customerRows, m),
      () => this.catalogViews.pricingViews(companyId, pricingRows, undefined, m),
      () => this.catalogViews.bundleViews(companyId, bundleRows, m),
    ] as const);
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

    return rows.map((c) =>
      toContractResponse(c, {
        now,
        plan,
        company: companyRecord,
        customer: customerById.get(c.customer_id)!,
        product_pricings: c.product_pricing_ids.flatMap((id) => {
          const p = pricingById.get(id);
          return p ? [p] : [];
        }),
        bundle: (c.bundle_pricing_id ? bundleById.get(c.bundle_pricing_id) : undefined) ?? null,
        signatories: signatoriesByContract.get(c.id) ?? [],
        template: (c.template_id ? templateById.get(c.template_id) : undefined) ?? null,
        campaigns: campaigns.get(c.id) ?? [],
        pages: this.pages,
      }),
    );
  }
}
