import type { ModuleSchema } from '../platform/database/module-schema';
import { CustomerPortalLinkEntity } from './customer-portal.entity';
import { CustomerPortal1700000014500 } from './migrations/1700000014500-customer-portal';

export const customerPortalSchema: ModuleSchema = {
  entities: [CustomerPortalLinkEntity],
  migrations: [CustomerPortal1700000014500],
};
