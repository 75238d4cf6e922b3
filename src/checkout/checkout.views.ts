import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { WebhookEventsService } from '../webhooks/events/webhook-events.service';
import { reads } from '../platform/database/reads';
import { CheckoutSessionsRepository } from './checkout.repository';
import { Clock } from '../platform/clock/clock';
import { BundlesRepository, ProductPricingsRepository } from '../catalog/catalog.repository';
import { CatalogViews } from '../catalog/catalog.views';
import { CustomersRepository } from '../customers/customers.repository';
import { CustomersViews } from '../customers/customers.views';
import { PlanCatalog } from '../subscriptions/plan-catalog';
import type { CheckoutSessionEntity } from './checkout.entity';
import { checkoutAcv, checkoutUrl, toCheckoutSessionResponse } from './checkout.mapper';
import type { CheckoutCreatedResponse, CheckoutSessionResponse } from './dto/checkout.dto';
import { PageSecrets } from '../platform/hosted-pages/page-secrets';

/**
 * Checkout sessions as responses: the session embeds its customer (with entitlements), its
 * expanded product pricings and bundle, and its annual value; all are loaded together, then
 * mapped by the pure `toCheckoutSessionResponse`.
 */
@Injectable()
export class CheckoutViews implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly pages: PageSecrets,
    private readonly customers: CustomersRepository,
    private readonly customersViews: CustomersViews,
    private readonly pricings: ProductPricingsRepository,
    private readonly bundles: BundlesRepository,
    private readonly catalogViews: CatalogViews,
    private readonly plan: PlanCatalog,
    private readonly sessions: CheckoutSessionsRepository,
    private readonly events: WebhookEventsService,
  ) {}

  /** Webhook events carry checkout sessions as their GET answers them, read in the transaction of the change. */
  onModuleInit(): void {
    this.events.objects('checkout', async (m, companyId, ids) => {
      const rows = await this.sessions.with(m).find(companyId, { where: { id: In(ids) } });
      const out = new Map<string, object>();
      for (const row of rows) out.set(row.id, await this.one(row, m));
      return out;
    });
  }

  created(session: { id: string; url: string }): CheckoutCreatedResponse {
    return { id: session.id, url: session.url };
  }

  /** `m`: read inside that transaction. */
  async one(s: CheckoutSessionEntity, m?: EntityManager): Promise<CheckoutSessionResponse> {
    const companyId = s.company_id;
    const now = this.clock.now();
    const r = <R extends { with(m: EntityManager): R }>(repo: R): R => (m ? repo.with(m) : repo);
    const [customer, pricingRows, bundleRows, data] = await reads(m, [
      () => r(this.customers).findOne(companyId, { id: s.customer_id }),
      () => r(this.pricings).find(companyId, { where: { id: In(s.product_pricing_ids) } }),
      async () => (s.bundle_pricing_id ? r(this.bundles).find(companyId, { where: { id: s.bundle_pricing_id } }) : []),
      () => this.plan.load(m ?? this.dataSource.manager, companyId, s.product_pricing_ids),
    ] as const);
    const [customerView, pricings, bundles] = await reads(m, [
      async () => (await this.customersViews.many(companyId, [customer!], m))[0],
      () => this.catalogViews.pricingViews(companyId, pricingRows, undefined, m),
      () => this.catalogViews.bundleViews(companyId, bundleRows, m),
    ] as const);
    return toCheckoutSessionResponse(s, {
      customer: customerView,
      pricings,
      bundle: bundles[0] ?? null,
      acvCents: checkoutAcv(s, data, now),
      url: checkoutUrl(this.pages, s),
      now,
    });
  }
}
