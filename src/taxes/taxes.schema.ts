import type { ModuleSchema } from '../platform/database/module-schema';
import { TaxEntity } from './tax.entity';
import { Taxes1700000017900 } from './migrations/1700000017900-taxes';

export const taxesSchema: ModuleSchema = {
  entities: [TaxEntity],
  migrations: [Taxes1700000017900],
};
