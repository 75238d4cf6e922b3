import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An idempotency key reads `committed` from the commit of its request's first writing
 * transaction (set in that transaction) until its answer is stored: a repeat meanwhile is told
 * the request is still running, and once the request is older than the abandoned-request
 * window it is answered as `unsettled` (its process died after committing). Never taken over.
 */
export class IdempotencyCommitted1700000017320 implements MigrationInterface {
  name = 'IdempotencyCommitted1700000017320';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_state_check');
    await q.query(
      `ALTER TABLE idempotency_keys ADD CONSTRAINT idempotency_keys_state_check CHECK (state IN ('running', 'committed', 'done', 'unsettled'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE idempotency_keys SET state = 'unsettled' WHERE state = 'committed'`);
    await q.query('ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_state_check');
    await q.query(
      `ALTER TABLE idempotency_keys ADD CONSTRAINT idempotency_keys_state_check CHECK (state IN ('running', 'done', 'unsettled'))`,
    );
  }
}
