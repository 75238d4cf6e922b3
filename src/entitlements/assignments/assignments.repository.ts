import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ScopedRepository } from '../../platform/tenancy/scoped.repository';
import { EntitlementAssignmentEntity } from './entitlement-assignment.entity';

@Injectable()
export class EntitlementAssignmentsRepository extends ScopedRepository<EntitlementAssignmentEntity> {
  constructor(dataSource: DataSource) {
    super(EntitlementAssignmentEntity, dataSource.manager);
  }
}
