import { Client } from 'pg';

/**
 * Makes sure the database of `url` exists: a missing one is created through the `postgres`
 * database of the same server (so that `DATABASE_URL=…/tally_dev npm test` works on a fresh
 * server). Where that is not allowed, the error says what to run instead.
 * Returns whether it created the database.
 */
export async function ensureDatabase(url: string): Promise<boolean> {
  const probe = new Client({ connectionString: url });
  try {
    await probe.connect();
    return false;
  } catch (err) {
    if ((err as { code?: string }).code !== '3D000') throw err; // invalid_catalog_name: no such database
  } finally {
    await probe.end().catch(() => undefined);
  }
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  try {
    await client.connect();
    await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === '42P04') return false; // created meanwhile by another run
    throw new Error(
      `the test database "${name}" of DATABASE_URL does not exist, and creating it through the server's "postgres" ` +
        `database failed (${(err as Error).message}). Create it yourself (createdb ${name}, or ` +
        `node .ci/db.js create ${name}), or unset DATABASE_URL to test on the embedded database.`,
      { cause: err },
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}
