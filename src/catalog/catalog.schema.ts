import type { ModuleSchema } from '../platform/database/module-schema';
import {
  BundleEntity,
  BundleProductPricingEntity,
  ItemPricingEntity,
  ItemPricingScheduledPriceEntity,
  ItemPricingTierEntity,
  ProductEntity,
  ProductMetricPricingEntity,
  ProductPricingEntity,
} from './catalog.entity';
import { Catalog1700000004000 } from './migrations/1700000004000-catalog';
import { PricingCompatFields1700000015500 } from './migrations/1700000015500-pricing-compat-fields';
import { PricingOverrideTaxes1700000017901 } from './migrations/1700000017901-pricing-override-taxes';
import { PercentageAndGroupPrices1700000018050 } from './migrations/1700000018050-percentage-and-group-prices';
import { PayInAdvance1700000018500 } from './migrations/1700000018500-pay-in-advance';

export const catalogSchema: ModuleSchema = {
  entities: [
    ProductEntity,
    ProductPricingEntity,
    ItemPricingEntity,
    ItemPricingTierEntity,
    ItemPricingScheduledPriceEntity,
    ProductMetricPricingEntity,
    BundleEntity,
    BundleProductPricingEntity,
  ],
  migrations: [
    Catalog1700000004000,
    PricingCompatFields1700000015500,
    PricingOverrideTaxes1700000017901,
    PercentageAndGroupPrices1700000018050,
    PayInAdvance1700000018500,
  ],
};
