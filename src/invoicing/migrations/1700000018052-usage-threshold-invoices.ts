import { MigrationInterface, QueryRunner } from 'typeorm';

/** USAGE_THRESHOLD invoices: the usage of a period so far, issued when it crosses a threshold of the subscription. */
export class UsageThresholdInvoices1700000018052 implements MigrationInterface {
  name = 'UsageThresholdInvoices1700000018052';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE invoices DROP CONSTRAINT invoices_kind_check');
    await q.query(
      `ALTER TABLE invoices ADD CONSTRAINT invoices_kind_check CHECK (kind IN ('SUBSCRIPTION_PERIOD', 'SUBSCRIPTION_CHANGE', 'SUBSCRIPTION_CANCEL', 'ONE_TIME', 'USAGE_THRESHOLD'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE invoices DROP CONSTRAINT invoices_kind_check');
    await q.query(
      `ALTER TABLE invoices ADD CONSTRAINT invoices_kind_check CHECK (kind IN ('SUBSCRIPTION_PERIOD', 'SUBSCRIPTION_CHANGE', 'SUBSCRIPTION_CANCEL', 'ONE_TIME'))`,
    );
  }
}
