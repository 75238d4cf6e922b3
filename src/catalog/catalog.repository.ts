import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ScopedRepository } from '../platform/tenancy/scoped.repository';
import { CompanyEntity } from '../platform/companies.entity';
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

@Injectable()
export class ProductsRepository extends ScopedRepository<ProductEntity> {
  constructor(ds: DataSource) {
    super(ProductEntity, ds.manager);
  }
}

@Injectable()
export class ProductPricingsRepository extends ScopedRepository<ProductPricingEntity> {
  constructor(ds: DataSource) {
    super(ProductPricingEntity, ds.manager);
  }
}

@Injectable()
export class ItemPricingsRepository extends ScopedRepository<ItemPricingEntity> {
  constructor(ds: DataSource) {
    super(ItemPricingEntity, ds.manager);
  }
}

@Injectable()
export class ItemPricingTiersRepository extends ScopedRepository<ItemPricingTierEntity> {
  constructor(ds: DataSource) {
    super(ItemPricingTierEntity, ds.manager);
  }
}

@Injectable()
export class ItemPricingScheduledPricesRepository extends ScopedRepository<ItemPricingScheduledPriceEntity> {
  constructor(ds: DataSource) {
    super(ItemPricingScheduledPriceEntity, ds.manager);
  }
}

@Injectable()
export class ProductMetricPricingsRepository extends ScopedRepository<ProductMetricPricingEntity> {
  constructor(ds: DataSource) {
    super(ProductMetricPricingEntity, ds.manager);
  }
}

@Injectable()
export class BundlesRepository extends ScopedRepository<BundleEntity> {
  constructor(ds: DataSource) {
    super(BundleEntity, ds.manager);
  }
}

@Injectable()
export class BundleProductPricingsRepository extends ScopedRepository<BundleProductPricingEntity> {
  constructor(ds: DataSource) {
    super(BundleProductPricingEntity, ds.manager);
  }
}

/** The company row itself (embedded as `company` in item pricings); read-only here. */
@Injectable()
export class CompanyRecordsRepository extends ScopedRepository<CompanyEntity> {
  constructor(ds: DataSource) {
    super(CompanyEntity, ds.manager);
  }
}

export const CATALOG_REPOSITORIES = [
  ProductsRepository,
  ProductPricingsRepository,
  ItemPricingsRepository,
  ItemPricingTiersRepository,
  ItemPricingScheduledPricesRepository,
  ProductMetricPricingsRepository,
  BundlesRepository,
  BundleProductPricingsRepository,
  CompanyRecordsRepository,
];
