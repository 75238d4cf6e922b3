import { MigrationInterface, QueryRunner } from 'typeorm';

/** The credit log's RESTORED action: what a voided invoice had consumed, given back to its credit. */
export class CreditRestored1700000011600 implements MigrationInterface {
  name = 'CreditRestored1700000011600';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE credit_logs DROP CONSTRAINT credit_logs_action_type_check');
    await q.query(
      `ALTER TABLE credit_logs ADD CONSTRAINT credit_logs_action_type_check CHECK (action_type IN ('ISSUED', 'CONSUMED', 'EXPIRED', 'REVOKED', 'RESTORED'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE credit_logs DROP CONSTRAINT credit_logs_action_type_check');
    await q.query(
      `ALTER TABLE credit_logs ADD CONSTRAINT credit_logs_action_type_check CHECK (action_type IN ('ISSUED', 'CONSUMED', 'EXPIRED', 'REVOKED'))`,
    );
  }
}
