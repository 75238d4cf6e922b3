import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The quote a checkout session promises (`quote`: the digest of its first invoice and of the
 * prices of its plan, with the invoice's totals and lines), frozen when the session is created.
 * Completion charges only a quote the buyer agreed to. Sessions created before this migration
 * have none: their page always shows the current quote and the buyer confirms it.
 */
export class CheckoutQuote1700000010100 implements MigrationInterface {
  name = 'CheckoutQuote1700000010100';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE checkout_sessions ADD COLUMN quote jsonb');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE checkout_sessions DROP COLUMN quote');
  }
}
