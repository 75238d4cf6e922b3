import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An idempotency key whose request completed (its writes committed) but whose answer could not
 * be stored reads `unsettled`: it is never released nor taken over, so a retry with the same
 * key never runs the operation a second time (docs/api.md, "Conventions").
 */
export class IdempotencyUnsettled1700000012000 implements MigrationInterface {
  name = 'IdempotencyUnsettled1700000012000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_state_check');
    await q.query(
      `ALTER TABLE idempotency_keys ADD CONSTRAINT idempotency_keys_state_check CHECK (state IN ('running', 'done', 'unsettled'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM idempotency_keys WHERE state = 'unsettled'`);
    await q.query('ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_state_check');
    await q.query(`ALTER TABLE idempotency_keys ADD CONSTRAINT idempotency_keys_state_check CHECK (state IN ('running', 'done'))`);
  }
}
