import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Campaigns (dunning, signature reminders) and their steps. A campaign's `cause` is unique per
 * company (one campaign per unpaid invoice or contract), and a step's number unique per
 * campaign: the steps are written once, when the campaign starts, and each is run once.
 */
export class Campaigns1700000018100 implements MigrationInterface {
  name = 'Campaigns1700000018100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE campaigns (
        company_id text NOT NULL REFERENCES companies (company_id),
        id text NOT NULL,
        type text NOT NULL CHECK (type IN ('DUNNING', 'SIGNATURE_REMINDER')),
        status text NOT NULL CHECK (status IN ('ACTIVE', 'COMPLETED', 'STOPPED')),
        cause text NOT NULL,
        customer_id text NOT NULL,
        invoice_id text NULL,
        contract_id text NULL,
        currency text NULL,
        amount_cents bigint NULL,
        reference_at timestamptz(3) NOT NULL,
        stop_reason text NULL,
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, id),
        UNIQUE (company_id, cause)
      )`);
    await q.query('CREATE INDEX campaigns_created_idx ON campaigns (company_id, created_at, id)');
    await q.query('CREATE INDEX campaigns_invoice_idx ON campaigns (company_id, invoice_id) WHERE invoice_id IS NOT NULL');
    await q.query('CREATE INDEX campaigns_contract_idx ON campaigns (company_id, contract_id) WHERE contract_id IS NOT NULL');
    await q.query(`
      CREATE TABLE campaign_steps (
        company_id text NOT NULL,
        id text NOT NULL,
        campaign_id text NOT NULL,
        step_number integer NOT NULL,
        action_type text NOT NULL,
        status text NOT NULL CHECK (status IN ('PENDING', 'RUNNING', 'COMPLETED', 'SKIPPED', 'CANCELLED')),
        due_at timestamptz(3) NOT NULL,
        lease_until timestamptz(3) NULL,
        enqueued_at timestamptz(3) NULL,
        completed_at timestamptz(3) NULL,
        notification_id text NULL,
        payment_attempt_id text NULL,
        note text NULL,
        updated_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, id),
        UNIQUE (company_id, campaign_id, step_number),
        FOREIGN KEY (company_id, campaign_id) REFERENCES campaigns (company_id, id)
      )`);
    // the runner's scan: only the steps still to run
    await q.query(`CREATE INDEX campaign_steps_due_idx ON campaign_steps (company_id, due_at) WHERE status IN ('PENDING', 'RUNNING')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE campaign_steps');
    await q.query('DROP TABLE campaigns');
  }
}
