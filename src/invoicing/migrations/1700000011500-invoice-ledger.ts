import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The invoice ledger: one row per movement of an invoice's money (see invoice-ledger.service.ts),
 * and CHECK constraints that back the ledger's invariants on `invoices`:
 * - nothing is paid beyond the total after credits, credits and payments are never negative;
 * - PAID and VOID invoices have nothing due; open ones (DRAFT, PENDING) owe total − paid (≥ 0);
 * - a VOID invoice keeps no money (paid 0) and has its voided_at, a PAID one its paid_date.
 * The constraints are added NOT VALID: every insert and update is checked, rows written before
 * this migration are not (an old row that breaks a rule is reported by `npm run cli -- audit`
 * instead of blocking the upgrade). Existing finalized invoices get one OPENED entry carrying
 * their amounts as they are, so the ledger of every invoice adds up from the start.
 */
export class InvoiceLedger1700000011500 implements MigrationInterface {
  name = 'InvoiceLedger1700000011500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE invoice_ledger_entries (
        company_id text NOT NULL,
        id text NOT NULL,
        invoice_id text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('OPENED', 'FINALIZED', 'CREDITS_APPLIED', 'PAYMENT', 'PAYMENT_REFUNDED', 'CREDITS_RESTORED', 'VOIDED')),
        amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
        total_delta_cents bigint NOT NULL DEFAULT 0,
        paid_delta_cents bigint NOT NULL DEFAULT 0,
        credited_delta_cents bigint NOT NULL DEFAULT 0,
        status_after text NOT NULL CHECK (status_after IN ('DRAFT', 'PENDING', 'PAID', 'VOID')),
        due_after_cents bigint NOT NULL CHECK (due_after_cents >= 0),
        payment_transaction_id text,
        refund_transaction_id text,
        source text NOT NULL,
        note text,
        created_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, id),
        CONSTRAINT invoice_ledger_entries_invoice_fkey FOREIGN KEY (company_id, invoice_id) REFERENCES invoices (company_id, id) ON DELETE CASCADE
      )`);
    await q.query('CREATE INDEX invoice_ledger_entries_invoice_idx ON invoice_ledger_entries (company_id, invoice_id, id)');
    // a payment is applied to an invoice at most once
    await q.query(`
      CREATE UNIQUE INDEX invoice_ledger_entries_payment_key ON invoice_ledger_entries (company_id, payment_transaction_id)
      WHERE kind = 'PAYMENT'`);
    await q.query(`
      CREATE UNIQUE INDEX invoice_ledger_entries_refund_key ON invoice_ledger_entries (company_id, refund_transaction_id)
      WHERE kind = 'PAYMENT_REFUNDED'`);
    await q.query(`
      ALTER TABLE invoices
        ADD CONSTRAINT invoices_money_check CHECK (
          credits_applied_cents >= 0 AND paid_cents <= GREATEST(total_cents, 0)) NOT VALID,
        ADD CONSTRAINT invoices_due_check CHECK (
          (status IN ('PAID', 'VOID') AND due_cents = 0)
          OR (status IN ('DRAFT', 'PENDING') AND due_cents = GREATEST(total_cents - paid_cents, 0))) NOT VALID,
        ADD CONSTRAINT invoices_status_dates_check CHECK (
          (status <> 'VOID' OR (voided_at IS NOT NULL AND paid_cents = 0))
          AND (status <> 'PAID' OR paid_date IS NOT NULL)) NOT VALID`);
    await q.query(`
      INSERT INTO invoice_ledger_entries (company_id, id, invoice_id, kind, amount_cents, total_delta_cents, paid_delta_cents,
        credited_delta_cents, status_after, due_after_cents, source, note, created_at)
      SELECT company_id, 'ile_' || substr(id, 5), id, 'OPENED', GREATEST(total_cents, 0), total_cents, paid_cents,
        credits_applied_cents, status, due_cents, 'MIGRATION', 'amounts as they were when the ledger was introduced', updated_at
      FROM invoices WHERE status <> 'DRAFT'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE invoices DROP CONSTRAINT invoices_money_check, DROP CONSTRAINT invoices_due_check, DROP CONSTRAINT invoices_status_dates_check',
    );
    await q.query('DROP TABLE invoice_ledger_entries');
  }
}
