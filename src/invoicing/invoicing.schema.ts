import type { ModuleSchema } from '../platform/database/entity-registry';
import { CompanyCounterEntity, InvoiceEntity, InvoiceLineEntity, OneTimeBillableEntity } from './invoicing.entities';
import { Invoicing1700000006000 } from './migrations/1700000006000-invoicing';

export const invoicingSchema: ModuleSchema = {
  entities: [CompanyCounterEntity, InvoiceEntity, InvoiceLineEntity, OneTimeBillableEntity],
  migrations: [Invoicing1700000006000],
};
