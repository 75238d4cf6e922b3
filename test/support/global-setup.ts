import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { startEmbeddedPostgres } from '../../src/platform/database/embedded-postgres';
import { dataSourceOptions } from '../../src/platform/database/data-source-options';
import { runMigrations } from '../../src/platform/database/migrate';
import { TALLY_SCHEMA } from '../../src/schema';
import { ensureDatabase } from './ensure-database';

/**
 * One database for the whole run: DATABASE_URL when set (CI: the machine's PostgreSQL; created
 * when missing), else an in-memory embedded PGlite served on a private unix socket. Migrations
 * are applied once here.
 */
export default async function globalSetup(): Promise<void> {
  process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'silent';
  process.env.TALLY_SCHEDULER = 'off';
  // the webhook receivers of the tests listen on 127.0.0.1, a loopback address that delivery
  // refuses wherever DATABASE_URL is set unless its host is allowed (exactly this one; a host
  // name resolving to it stays refused, which the tests of the check rely on)
  process.env.TALLY_WEBHOOK_ALLOWED_HOSTS = '127.0.0.1';
  if (!process.env.DATABASE_URL) {
    const db = await startEmbeddedPostgres(null);
    (globalThis as { __TALLY_EMBEDDED__?: { stop(): Promise<void> } }).__TALLY_EMBEDDED__ = db;
    process.env.DATABASE_URL = db.url;
    process.env.TALLY_TEST_EMBEDDED = '1';
  } else if (await ensureDatabase(process.env.DATABASE_URL)) {
    process.stdout.write(`\ncreated the test database of DATABASE_URL\n`);
  }
  const ds = new DataSource(dataSourceOptions(process.env.DATABASE_URL, 2, TALLY_SCHEMA));
  await ds.initialize();
  try {
    await runMigrations(ds);
  } finally {
    await ds.destroy();
  }
}
