import { MigrationInterface, QueryRunner } from 'typeorm';

/** Links to the customer portal and the usage page (the secret's SHA-256 only). */
export class CustomerPortal1700000014500 implements MigrationInterface {
  name = 'CustomerPortal1700000014500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE customer_portal_links (
        company_id text NOT NULL REFERENCES companies (company_id),
        token_hash text NOT NULL CHECK (token_hash ~ '^[0-9a-f]{64}$'),
        kind text NOT NULL CHECK (kind IN ('PORTAL', 'USAGE')),
        customer_id text NOT NULL,
        expires_at timestamptz(3) NOT NULL,
        created_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, token_hash),
        CONSTRAINT customer_portal_links_customer_fkey FOREIGN KEY (company_id, customer_id) REFERENCES customers (company_id, id),
        CONSTRAINT customer_portal_links_expiry_check CHECK (expires_at > created_at)
      )`);
    await q.query('CREATE INDEX customer_portal_links_customer_idx ON customer_portal_links (company_id, customer_id, expires_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE customer_portal_links');
  }
}
