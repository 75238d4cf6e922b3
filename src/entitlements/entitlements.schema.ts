import type { ModuleSchema } from '../platform/database/entity-registry';
import { EntitlementEntity } from './entitlement.entity';
import { Entitlements1700000001000 } from './migrations/1700000001000-entitlements';

export const entitlementsSchema: ModuleSchema = {
  entities: [EntitlementEntity],
  migrations: [Entitlements1700000001000],
};
