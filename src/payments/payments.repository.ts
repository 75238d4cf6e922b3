import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ScopedRepository } from '../platform/tenancy/scoped.repository';
import { PaymentTransactionEntity } from './payment-transaction.entity';
import { PaymentAttemptEntity, PaymentMethodEntity } from './payment-processing.entity';

@Injectable()
export class PaymentTransactionsRepository extends ScopedRepository<PaymentTransactionEntity> {
  constructor(dataSource: DataSource) {
    super(PaymentTransactionEntity, dataSource.manager);
  }
}

@Injectable()
export class PaymentMethodsRepository extends ScopedRepository<PaymentMethodEntity> {
  constructor(dataSource: DataSource) {
    super(PaymentMethodEntity, dataSource.manager);
  }
}

@Injectable()
export class PaymentAttemptsRepository extends ScopedRepository<PaymentAttemptEntity> {
  constructor(dataSource: DataSource) {
    super(PaymentAttemptEntity, dataSource.manager);
  }
}
