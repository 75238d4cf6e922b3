import { DataSource } from 'typeorm';

const MIGRATION_LOCK = 727271; // an arbitrary constant shared by every Tally instance

/**
 * Applies pending migrations. A session advisory lock keeps two instances starting at once
 * on one PostgreSQL from running them twice (the embedded database is single-process and
 * protected by its folder lock instead).
 */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      const done = await dataSource.runMigrations({ transaction: 'each' });
      return done.map((m) => m.name);
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    await runner.release();
  }
}
