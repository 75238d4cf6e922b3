import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `billing_cycle`: ANNIVERSARY (billing dates step from the anchor, as before) or CALENDAR
 * (calendar boundaries, the first partial period prorated). `billing_timezone`: the IANA zone the
 * subscription's month-based billing dates are placed in, the company's `preferred_timezone` when
 * it was created; kept with the subscription so that a later change of the company's setting
 * never moves billing dates already invoiced. Existing rows bill as before: ANNIVERSARY in UTC.
 */
export class SubscriptionCalendarBilling1700000018000 implements MigrationInterface {
  name = 'SubscriptionCalendarBilling1700000018000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE subscriptions
         ADD COLUMN billing_cycle text NOT NULL DEFAULT 'ANNIVERSARY' CHECK (billing_cycle IN ('ANNIVERSARY', 'CALENDAR')),
         ADD COLUMN billing_timezone text NOT NULL DEFAULT 'UTC'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE subscriptions DROP COLUMN billing_cycle, DROP COLUMN billing_timezone');
  }
}
