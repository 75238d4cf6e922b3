import { MigrationInterface, QueryRunner } from 'typeorm';

/** The reference's subscription settings set by PATCH: invoice_payment_instructions, parent_billed, tags. */
export class SubscriptionCompatFields1700000015510 implements MigrationInterface {
  name = 'SubscriptionCompatFields1700000015510';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE subscriptions ADD COLUMN invoice_payment_instructions text');
    await q.query('ALTER TABLE subscriptions ADD COLUMN parent_billed boolean NOT NULL DEFAULT false');
    await q.query(`ALTER TABLE subscriptions ADD COLUMN tags text[] NOT NULL DEFAULT '{}'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE subscriptions DROP COLUMN tags');
    await q.query('ALTER TABLE subscriptions DROP COLUMN parent_billed');
    await q.query('ALTER TABLE subscriptions DROP COLUMN invoice_payment_instructions');
  }
}
