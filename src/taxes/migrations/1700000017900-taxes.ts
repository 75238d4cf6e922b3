import { MigrationInterface, QueryRunner } from 'typeorm';

/** Tax rates a company defines; code unique per company, percentage 0..100 with 4 decimals at most. */
export class Taxes1700000017900 implements MigrationInterface {
  name = 'Taxes1700000017900';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE taxes (
      company_id text NOT NULL REFERENCES companies (company_id),
      id text NOT NULL,
      code text NOT NULL,
      name text NOT NULL,
      percentage numeric(7, 4) NOT NULL CHECK (percentage >= 0 AND percentage <= 100),
      inclusive boolean NOT NULL DEFAULT false,
      country text,
      state text,
      description text,
      active boolean NOT NULL DEFAULT true,
      first_finalized_at timestamptz(3),
      created_at timestamptz(3) NOT NULL,
      updated_at timestamptz(3) NOT NULL,
      PRIMARY KEY (company_id, id),
      CONSTRAINT taxes_code_key UNIQUE (company_id, code),
      CHECK (state IS NULL OR country IS NOT NULL)
    )`);
    await q.query('CREATE INDEX taxes_company_created_idx ON taxes (company_id, created_at, id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE taxes');
  }
}
