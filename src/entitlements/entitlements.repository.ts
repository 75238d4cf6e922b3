import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ScopedRepository } from '../platform/tenancy/scoped.repository';
import { EntitlementEntity } from './entitlement.entity';

@Injectable()
export class EntitlementsRepository extends ScopedRepository<EntitlementEntity> {
  constructor(dataSource: DataSource) {
    super(EntitlementEntity, dataSource.manager);
  }
}
