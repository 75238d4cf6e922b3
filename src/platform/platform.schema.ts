import type { ModuleSchema } from './database/module-schema';
import { ApiTokenEntity, CompanyEntity, IdempotencyKeyEntity } from './companies.entity';
import { Platform1700000000000 } from './migrations/1700000000000-platform';
import { IdempotencyUnsettled1700000012000 } from './migrations/1700000012000-idempotency-unsettled';
import { IdempotencyCommitted1700000017320 } from './migrations/1700000017320-idempotency-committed';
import { PlatformKeys1700000017400 } from './migrations/1700000017400-platform-keys';

export const platformSchema: ModuleSchema = {
  entities: [CompanyEntity, ApiTokenEntity, IdempotencyKeyEntity],
  migrations: [Platform1700000000000, IdempotencyUnsettled1700000012000, IdempotencyCommitted1700000017320, PlatformKeys1700000017400],
};
