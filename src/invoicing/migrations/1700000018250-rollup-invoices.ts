import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Roll-up invoices. A parent-billed child invoice that falls in its parent's roll-up is written
 * under its own key as before but ROLLED_UP (never shown, never opened by the ledger), with the
 * roll-up date it goes to; the billing run gathers those of a parent and date into one ROLLUP
 * invoice of the parent and links them to it (`rollup_invoice_id`). The lines of a roll-up name
 * the child and the subscription they come from.
 */
export class RollupInvoices1700000018250 implements MigrationInterface {
  name = 'RollupInvoices1700000018250';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE invoices
        ADD COLUMN rollup_date timestamptz(3),
        ADD COLUMN rollup_invoice_id text,
        DROP CONSTRAINT invoices_status_check,
        ADD CONSTRAINT invoices_status_check CHECK (status IN ('DRAFT', 'PENDING', 'PAID', 'VOID', 'ROLLED_UP')),
        DROP CONSTRAINT invoices_kind_check,
        ADD CONSTRAINT invoices_kind_check CHECK (
          kind IN ('SUBSCRIPTION_PERIOD', 'SUBSCRIPTION_CHANGE', 'SUBSCRIPTION_CANCEL', 'ONE_TIME', 'USAGE_THRESHOLD', 'ROLLUP')),
        DROP CONSTRAINT invoices_due_check,
        ADD CONSTRAINT invoices_due_check CHECK (
          (status IN ('PAID', 'VOID') AND due_cents = 0)
          OR (status IN ('DRAFT', 'PENDING', 'ROLLED_UP') AND due_cents = GREATEST(total_cents - paid_cents, 0))),
        ADD CONSTRAINT invoices_rollup_check CHECK ((status = 'ROLLED_UP') = (rollup_date IS NOT NULL))`);
    // the children of a parent's roll-up date not gathered yet (the billing run's roll-up step)
    await q.query(`CREATE INDEX invoices_rollup_waiting ON invoices (company_id, billed_customer_id, rollup_date)
      WHERE status = 'ROLLED_UP' AND rollup_invoice_id IS NULL`);
    await q.query('ALTER TABLE invoice_lines ADD COLUMN customer_id text, ADD COLUMN subscription_id text');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE invoice_lines DROP COLUMN customer_id, DROP COLUMN subscription_id');
    await q.query('DROP INDEX invoices_rollup_waiting');
    await q.query(`
      ALTER TABLE invoices
        DROP CONSTRAINT invoices_rollup_check,
        DROP CONSTRAINT invoices_due_check,
        ADD CONSTRAINT invoices_due_check CHECK (
          (status IN ('PAID', 'VOID') AND due_cents = 0)
          OR (status IN ('DRAFT', 'PENDING') AND due_cents = GREATEST(total_cents - paid_cents, 0))) NOT VALID,
        DROP CONSTRAINT invoices_kind_check,
        ADD CONSTRAINT invoices_kind_check CHECK (
          kind IN ('SUBSCRIPTION_PERIOD', 'SUBSCRIPTION_CHANGE', 'SUBSCRIPTION_CANCEL', 'ONE_TIME', 'USAGE_THRESHOLD')),
        DROP CONSTRAINT invoices_status_check,
        ADD CONSTRAINT invoices_status_check CHECK (status IN ('DRAFT', 'PENDING', 'PAID', 'VOID')),
        DROP COLUMN rollup_invoice_id,
        DROP COLUMN rollup_date`);
  }
}
