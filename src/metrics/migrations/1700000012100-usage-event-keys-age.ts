import { MigrationInterface, QueryRunner } from 'typeorm';

/** Lets the purge of expired de-duplication keys find them per company without a full scan. */
export class UsageEventKeysAge1700000012100 implements MigrationInterface {
  name = 'UsageEventKeysAge1700000012100';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX usage_event_keys_age_idx ON usage_event_keys (company_id, first_seen_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX usage_event_keys_age_idx');
  }
}
