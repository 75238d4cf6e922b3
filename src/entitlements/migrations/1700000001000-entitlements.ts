import { MigrationInterface, QueryRunner } from 'typeorm';

export class Entitlements1700000001000 implements MigrationInterface {
  name = 'Entitlements1700000001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE entitlements (
        company_id text NOT NULL REFERENCES companies (company_id),
        id text NOT NULL,
        key text NOT NULL,
        name text NOT NULL,
        type text NOT NULL CHECK (type IN ('BOOL', 'NUMBER', 'TEXT', 'ENUM')),
        aggregator_type text NOT NULL CHECK (aggregator_type IN ('OR', 'AND', 'ADD', 'MINIMUM', 'MAXIMUM', 'COALESCE')),
        adjust_for_quantity boolean NOT NULL DEFAULT false,
        possible_values text[],
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, id),
        CONSTRAINT entitlements_key_key UNIQUE (company_id, key)
      )`);
    await q.query('CREATE INDEX entitlements_created_idx ON entitlements (company_id, created_at, id)');
    await q.query('CREATE INDEX entitlements_updated_idx ON entitlements (company_id, updated_at, id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE entitlements');
  }
}
