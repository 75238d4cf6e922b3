import type { ModuleSchema } from '../platform/database/module-schema';
import { CustomerEntity } from './customer.entity';
import { Customers1700000002000 } from './migrations/1700000002000-customers';
import { CustomerTags1700000015000 } from './migrations/1700000015000-customer-tags';
import { CustomerTaxNumber1700000017903 } from './migrations/1700000017903-customer-tax-number';

export const customersSchema: ModuleSchema = {
  entities: [CustomerEntity],
  migrations: [Customers1700000002000, CustomerTags1700000015000, CustomerTaxNumber1700000017903],
};
