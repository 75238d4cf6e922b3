import type { MixedList, MigrationInterface } from 'typeorm';

/**
 * Each domain module lists its entities and migrations in its own `<domain>.schema.ts`; this
 * file gathers them for the one DataSource (app, CLI, ormconfig.ts and tests).
 */
import { platformSchema } from '../platform.schema';
import { entitlementsSchema } from '../../entitlements/entitlements.schema';
import { metricsSchema } from '../../metrics/metrics.schema';
import { customersSchema } from '../../customers/customers.schema';
import { catalogSchema } from '../../catalog/catalog.schema';
import { invoicingSchema } from '../../invoicing/invoicing.schema';
import { subscriptionsSchema } from '../../subscriptions/subscriptions.schema';
import { paymentsSchema } from '../../payments/payments.schema';
import { creditsSchema } from '../../credits/credits.schema';
import { contractsSchema } from '../../contracts/contracts.schema';
import { checkoutSchema } from '../../checkout/checkout.schema';

export interface ModuleSchema {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: Function[];
  migrations: (new () => MigrationInterface)[];
}

const schemas: ModuleSchema[] = [
  platformSchema,
  entitlementsSchema,
  metricsSchema,
  customersSchema,
  catalogSchema,
  subscriptionsSchema,
  invoicingSchema,
  paymentsSchema,
  creditsSchema,
  contractsSchema,
  checkoutSchema,
];

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const ALL_ENTITIES: MixedList<Function> = schemas.flatMap((s) => s.entities);

/** Migrations sorted by their timestamp suffix, whatever module they come from. */
export const ALL_MIGRATIONS = schemas
  .flatMap((s) => s.migrations)
  .sort((a, b) => Number(/(\d+)$/.exec(a.name)?.[1] ?? 0) - Number(/(\d+)$/.exec(b.name)?.[1] ?? 0));
