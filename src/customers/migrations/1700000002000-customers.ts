import { MigrationInterface, QueryRunner } from 'typeorm';

export class Customers1700000002000 implements MigrationInterface {
  name = 'Customers1700000002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE customers (
        company_id text NOT NULL REFERENCES companies (company_id),
        id text NOT NULL,
        identifier text,
        name text,
        email text,
        org_name text,
        phone text,
        title text,
        locale text,
        owner_id text,
        parent_customer_id text,
        status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'ARCHIVED')),
        address jsonb,
        billing_emails text[],
        child_rollup_billing boolean NOT NULL DEFAULT false,
        child_rollup_billing_config jsonb,
        exclude_from_metrics boolean NOT NULL DEFAULT false,
        managed_externally boolean NOT NULL DEFAULT false,
        metadata jsonb NOT NULL DEFAULT '{}',
        customer_integration_metadata jsonb NOT NULL DEFAULT '{}',
        integration_references jsonb NOT NULL DEFAULT '[]',
        override_taxes jsonb,
        mrr_in_cents bigint NOT NULL DEFAULT 0,
        arr_in_cents bigint NOT NULL DEFAULT 0,
        mrr_currency text NOT NULL DEFAULT 'USD',
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, id),
        CONSTRAINT customers_identifier_key UNIQUE (company_id, identifier),
        CONSTRAINT customers_parent_fkey FOREIGN KEY (company_id, parent_customer_id) REFERENCES customers (company_id, id),
        CONSTRAINT customers_not_own_parent CHECK (parent_customer_id IS NULL OR parent_customer_id <> id)
      )`);
    await q.query('CREATE INDEX customers_created_idx ON customers (company_id, created_at, id)');
    await q.query('CREATE INDEX customers_updated_idx ON customers (company_id, updated_at, id)');
    await q.query('CREATE INDEX customers_parent_idx ON customers (company_id, parent_customer_id)');
    await q.query('CREATE INDEX customers_email_idx ON customers (company_id, lower(email))');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE customers');
  }
}
