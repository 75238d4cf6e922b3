import { Client } from 'pg';
import { ensureDatabase } from '../support/ensure-database';

/**
 * The suite's global setup creates the database of DATABASE_URL when it is missing (a fresh
 * `DATABASE_URL=…/tally_dev npm test`). PostgreSQL only: the embedded server has one database.
 */
describe('the test database of DATABASE_URL', () => {
  const url = new URL(process.env.DATABASE_URL!);
  const name = `tally_ensure_${process.pid}`;
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  const admin = new URL(url);
  admin.pathname = '/postgres';

  async function onAdmin<T>(work: (c: Client) => Promise<T>): Promise<T> {
    const c = new Client({ connectionString: admin.toString() });
    await c.connect();
    try {
      return await work(c);
    } finally {
      await c.end();
    }
  }
  const exists = () => onAdmin(async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1);

  afterAll(() => onAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));

  it('is created when missing, then left alone', async () => {
    expect(await exists()).toBe(false);
    expect(await ensureDatabase(fresh.toString())).toBe(true);
    expect(await exists()).toBe(true);
    expect(await ensureDatabase(fresh.toString())).toBe(false);
  });

  it('says how to create it when the server refuses', async () => {
    const role = `tally_nocreate_${process.pid}`;
    await onAdmin((c) => c.query(`CREATE ROLE ${role} LOGIN NOCREATEDB`));
    try {
      const refused = new URL(fresh);
      refused.pathname = `/${name}_refused`;
      refused.username = role;
      await expect(ensureDatabase(refused.toString())).rejects.toThrow(
        `the test database "${name}_refused" of DATABASE_URL does not exist, and creating it through the server's "postgres" database failed (permission denied to create database). Create it yourself (createdb ${name}_refused, or node .ci/db.js create ${name}_refused)`,
      );
    } finally {
      await onAdmin((c) => c.query(`DROP ROLE ${role}`));
    }
  });
});
