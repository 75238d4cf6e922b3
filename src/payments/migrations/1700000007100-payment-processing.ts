import { MigrationInterface, QueryRunner } from 'typeorm';

/** Payment methods, the auto-charge outbox (payment_attempts) and the sandbox processor's idempotency store. */
export class PaymentProcessing1700000007100 implements MigrationInterface {
  name = 'PaymentProcessing1700000007100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payment_methods (
        company_id text NOT NULL REFERENCES companies (company_id),
        id text NOT NULL,
        customer_id text NOT NULL,
        provider_type text NOT NULL,
        provider_reference text NOT NULL,
        type text NOT NULL,
        brand text NOT NULL,
        last_4 text NOT NULL,
        exp_month integer NOT NULL,
        exp_year integer NOT NULL,
        fingerprint text NOT NULL,
        is_default boolean NOT NULL DEFAULT false,
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, id),
        CONSTRAINT payment_methods_customer_fkey FOREIGN KEY (company_id, customer_id) REFERENCES customers (company_id, id)
      )`);
    await q.query('CREATE UNIQUE INDEX payment_methods_one_default ON payment_methods (company_id, customer_id) WHERE is_default');
    await q.query('CREATE INDEX payment_methods_customer_idx ON payment_methods (company_id, customer_id, created_at, id)');
    await q.query('CREATE INDEX payment_methods_created_idx ON payment_methods (company_id, created_at, id)');
    await q.query('CREATE INDEX payment_methods_updated_idx ON payment_methods (company_id, updated_at, id)');

    await q.query(`
      CREATE TABLE payment_attempts (
        company_id text NOT NULL REFERENCES companies (company_id),
        id text NOT NULL,
        invoice_id text NOT NULL,
        customer_id text NOT NULL,
        subscription_id text,
        sequence integer NOT NULL CHECK (sequence >= 1),
        status text NOT NULL CHECK (status IN ('PENDING', 'IN_PROGRESS', 'SUCCEEDED', 'FAILED', 'CANCELLED')),
        due_at timestamptz(3) NOT NULL,
        lease_until timestamptz(3),
        first_failed_at timestamptz(3),
        payment_method_id text,
        amount_cents bigint CHECK (amount_cents >= 0),
        currency text,
        transaction_id text,
        status_message text,
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, id),
        CONSTRAINT payment_attempts_invoice_seq_key UNIQUE (company_id, invoice_id, sequence),
        CONSTRAINT payment_attempts_invoice_fkey FOREIGN KEY (company_id, invoice_id) REFERENCES invoices (company_id, id),
        CONSTRAINT payment_attempts_customer_fkey FOREIGN KEY (company_id, customer_id) REFERENCES customers (company_id, id),
        CONSTRAINT payment_attempts_transaction_fkey FOREIGN KEY (company_id, transaction_id) REFERENCES payment_transactions (company_id, id)
      )`);
    await q.query(
      `CREATE INDEX payment_attempts_due_idx ON payment_attempts (company_id, due_at) WHERE status IN ('PENDING', 'IN_PROGRESS')`,
    );
    await q.query('CREATE INDEX payment_attempts_created_idx ON payment_attempts (company_id, created_at, id)');
    await q.query('CREATE INDEX payment_attempts_updated_idx ON payment_attempts (company_id, updated_at, id)');

    await q.query(`
      CREATE TABLE sandbox_operations (
        company_id text NOT NULL REFERENCES companies (company_id),
        idempotency_key text NOT NULL,
        operation text NOT NULL,
        request jsonb NOT NULL,
        result jsonb NOT NULL,
        provider_transaction_id text,
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, idempotency_key)
      )`);
    await q.query('CREATE INDEX sandbox_operations_provider_idx ON sandbox_operations (company_id, provider_transaction_id)');
    await q.query('CREATE INDEX sandbox_operations_created_idx ON sandbox_operations (company_id, created_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE sandbox_operations');
    await q.query('DROP TABLE payment_attempts');
    await q.query('DROP TABLE payment_methods');
  }
}
