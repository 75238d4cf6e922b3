import { MigrationInterface, QueryRunner } from 'typeorm';

const FREQ = `('HOUR', 'DAY', 'WEEK', 'BI_MONTH', 'MONTH', 'QUARTER', 'BI_ANNUAL', 'YEAR', 'ONETIME')`;

export class Contracts1700000009000 implements MigrationInterface {
  name = 'Contracts1700000009000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE contracts (
        company_id text NOT NULL REFERENCES companies (company_id),
        id text NOT NULL,
        customer_id text NOT NULL,
        title text NOT NULL,
        status text NOT NULL CHECK (status IN ('DRAFT', 'PENDING_SIGNATURES', 'EXECUTED', 'EXPIRED', 'VOID')),
        currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
        product_pricing_ids text[] NOT NULL,
        bundle_pricing_id text,
        config_items jsonb NOT NULL DEFAULT '[]',
        term_count integer NOT NULL CHECK (term_count >= 1),
        term_frequency text NOT NULL CHECK (term_frequency IN ${FREQ}),
        start_date timestamptz(3),
        expiration_date timestamptz(3),
        auto_renews boolean NOT NULL,
        auto_charges boolean NOT NULL,
        discounts jsonb NOT NULL DEFAULT '[]',
        onetime_items jsonb NOT NULL DEFAULT '[]',
        custom_variables jsonb NOT NULL DEFAULT '{}',
        content text,
        metadata jsonb NOT NULL DEFAULT '{}',
        owner_id text,
        completed_date timestamptz(3),
        subscription_id text,
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, id),
        CONSTRAINT contracts_customer_fkey FOREIGN KEY (company_id, customer_id) REFERENCES customers (company_id, id),
        CONSTRAINT contracts_bundle_fkey FOREIGN KEY (company_id, bundle_pricing_id) REFERENCES bundles (company_id, id),
        CONSTRAINT contracts_subscription_fkey FOREIGN KEY (company_id, subscription_id) REFERENCES subscriptions (company_id, id),
        CONSTRAINT contracts_subscription_key UNIQUE (company_id, subscription_id),
        CONSTRAINT contracts_executed_check CHECK (status <> 'EXECUTED' OR completed_date IS NOT NULL)
      )`);
    await q.query('CREATE INDEX contracts_customer_idx ON contracts (company_id, customer_id)');
    await q.query('CREATE INDEX contracts_owner_idx ON contracts (company_id, owner_id)');
    await q.query('CREATE INDEX contracts_status_idx ON contracts (company_id, status, expiration_date)');
    await q.query('CREATE INDEX contracts_created_idx ON contracts (company_id, created_at, id)');
    await q.query('CREATE INDEX contracts_updated_idx ON contracts (company_id, updated_at, id)');

    await q.query(`
      CREATE TABLE contract_signatories (
        company_id text NOT NULL REFERENCES companies (company_id),
        contract_id text NOT NULL,
        email_key text NOT NULL CHECK (email_key = lower(email)),
        email text NOT NULL,
        name text,
        title text,
        position integer NOT NULL CHECK (position >= 1),
        sort_index integer NOT NULL CHECK (sort_index >= 0),
        signed boolean NOT NULL DEFAULT false,
        signed_date timestamptz(3),
        signed_name text,
        declined boolean NOT NULL DEFAULT false,
        signature_id text,
        view_timestamps jsonb NOT NULL DEFAULT '[]',
        signing_token text NOT NULL,
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, contract_id, email_key),
        CONSTRAINT contract_signatories_token_key UNIQUE (company_id, signing_token),
        CONSTRAINT contract_signatories_contract_fkey FOREIGN KEY (company_id, contract_id) REFERENCES contracts (company_id, id) ON DELETE CASCADE,
        CONSTRAINT contract_signatories_signed_check CHECK (NOT signed OR signed_date IS NOT NULL)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE contract_signatories');
    await q.query('DROP TABLE contracts');
  }
}
