import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ScopedRepository } from '../platform/tenancy/scoped-repository';
import { CustomerEntity } from './customer.entity';

@Injectable()
export class CustomersRepository extends ScopedRepository<CustomerEntity> {
  constructor(dataSource: DataSource) {
    super(CustomerEntity, dataSource.manager);
  }
}
