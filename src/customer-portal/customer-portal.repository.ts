import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ScopedRepository } from '../platform/tenancy/scoped.repository';
import { CustomerPortalLinkEntity } from './customer-portal.entity';

@Injectable()
export class CustomerPortalLinksRepository extends ScopedRepository<CustomerPortalLinkEntity> {
  constructor(ds: DataSource) {
    super(CustomerPortalLinkEntity, ds.manager);
  }
}
