import type { ModuleSchema } from '../platform/database/module-schema';
import { PaymentTransactionEntity } from './payment-transaction.entity';
import { PaymentAttemptEntity, PaymentMethodEntity, SandboxOperationEntity } from './payment-processing.entity';
import { Payments1700000007000 } from './migrations/1700000007000-payments';
import { PaymentProcessing1700000007100 } from './migrations/1700000007100-payment-processing';
import { ChargeOutboxClaims1700000018300 } from './migrations/1700000018300-charge-outbox-claims';

export const paymentsSchema: ModuleSchema = {
  entities: [PaymentTransactionEntity, PaymentMethodEntity, PaymentAttemptEntity, SandboxOperationEntity],
  migrations: [Payments1700000007000, PaymentProcessing1700000007100, ChargeOutboxClaims1700000018300],
};
