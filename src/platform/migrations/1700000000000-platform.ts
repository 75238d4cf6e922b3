import { MigrationInterface, QueryRunner } from 'typeorm';

export class Platform1700000000000 implements MigrationInterface {
  name = 'Platform1700000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE companies (
        company_id text PRIMARY KEY,
        name text NOT NULL,
        demo boolean NOT NULL DEFAULT false,
        settings jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL
      )`);
    await q.query(`
      CREATE TABLE api_tokens (
        company_id text NOT NULL REFERENCES companies (company_id),
        id text NOT NULL,
        token_hash text NOT NULL,
        name text,
        created_at timestamptz(3) NOT NULL,
        revoked_at timestamptz(3),
        PRIMARY KEY (company_id, id),
        CONSTRAINT api_tokens_hash_key UNIQUE (company_id, token_hash)
      )`);
    await q.query(`
      CREATE TABLE idempotency_keys (
        company_id text NOT NULL REFERENCES companies (company_id),
        key text NOT NULL,
        request_hash text NOT NULL,
        state text NOT NULL CHECK (state IN ('running', 'done')),
        response_status integer,
        response_body jsonb,
        created_at timestamptz(3) NOT NULL,
        expires_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, key)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE idempotency_keys');
    await q.query('DROP TABLE api_tokens');
    await q.query('DROP TABLE companies');
  }
}
