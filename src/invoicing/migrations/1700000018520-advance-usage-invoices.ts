import { MigrationInterface, QueryRunner } from 'typeorm';

const OLD = `('SUBSCRIPTION_PERIOD', 'SUBSCRIPTION_CHANGE', 'SUBSCRIPTION_CANCEL', 'ONE_TIME', 'USAGE_THRESHOLD', 'ROLLUP')`;
const NEW = `('SUBSCRIPTION_PERIOD', 'SUBSCRIPTION_CHANGE', 'SUBSCRIPTION_CANCEL', 'ONE_TIME', 'USAGE_THRESHOLD', 'ROLLUP', 'ADVANCE_USAGE')`;

/**
 * ADVANCE_USAGE invoices: one per billable event of a usage price paid in advance, keyed by the
 * subscription, the price and the event (the unique key of kind and billing key bills it once).
 */
export class AdvanceUsageInvoices1700000018520 implements MigrationInterface {
  name = 'AdvanceUsageInvoices1700000018520';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE invoices DROP CONSTRAINT invoices_kind_check, ADD CONSTRAINT invoices_kind_check CHECK (kind IN ${NEW})`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE invoices DROP CONSTRAINT invoices_kind_check, ADD CONSTRAINT invoices_kind_check CHECK (kind IN ${OLD}) NOT VALID`,
    );
  }
}
