import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ScopedRepository } from '../platform/tenancy/scoped.repository';
import { CreditEntity, CreditLogEntity } from './credit.entity';

@Injectable()
export class CreditsRepository extends ScopedRepository<CreditEntity> {
  constructor(dataSource: DataSource) {
    super(CreditEntity, dataSource.manager);
  }
}

@Injectable()
export class CreditLogsRepository extends ScopedRepository<CreditLogEntity> {
  constructor(dataSource: DataSource) {
    super(CreditLogEntity, dataSource.manager);
  }
}
