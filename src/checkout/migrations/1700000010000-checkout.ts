import { MigrationInterface, QueryRunner } from 'typeorm';

export class Checkout1700000010000 implements MigrationInterface {
  name = 'Checkout1700000010000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE checkout_sessions (
        company_id text NOT NULL REFERENCES companies (company_id),
        id text NOT NULL,
        token text NOT NULL,
        customer_id text NOT NULL,
        status text NOT NULL CHECK (status IN ('OPEN', 'COMPLETED', 'EXPIRED')),
        currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
        product_pricing_ids text[] NOT NULL,
        bundle_pricing_id text,
        config_items jsonb NOT NULL DEFAULT '[]',
        term_count integer NOT NULL CHECK (term_count >= 1),
        term_frequency text NOT NULL,
        trial boolean NOT NULL,
        trial_term jsonb,
        auto_renews boolean NOT NULL,
        auto_charges boolean NOT NULL,
        discounts jsonb NOT NULL DEFAULT '[]',
        onetime_items jsonb NOT NULL DEFAULT '[]',
        metadata jsonb NOT NULL DEFAULT '{}',
        options jsonb NOT NULL DEFAULT '{}',
        request jsonb NOT NULL,
        previous_subscription_id text,
        change_proration_type text CHECK (change_proration_type IN ('NEXT', 'IMMEDIATE', 'NONE')),
        change_timing text CHECK (change_timing IN ('IMMEDIATE', 'PERIOD_END', 'RENEWAL')),
        change_reset_billing_anchor boolean,
        totals jsonb,
        payment_token text,
        subscription_id text,
        invoice_id text,
        completed_at timestamptz(3),
        expires_at timestamptz(3) NOT NULL,
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, id),
        CONSTRAINT checkout_sessions_token_key UNIQUE (company_id, token),
        CONSTRAINT checkout_sessions_customer_fkey FOREIGN KEY (company_id, customer_id) REFERENCES customers (company_id, id),
        CONSTRAINT checkout_sessions_bundle_fkey FOREIGN KEY (company_id, bundle_pricing_id) REFERENCES bundles (company_id, id),
        CONSTRAINT checkout_sessions_previous_fkey FOREIGN KEY (company_id, previous_subscription_id) REFERENCES subscriptions (company_id, id),
        CONSTRAINT checkout_sessions_subscription_fkey FOREIGN KEY (company_id, subscription_id) REFERENCES subscriptions (company_id, id),
        CONSTRAINT checkout_sessions_completed_check CHECK (status <> 'COMPLETED' OR (completed_at IS NOT NULL AND subscription_id IS NOT NULL))
      )`);
    await q.query('CREATE INDEX checkout_sessions_customer_idx ON checkout_sessions (company_id, customer_id)');
    await q.query('CREATE INDEX checkout_sessions_previous_idx ON checkout_sessions (company_id, previous_subscription_id)');
    await q.query('CREATE INDEX checkout_sessions_subscription_idx ON checkout_sessions (company_id, subscription_id)');
    await q.query('CREATE INDEX checkout_sessions_bundle_idx ON checkout_sessions (company_id, bundle_pricing_id)');
    await q.query('CREATE INDEX checkout_sessions_created_idx ON checkout_sessions (company_id, created_at, id)');
    await q.query('CREATE INDEX checkout_sessions_updated_idx ON checkout_sessions (company_id, updated_at, id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE checkout_sessions');
  }
}
