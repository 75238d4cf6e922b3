import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Credits and their log. The balance rules live in the table too: remaining never below zero
 * nor above what was issued, only an ACTIVE credit holds a balance, and an ACTIVE credit holds
 * something (a credit reaching zero is CONSUMED).
 */
export class Credits1700000008000 implements MigrationInterface {
  name = 'Credits1700000008000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE credits (
        company_id text NOT NULL REFERENCES companies (company_id),
        id text NOT NULL,
        customer_id text NOT NULL,
        subscription_id text,
        name text NOT NULL,
        type text NOT NULL CHECK (type IN ('AMOUNT', 'UNITS')),
        currency text,
        issued_cents bigint NOT NULL DEFAULT 0,
        remaining_cents bigint NOT NULL DEFAULT 0,
        item_id text,
        issued_units bigint NOT NULL DEFAULT 0,
        remaining_units bigint NOT NULL DEFAULT 0,
        expiration_date timestamptz(3),
        state text NOT NULL CHECK (state IN ('ACTIVE', 'CONSUMED', 'EXPIRED', 'REVOKED')),
        metadata jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, id),
        CONSTRAINT credits_customer_fkey FOREIGN KEY (company_id, customer_id) REFERENCES customers (company_id, id),
        CONSTRAINT credits_subscription_fkey FOREIGN KEY (company_id, subscription_id) REFERENCES subscriptions (company_id, id),
        CONSTRAINT credits_item_fkey FOREIGN KEY (company_id, item_id) REFERENCES billable_items (company_id, id),
        CONSTRAINT credits_remaining_check CHECK (
          remaining_cents >= 0 AND remaining_units >= 0 AND remaining_cents <= issued_cents AND remaining_units <= issued_units),
        CONSTRAINT credits_shape_check CHECK (
          (type = 'AMOUNT' AND currency IS NOT NULL AND item_id IS NULL AND issued_cents > 0 AND issued_units = 0)
          OR (type = 'UNITS' AND currency IS NULL AND item_id IS NOT NULL AND issued_units > 0 AND issued_cents = 0)),
        CONSTRAINT credits_balance_state_check CHECK (
          (state = 'ACTIVE' AND remaining_cents + remaining_units > 0)
          OR (state <> 'ACTIVE' AND remaining_cents = 0 AND remaining_units = 0))
      )`);
    await q.query('CREATE INDEX credits_created_idx ON credits (company_id, created_at, id)');
    await q.query('CREATE INDEX credits_updated_idx ON credits (company_id, updated_at, id)');
    // candidates of a consumption or an invoice: the customer's ACTIVE credits of one type
    await q.query('CREATE INDEX credits_customer_idx ON credits (company_id, customer_id, type, state)');
    await q.query('CREATE INDEX credits_subscription_idx ON credits (company_id, subscription_id)');
    // the expirer: ACTIVE credits by expiration date
    await q.query(`CREATE INDEX credits_expiring_idx ON credits (company_id, expiration_date) WHERE state = 'ACTIVE'`);

    await q.query(`
      CREATE TABLE credit_logs (
        company_id text NOT NULL REFERENCES companies (company_id),
        id text NOT NULL,
        credit_id text NOT NULL,
        customer_id text NOT NULL,
        invoice_id text,
        item_id text,
        action_type text NOT NULL CHECK (action_type IN ('ISSUED', 'CONSUMED', 'EXPIRED', 'REVOKED')),
        type text NOT NULL CHECK (type IN ('AMOUNT', 'UNITS')),
        currency text,
        amount_applied_cents bigint NOT NULL DEFAULT 0 CHECK (amount_applied_cents >= 0),
        units_applied bigint NOT NULL DEFAULT 0 CHECK (units_applied >= 0),
        note text,
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, id),
        CONSTRAINT credit_logs_credit_fkey FOREIGN KEY (company_id, credit_id) REFERENCES credits (company_id, id),
        CONSTRAINT credit_logs_customer_fkey FOREIGN KEY (company_id, customer_id) REFERENCES customers (company_id, id),
        CONSTRAINT credit_logs_invoice_fkey FOREIGN KEY (company_id, invoice_id) REFERENCES invoices (company_id, id),
        CONSTRAINT credit_logs_item_fkey FOREIGN KEY (company_id, item_id) REFERENCES billable_items (company_id, id)
      )`);
    await q.query('CREATE INDEX credit_logs_created_idx ON credit_logs (company_id, created_at, id)');
    await q.query('CREATE INDEX credit_logs_updated_idx ON credit_logs (company_id, updated_at, id)');
    await q.query('CREATE INDEX credit_logs_credit_idx ON credit_logs (company_id, credit_id)');
    await q.query('CREATE INDEX credit_logs_customer_idx ON credit_logs (company_id, customer_id)');
    await q.query('CREATE INDEX credit_logs_invoice_idx ON credit_logs (company_id, invoice_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE credit_logs');
    await q.query('DROP TABLE credits');
  }
}
