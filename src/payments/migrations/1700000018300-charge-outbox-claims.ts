import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The charge outbox joins the platform's OutboxLoop: each claim of a payment attempt is counted
 * (`attempts`, the claim's identity: a dispatcher writes the row only while the count is still
 * the one it claimed) and dated (`last_attempt_at`).
 */
export class ChargeOutboxClaims1700000018300 implements MigrationInterface {
  name = 'ChargeOutboxClaims1700000018300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE payment_attempts ADD COLUMN attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0), ADD COLUMN last_attempt_at timestamptz(3)',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE payment_attempts DROP COLUMN last_attempt_at, DROP COLUMN attempts');
  }
}
