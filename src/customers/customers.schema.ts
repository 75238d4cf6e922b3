import type { ModuleSchema } from '../platform/database/entity-registry';

export const customersSchema: ModuleSchema = {
  entities: [],
  migrations: [],
};
