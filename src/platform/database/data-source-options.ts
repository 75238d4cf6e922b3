import { DataSourceOptions } from 'typeorm';
import { ALL_ENTITIES, ALL_MIGRATIONS } from './entity-registry';

/** The one DataSource options object used by the app, the CLI, ormconfig.ts and the tests. */
export function dataSourceOptions(url: string, poolSize: number): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ALL_ENTITIES,
    migrations: ALL_MIGRATIONS,
    migrationsTableName: 'typeorm_migrations',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    poolSize,
    extra: { max: poolSize, connectionTimeoutMillis: 10000 },
  };
}
