/**
 * Whether this PostgreSQL offers lz4 for TOAST compression (built with it, version 14 or later:
 * then `lz4` is one of the values of default_toast_compression). The embedded database does not.
 * `db`: a DataSource, an EntityManager or a migration's QueryRunner.
 */
export async function offersLz4(db: { query(sql: string): Promise<unknown> }): Promise<boolean> {
  const [{ lz4 }] = (await db.query(
    `SELECT EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) AS lz4`,
  )) as { lz4: boolean }[];
  return lz4;
}
