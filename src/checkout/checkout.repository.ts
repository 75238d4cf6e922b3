import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ScopedRepository } from '../platform/tenancy/scoped.repository';
import { CheckoutSessionEntity } from './checkout.entity';

@Injectable()
export class CheckoutSessionsRepository extends ScopedRepository<CheckoutSessionEntity> {
  constructor(ds: DataSource) {
    super(CheckoutSessionEntity, ds.manager);
  }
}
