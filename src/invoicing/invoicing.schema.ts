import type { ModuleSchema } from '../platform/database/entity-registry';
import { CompanyCounterEntity, InvoiceEntity, InvoiceLineEntity, OneTimeBillableEntity } from './invoicing.entities';
import { BillingCursorEntity } from './billing-engine/billing-cursor.entity';
import { Invoicing1700000006000 } from './migrations/1700000006000-invoicing';

export const invoicingSchema: ModuleSchema = {
  entities: [CompanyCounterEntity, InvoiceEntity, InvoiceLineEntity, OneTimeBillableEntity, BillingCursorEntity],
  migrations: [Invoicing1700000006000],
};
