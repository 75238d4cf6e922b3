import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ScopedRepository } from '../../platform/tenancy/scoped.repository';
import { BillableObjectEntity } from './billable-object.entity';

@Injectable()
export class BillableObjectsRepository extends ScopedRepository<BillableObjectEntity> {
  constructor(dataSource: DataSource) {
    super(BillableObjectEntity, dataSource.manager);
  }
}
