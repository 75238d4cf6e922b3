import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ScopedRepository } from '../platform/tenancy/scoped.repository';
import { TaxEntity } from './tax.entity';

@Injectable()
export class TaxesRepository extends ScopedRepository<TaxEntity> {
  constructor(ds: DataSource) {
    super(TaxEntity, ds.manager);
  }
}
