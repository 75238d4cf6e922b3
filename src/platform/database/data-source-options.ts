import { DataSourceOptions } from 'typeorm';
import type { DatabaseSchema } from './module-schema';
import { IdempotencySettler } from '../idempotency/idempotency-settler';

/** The one DataSource options object used by the app, the CLI, ormconfig.ts and the tests (the schema comes from `src/schema.ts`). */
export function dataSourceOptions(url: string, poolSize: number, schema: DatabaseSchema): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: schema.entities,
    migrations: schema.migrations,
    // settles a request's idempotency key inside the transaction that commits its effect
    subscribers: [IdempotencySettler],
    migrationsTableName: 'typeorm_migrations',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    poolSize,
    extra: { max: poolSize, connectionTimeoutMillis: 10000 },
  };
}
