import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payment transactions: payments (manual ones recorded by mark_paid, processor charges later)
 * and refunds (a REFUND row pointing at its PAYMENT through parent_transaction_id).
 */
export class Payments1700000007000 implements MigrationInterface {
  name = 'Payments1700000007000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payment_transactions (
        company_id text NOT NULL REFERENCES companies (company_id),
        id text NOT NULL,
        customer_id text NOT NULL,
        invoice_id text,
        invoice_uuid uuid,
        invoice_number bigint,
        currency text NOT NULL,
        total_amount_cents bigint NOT NULL CHECK (total_amount_cents >= 0),
        refunded_cents bigint NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0),
        application_fee_cents bigint NOT NULL DEFAULT 0 CHECK (application_fee_cents >= 0),
        processor_fee_cents bigint NOT NULL DEFAULT 0 CHECK (processor_fee_cents >= 0),
        provider_type text NOT NULL,
        provider_transaction_id text,
        status text NOT NULL CHECK (status IN ('SUCCEEDED', 'FAILED', 'PENDING', 'REFUNDED', 'PARTIALLY_REFUNDED')),
        transaction_type text NOT NULL CHECK (transaction_type IN ('PAYMENT', 'REFUND')),
        parent_transaction_id text,
        payment_method_id text,
        payment_method jsonb,
        note text,
        status_message text,
        initiated_by text,
        initiated_by_type text,
        connected_account_transaction boolean NOT NULL DEFAULT false,
        disallow_partial_refund boolean,
        proposal_id text,
        processed_at timestamptz(3),
        metadata jsonb NOT NULL DEFAULT '{}',
        deleted_at timestamptz(3),
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, id),
        CONSTRAINT payment_transactions_refunded_le_total CHECK (refunded_cents <= total_amount_cents),
        CONSTRAINT payment_transactions_refund_has_parent CHECK (transaction_type <> 'REFUND' OR parent_transaction_id IS NOT NULL),
        CONSTRAINT payment_transactions_customer_fkey FOREIGN KEY (company_id, customer_id) REFERENCES customers (company_id, id),
        CONSTRAINT payment_transactions_invoice_fkey FOREIGN KEY (company_id, invoice_id) REFERENCES invoices (company_id, id),
        CONSTRAINT payment_transactions_parent_fkey FOREIGN KEY (company_id, parent_transaction_id) REFERENCES payment_transactions (company_id, id)
      )`);
    // a processor's transaction is recorded once (processor retries and webhooks land on this key)
    await q.query(`
      CREATE UNIQUE INDEX payment_transactions_provider_key ON payment_transactions (company_id, provider_type, provider_transaction_id)
      WHERE provider_transaction_id IS NOT NULL`);
    await q.query('CREATE INDEX payment_transactions_invoice_idx ON payment_transactions (company_id, invoice_id)');
    await q.query('CREATE INDEX payment_transactions_invoice_number_idx ON payment_transactions (company_id, invoice_number)');
    await q.query('CREATE INDEX payment_transactions_customer_idx ON payment_transactions (company_id, customer_id, created_at)');
    await q.query('CREATE INDEX payment_transactions_parent_idx ON payment_transactions (company_id, parent_transaction_id)');
    await q.query('CREATE INDEX payment_transactions_created_idx ON payment_transactions (company_id, created_at, id)');
    await q.query('CREATE INDEX payment_transactions_updated_idx ON payment_transactions (company_id, updated_at, id)');
    await q.query('CREATE INDEX payment_transactions_total_idx ON payment_transactions (company_id, total_amount_cents, id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE payment_transactions');
  }
}
