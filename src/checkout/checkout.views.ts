import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { TALLY_CONFIG, TallyConfig } from '../platform/config/config';
import { BundlesRepository, ProductPricingsRepository } from '../catalog/catalog.repository';
import { CatalogViews } from '../catalog/catalog.views';
import { CustomersRepository } from '../customers/customers.repository';
import { CustomersViews } from '../customers/customers.views';
import { PlanCatalog } from '../subscriptions/plan-catalog';
import type { CheckoutSessionEntity } from './checkout.entity';
import { checkoutAcv, checkoutUrl, toCheckoutSessionResponse } from './checkout.mapper';
import type { CheckoutCreatedResponse, CheckoutSessionResponse } from './dto/checkout.dto';

/**
 * Checkout sessions as responses: the session embeds its customer (with entitlements), its
 * expanded product pricings and bundle, and its annual value; all are loaded together, then
 * mapped by the pure `toCheckoutSessionResponse`.
 */
@Injectable()
export class CheckoutViews {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    @Inject(TALLY_CONFIG) private readonly config: TallyConfig,
    private readonly customers: CustomersRepository,
    private readonly customersViews: CustomersViews,
    private readonly pricings: ProductPricingsRepository,
    private readonly bundles: BundlesRepository,
    private readonly catalogViews: CatalogViews,
    private readonly plan: PlanCatalog,
  ) {}

  created(session: { id: string; url: string }): CheckoutCreatedResponse {
    return { id: session.id, url: session.url };
  }

  async one(s: CheckoutSessionEntity): Promise<CheckoutSessionResponse> {
    const companyId = s.company_id;
    const now = this.clock.now();
    const [customer, pricingRows, bundleRows, data] = await Promise.all([
      this.customers.findOne(companyId, { id: s.customer_id }),
      this.pricings.find(companyId, { where: { id: In(s.product_pricing_ids) } }),
      s.bundle_pricing_id ? this.bundles.find(companyId, { where: { id: s.bundle_pricing_id } }) : Promise.resolve([]),
      this.plan.load(this.dataSource.manager, companyId, s.product_pricing_ids),
    ]);
    const [customerView, pricings, bundles] = await Promise.all([
      this.customersViews.one(companyId, customer!),
      this.catalogViews.pricingViews(companyId, pricingRows),
      this.catalogViews.bundleViews(companyId, bundleRows),
    ]);
    return toCheckoutSessionResponse(s, {
      customer: customerView,
      pricings,
      bundle: bundles[0] ?? null,
      acvCents: checkoutAcv(s, data, now),
      url: checkoutUrl(this.config.publicUrl, s.token),
      now,
    });
  }
}
