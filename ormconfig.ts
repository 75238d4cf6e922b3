import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './src/platform/database/data-source-options';
import { TALLY_SCHEMA } from './src/schema';

/**
 * For the TypeORM CLI (e.g. `npx typeorm migration:show -d dist/ormconfig.js`) against
 * DATABASE_URL. The service itself runs migrations at start; `npm run migration:run` does the
 * same for whichever database the service would use (embedded included).
 */
export default new DataSource(
  dataSourceOptions(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres', 2, TALLY_SCHEMA),
);
