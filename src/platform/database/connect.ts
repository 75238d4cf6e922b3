import { DataSource } from 'typeorm';
import { TallyConfig } from '../config/config';
import { dataSourceOptions } from './data-source-options';
import { EmbeddedDatabase, resolveDatabase } from './embedded-postgres';
import { runMigrations } from './migrate';

/**
 * Finds the database the service uses (DATABASE_URL or embedded) and brings its schema up to
 * date. Used by main.ts and the command line.
 */
export async function prepareDatabase(config: TallyConfig): Promise<EmbeddedDatabase & { applied: string[] }> {
  const db = await resolveDatabase(config.databaseUrl, config.dataDir);
  const ds = new DataSource(dataSourceOptions(db.url, 2));
  try {
    await ds.initialize();
    const applied = await runMigrations(ds);
    return { ...db, applied };
  } catch (err) {
    await db.stop();
    throw err;
  } finally {
    if (ds.isInitialized) await ds.destroy();
  }
}
