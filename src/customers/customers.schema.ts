import type { ModuleSchema } from '../platform/database/module-schema';
import { CustomerEntity } from './customer.entity';
import { Customers1700000002000 } from './migrations/1700000002000-customers';

export const customersSchema: ModuleSchema = {
  entities: [CustomerEntity],
  migrations: [Customers1700000002000],
};
