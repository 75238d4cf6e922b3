import type { ModuleSchema } from '../platform/database/entity-registry';

export const catalogSchema: ModuleSchema = {
  entities: [],
  migrations: [],
};
