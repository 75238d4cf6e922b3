import type { ModuleSchema } from '../platform/database/module-schema';
import { EntitlementEntity } from './entitlement.entity';
import { Entitlements1700000001000 } from './migrations/1700000001000-entitlements';
import { EntitlementAssignmentEntity } from './assignments/entitlement-assignment.entity';
import { EntitlementAssignments1700000004001 } from './assignments/migrations/1700000004001-entitlement-assignments';

export const entitlementsSchema: ModuleSchema = {
  entities: [EntitlementEntity, EntitlementAssignmentEntity],
  migrations: [Entitlements1700000001000, EntitlementAssignments1700000004001],
};
