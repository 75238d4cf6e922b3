import { DataSource } from 'typeorm';
import { TallyConfig } from '../config/config';
import { dataSourceOptions } from './data-source-options';
import { EmbeddedDatabase, resolveDatabase } from './embedded-postgres';
import type { DatabaseSchema } from './module-schema';
import { runMigrations } from './migrate';
import { usePageKeySource } from '../hosted-pages/page-secrets';

/**
 * Finds the database the service uses (DATABASE_URL or embedded) and brings its schema up to
 * date with `schema`'s migrations (the composition root's `TALLY_SCHEMA`). Used by main.ts, the
 * command line and the benchmarks.
 */
export async function prepareDatabase(config: TallyConfig, schema: DatabaseSchema): Promise<EmbeddedDatabase & { applied: string[] }> {
  const db = await resolveDatabase(config.databaseUrl, config.dataDir);
  const ds = new DataSource(dataSourceOptions(db.url, 2, schema));
  try {
    await ds.initialize();
    // migrations that move page secrets to hashes derive links with this configuration's key
    usePageKeySource(config);
    const applied = await runMigrations(ds);
    return { ...db, applied };
  } catch (err) {
    await db.stop();
    throw err;
  } finally {
    if (ds.isInitialized) await ds.destroy();
  }
}
