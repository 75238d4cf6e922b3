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
  migrations: [Catalog1700000004000],
};
