import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Keys the service generates for itself when the configuration gives none: today the key hosted
 * page links are derived from (`page`), when TALLY_PAGE_KEY is unset on PostgreSQL. One row per
 * key, written once (INSERT … ON CONFLICT DO NOTHING, then read) so every instance uses the same.
 */
export class PlatformKeys1700000017400 implements MigrationInterface {
  name = 'PlatformKeys1700000017400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE platform_keys (
        name text PRIMARY KEY,
        value text NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE platform_keys`);
  }
}
