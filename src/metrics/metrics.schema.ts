import type { ModuleSchema } from '../platform/database/entity-registry';

export const metricsSchema: ModuleSchema = {
  entities: [],
  migrations: [],
};
