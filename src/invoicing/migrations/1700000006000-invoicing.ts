import { MigrationInterface, QueryRunner } from 'typeorm';

export class Invoicing1700000006000 implements MigrationInterface {
  name = 'Invoicing1700000006000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE company_counters (
        company_id text NOT NULL REFERENCES companies (company_id),
        name text NOT NULL,
        value bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (company_id, name)
      )`);
    await q.query(`
      CREATE TABLE invoices (
        company_id text NOT NULL REFERENCES companies (company_id),
        id text NOT NULL,
        uuid uuid NOT NULL,
        number bigint,
        kind text NOT NULL CHECK (kind IN ('SUBSCRIPTION_PERIOD', 'SUBSCRIPTION_CHANGE', 'SUBSCRIPTION_CANCEL', 'ONE_TIME')),
        billing_key text NOT NULL,
        customer_id text NOT NULL,
        billed_customer_id text NOT NULL,
        subscription_id text,
        currency text NOT NULL,
        status text NOT NULL CHECK (status IN ('DRAFT', 'PENDING', 'PAID', 'VOID')),
        name text,
        invoice_date timestamptz(3) NOT NULL,
        period_start timestamptz(3),
        period_end timestamptz(3),
        due_date timestamptz(3) NOT NULL,
        paid_date timestamptz(3),
        finalized_at timestamptz(3),
        finalize_after timestamptz(3),
        voided_at timestamptz(3),
        sub_total_cents bigint NOT NULL DEFAULT 0,
        discount_cents bigint NOT NULL DEFAULT 0,
        credits_applied_cents bigint NOT NULL DEFAULT 0,
        total_cents bigint NOT NULL DEFAULT 0,
        paid_cents bigint NOT NULL DEFAULT 0 CHECK (paid_cents >= 0),
        due_cents bigint NOT NULL DEFAULT 0 CHECK (due_cents >= 0),
        prorated_amount_cents bigint NOT NULL DEFAULT 0,
        auto_charges boolean NOT NULL DEFAULT false,
        metadata jsonb NOT NULL DEFAULT '{}',
        notes text,
        payment_instructions text,
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, id),
        CONSTRAINT invoices_uuid_key UNIQUE (company_id, uuid),
        CONSTRAINT invoices_number_key UNIQUE (company_id, number),
        CONSTRAINT invoices_billing_key UNIQUE (company_id, kind, billing_key),
        CONSTRAINT invoices_customer_fkey FOREIGN KEY (company_id, customer_id) REFERENCES customers (company_id, id),
        CONSTRAINT invoices_billed_customer_fkey FOREIGN KEY (company_id, billed_customer_id) REFERENCES customers (company_id, id),
        CONSTRAINT invoices_subscription_fkey FOREIGN KEY (company_id, subscription_id) REFERENCES subscriptions (company_id, id)
      )`);
    // one invoice per subscription and billing period, whatever runs at once
    await q.query(
      `CREATE UNIQUE INDEX invoices_subscription_period_key ON invoices (company_id, subscription_id, invoice_date) WHERE kind = 'SUBSCRIPTION_PERIOD'`,
    );
    await q.query('CREATE INDEX invoices_customer_idx ON invoices (company_id, customer_id, invoice_date)');
    await q.query('CREATE INDEX invoices_billed_customer_idx ON invoices (company_id, billed_customer_id)');
    await q.query('CREATE INDEX invoices_subscription_idx ON invoices (company_id, subscription_id, invoice_date)');
    await q.query('CREATE INDEX invoices_created_idx ON invoices (company_id, created_at, id)');
    await q.query('CREATE INDEX invoices_updated_idx ON invoices (company_id, updated_at, id)');
    await q.query(`CREATE INDEX invoices_drafts_idx ON invoices (company_id, finalize_after) WHERE status = 'DRAFT'`);
    await q.query(`
      CREATE TABLE invoice_lines (
        company_id text NOT NULL,
        invoice_id text NOT NULL,
        position integer NOT NULL,
        kind text NOT NULL,
        name text NOT NULL,
        product_pricing_id text,
        product_metric_pricing_id text,
        item_id text,
        one_time_id text,
        period_start timestamptz(3),
        period_end timestamptz(3),
        quantity numeric NOT NULL DEFAULT 1,
        unit_price numeric,
        amount_cents bigint NOT NULL,
        prorated boolean NOT NULL DEFAULT false,
        details jsonb,
        PRIMARY KEY (company_id, invoice_id, position),
        CONSTRAINT invoice_lines_invoice_fkey FOREIGN KEY (company_id, invoice_id) REFERENCES invoices (company_id, id) ON DELETE CASCADE
      )`);
    await q.query(`
      CREATE TABLE one_time_billables (
        company_id text NOT NULL REFERENCES companies (company_id),
        id text NOT NULL,
        customer_id text NOT NULL,
        subscription_id text,
        batch_id text NOT NULL,
        type text NOT NULL CHECK (type IN ('IMMEDIATE', 'NEXT')),
        state text NOT NULL CHECK (state IN ('PENDING', 'INVOICED', 'VOID')),
        name text NOT NULL,
        product_pricing_id text,
        currency text NOT NULL,
        aggregate numeric NOT NULL DEFAULT 1,
        custom_price jsonb,
        quantity_config jsonb,
        sort_order integer,
        discounts jsonb NOT NULL DEFAULT '[]',
        auto_charges boolean NOT NULL DEFAULT false,
        invoice_id text,
        metadata jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, id),
        CONSTRAINT one_time_billables_customer_fkey FOREIGN KEY (company_id, customer_id) REFERENCES customers (company_id, id),
        CONSTRAINT one_time_billables_invoice_fkey FOREIGN KEY (company_id, invoice_id) REFERENCES invoices (company_id, id)
      )`);
    await q.query('CREATE INDEX one_time_billables_customer_idx ON one_time_billables (company_id, customer_id, state)');
    await q.query('CREATE INDEX one_time_billables_invoice_idx ON one_time_billables (company_id, invoice_id)');
    await q.query('CREATE INDEX one_time_billables_created_idx ON one_time_billables (company_id, created_at, id)');
    await q.query('CREATE INDEX one_time_billables_updated_idx ON one_time_billables (company_id, updated_at, id)');
    // the billing engine's position per subscription (see billing-engine/billing-cursor.entity.ts)
    await q.query(`
      CREATE TABLE billing_cursors (
        company_id text NOT NULL,
        subscription_id text NOT NULL,
        next_work_at timestamptz(3),
        processed_through timestamptz(3) NOT NULL,
        seen_updated_at timestamptz(3) NOT NULL,
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, subscription_id),
        CONSTRAINT billing_cursors_subscription_fkey FOREIGN KEY (company_id, subscription_id) REFERENCES subscriptions (company_id, id)
      )`);
    await q.query('CREATE INDEX billing_cursors_next_work_idx ON billing_cursors (company_id, next_work_at)');
    await q.query(
      `CREATE INDEX one_time_billables_next_idx ON one_time_billables (company_id, customer_id, created_at) WHERE state = 'PENDING' AND type = 'NEXT'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE billing_cursors');
    await q.query('DROP TABLE one_time_billables');
    await q.query('DROP TABLE invoice_lines');
    await q.query('DROP TABLE invoices');
    await q.query('DROP TABLE company_counters');
  }
}
