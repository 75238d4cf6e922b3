import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `billing_error`: why the billing engine could not bill the subscription ({code, message, at}),
 * null while it bills. A jsonb column with no default: every existing row bills.
 */
export class SubscriptionBillingError1700000017330 implements MigrationInterface {
  name = 'SubscriptionBillingError1700000017330';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE subscriptions ADD COLUMN billing_error jsonb');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE subscriptions DROP COLUMN billing_error');
  }
}
