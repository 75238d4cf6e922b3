import { combineSchemas, DatabaseSchema } from './platform/database/module-schema';
import { platformSchema } from './platform/platform.schema';
import { entitlementsSchema } from './entitlements/entitlements.schema';
import { metricsSchema } from './metrics/metrics.schema';
import { customersSchema } from './customers/customers.schema';
import { catalogSchema } from './catalog/catalog.schema';
import { subscriptionsSchema } from './subscriptions/subscriptions.schema';
import { invoicingSchema } from './invoicing/invoicing.schema';
import { paymentsSchema } from './payments/payments.schema';
import { creditsSchema } from './credits/credits.schema';
import { contractsSchema } from './contracts/contracts.schema';
import { checkoutSchema } from './checkout/checkout.schema';
import { customerPortalSchema } from './customer-portal/customer-portal.schema';
import { webhooksSchema } from './webhooks/webhooks.schema';
import { taxesSchema } from './taxes/taxes.schema';
import { notificationsSchema } from './notifications/notifications.schema';

/**
 * The database schema of the whole service, at the composition root beside `app.module.ts`: each
 * module lists its entities and migrations in its own `<module>.schema.ts`, and this list gathers
 * them for the one DataSource (the app, the CLI, the benchmarks, ormconfig.ts and the tests).
 */
export const TALLY_SCHEMA: DatabaseSchema = combineSchemas([
  platformSchema,
  webhooksSchema,
  entitlementsSchema,
  metricsSchema,
  taxesSchema,
  customersSchema,
  catalogSchema,
  subscriptionsSchema,
  invoicingSchema,
  paymentsSchema,
  creditsSchema,
  contractsSchema,
  checkoutSchema,
  customerPortalSchema,
  notificationsSchema,
]);
